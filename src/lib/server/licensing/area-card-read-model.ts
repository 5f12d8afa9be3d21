// Joins: licensing, guides. An area's card names the listed guides holding licences that overlap it: one query with
// the licences as a subquery is the fast way, where asking guides for each holder would be a query per licence. It
// only reads.
import { availabilityOf } from '#lib/licensing/availability.ts';
import { priceArea, type PriceTier } from '#lib/licensing/pricing.ts';
import { licenceTerms } from '#lib/licensing/terms.ts';
import type { AreaCard, AreaId } from '#lib/licensing/types.ts';
import { areaMapSvg } from './area-map.ts';
import { guidePagePath } from '#lib/guides/types.ts';
import { db } from '#server/platform/db/db.ts';
import { findArea, findHeldLicences, holdsOverlapping, type Area } from './areas-read-model.ts';
import { isListedGuide } from './guide-listing.ts';

/**
 * Everything an area's card shows: population, the price's arithmetic at `tiers`, each kind's availability and the
 * locator map. `{ reason }` for an area that cannot be licensed; null when the census has no such area.
 */
export async function findAreaCard(id: AreaId, tiers: readonly PriceTier[]): Promise<AreaCard | { reason: string } | null> {
  const area = await findArea(id);
  if (!area || 'reason' in area) return area;
  const [held, holders] = await Promise.all([findHeldLicences(area), findAreaHolders(area)]);
  return {
    id: area.id,
    kind: area.kind,
    name: area.name,
    label: area.label,
    state: { code: area.stateCode, name: area.stateName },
    county: area.countyFips ? { fips: area.countyFips, name: area.countyName! } : null,
    city: area.city,
    population: area.population,
    populationSource: licenceTerms.populationSource,
    ...priceArea(area, tiers, licenceTerms.multipliers),
    availability: availabilityOf(area, held),
    holders,
    mapSvg: areaMapSvg({ kind: area.kind, stateCode: area.stateCode, countyFips: area.countyFips, point: area.point, label: area.label }),
  };
}

interface AreaHolders {
  guides: { name: string; path: string }[];
  others: number;
}

/** The holders of the licences held (reserved, active or in grace) on areas overlapping `area`. */
async function findAreaHolders(area: Pick<Area, 'stateCode' | 'countyFips' | 'zip'>): Promise<AreaHolders> {
  const sql = db();
  // Each guide once, asked once whether listed: a guide may hold many of the area's ZIP codes.
  const rows = await sql<{ id: number; name: string; listed: boolean }[]>`
    select g.public_id as id, g.name, ${isListedGuide(sql)} as listed
    from guides g
    where g.user_id in (select l.guide_id from licences l where ${holdsOverlapping(sql, area)})
    order by g.name, g.public_id`;
  const listed = rows.filter((row) => row.listed);
  return { guides: listed.map(({ id, name }) => ({ name, path: guidePagePath({ id, name }) })), others: rows.length - listed.length };
}
