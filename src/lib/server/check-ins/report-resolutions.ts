import type { TransactionSql } from '#server/platform/db/db.ts';

/**
 * The host said the club still meets: its open "Not meeting any more" reports are answered, so they are completed,
 * in the caller's transaction, with the reason the admin's queue shows. Call it after locking the club's row (by
 * updating it), as reports do, so the two lock the club and then the queue's counts in one order. It lives here, not
 * in questions (whose table it writes), because questions' reports start check-ins: the two domains must not need each
 * other.
 */
export async function closeNotMeetingReports(tx: TransactionSql, clubId: number): Promise<void> {
  await tx`
    update club_questions set status = 'completed', resolution = 'host-confirmed', updated_at = now()
    where kind = 'report' and club_id = ${clubId} and report_reason = 'not-meeting' and status <> 'completed'`;
}
