import { describe, expect, it } from 'vitest';
import { siteUrlOf } from '#server/platform/http/origin.ts';

// Issue 41, item 18: `PORT=45100 npm start` named localhost:4321 in canonical links, robots.txt and the sitemaps.
describe("the site's address when SITE_URL is unset", () => {
  it('is this machine at the port the site runs on', () => {
    expect(siteUrlOf({ PORT: '45100' })).toBe('http://localhost:45100');
  });

  it('is port 4321 without a PORT, or for PORT=0 (any free port)', () => {
    expect(siteUrlOf({})).toBe('http://localhost:4321');
    expect(siteUrlOf({ PORT: '0' })).toBe('http://localhost:4321');
  });

  it('is SITE_URL whenever it is set', () => {
    expect(siteUrlOf({ SITE_URL: 'https://clubs.example.org', PORT: '45100' })).toBe('https://clubs.example.org');
  });
});
