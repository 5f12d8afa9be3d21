import { z } from './zod.ts';
import { MAX_UNVERIFY_REASON_LENGTH, QUESTION_STATUSES } from '#lib/clubs/types.ts';
import { MAX_QUESTIONS_PAGE, type QuestionListQuery } from '#lib/questions/list.ts';
import { clubProfileFields, email, meetingRules } from './clubs.ts';
import { pageParameter } from './paging.ts';
import { multiLine, singleLine } from './text.ts';

const STATUS_MESSAGE = 'Status must be pending, contacted or completed';

/** The admin's club edit: the profile fields, the contact email and the verification flag. */
export const adminClubSchema = z
  .object({
    ...clubProfileFields,
    email,
    isVerified: z.boolean({ error: 'Verification must be true or false' }),
  })
  .check(meetingRules);

/** Why the admin unverifies a club, which the host's email quotes; optional. */
const unverifyReason = multiLine({ error: 'Reason must be text' })
  .max(MAX_UNVERIFY_REASON_LENGTH, `Reason must be at most ${MAX_UNVERIFY_REASON_LENGTH} characters`)
  .nullish()
  .transform((value) => value || null);

/** PUT /api/admin/clubs/{id} with only `{ isVerified }` (and, unverifying, an optional `reason`): the table's verify toggle. */
export const verificationSchema = z.strictObject({
  isVerified: z.boolean({ error: 'Verification must be true or false' }),
  reason: unverifyReason,
});

/** POST /api/clubs/{id}/unverify's optional body. */
export const unverifySchema = z.strictObject({ reason: unverifyReason });

/** Whether a PUT /api/admin/clubs/{id} body is the verify toggle (isVerified, and maybe a reason) rather than the full edit. */
export function isVerificationToggle(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const keys = Object.keys(body).sort().join();
  return keys === 'isVerified' || keys === 'isVerified,reason';
}

/** PATCH /api/admin/club-questions/{id}/status. */
export const questionStatusSchema = z.object({
  status: z.enum(QUESTION_STATUSES, { error: STATUS_MESSAGE }),
});

/** GET /api/admin/club-questions?status=&page=: one status (none: every status) and a page, 1 unless given. */
export const questionListQuerySchema = z.object({
  status: z.enum(QUESTION_STATUSES, { error: STATUS_MESSAGE }).optional(),
  page: pageParameter(MAX_QUESTIONS_PAGE),
}) satisfies z.ZodType<QuestionListQuery, unknown>;

/** POST /api/admin/codes: issue HOST SET codes. */
export const issueCodesSchema = z.object({
  count: z
    .number({ error: 'Count must be a number from 1 to 500' })
    .int('Count must be a whole number')
    .min(1, 'Count must be a number from 1 to 500')
    .max(500, 'Count must be a number from 1 to 500'),
  note: singleLine()
    .max(200, 'Note must be at most 200 characters')
    .nullish()
    .transform((value) => value || null),
});
