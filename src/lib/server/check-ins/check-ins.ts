import type { Club } from '#lib/club-types.ts';
import type { Sql, TransactionSql } from '#server/db/db.ts';
import { checkInEmail } from '#server/email/check-in-emails.ts';
import { enqueueEmail } from '#server/jobs/outbox.ts';
import { hashLinkToken, newLinkToken } from '#server/tokens.ts';

/** How long a check-in's links work. */
export const CHECK_IN_LINK_DAYS = 30;

export type CheckInCause = 'scheduled' | 'reports';

/**
 * Sends the host of `club` an "Is your club still meeting?" email in the caller's transaction: a new check-in row
 * (the token's hash, expiring CHECK_IN_LINK_DAYS after `now`) and its email with the two answers' links.
 */
export async function startCheckIn(
  tx: Sql | TransactionSql,
  club: Pick<Club, 'id' | 'email' | 'hostName' | 'clubName'>,
  cause: CheckInCause,
  now: Date,
  origin: string,
): Promise<void> {
  const token = newLinkToken();
  await tx`
    insert into club_check_ins (club_id, token_hash, cause, sent_at, expires_at)
    values (${club.id}, ${hashLinkToken(token)}, ${cause}, ${now}, ${now}::timestamptz + make_interval(days => ${CHECK_IN_LINK_DAYS}))`;
  const link = (answer: 'still-meeting' | 'stopped') => `${origin}/club-check-in?token=${token}&answer=${answer}`;
  await enqueueEmail(
    tx,
    checkInEmail({ club, cause, stillMeetingUrl: link('still-meeting'), stoppedUrl: link('stopped'), validDays: CHECK_IN_LINK_DAYS }),
  );
}
