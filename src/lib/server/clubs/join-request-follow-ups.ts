import type { Sql, TransactionSql } from '#server/platform/db/db.ts';

// The follow-up job's stamps on join_requests (issue 28, follow-ups/follow-up-job.ts): each is one UPDATE over every
// request past its time, which the job gives as a moment, and each stamps once, so a missed run catches up.

/** An open request stamped reminded, with what its host's reminder says. */
export interface RemindedJoinRequest {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  message: string | null;
  startAt: Date | null;
  createdAt: Date;
  clubId: number;
  clubName: string;
  hostName: string;
  hostEmail: string;
  timeZone: string | null;
  /** The host's account, whose reminder setting auth keeps. */
  userId: string;
}

/** Stamps reminded, as of `now`, every open request not yet reminded and sent at or before `sentBy`. */
export function stampJoinRequestReminders(tx: TransactionSql, sentBy: Date, now: Date): Promise<RemindedJoinRequest[]> {
  return tx<RemindedJoinRequest[]>`
    update join_requests j set reminded_at = ${now}
    from clubs c
    where c.id = j.club_id and j.closed_at is null and j.reminded_at is null and j.created_at <= ${sentBy}
    returning j.id, j.name, j.email, j.phone, j.message, j.start_at, j.created_at,
      c.id as "clubId", c.club_name, c.host_name, c.email as "hostEmail", c.time_zone, c.owner_id as "userId"`;
}

/** Stamps escalated, as of `now`, every open request reminded at or before `remindedBy`: its visitor and club. */
export function stampJoinRequestEscalations(
  tx: TransactionSql,
  remindedBy: Date,
  now: Date,
): Promise<{ email: string; clubId: number; clubName: string }[]> {
  return tx<{ email: string; clubId: number; clubName: string }[]>`
    update join_requests j set escalated_at = ${now}
    from clubs c
    where c.id = j.club_id and j.closed_at is null and j.escalated_at is null and j.reminded_at <= ${remindedBy}
    returning j.email, c.id as "clubId", c.club_name`;
}

/** Deletes the personal details of the requests closed at or before `closedBy`; their rows and times stay. A count. */
export async function scrubClosedJoinRequests(sql: Sql, closedBy: Date, now: Date): Promise<number> {
  const scrubbed = await sql`
    update join_requests set name = null, email = null, phone = null, message = null,
      token_hash = null, token_expires_at = null, scrubbed_at = ${now}
    where scrubbed_at is null and closed_at <= ${closedBy}`;
  return scrubbed.count;
}
