import { describe, expect, it } from 'vitest';
import { canonicalPath, isCrossSiteWrite, isForeignFormPost } from '#server/platform/http/origin.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

const site = new URL('http://localhost:4321/api/logout');
const post = (headers: Record<string, string>, url = site) => new Request(url, { method: 'POST', headers });
/** A demo start: on loopback, without SITE_URL. */
const demo = { HOST: 'localhost', SITE_URL: undefined };

describe("foreign form posts (Astro's checkOrigin rule, applied by the middleware)", () => {
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  it("accepts a form post whose Origin is the page's own, and any GET", () => {
    expect(isForeignFormPost(post({ ...form, origin: 'http://localhost:4321' }), site)).toBe(false);
    expect(isForeignFormPost(new Request(site), site)).toBe(false);
  });
  it('refuses a form, multipart or text post from another origin or with none, and a bodiless write without its Origin', () => {
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain;charset=UTF-8']) {
      expect(isForeignFormPost(post({ 'content-type': type, origin: 'https://evil.example' }), site), type).toBe(true);
      expect(isForeignFormPost(post({ 'content-type': type }), site), type).toBe(true);
    }
    expect(isForeignFormPost(post({}), site)).toBe(true);
  });
  it('leaves a JSON post to the cross-site write check', () => {
    expect(isForeignFormPost(post({ 'content-type': 'application/json', origin: 'https://evil.example' }), site)).toBe(false);
  });
});

describe('cross-site write detection', () => {
  it('accepts a POST whose Origin is the site itself', () => {
    expect(isCrossSiteWrite(post({ origin: 'http://localhost:4321' }), 4321, demo)).toBe(false);
  });
  it('rejects a POST from another origin, even one that differs only by port or scheme', () => {
    expect(isCrossSiteWrite(post({ origin: 'https://evil.example' }), 4321, demo)).toBe(true);
    expect(isCrossSiteWrite(post({ origin: 'http://localhost:9999' }), 4321, demo)).toBe(true);
    expect(isCrossSiteWrite(post({ origin: 'https://localhost:4321' }), 4321, demo)).toBe(true);
    expect(isCrossSiteWrite(post({ origin: 'null' }), 4321, demo)).toBe(true);
  });
  it('compares the Origin with the site, never with the Host the request names (DNS rebinding, a forged Host)', () => {
    const rebound = new URL('http://evil.example:4321/api/logout');
    expect(isCrossSiteWrite(post({ origin: 'http://evil.example:4321', host: 'evil.example:4321' }, rebound), 4321, demo)).toBe(true);
    expect(
      isCrossSiteWrite(post({ origin: 'http://evil.example:4321' }, rebound), 4321, { HOST: '0.0.0.0', SITE_URL: 'https://clubs.example' }),
    ).toBe(true);
  });
  it('accepts each loopback name at the port listened on while the server listens on loopback only, and no other port', () => {
    for (const HOST of ['localhost', '127.0.0.1', '::1']) {
      for (const origin of ['http://localhost:40123', 'http://127.0.0.1:40123', 'http://[::1]:40123']) {
        expect(isCrossSiteWrite(post({ origin }), 40123, { HOST, SITE_URL: undefined }), `${HOST} ${origin}`).toBe(false);
      }
      expect(isCrossSiteWrite(post({ origin: 'http://127.0.0.1:4321' }), 40123, { HOST, SITE_URL: undefined })).toBe(true);
    }
  });
  it('accepts the public origin in SITE_URL, which a TLS-terminating proxy hides from the server, and no other', () => {
    const behindProxy = new URL('http://clubs.example/api/logout');
    const from = (origin: string) => new Request(behindProxy, { method: 'POST', headers: { origin } });
    const production = { HOST: '0.0.0.0', SITE_URL: 'https://clubs.example' };
    expect(isCrossSiteWrite(from('https://clubs.example'), 4321, production)).toBe(false);
    expect(isCrossSiteWrite(from('https://evil.example'), 4321, production)).toBe(true);
    expect(isCrossSiteWrite(from('https://clubs.example:8443'), 4321, production)).toBe(true);
    // Listening on every address, loopback names are not the site's.
    expect(isCrossSiteWrite(from('http://localhost:4321'), 4321, production)).toBe(true);
    expect(isCrossSiteWrite(from('https://clubs.example'), 4321, demo)).toBe(true);
  });
  it('falls back to Sec-Fetch-Site when there is no Origin', () => {
    expect(isCrossSiteWrite(post({ 'sec-fetch-site': 'same-origin' }), 4321, demo)).toBe(false);
    expect(isCrossSiteWrite(post({ 'sec-fetch-site': 'cross-site' }), 4321, demo)).toBe(true);
    expect(isCrossSiteWrite(post({ 'sec-fetch-site': 'same-site' }), 4321, demo)).toBe(true);
  });
  it('lets reads through and non-browser clients without either header', () => {
    expect(isCrossSiteWrite(new Request(site, { headers: { origin: 'https://evil.example' } }), 4321, demo)).toBe(false);
    expect(isCrossSiteWrite(post({}), 4321, demo)).toBe(false);
  });
});

describe("the site's public origin, for links in emails", () => {
  it("is SITE_URL's origin when set, whatever the port", () => {
    expect(siteOrigin(4321, 'https://clubs.example/some/path')).toBe('https://clubs.example');
  });
  it('is http://localhost at the port listened on for a demo start', () => {
    expect(siteOrigin(40123, undefined)).toBe('http://localhost:40123');
    expect(siteOrigin(80, undefined)).toBe('http://localhost');
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
