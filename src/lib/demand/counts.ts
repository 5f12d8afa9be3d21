// Demand as the public sees it (issue 39, docs/decisions/032): every count shown anywhere is rounded down to a
// multiple of 5, and hidden below 5, so that no count points at a person. Zod-free and server-free: pages, islands and
// the server's reads share it.
import type { AreaCard } from '#lib/licensing/types.ts';

/** Counts are shown in steps of this many. */
export const COUNT_STEP = 5;

/** A count as the public may see it: a multiple of COUNT_STEP, at least COUNT_STEP; null for "fewer than 5". */
export type ShownCount = number | null;

/** `count` as the public may see it: rounded down to a multiple of 5, and null (shown "fewer than 5") below 5. */
export function shownCount(count: number): ShownCount {
  const rounded = Math.floor(Math.max(0, count) / COUNT_STEP) * COUNT_STEP;
  return rounded === 0 ? null : rounded;
}

// One formatter for every count: toLocaleString() makes a new one per call, 2 % of /wanted/tx's CPU (254 rows).
const countFormat = new Intl.NumberFormat('en-US');

/** A shown count in words: "140", "1,250", or `fewer` ("fewer than 5") for null. */
export function shownCountText(count: ShownCount, fewer: string): string {
  return count === null ? fewer : countFormat.format(count);
}

/**
 * shownCountText in `locale`, for a page in another language (/es/wanted/{state}): one formatter per page. A function
 * of its own, so that the islands that show counts (the area card) carry none of it.
 */
export function shownCountTextIn(locale: string): (count: ShownCount, fewer: string) => string {
  const format = new Intl.NumberFormat(locale);
  return (count, fewer) => (count === null ? fewer : format.format(count));
}

/** How many days back the unmet searches shown are counted: "in the last 90 days". */
export const UNMET_SEARCH_DAYS = 90;

/** An area's demand as pages and the area card show it. */
export interface AreaDemand {
  /** Confirmed alerts waiting for a club in the area. */
  waiting: ShownCount;
  /** Directory searches that found no club within their distance, in the last UNMET_SEARCH_DAYS days. */
  unmetSearches: ShownCount;
}

/** GET /api/areas/{id}: the licensing card of an area and its demand. */
export type AreaCardWithDemand = AreaCard & { demand: AreaDemand };

/** A county of /wanted/{state}, with its link to its /area-search card. */
export interface WantedCounty extends AreaDemand {
  fips: string;
  name: string;
  /** `/area-search?area=county-48453`. */
  areaPath: string;
}

/** A state on the "Where clubs are wanted" map. */
export interface WantedState {
  code: string;
  name: string;
  waiting: ShownCount;
  /** Shown waiting people per 100,000 residents (0 when fewer than 5 wait), which shades the state. */
  waitingPer100k: number;
}

/** The /area-search card of a county. */
export const countyAreaPath = (fips: string) => `/area-search?area=county-${fips}`;

/** The page of a state's counties ranked by demand. */
export const wantedStatePath = (stateCode: string) => `/wanted/${stateCode.toLowerCase()}`;

/**
 * A state or county as /admin-demand and its CSV list it: exact counts (numbers per area, never who), the clubs
 * listed in it, the listed guides serving it (holding a licence on it, on its state, or inside it), and whether a
 * licence of each kind can be reserved on it now.
 */
export interface AdminDemandArea {
  level: 'state' | 'county';
  /** The state's code, or the county's FIPS code. */
  code: string;
  name: string;
  stateCode: string;
  population: number;
  waiting: number;
  unmetSearches: number;
  listedClubs: number;
  listedGuides: number;
  exclusiveAvailable: boolean;
  sharedAvailable: boolean;
}
