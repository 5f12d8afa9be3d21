import { z } from '#lib/schemas/zod.ts';
import terms from '#content/licence-terms.json' with { type: 'json' };
import { AREA_KINDS } from '#lib/licensing-types.ts';

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
});

export type LicenceTerms = z.output<typeof termsSchema>;

/** The licensing rules of site content. */
export const licenceTerms: LicenceTerms = termsSchema.parse(terms);
