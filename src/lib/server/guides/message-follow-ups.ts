import type { GuideMessageReason } from '#lib/guides/types.ts';
import type { Sql, TransactionSql } from '#server/platform/db/db.ts';

// The follow-up job's stamps on guide_messages (issue 28, follow-ups/follow-up-job.ts): each is one UPDATE over every
// message past its time, which the job gives as a moment, and each stamps once, so a missed run catches up.

/** An open message stamped reminded, with what its guide's reminder says. */
export interface RemindedGuideMessage {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  reason: GuideMessageReason;
  message: string | null;
  createdAt: Date;
  guideName: string;
  /** The guide's account, whose email and reminder setting auth keeps. */
  userId: string;
}

/** Stamps reminded, as of `now`, every open message not yet reminded and sent at or before `sentBy`. */
export function stampGuideMessageReminders(tx: TransactionSql, sentBy: Date, now: Date): Promise<RemindedGuideMessage[]> {
  return tx<RemindedGuideMessage[]>`
    update guide_messages m set reminded_at = ${now}
    from guides g
    where g.user_id = m.guide_id and m.closed_at is null and m.reminded_at is null and m.created_at <= ${sentBy}
    returning m.id, m.name, m.email, m.phone, m.reason, m.message, m.created_at, g.name as "guideName", g.user_id`;
}

/** Stamps escalated, as of `now`, every open message reminded at or before `remindedBy`: its visitor and guide. */
export function stampGuideMessageEscalations(
  tx: TransactionSql,
  remindedBy: Date,
  now: Date,
): Promise<{ email: string; guideId: number; guideName: string }[]> {
  return tx<{ email: string; guideId: number; guideName: string }[]>`
    update guide_messages m set escalated_at = ${now}
    from guides g
    where g.user_id = m.guide_id and m.closed_at is null and m.escalated_at is null and m.reminded_at <= ${remindedBy}
    returning m.email, g.public_id as "guideId", g.name as "guideName"`;
}

/** Deletes the personal details of the messages closed at or before `closedBy`; their rows and times stay. A count. */
export async function scrubClosedGuideMessages(sql: Sql, closedBy: Date, now: Date): Promise<number> {
  const scrubbed = await sql`
    update guide_messages set name = null, email = null, phone = null, reason = null, message = null,
      token_hash = null, token_expires_at = null, scrubbed_at = ${now}
    where scrubbed_at is null and closed_at <= ${closedBy}`;
  return scrubbed.count;
}
