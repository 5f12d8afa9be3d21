import type { AstroGlobal } from 'astro';
import { findGuideQuerySchema } from '#lib/schemas/guides.ts';
import { fieldErrorsOf } from '#server/platform/http/endpoint.ts';

/** Find a Guide's query, as its route read it: the place, the language and the page asked for, or what is wrong with them. */
export interface GuideSearch {
  valid: boolean;
  errors: string[];
  place: string;
  language: string;
  page: number;
}

/**
 * The query of Find a Guide (/guides and its Spanish twin, decision 041): a plain GET form, so that it works without
 * JavaScript. A query it cannot read answers 400 with the page and its errors. Both routes call it first (only a page's
 * own frontmatter sets the answer's status and headers while Astro streams), then render GuidesPage.astro with it.
 */
export function guideSearchOf(astro: AstroGlobal): GuideSearch {
  const query = findGuideQuerySchema.safeParse(Object.fromEntries(astro.url.searchParams));
  astro.response.headers.set('cache-control', 'public, max-age=60');
  if (!query.success) {
    astro.response.status = 400;
    const errors = Object.values(fieldErrorsOf(query.error)).flat();
    return { valid: false, errors, place: (astro.url.searchParams.get('place') ?? '').slice(0, 100), language: '', page: 1 };
  }
  return { valid: true, errors: [], place: query.data.place ?? '', language: query.data.language ?? '', page: query.data.page };
}
