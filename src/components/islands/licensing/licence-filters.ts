// The /admin-licences view as a URL query: the page reads it on the server (so a reload shows the same view), the
// island writes it back as the admin filters and pages, and the API and CSV export get the same parameters.
import { adminLicenceQuerySchema, type AdminLicenceQuery } from '#lib/schemas/licensing.ts';
import type { AreaKind, LicenceKind, LicenceStatus } from '#lib/licensing/types.ts';

export type LicenceFilters = AdminLicenceQuery;

export const LICENCES_URL = '/api/admin/licences';
export const LICENCES_CSV_URL = '/api/admin/export/licences.csv';

/** The status filter's options and the status badges, in the admin's words. */
export const STATUS_FILTER_LABELS: Record<LicenceStatus, string> = {
  reserved: 'Awaiting payment (reserved)',
  active: 'Active',
  grace: 'In grace period (grace)',
  lapsed: 'Lapsed',
  cancelled: 'Cancelled',
  released: 'Released',
  revoked: 'Revoked',
  expired: 'Expired',
};

export const KIND_LABELS: Record<LicenceKind, string> = { shared: 'Shared', exclusive: 'Exclusive' };
export const AREA_KIND_LABELS: Record<AreaKind, string> = { zip: 'ZIP', county: 'County', state: 'State' };

const FILTER_KEYS = ['status', 'kind', 'areaKind', 'state', 'q'] as const;

/**
 * The view a URL query asks for. A parameter the API would refuse (an unknown status, page 0) is left out rather
 * than failing the whole view, so a hand-edited or stale link still opens the list.
 */
export function parseLicenceFilters(search: URLSearchParams | string): LicenceFilters {
  const params = new URLSearchParams(search);
  const input: Record<string, string> = {};
  for (const key of [...FILTER_KEYS, 'page'] as const) {
    const value = params.get(key);
    if (value !== null) input[key] = value;
  }
  const parsed = adminLicenceQuerySchema.safeParse(input);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) delete input[String(issue.path[0])];
  const retried = adminLicenceQuerySchema.safeParse(input);
  return retried.success ? retried.data : { page: 1 };
}

/** The query string of a view (`status=active&state=TX&page=2`), defaults and empty values left out. */
export function licenceQueryString(filters: LicenceFilters, { withPage = true } = {}): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (withPage && filters.page > 1) params.set('page', String(filters.page));
  return params.toString();
}

/** Whether any filter or search narrows the list. */
export function isFiltered(filters: LicenceFilters): boolean {
  return FILTER_KEYS.some((key) => Boolean(filters[key]));
}
