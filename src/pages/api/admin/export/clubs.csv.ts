import type { APIRoute } from 'astro';
import { listAllClubs } from '#server/clubs/admin-clubs.ts';
import { requireAdmin } from '#server/auth/authorize.ts';
import { csvResponse, toCsv } from '#server/csv.ts';

export const prerender = false;

export const GET: APIRoute = async ({ locals }) => {
  const auth = requireAdmin(locals.user);
  if ('response' in auth) return auth.response;
  const clubs = await listAllClubs();
  return csvResponse(
    'clubs.csv',
    toCsv(
      ['id', 'club_name', 'host_name', 'email', 'city', 'state', 'zip_code', 'is_verified', 'membership_type', 'renewal_date', 'host_set_code', 'created_at'],
      clubs.map((c) => [c.id, c.clubName, c.hostName, c.email, c.city, c.state, c.zipCode, c.isVerified, c.membershipType, c.renewalDate, c.hostSetCode, c.createdAt]),
    ),
  );
};
