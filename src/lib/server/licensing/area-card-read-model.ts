// Joins: licensing, guides, places. An area's card names the listed guides holding licences that overlap it, each
// licence by its area's census name: one query with the licences as a subquery is the fast way, where asking guides
// for each holder and places for each name would be a query per licence. It only reads.
import { availabilityOfSummary, largerKinds, type HeldSummary } from '#lib/licensing/availability.ts';
import { priceArea, type PriceTier } from '#lib/licensing/pricing.ts';
import { licenceTerms } from '#lib/licensing/terms.ts';
import type { AreaCard, AreaId } from '#lib/licensing/types.ts';
import type { StateCode } from '#lib/places/us-states.ts';
import { STATE_NAMES_ES } from '#lib/places/us-states-es.ts';
import type { Language } from '#lib/shared/languages.ts';
import { areaMapSvg } from './area-map.ts';
import { guidePagePath } from '#lib/guides/types.ts';
import { db } from '#server/platform/db/db.ts';
import {
  areaLabel,
  findArea,
  firstPaymentDue,
  holdsOverlapping,
  licenceArea,
  toHeldLicence,
  type Area,
  type HeldRow,
  type LicenceArea,
} from './areas-read-model.ts';
import { isListedGuide } from './guide-listing.ts';

/**
 * Everything an area's card shows: population, the price's arithmetic at `tiers`, each kind's availability and the
 * locator map; a Spanish card's state and map title are in Spanish (why a kind is not available is written in English,
 * as a refused reservation says it, and translated by the endpoint). `{ reason }` for an area that cannot be licensed;
 * null when the census has no such area.
 */
export async function findAreaCard(
  id: AreaId,
  tiers: readonly PriceTier[],
  language: Language = 'en',
): Promise<AreaCard | { reason: string } | null> {
  const area = await findArea(id);
  if (!area || 'reason' in area) return area;
  const { held, holders } = await findAreaLicences(area);
  const stateName = language === 'es' ? (STATE_NAMES_ES[area.stateCode as StateCode] ?? area.stateName) : area.stateName;
  const label = area.kind === 'state' ? stateName : area.label;
  return {
    id: area.id,
    kind: area.kind,
    name: area.kind === 'state' ? stateName : area.name,
    label,
    state: { code: area.stateCode, name: stateName },
    county: area.countyFips ? { fips: area.countyFips, name: area.countyName! } : null,
    city: area.city,
    population: area.population,
    populationSource: licenceTerms.populationSource,
    ...priceArea(area, tiers, licenceTerms.multipliers),
    availability: availabilityOfSummary(area, held),
    holders,
    mapSvg: areaMapSvg({ kind: area.kind, stateCode: area.stateCode, countyFips: area.countyFips, point: area.point, label, language }),
  };
}

interface AreaHolders {
  guides: { name: string; path: string }[];
  others: number;
}

interface AreaLicencesRow {
  /** The first exclusive licence held (findHeldLicences' order), its columns null when there is none. */
  licenceKind: HeldRow['licenceKind'] | null;
  area: LicenceArea | null;
  status: HeldRow['status'] | null;
  endsAt: Date | null;
  dueAt: Date | null;
  same: number;
  containing: number;
  containingArea: LicenceArea | null;
  total: number;
  listed: { id: number; name: string }[];
  others: number;
}

/**
 * What the card shows of the licences held (reserved, active or in grace) on areas overlapping `area`, in one query
 * that counts them itself (issue 43: a county's card read every one of its licences, 56 in the bench's Travis County,
 * to count them in JavaScript): the first exclusive one, the shared ones counted (of the area's own kind, of a larger
 * one, in all) with the first larger one's area, and their holders, the listed guides by name and the others counted,
 * each guide once (a guide may hold many of the area's ZIP codes).
 */
async function findAreaLicences(area: Area): Promise<{ held: HeldSummary; holders: AreaHolders }> {
  const sql = db();
  const larger = largerKinds(area.kind);
  const [row] = await sql<AreaLicencesRow[]>`
    select x.licence_kind, x.area, x.status, x.ends_at, x.due_at, n.same, n.containing, n.containing_area, n.total,
      h.listed, h.others
    from (
      select count(*) filter (where l.kind = 'shared' and l.area_kind = ${area.kind}::area_kind)::int as same,
        count(*) filter (where l.kind = 'shared' and l.area_kind::text = any(${larger}::text[]))::int as containing,
        (array_agg(${licenceArea(sql)} order by l.county_fips, l.zip, l.id) filter (where l.kind = 'shared' and l.area_kind::text = any(${larger}::text[])))[1]
          as containing_area,
        count(*) filter (where l.kind = 'shared')::int as total
      from licences l
      join census_states s on s.state_code = l.state_code
      left join census_counties c on c.county_fips = l.county_fips
      where ${holdsOverlapping(sql, area)}
    ) n
    left join lateral (
      select l.kind as licence_kind, ${licenceArea(sql)} as area, l.status, l.ends_at, ${firstPaymentDue(sql)} as due_at
      from licences l
      join census_states s on s.state_code = l.state_code
      left join census_counties c on c.county_fips = l.county_fips
      where ${holdsOverlapping(sql, area)} and l.kind = 'exclusive'
      order by l.county_fips, l.zip, l.id
      limit 1
    ) x on true
    cross join (
      select coalesce(json_agg(json_build_object('id', g.id, 'name', g.name) order by g.name, g.id) filter (where g.listed), '[]') as listed,
        count(*) filter (where not g.listed)::int as others
      from (
        select g.public_id as id, g.name, ${isListedGuide(sql)} as listed
        from guides g
        where g.user_id in (select l.guide_id from licences l where ${holdsOverlapping(sql, area)})
      ) g
    ) h`;
  const { licenceKind, area: exclusiveArea, status, endsAt, dueAt, same, containing, containingArea, total, listed, others } = row!;
  return {
    held: {
      exclusive: licenceKind && exclusiveArea && status ? toHeldLicence({ licenceKind, area: exclusiveArea, status, endsAt, dueAt }) : null,
      shared: { same, containing, containingLabel: containingArea ? areaLabel(containingArea.kind, containingArea) : null, total },
    },
    holders: { guides: listed.map(({ id, name }) => ({ name, path: guidePagePath({ id, name }) })), others },
  };
}
