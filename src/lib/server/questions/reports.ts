import { createHash } from 'node:crypto';
import { REPORT_REASON_LABELS, type Club } from '#lib/club-types.ts';
import type { Report } from '#lib/schemas/reports.ts';
import { startCheckIn } from '#server/check-ins/index.ts';
import { isListed } from '#server/clubs/index.ts';
import { db } from '#server/platform/db/db.ts';
import { notifyAdmins } from '#server/notifications/index.ts';
import { reportNotice } from './contact-emails.ts';

/** How many open "Not meeting any more" reports, from as many different senders, send the host a check-in. */
export const REPORTS_FOR_CHECK_IN = 3;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Stores a visitor's report about a listed club as a pending entry of the admin's queue and tells the admins, in one
 * transaction. When it makes REPORTS_FOR_CHECK_IN open "Not meeting any more" reports from different senders (told
 * apart by their email, else their address), the club is marked as needing a check-in and its host gets one, once: the
 * club's row stays locked until the commit, so of two such reports at once only the first marks and sends.
 * `clientAddress` names a sender without an email. Returns the entry's id, or null when the club is not listed.
 */
export async function createReport(clubId: number, report: Report, clientAddress: string, origin: string): Promise<number | null> {
  return db().begin(async (tx) => {
    const [club] = await tx<(Pick<Club, 'id' | 'clubName' | 'hostName' | 'email'> & { needsCheckIn: boolean })[]>`
      select id, club_name as "clubName", host_name as "hostName", email, needs_check_in_since is not null as "needsCheckIn"
      from clubs
      where id = ${clubId} and ${isListed(tx)}
      for update`;
    if (!club) return null;

    const reasonLabel = REPORT_REASON_LABELS[report.reason];
    const senderKey = sha256(report.email?.toLowerCase() ?? clientAddress);
    const [entry] = await tx<{ id: number }[]>`
      insert into club_questions (kind, club_id, report_reason, question, email, name, sender_key)
      values ('report', ${club.id}, ${report.reason}, ${report.details ?? reasonLabel}, ${report.email}, null, ${senderKey})
      returning id`;

    await notifyAdmins(tx, reportNotice(club, report, origin), origin);

    if (report.reason === 'not-meeting' && !club.needsCheckIn) {
      const [reports] = await tx<{ senders: number }[]>`
        select count(distinct sender_key)::int as senders
        from club_questions
        where kind = 'report' and club_id = ${club.id} and report_reason = 'not-meeting' and status <> 'completed'`;
      if (reports!.senders >= REPORTS_FOR_CHECK_IN) {
        const now = new Date();
        await tx`update clubs set needs_check_in_since = ${now} where id = ${club.id}`;
        await startCheckIn(tx, club, 'reports', now, origin);
      }
    }
    return entry!.id;
  });
}
