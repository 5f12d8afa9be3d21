import { REPORT_REASONS } from '#lib/clubs/types.ts';
import { z } from './zod.ts';
import { multiLine } from './text.ts';

/**
 * POST /api/clubs/{id}/report, and the club's "Report a problem" form. Details are optional but for "Something else",
 * which says nothing without them; the email is only for a reply. An empty field and null both mean none (null): the
 * form sends the schema's output, which the endpoint parses again.
 */
export const reportSchema = z
  .object({
    reason: z.enum(REPORT_REASONS, { error: 'Please select a reason' }),
    details: multiLine({ error: 'Details must be text' })
      .max(2000, 'Details must be at most 2000 characters')
      .nullish()
      .transform((value) => value || null),
    email: z
      .string({ error: 'Please enter a valid email address' })
      .trim()
      .max(254, 'Please enter a valid email address')
      .pipe(z.union([z.literal(''), z.email('Please enter a valid email address')]))
      .nullish()
      .transform((value) => value || null),
  })
  .refine((report) => report.reason !== 'something-else' || report.details !== null, {
    path: ['details'],
    message: 'Please tell us what is wrong',
  });
export type Report = z.output<typeof reportSchema>;
