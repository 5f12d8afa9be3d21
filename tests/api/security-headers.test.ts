import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Source } from '#server/platform/http/content-security-policy.ts';
import { asUser, registerHost, request, signInAdmin, startServerOnTestDatabase } from '../support/api.ts';
import { metaPolicy, parsePolicies, type Policy } from '../support/content-security-policy.ts';
import type { ServerProcess } from '../support/server-process.ts';

/** The quoted source a policy lists for exactly this inline text. */
const sha256 = (text: string) => `'${sha256Source(text)}'`;

let adminToken: string;
let host: Awaited<ReturnType<typeof registerHost>>;
beforeAll(async () => {
  adminToken = await signInAdmin();
  host = await registerHost();
});

interface Page {
  name: string;
  rendered: 'prerendered' | 'on demand';
  /** The page hydrates islands, so Astro's island runtime is inline in it. */
  islands: boolean;
  fetch(): Promise<Response>;
}
const PAGES: Page[] = [
  { name: '/', rendered: 'prerendered', islands: false, fetch: () => request('/') },
  { name: '/faq', rendered: 'prerendered', islands: false, fetch: () => request('/faq') },
  { name: '/flamekeeper-clubs', rendered: 'prerendered', islands: true, fetch: () => request('/flamekeeper-clubs') },
  // On demand since their forms work without JavaScript and say the outcome on the page (docs/decisions/030).
  { name: '/contact-us', rendered: 'on demand', islands: true, fetch: () => request('/contact-us') },
  { name: '/login', rendered: 'on demand', islands: true, fetch: () => request('/login') },
  { name: '/club-registration', rendered: 'on demand', islands: true, fetch: () => request('/club-registration') },
  { name: 'the 404 page', rendered: 'on demand', islands: false, fetch: () => request('/no-such-page') },
  {
    name: '/admin-clubs (admin)',
    rendered: 'on demand',
    islands: true,
    fetch: () => request('/admin-clubs', { headers: asUser(adminToken) }),
  },
  {
    name: '/club-profile/<id> (its host)',
    rendered: 'on demand',
    islands: true,
    fetch: () => request(`/club-profile/${host.clubId}`, { headers: asUser(host.token) }),
  },
];

/** Every policy a page is under, from its header and (prerendered pages) its <meta>. */
async function policiesOf(response: Response) {
  const html = await response.text();
  const meta = metaPolicy(html);
  return {
    html,
    header: parsePolicies(response.headers.get('content-security-policy') ?? ''),
    meta: meta === null ? [] : parsePolicies(meta),
  };
}

/** The one policy that lists the page's script and style hashes. */
function hashPolicy(policies: Policy[]): Policy {
  const withScripts = policies.filter((policy) => policy.has('script-src'));
  expect(withScripts).toHaveLength(1);
  return withScripts[0]!;
}

const inlineScripts = (html: string) =>
  [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\ssrc=/.test(attributes!) && !/type="application\/ld\+json"/.test(attributes!))
    .map(([, , body]) => body!);

function expectBaselineHeaders(response: Response) {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('permissions-policy')).toContain('camera=()');
}

function expectNoneFor(policies: Policy[], directive: string) {
  expect(
    policies.some((policy) => policy.get(directive)?.join(' ') === "'none'"),
    directive,
  ).toBe(true);
}

describe.each(PAGES)('the page $name ($rendered)', (page) => {
  it('lists the hash of every inline script and style in its policy, and allows nothing else inline', async () => {
    const response = await page.fetch();
    expect(response.status).toBeLessThan(500);
    const { html, header, meta } = await policiesOf(response);
    // Prerendered pages carry their hashes in a <meta>, on-demand pages in the header.
    const policy = hashPolicy(page.rendered === 'prerendered' ? meta : header);
    const scriptSrc = policy.get('script-src')!;
    expect(scriptSrc.some((source) => source.startsWith("'sha256-"))).toBe(true);
    for (const source of [...header, ...meta].flatMap((p) => [...(p.get('script-src') ?? []), ...(p.get('default-src') ?? [])])) {
      expect(source).not.toBe("'unsafe-inline'");
    }

    const scripts = inlineScripts(html);
    if (page.islands) expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(scriptSrc, script.slice(0, 80)).toContain(sha256(script));
    for (const [, style] of html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) expect(policy.get('style-src')).toContain(sha256(style!));
    for (const [, style] of html.matchAll(/\sstyle="([^"]*)"/g)) {
      expect(policy.get('style-src-attr')).toEqual(expect.arrayContaining(["'unsafe-hashes'", sha256(style!)]));
    }
  });

  it("is under object-src, base-uri and frame-ancestors 'none' and the baseline headers", async () => {
    const response = await page.fetch();
    const { header, meta } = await policiesOf(response);
    expectNoneFor([...header, ...meta], 'object-src');
    expectNoneFor([...header, ...meta], 'base-uri');
    // A <meta> policy cannot hold frame-ancestors: it must come in the header.
    expectNoneFor(header, 'frame-ancestors');
    expectBaselineHeaders(response);
  });
});

describe('responses that are not pages', () => {
  it("an API response and a static asset carry object-src, base-uri and frame-ancestors 'none' and the baseline headers", async () => {
    const home = await (await request('/')).text();
    const asset = /src="(\/_astro\/[^"]+\.js)"/.exec(home)![1]!;
    for (const path of [
      '/api/population-tiers',
      '/api/clubs',
      '/api/clubs/search?state=CA',
      '/api/clubs/nearest?state=VT',
      asset,
      '/favicon.svg',
    ]) {
      const response = await request(path);
      expect(response.status, path).toBe(200);
      const policies = parsePolicies(response.headers.get('content-security-policy') ?? '');
      for (const directive of ['object-src', 'base-uri', 'frame-ancestors']) expectNoneFor(policies, directive);
      expectBaselineHeaders(response);
    }
  });
});

describe('Strict-Transport-Security', () => {
  it('is not sent when the site is served over plain http', async () => {
    for (const path of ['/', '/club-registration', '/api/population-tiers']) {
      expect((await request(path)).headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  describe('behind a TLS proxy (SITE_URL is https)', () => {
    let server: ServerProcess;
    beforeAll(async () => {
      server = await startServerOnTestDatabase({ SITE_URL: 'https://clubs.example' });
    });
    afterAll(async () => {
      await server?.stop();
    });

    it('is sent with every response: prerendered and on-demand pages, API responses and assets', async () => {
      for (const path of ['/', '/club-registration', '/api/population-tiers', '/favicon.svg']) {
        const response = await fetch(new URL(path, server.url));
        expect(response.headers.get('strict-transport-security'), path).toBe('max-age=63072000; includeSubDomains');
      }
    });

    it('accepts writes from the public https origin, though the server itself sees plain http', async () => {
      const post = (origin: string) =>
        fetch(new URL('/api/contact-requests', server.url), {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin, 'x-forwarded-proto': 'https' },
          body: JSON.stringify({ name: 'A' }),
        });
      // 400: past the origin check, refused by the schema; a cross-site request never gets that far.
      expect((await post('https://clubs.example')).status).toBe(400);
      expect((await post('https://evil.example')).status).toBe(403);
    });
  });
});
