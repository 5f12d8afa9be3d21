import type { APIRoute } from 'astro';
import { requireAdmin } from '#server/auth/authorize.ts';
import { csvResponse, toCsv } from '#server/platform/csv.ts';
import { listHostSetCodes } from '#server/codes/host-set-codes.ts';

export const prerender = false;

export const GET: APIRoute = async ({ locals }) => {
  const auth = requireAdmin(locals.user);
  if ('response' in auth) return auth.response;
  const codes = await listHostSetCodes();
  return csvResponse(
    'host-set-codes.csv',
    toCsv(
      ['code', 'note', 'issued_at', 'redeemed_at', 'revoked_at', 'club_id', 'club_name'],
      codes.map((c) => [c.code, c.note, c.issuedAt, c.redeemedAt, c.revokedAt, c.club?.id ?? null, c.club?.clubName ?? null]),
    ),
  );
};
