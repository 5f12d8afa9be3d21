import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

// Pages rendered on demand, kept by what they were rendered from (issue 43, docs/decisions/039). A page that reads the
// same rows again renders the same HTML: a guide's page read its three queries in a millisecond or two, then spent
// twice that rendering them, per request, into the HTML of the request before. Such a page still reads its data on
// every request, and looks its HTML up by a digest of that data: an edit changes the data, so the next request after
// it renders the page anew. Nothing is invalidated by hand, no change has to be announced, and every instance of the
// site answers from what the database holds now. A build has a cache of its own (each build loads its own modules),
// so new code or content never meets HTML rendered by the old.

/** A rendered page: its HTML and the headers Astro sent with it (no cookies: those are the request's own). */
interface RenderedPage {
  html: string;
  headers: [string, string][];
}

/** At most this many characters of HTML, the least recently used dropped first (a guide's page is about 40,000). */
const MAX_CHARACTERS = 16 * 2 ** 20;
const rendered = new LRUCache<string, RenderedPage>({
  maxSize: MAX_CHARACTERS,
  sizeCalculation: (page) => Math.max(1, page.html.length),
});

/**
 * The key of the page at `path` rendered by the built module `page` (its `import.meta.url`, which names its build)
 * from `inputs`: every other value its HTML depends on (the rows it read, the time-dependent lines it computed, the
 * origin it names), serializable as JSON. The dev server, whose code and content change under one module URL, keeps
 * nothing: a page there passes no key.
 */
export function renderedPageKey(page: string, path: string, inputs: unknown): string {
  return `${page}\n${path}\n${createHash('sha256').update(JSON.stringify(inputs)).digest('base64url')}`;
}

/** The page rendered before under `key`, as a new response, or null. */
export function renderedPage(key: string | null | undefined): Response | null {
  const page = key ? rendered.get(key) : undefined;
  return page ? new Response(page.html, { status: 200, headers: page.headers }) : null;
}

/**
 * Keeps a page's rendered answer under `key` (a 200 with an HTML body), and returns it to be sent: reading it consumes
 * the original. For the middleware, after the page has rendered.
 */
export async function keepRenderedPage(key: string, response: Response): Promise<Response> {
  if (response.status !== 200 || !response.headers.get('content-type')?.startsWith('text/html')) return response;
  const html = await response.text();
  const headers = [...response.headers].filter(([name]) => name.toLowerCase() !== 'set-cookie');
  rendered.set(key, { html, headers });
  return new Response(html, { status: response.status, statusText: response.statusText, headers: response.headers });
}
