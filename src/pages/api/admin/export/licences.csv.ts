import type { APIRoute } from 'astro';
import { guideNameOf, type AdminLicence } from '#lib/licensing/types.ts';
import { adminLicenceQuerySchema } from '#lib/schemas/licensing.ts';
import { requireAdmin } from '#server/auth/index.ts';
import { columnsToCsv, csvResponse, type CsvCell } from '#server/platform/csv.ts';
import { parseQuery } from '#server/platform/http/endpoint.ts';
import { listLicencesForAdmin } from '#server/licensing/index.ts';

export const prerender = false;

/** The export's columns, in order: each its header and the licence's cell. */
const CSV_COLUMNS: Readonly<Record<string, (licence: AdminLicence) => CsvCell>> = {
  id: (licence) => licence.id,
  guide_name: guideNameOf,
  guide_email: (licence) => licence.guide?.email ?? null,
  certified_on: (licence) => licence.guide?.certifiedOn ?? null,
  area: (licence) => licence.area.label,
  area_kind: (licence) => licence.area.kind,
  state: (licence) => licence.area.stateCode,
  kind: (licence) => licence.kind,
  status: (licence) => licence.status,
  starts_at: (licence) => licence.startsAt,
  ends_at: (licence) => licence.endsAt,
  price_paid: (licence) => licence.pricePaid,
  open_reference: (licence) => licence.openOrder?.reference ?? null,
  open_amount: (licence) => licence.openOrder?.amount ?? null,
  open_due_at: (licence) => licence.openOrder?.dueAt ?? null,
  created_at: (licence) => licence.createdAt,
};

/** Every licence matching the admin's filters and search (the page is ignored), one row each with its open order. */
export const GET: APIRoute = async ({ url, locals }) => {
  requireAdmin(locals);
  const { licences } = await listLicencesForAdmin(parseQuery(url, adminLicenceQuerySchema), { all: true });
  return csvResponse('licences.csv', columnsToCsv(CSV_COLUMNS, licences));
};
