import { REPORT_REASONS, type ReportReason } from '#lib/club-types.ts';
import { z } from './zod.ts';

/** The labels the "Report a problem" form shows for each reason, and the admin's queue with it. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  'not-meeting': 'Not meeting any more',
  'wrong-time-or-place': 'Wrong time or place',
  'host-not-answering': 'The host does not answer',
  'something-else': 'Something else',
};

const DETAILS_REQUIRED = 'Please tell us what is wrong';

/**
 * POST /api/clubs/{id}/report, and the club's "Report a problem" form. Details are optional but for "Something else",
 * which says nothing without them; the email is only for a reply.
 */
export const reportSchema = z
  .object({
    reason: z.enum(REPORT_REASONS, { error: 'Please select a reason' }),
    details: z
      .string({ error: 'Details must be text' })
      .trim()
      .max(2000, 'Details must be at most 2000 characters')
      .optional()
      .transform((value) => value || null),
    email: z
      .string({ error: 'Please enter a valid email address' })
      .trim()
      .max(254, 'Please enter a valid email address')
      .pipe(z.union([z.literal(''), z.email('Please enter a valid email address')]))
      .optional()
      .transform((value) => value || null),
  })
  .refine((report) => report.reason !== 'something-else' || report.details !== null, {
    path: ['details'],
    message: DETAILS_REQUIRED,
  });
export type Report = z.output<typeof reportSchema>;
