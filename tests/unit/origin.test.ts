import { describe, expect, it } from 'vitest';
import { canonicalPath, isCrossSiteWrite } from '#server/http/origin.ts';

const site = new URL('http://localhost:4321/api/logout');
const post = (headers: Record<string, string>) => new Request(site, { method: 'POST', headers });

describe('cross-site write detection', () => {
  it('accepts a POST whose Origin is the site itself', () => {
    expect(isCrossSiteWrite(post({ origin: 'http://localhost:4321' }), site)).toBe(false);
  });
  it('rejects a POST from another origin, even one that differs only by port or scheme', () => {
    expect(isCrossSiteWrite(post({ origin: 'https://evil.example' }), site)).toBe(true);
    expect(isCrossSiteWrite(post({ origin: 'http://localhost:9999' }), site)).toBe(true);
    expect(isCrossSiteWrite(post({ origin: 'https://localhost:4321' }), site)).toBe(true);
    expect(isCrossSiteWrite(post({ origin: 'null' }), site)).toBe(true);
  });
  it('accepts the public origin in SITE_URL, which a TLS-terminating proxy hides from the server, and no other', () => {
    const behindProxy = new URL('http://clubs.example/api/logout');
    const from = (origin: string) => new Request(behindProxy, { method: 'POST', headers: { origin } });
    expect(isCrossSiteWrite(from('https://clubs.example'), behindProxy, 'https://clubs.example')).toBe(false);
    expect(isCrossSiteWrite(from('https://clubs.example'), behindProxy, undefined)).toBe(true);
    expect(isCrossSiteWrite(from('https://evil.example'), behindProxy, 'https://clubs.example')).toBe(true);
    expect(isCrossSiteWrite(from('https://clubs.example:8443'), behindProxy, 'https://clubs.example')).toBe(true);
  });
  it('falls back to Sec-Fetch-Site when there is no Origin', () => {
    expect(isCrossSiteWrite(post({ 'sec-fetch-site': 'same-origin' }), site)).toBe(false);
    expect(isCrossSiteWrite(post({ 'sec-fetch-site': 'cross-site' }), site)).toBe(true);
    expect(isCrossSiteWrite(post({ 'sec-fetch-site': 'same-site' }), site)).toBe(true);
  });
  it('lets reads through and non-browser clients without either header', () => {
    expect(isCrossSiteWrite(new Request(site, { headers: { origin: 'https://evil.example' } }), site)).toBe(false);
    expect(isCrossSiteWrite(post({}), site)).toBe(false);
  });
});

describe('canonical paths', () => {
  it('lowercases a path with capitals', () => {
    expect(canonicalPath('/FAQ')).toBe('/faq');
    expect(canonicalPath('/Club-Profile/12')).toBe('/club-profile/12');
  });
  it('leaves a canonical path alone', () => {
    expect(canonicalPath('/faq')).toBeNull();
  });
});
