import type { APIRoute } from 'astro';
import type { HostSetCodeRecord } from '#lib/clubs/types.ts';
import { requireAdmin } from '#server/auth/index.ts';
import { columnsToCsv, csvResponse, type CsvCell } from '#server/platform/csv.ts';
import { listHostSetCodes } from '#server/codes/index.ts';

export const prerender = false;

/** The export's columns, in order: each its header and the code's cell. */
const CSV_COLUMNS: Readonly<Record<string, (code: HostSetCodeRecord) => CsvCell>> = {
  code: (code) => code.code,
  note: (code) => code.note,
  issued_at: (code) => code.issuedAt,
  redeemed_at: (code) => code.redeemedAt,
  revoked_at: (code) => code.revokedAt,
  club_id: (code) => code.club?.id ?? null,
  club_name: (code) => code.club?.clubName ?? null,
  order_id: (code) => code.order?.id ?? null,
  store: (code) => code.order?.store ?? null,
  store_order_id: (code) => code.order?.storeOrderId ?? null,
};

export const GET: APIRoute = async ({ locals }) => {
  requireAdmin(locals);
  const codes = await listHostSetCodes();
  return csvResponse('host-set-codes.csv', columnsToCsv(CSV_COLUMNS, codes));
};
