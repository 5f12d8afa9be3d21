import type { APIRoute } from 'astro';
import type { Club } from '#lib/clubs/types.ts';
import { listAllClubs } from '#server/clubs/index.ts';
import { requireAdmin } from '#server/auth/index.ts';
import { columnOf } from '#server/platform/db/columns.ts';
import { columnsToCsv, csvResponse } from '#server/platform/csv.ts';

export const prerender = false;

/** The export's fields, in order; its header names each as its column. */
const CSV_FIELDS = [
  'id',
  'clubName',
  'hostName',
  'email',
  'city',
  'state',
  'zipCode',
  'isVerified',
  'membershipType',
  'renewalDate',
  'hostSetCode',
  'createdAt',
] as const satisfies readonly (keyof Club)[];

const CSV_COLUMNS = Object.fromEntries(CSV_FIELDS.map((field) => [columnOf(field), (club: Club) => club[field]]));

export const GET: APIRoute = async ({ locals }) => {
  requireAdmin(locals);
  const clubs = await listAllClubs();
  return csvResponse('clubs.csv', columnsToCsv(CSV_COLUMNS, clubs));
};
