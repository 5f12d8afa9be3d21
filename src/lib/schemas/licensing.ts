import { z } from './zod.ts';
import { AREA_KINDS, LICENCE_KINDS, LICENCE_STATUSES } from '#lib/licensing/types.ts';
import { STATE_CODES } from '#lib/places/us-states.ts';
import { CONFIRMATION_PLACES } from '#lib/auth/email-status-types.ts';
import { confirmPassword, email, hostSignInSchema, password, passwordsMustMatch } from './clubs.ts';
import { pageParameter } from './paging.ts';
import { singleLine } from './text.ts';

// Guide licensing's payloads (docs/decisions/017), used by the islands' forms and re-checked by the endpoints.

const AREA_ID = /^(zip-\d{5}|county-\d{5}|state-[A-Z]{2})$/;
const AREA_MESSAGE = 'Choose an area from the suggestions';

/** An area's id: `zip-78704`, `county-48453` or `state-TX`. */
export const areaId = z.string({ error: AREA_MESSAGE }).trim().regex(AREA_ID, AREA_MESSAGE);

/** GET /api/areas/suggest?q=: what the visitor typed. */
export const areaSuggestQuerySchema = z.object({
  q: singleLine({ error: 'Type a ZIP code, county or state' })
    .min(1, 'Type a ZIP code, county or state')
    .max(100, 'Type at most 100 characters'),
});

/** A person's name as guides and account holders give it. */
export const personName = singleLine({ error: 'Name must be at least 2 characters' })
  .min(2, 'Name must be at least 2 characters')
  .max(100, 'Name must be at most 100 characters');

/** An optional phone number: empty is none. */
export const optionalPhone = singleLine()
  .refine((phone) => phone === '' || (phone.length >= 10 && phone.length <= 30), 'Please enter a valid phone number')
  .nullish()
  .transform((phone) => phone || null);

/**
 * POST /api/guides/register: a guide account, with the registration's messages; `areaId`, the area card it is created
 * on, which its email confirmation link leads back to.
 */
export const guideRegistrationSchema = z
  .object({ name: personName, email, password, confirmPassword, phone: optionalPhone, areaId: areaId.optional() })
  .refine(...passwordsMustMatch);
export type GuideRegistration = z.output<typeof guideRegistrationSchema>;

/** POST /api/guides/signin: any account that may hold licences (a guide's or a host's). */
export const guideSignInSchema = hostSignInSchema;

/** POST /api/licences: reserve one kind of licence on one area. */
export const reservationSchema = z.object({
  areaId,
  kind: z.enum(LICENCE_KINDS, { error: 'Choose a shared or exclusive licence' }),
});
export type ReservationRequest = z.output<typeof reservationSchema>;

/**
 * POST /api/auth/email-confirmation: send the confirmation link again from `from` (the area search unless named), back
 * to the page it is sent from: the area card `areaId` on the area search.
 */
export const confirmationLinkRequestSchema = z.object({
  from: z.enum(CONFIRMATION_PLACES, { error: 'Unknown page' }).default('area-search'),
  areaId: areaId.optional(),
});

/** The area search's page, on an area's card when one is named: where a confirmation link brings its reader back. */
export const areaSearchPath = (id?: string) => (id ? `/area-search?${new URLSearchParams({ area: id })}` : '/area-search');

const optionalFilter = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((value) => (value === '' ? undefined : value), z.enum(values, { error: message }).optional());

/** The last page /admin-licences can ask for. */
export const MAX_LICENCES_PAGE = 1000;
/** Licences on one page of /admin-licences. */
export const LICENCES_PAGE_SIZE = 50;

/** GET /api/admin/licences and its CSV export: filters, a search and a page. */
export const adminLicenceQuerySchema = z.object({
  status: optionalFilter(LICENCE_STATUSES, 'Choose one of the licence statuses'),
  kind: optionalFilter(LICENCE_KINDS, 'Kind must be shared or exclusive'),
  areaKind: optionalFilter(AREA_KINDS, 'Area kind must be zip, county or state'),
  state: z.preprocess(
    (value) => (value === '' ? undefined : typeof value === 'string' ? value.toUpperCase() : value),
    z.enum(STATE_CODES, { error: 'Choose one of the 50 US states' }).optional(),
  ),
  q: singleLine().max(100, 'Search at most 100 characters').optional(),
  page: pageParameter(MAX_LICENCES_PAGE),
});
export type AdminLicenceQuery = z.output<typeof adminLicenceQuerySchema>;

/** PUT /api/admin/guides/{id}/certification: a date (YYYY-MM-DD), or null to clear it. */
export const certificationSchema = z.object({
  certifiedOn: z.iso.date({ error: 'Certification date must be a date (YYYY-MM-DD)' }).nullable(),
});
