import type { APIRoute } from 'astro';
import type { AreaCardWithDemand } from '#lib/demand/counts.ts';
import type { AreaId, Availability } from '#lib/licensing/types.ts';
import { areaId } from '#lib/schemas/licensing.ts';
import { json, notFound } from '#server/platform/http/endpoint.ts';
import { localizedMessage } from '#server/platform/http/localized-errors.ts';
import { requestLanguage } from '#server/platform/http/request-language.ts';
import { findAreaDemand } from '#server/demand/index.ts';
import { findAreaCard } from '#server/licensing/index.ts';
import { loadTiers } from '#server/platform/site-content.ts';

export const prerender = false;

const UNKNOWN = 'No ZIP code, county or state has this id.';

/**
 * An area's card, with its demand rounded (people waiting, unmet searches in the last 90 days: docs/decisions/032); 404
 * with the reason for an area that cannot be licensed. In the page's language (X-Page-Language): a Spanish card says
 * why a kind is not available in the API's Spanish (messages-es.ts), as its refusals do.
 */
export const GET: APIRoute = async ({ params, request }) => {
  const id = areaId.safeParse(params.id);
  if (!id.success) return notFound(UNKNOWN);
  const language = requestLanguage(request);
  const card = await findAreaCard(id.data as AreaId, await loadTiers(), language);
  if (!card) return notFound(UNKNOWN);
  if ('reason' in card) return notFound(card.reason);
  const inLanguage = (availability: Availability): Availability =>
    availability.available ? availability : { ...availability, reason: localizedMessage(availability.reason, language) };
  const answer: AreaCardWithDemand = {
    ...card,
    availability: { shared: inLanguage(card.availability.shared), exclusive: inLanguage(card.availability.exclusive) },
    demand: await findAreaDemand(card.kind, card.id.slice(card.kind.length + 1)),
  };
  return json(answer);
};
