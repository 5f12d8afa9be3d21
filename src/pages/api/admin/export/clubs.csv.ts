import type { APIRoute } from 'astro';
import type { Club } from '#lib/club-types.ts';
import { listAllClubs } from '#server/clubs/admin-clubs.ts';
import { requireAdmin } from '#server/auth/authorize.ts';
import { columnOf } from '#server/clubs/clubs.ts';
import { csvResponse, toCsv } from '#server/platform/csv.ts';

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

export const GET: APIRoute = async ({ locals }) => {
  const auth = requireAdmin(locals.user);
  if ('response' in auth) return auth.response;
  const clubs = await listAllClubs();
  return csvResponse(
    'clubs.csv',
    toCsv(
      CSV_FIELDS.map(columnOf),
      clubs.map((club) => CSV_FIELDS.map((field) => club[field])),
    ),
  );
};
