import { describe, expect, it } from 'vitest';
import { keepRenderedPage, renderedPage, renderedPageKey } from '#server/platform/http/rendered-pages.ts';

// Pages rendered on demand kept by what they were rendered from (issue 43, docs/decisions/039).

const page = 'file:///site/.builds/one/server/chunks/_segment_.mjs';
const html = (text: string, headers: Record<string, string> = {}) =>
  new Response(`<!doctype html><p>${text}</p>`, { status: 200, headers: { 'content-type': 'text/html', ...headers } });

describe('a rendered page', () => {
  it('is answered again, body and headers, for the same reading of its data, and its cookies are left out', async () => {
    const key = renderedPageKey(page, '/guides/7-kept', { guide: { id: 7, bio: 'Before' }, clubs: [] });
    expect(renderedPage(key)).toBeNull();
    const sent = await keepRenderedPage(
      key,
      html('Before', { 'cache-control': 'public, max-age=300', 'content-security-policy': "script-src 'self'", 'set-cookie': 'a=1' }),
    );
    expect(await sent.text()).toBe('<!doctype html><p>Before</p>');

    const again = renderedPage(renderedPageKey(page, '/guides/7-kept', { guide: { id: 7, bio: 'Before' }, clubs: [] }))!;
    expect(again.status).toBe(200);
    expect(await again.text()).toBe('<!doctype html><p>Before</p>');
    expect(again.headers.get('cache-control')).toBe('public, max-age=300');
    expect(again.headers.get('content-security-policy')).toBe("script-src 'self'");
    expect(again.headers.get('set-cookie')).toBeNull();
  });

  it('is not answered once any of its data, its path or its build differs', async () => {
    const inputs = { guide: { id: 8, bio: 'Same' }, clubs: [{ id: 1, clubName: 'Lanterns' }] };
    await keepRenderedPage(renderedPageKey(page, '/guides/8-kept', inputs), html('Kept'));
    expect(renderedPage(renderedPageKey(page, '/guides/8-kept', inputs))).not.toBeNull();
    expect(renderedPage(renderedPageKey(page, '/guides/8-kept', { ...inputs, guide: { id: 8, bio: 'Edited' } }))).toBeNull();
    expect(renderedPage(renderedPageKey(page, '/guides/8-kept', { ...inputs, clubs: [] }))).toBeNull();
    expect(renderedPage(renderedPageKey(page, '/guides/8-other', inputs))).toBeNull();
    expect(renderedPage(renderedPageKey(page.replace('one', 'two'), '/guides/8-kept', inputs))).toBeNull();
  });

  it('keeps only a 200 with HTML', async () => {
    const notFound = renderedPageKey(page, '/guides/9-gone', { guide: null });
    const answered = await keepRenderedPage(notFound, new Response('gone', { status: 404, headers: { 'content-type': 'text/html' } }));
    expect(answered.status).toBe(404);
    expect(renderedPage(notFound)).toBeNull();
    const json = renderedPageKey(page, '/guides/9-json', {});
    await keepRenderedPage(json, Response.json({ a: 1 }));
    expect(renderedPage(json)).toBeNull();
    expect(renderedPage(null)).toBeNull();
  });
});
