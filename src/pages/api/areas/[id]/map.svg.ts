import type { APIRoute } from 'astro';
import type { AreaId } from '#lib/licensing/types.ts';
import { areaId } from '#lib/schemas/licensing.ts';
import { notFound } from '#server/platform/http/endpoint.ts';
import { areaMapSvg, findArea, placeLabel } from '#server/licensing/index.ts';

export const prerender = false;

/**
 * An area's locator map as an image: guides' pages show one per area they hold, so that a guide holding a county's
 * 49 ZIP codes does not put 49 inline maps of some 15 KB into one page. The map changes only with the atlas.
 */
export const GET: APIRoute = async ({ params }) => {
  const id = areaId.safeParse(params.id);
  const area = id.success ? await findArea(id.data as AreaId) : null;
  if (!area || 'reason' in area) return notFound('No ZIP code, county or state with a map has this id.');
  const svg = areaMapSvg({
    kind: area.kind,
    stateCode: area.stateCode,
    countyFips: area.countyFips,
    point: area.point,
    label: placeLabel(area.kind, area),
  });
  return new Response(svg, { headers: { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'public, max-age=86400' } });
};
