import type { TransactionSql } from '#server/platform/db/db.ts';
import { clubColumns, isListed, type ClubRow } from './clubs.ts';

// A listed club's confirmation and its way off the directory (docs/decisions/019), written here for the check-ins
// domain, which decides when (decision 040). `unconfirmedFor` is an interval's text, such as '2880 hours'.

/** Marks the listed clubs unconfirmed for `unconfirmedFor` as of `now` as needing a check-in, once; returns them. */
export async function flagClubsNeedingCheckIn(
  tx: TransactionSql,
  unconfirmedFor: string,
  now: Date,
): Promise<{ id: number; clubName: string; confirmedAt: Date }[]> {
  return tx<{ id: number; clubName: string; confirmedAt: Date }[]>`
    update clubs set needs_check_in_since = ${now}
    where ${isListed(tx)} and needs_check_in_since is null
      and confirmed_at + ${unconfirmedFor}::interval <= ${now}
    returning id, club_name, confirmed_at`;
}

/** Takes the listed clubs unconfirmed for `unconfirmedFor` as of `now` off the directory (kept); returns them. */
export async function markUnconfirmedClubsInactive(tx: TransactionSql, unconfirmedFor: string, now: Date): Promise<ClubRow[]> {
  return tx<ClubRow[]>`
    update clubs set inactive_since = ${now}
    where ${isListed(tx)} and confirmed_at + ${unconfirmedFor}::interval <= ${now}
    returning ${clubColumns(tx)}`;
}

/** The host says the club still meets: confirmed as of `now`, and listed again at once if it was inactive. */
export async function confirmClubMeeting(tx: TransactionSql, clubId: number, now: Date): Promise<void> {
  await tx`update clubs set confirmed_at = ${now}, needs_check_in_since = null, inactive_since = null, updated_at = now() where id = ${clubId}`;
}

/** The club has stopped meeting: off the directory (kept) from `now`, unless it already was. */
export async function markClubStopped(tx: TransactionSql, clubId: number, now: Date): Promise<void> {
  await tx`update clubs set inactive_since = coalesce(inactive_since, ${now}), needs_check_in_since = null, updated_at = now() where id = ${clubId}`;
}

/** A listed club as a report on it reads it, locked for the caller's transaction; null when it is not listed. */
export async function lockListedClubForReport(
  tx: TransactionSql,
  clubId: number,
): Promise<{ id: number; clubName: string; hostName: string; email: string; needsCheckIn: boolean; confirmedAt: string } | null> {
  // confirmed_at as text keeps its microseconds, for the comparison with the reports' times.
  const [club] = await tx<{ id: number; clubName: string; hostName: string; email: string; needsCheckIn: boolean; confirmedAt: string }[]>`
    select id, club_name, host_name, email, needs_check_in_since is not null as "needsCheckIn", confirmed_at::text
    from clubs
    where id = ${clubId} and ${isListed(tx)}
    for update`;
  return club ?? null;
}

/** Marks the club as needing a check-in from `now` (reports asked for one). */
export async function markClubNeedsCheckIn(tx: TransactionSql, clubId: number, now: Date): Promise<void> {
  await tx`update clubs set needs_check_in_since = ${now} where id = ${clubId}`;
}
