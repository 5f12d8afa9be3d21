import type { APIRoute } from 'astro';
import type { AreaCardWithDemand } from '#lib/demand/counts.ts';
import type { AreaId } from '#lib/licensing/types.ts';
import { areaId } from '#lib/schemas/licensing.ts';
import { json, notFound } from '#server/platform/http/endpoint.ts';
import { findAreaDemand } from '#server/demand/index.ts';
import { findAreaCard } from '#server/licensing/index.ts';
import { loadTiers } from '#server/platform/site-content.ts';

export const prerender = false;

const UNKNOWN = 'No ZIP code, county or state has this id.';

/**
 * An area's card, with its demand rounded (people waiting, unmet searches in the last 90 days: docs/decisions/032); 404
 * with the reason for an area that cannot be licensed.
 */
export const GET: APIRoute = async ({ params }) => {
  const id = areaId.safeParse(params.id);
  if (!id.success) return notFound(UNKNOWN);
  const card = await findAreaCard(id.data as AreaId, await loadTiers());
  if (!card) return notFound(UNKNOWN);
  if ('reason' in card) return notFound(card.reason);
  const answer: AreaCardWithDemand = { ...card, demand: await findAreaDemand(card.kind, card.id.slice(card.kind.length + 1)) };
  return json(answer);
};
