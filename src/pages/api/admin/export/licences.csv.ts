import type { APIRoute } from 'astro';
import { adminLicenceQuerySchema } from '#lib/schemas/licensing.ts';
import { requireAdmin } from '#server/auth/authorize.ts';
import { csvResponse, toCsv } from '#server/platform/csv.ts';
import { parseQuery } from '#server/platform/http/endpoint.ts';
import { listLicencesForAdmin } from '#server/licensing/licences.ts';

export const prerender = false;

/** Every licence matching the admin's filters and search (the page is ignored), one row each with its open order. */
export const GET: APIRoute = async ({ url, locals }) => {
  const auth = requireAdmin(locals.user);
  if ('response' in auth) return auth.response;
  const parsed = parseQuery(url, adminLicenceQuerySchema);
  if (!parsed.ok) return parsed.response;
  const { licences } = await listLicencesForAdmin(parsed.data, { all: true });
  return csvResponse(
    'licences.csv',
    toCsv(
      [
        'id',
        'guide_name',
        'guide_email',
        'certified_on',
        'area',
        'area_kind',
        'state',
        'kind',
        'status',
        'starts_at',
        'ends_at',
        'price_paid',
        'open_reference',
        'open_amount',
        'open_due_at',
        'created_at',
      ],
      licences.map((l) => [
        l.id,
        l.guide.name,
        l.guide.email,
        l.guide.certifiedOn,
        l.area.label,
        l.area.kind,
        l.area.stateCode,
        l.kind,
        l.status,
        l.startsAt,
        l.endsAt,
        l.pricePaid,
        l.openOrder?.reference ?? null,
        l.openOrder?.amount ?? null,
        l.openOrder?.dueAt ?? null,
        l.createdAt,
      ]),
    ),
  );
};
