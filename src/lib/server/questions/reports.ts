import { createHash } from 'node:crypto';
import { REPORT_REASON_LABELS } from '#lib/clubs/types.ts';
import type { Report } from '#lib/schemas/reports.ts';
import { hasCheckInSince, startCheckIn } from '#server/check-ins/index.ts';
import { lockListedClubForReport, markClubNeedsCheckIn } from '#server/clubs/index.ts';
import { clientNetworkOf } from '#server/platform/client-network.ts';
import { db, type TransactionSql } from '#server/platform/db/db.ts';
import { notifyAdmins } from '#server/notifications/index.ts';
import { reportNotice } from './contact-emails.ts';

/** How many open "Not meeting any more" reports, from as many different networks, send the host a check-in. */
export const REPORTS_FOR_CHECK_IN = 3;
/** Reports send a club's host at most one check-in in this many days, however many of them arrive. */
export const REPORT_CHECK_IN_INTERVAL_DAYS = 30;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Stores a visitor's report about a listed club as a pending entry of the admin's queue and tells the admins, in one
 * transaction. Senders are told apart by their network (`clientAddress`'s /24 or /64), which a visitor cannot make up
 * as they can an email. When the club has REPORTS_FOR_CHECK_IN open "Not meeting any more" reports from different
 * networks, all made since its last confirmation, it is marked as needing a check-in and its host gets one: once, and
 * not again within REPORT_CHECK_IN_INTERVAL_DAYS of a check-in that reports caused. The club's row stays locked until
 * the commit, so of two such reports at once only the first marks and sends. Returns the entry's id, or null when the
 * club is not listed.
 */
export async function createReport(clubId: number, report: Report, clientAddress: string, origin: string): Promise<number | null> {
  return db().begin(async (tx) => {
    const listed = await lockListedClubForReport(tx, clubId);
    if (!listed) return null;
    const { confirmedAt, ...club } = listed;

    const reasonLabel = REPORT_REASON_LABELS[report.reason];
    const senderKey = sha256(clientNetworkOf(clientAddress));
    const [entry] = await tx<{ id: number }[]>`
      insert into club_questions (kind, club_id, report_reason, question, email, name, sender_key)
      values ('report', ${club.id}, ${report.reason}, ${report.details ?? reasonLabel}, ${report.email}, null, ${senderKey})
      returning id`;

    await notifyAdmins(tx, reportNotice(club, report, origin), origin);

    if (report.reason === 'not-meeting' && !club.needsCheckIn) {
      const now = new Date();
      const [counted] = await tx<{ senders: number }[]>`
        select count(distinct q.sender_key)::int as senders from club_questions q
        where q.kind = 'report' and q.club_id = ${club.id} and q.report_reason = 'not-meeting' and q.status <> 'completed'
          and q.created_at > ${confirmedAt}::timestamptz`;
      if (
        counted!.senders >= REPORTS_FOR_CHECK_IN &&
        !(await hasCheckInSince(tx, club.id, 'reports', now, REPORT_CHECK_IN_INTERVAL_DAYS))
      ) {
        await markClubNeedsCheckIn(tx, club.id, now);
        await startCheckIn(tx, club, 'reports', now, origin);
      }
    }
    return entry!.id;
  });
}

/**
 * The host said the club still meets: its open "Not meeting any more" reports are answered, so they are completed,
 * in the caller's transaction, with the reason the admin's queue shows. Call it after locking the club's row (by
 * updating it), as reports do, so the two lock the club and then the queue's counts in one order. The check-ins
 * domain is handed it (OnClubConfirmed), as questions' reports start check-ins: the two domains must not need each other.
 */
export async function closeNotMeetingReports(tx: TransactionSql, clubId: number): Promise<void> {
  await tx`
    update club_questions set status = 'completed', resolution = 'host-confirmed', updated_at = now()
    where kind = 'report' and club_id = ${clubId} and report_reason = 'not-meeting' and status <> 'completed'`;
}
