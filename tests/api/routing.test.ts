import { describe, expect, it } from 'vitest';
import { request } from '../support/api.ts';

describe('routing', () => {
  it('redirects a path in another case to its lowercase form, keeping the query', async () => {
    const response = await request('/FAQ?x=1');
    expect(response.status).toBe(308);
    expect(response.headers.get('location')).toBe('/faq?x=1');
  });

  it('answers an unknown path with 404 and the Page Not Found screen', async () => {
    const response = await request('/nope');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('<title>Page Not Found | FlameKeeper Clubs</title>');
    expect(html).toMatch(/<h1[^>]*>Page Not Found<\/h1>/);
    // Issue 30, item 14: a canonical link to /404 pointed crawlers at a 404; the screen has no address of its own.
    expect(html).not.toContain('rel="canonical"');
    expect(html).not.toContain('og:url');
  });

  it('serves prerendered pages', async () => {
    const response = await request('/');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Join a Flamekeeper Club');
  });
});

describe('health endpoints', () => {
  it('reports liveness without the database', async () => {
    const response = await request('/healthz');
    expect(await response.json()).toEqual({ status: 'ok' });
  });
  it('reports readiness when the database answers', async () => {
    const response = await request('/readyz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ready' });
  });
});
