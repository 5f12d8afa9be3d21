import { availabilityOf } from '#lib/licensing/availability.ts';
import { priceArea, type PriceTier } from '#lib/licensing/pricing.ts';
import { licenceTerms } from '#lib/licensing/terms.ts';
import type { AreaCard, AreaId } from '#lib/licensing-types.ts';
import { findAreaHolders } from '#server/guides/index.ts';
import { areaMapSvg } from './area-map.ts';
import { findArea, findHeldLicences } from './areas.ts';

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
