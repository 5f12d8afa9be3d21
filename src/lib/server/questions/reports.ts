import { createHash } from 'node:crypto';
import { REPORT_REASON_LABELS, type Club } from '#lib/clubs/types.ts';
import type { Report } from '#lib/schemas/reports.ts';
import { startCheckIn } from '#server/check-ins/index.ts';
import { isListed } from '#server/clubs/index.ts';
import { clientNetworkOf } from '#server/platform/client-network.ts';
import { db } from '#server/platform/db/db.ts';
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
    const [club] = await tx<(Pick<Club, 'id' | 'clubName' | 'hostName' | 'email'> & { needsCheckIn: boolean })[]>`
      select id, club_name, host_name, email, needs_check_in_since is not null as "needsCheckIn"
      from clubs
      where id = ${clubId} and ${isListed(tx)}
      for update`;
    if (!club) return null;

    const reasonLabel = REPORT_REASON_LABELS[report.reason];
    const senderKey = sha256(clientNetworkOf(clientAddress));
    const [entry] = await tx<{ id: number }[]>`
      insert into club_questions (kind, club_id, report_reason, question, email, name, sender_key)
      values ('report', ${club.id}, ${report.reason}, ${report.details ?? reasonLabel}, ${report.email}, null, ${senderKey})
      returning id`;

    await notifyAdmins(tx, reportNotice(club, report, origin), origin);

    if (report.reason === 'not-meeting' && !club.needsCheckIn) {
      const now = new Date();
      const [counted] = await tx<{ senders: number; recentCheckIn: boolean }[]>`
        select
          (select count(distinct q.sender_key)::int from club_questions q join clubs c on c.id = q.club_id
            where q.kind = 'report' and q.club_id = ${club.id} and q.report_reason = 'not-meeting' and q.status <> 'completed'
              and q.created_at > c.confirmed_at) as senders,
          exists (select from club_check_ins
            where club_id = ${club.id} and cause = 'reports'
              and sent_at > ${now}::timestamptz - make_interval(days => ${REPORT_CHECK_IN_INTERVAL_DAYS})) as "recentCheckIn"`;
      if (counted!.senders >= REPORTS_FOR_CHECK_IN && !counted!.recentCheckIn) {
        await tx`update clubs set needs_check_in_since = ${now} where id = ${club.id}`;
        await startCheckIn(tx, club, 'reports', now, origin);
      }
    }
    return entry!.id;
  });
}
