import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { baseUrl, request } from '../support/api.ts';

/** GET with the raw body as sent: fetch would undo the content encoding this test is about. */
function rawGet(path: string, headers: Record<string, string>): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(path, baseUrl), { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('prerendered pages and assets', () => {
  it('serves a page under its route, with an ETag that answers 304 when it has not changed', async () => {
    const page = await request('/faq');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(await page.text()).toContain('<h1');
    const etag = page.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await request('/faq?utm_source=newsletter', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await request('/faq', { headers: { 'if-none-match': '"stale"' } })).status).toBe(200);
  });

  it('serves the home page at / and the same bytes compressed to clients that accept brotli or gzip', async () => {
    const plain = await rawGet('/', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('<html');
    for (const [encoding, decompress] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const { headers, body } = await rawGet('/', { 'accept-encoding': `${encoding}, deflate` });
      expect(headers['content-encoding']).toBe(encoding);
      expect(headers.vary).toBe('accept-encoding');
      expect(body.length).toBeLessThan(plain.body.length);
      expect(decompress(body).equals(plain.body)).toBe(true);
    }
  });

  it('caches hashed assets for a year and answers HEAD without a body', async () => {
    const html = await (await request('/flamekeeper-clubs')).text();
    const asset = /(\/_astro\/[\w.-]+\.js)/.exec(html)![1]!;
    const response = await request(asset, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await response.text()).toBe('');
  });

  it('leaves other methods and unknown paths to the site, which answers them', async () => {
    expect((await request('/faq', { method: 'POST' })).status).not.toBe(200);
    // The build's compressed copies are only ever sent as an encoding of their file, never as files of their own.
    expect((await request('/faq.html.br')).status).toBe(404);
    const missing = await request('/no-such-page');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Page Not Found');
  });
});
