import type { APIRoute } from 'astro';
import type { AdminDemandArea } from '#lib/demand/counts.ts';
import { adminDemandQuerySchema } from '#lib/schemas/demand.ts';
import { requireAdmin } from '#server/auth/index.ts';
import { listDemandForAdmin } from '#server/demand/index.ts';
import { columnsToCsv, csvResponse, type CsvCell } from '#server/platform/csv.ts';
import { parseQuery } from '#server/platform/http/endpoint.ts';

export const prerender = false;

/** The export's columns, in order: counts per area only, nothing about who searched or waits (decision 032). */
const CSV_COLUMNS: Readonly<Record<string, (area: AdminDemandArea) => CsvCell>> = {
  level: (area) => area.level,
  code: (area) => area.code,
  name: (area) => area.name,
  state: (area) => area.stateCode,
  population: (area) => area.population,
  people_waiting: (area) => area.waiting,
  unmet_searches_90_days: (area) => area.unmetSearches,
  listed_clubs: (area) => area.listedClubs,
  listed_guides: (area) => area.listedGuides,
  exclusive_available: (area) => area.exclusiveAvailable,
  shared_available: (area) => area.sharedAvailable,
};

/** The states, then the counties /admin-demand shows for the same ?state= and ?sort=, one row each. */
export const GET: APIRoute = async ({ url, locals }) => {
  requireAdmin(locals);
  const { states, counties } = await listDemandForAdmin(parseQuery(url, adminDemandQuerySchema));
  return csvResponse('demand.csv', columnsToCsv(CSV_COLUMNS, [...states, ...counties]));
};
