import type { APIRoute } from 'astro';
import type { AreaSuggestions } from '#lib/licensing/types.ts';
import { STATE_NAMES_ES } from '#lib/places/us-states-es.ts';
import type { StateCode } from '#lib/places/us-states.ts';
import { areaSuggestQuerySchema } from '#lib/schemas/licensing.ts';
import { PAGE_LANGUAGE_HEADER } from '#lib/shared/page-language.ts';
import { json, parseQuery } from '#server/platform/http/endpoint.ts';
import { localizedMessage } from '#server/platform/http/localized-errors.ts';
import { requestLanguage } from '#server/platform/http/request-language.ts';
import { suggestAreas } from '#server/licensing/index.ts';

export const prerender = false;

/**
 * The search box's suggestions: areas matching what the visitor typed, or why nothing can be licensed; in the page's
 * language (X-Page-Language), a state by its Spanish name and the note in the API's Spanish (messages-es.ts).
 */
export const GET: APIRoute = async ({ url, request }) => {
  const { q } = parseQuery(url, areaSuggestQuerySchema);
  const suggestions = await suggestAreas(q);
  const headers = { 'cache-control': 'public, max-age=60', vary: PAGE_LANGUAGE_HEADER };
  if (requestLanguage(request) === 'en') return json(suggestions, 200, headers);
  const spanish: AreaSuggestions = {
    areas: suggestions.areas.map((area) =>
      area.kind === 'state' ? { ...area, label: STATE_NAMES_ES[area.id.slice('state-'.length) as StateCode] ?? area.label } : area,
    ),
    message: suggestions.message === null ? null : localizedMessage(suggestions.message, 'es'),
  };
  return json(spanish, 200, headers);
};
