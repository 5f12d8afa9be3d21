import { z } from '#lib/schemas/zod.ts';
import terms from '#content/licence-terms.json' with { type: 'json' };
import { AREA_KINDS } from '#lib/licensing/types.ts';

// The rules of guide licensing a site editor may change (src/content/licence-terms.json), checked once on import so
// that a broken edit fails the build, the server's start and `npm run jobs:run` alike.

const days = z.number().int().min(1).max(366);

const termsSchema = z.object({
  multipliers: z.record(z.enum(AREA_KINDS), z.number().int().min(1)),
  populationSource: z.string().min(1),
  paymentDays: days,
  termMonths: z.number().int().min(1).max(60),
  renewalNoticeDays: days,
  exclusiveGraceDays: days,
  store: z.object({ label: z.string().min(1), href: z.url({ protocol: /^https$/ }) }),
  reservationLimits: z.object({
    /** Reservations awaiting payment that one account may hold at once. */
    unpaidPerAccount: z.number().int().min(1),
    /** Reservations that one client address may make in a day. */
    perClientPerDay: z.number().int().min(1),
    /** Reservations and cancellations together that one account may make in an hour. */
    reservesAndCancelsPerAccountPerHour: z.number().int().min(1),
    /** How long an account may not reserve again an area whose reservation it let lapse unpaid. */
    lapsedAreaBlockDays: days,
    /** Reservations of one account in an hour that the admins are told of one by one; beyond, one notice says so. */
    adminNoticesPerAccountPerHour: z.number().int().min(1),
  }),
});

export type LicenceTerms = z.output<typeof termsSchema>;

/** The licensing rules of site content. */
export const licenceTerms: LicenceTerms = termsSchema.parse(terms);
