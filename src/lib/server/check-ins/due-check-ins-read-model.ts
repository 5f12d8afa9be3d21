// Joins: check-ins, clubs. The clubs whose host is due a check-in are the listed clubs unconfirmed for 90 days with
// no check-in sent since their last confirmation: one query with a not exists() is the fast way, where asking for each
// club's check-ins would be a query per listed club. It only reads (and locks the clubs it returns for the caller's
// transaction, so two runs never ask twice).
import { clubColumns, isListed, type ClubRow } from '#server/clubs/index.ts';
import type { TransactionSql } from '#server/platform/db/db.ts';

/** The listed clubs unconfirmed for `unconfirmedFor` (an interval's text) as of `now` with no check-in since, locked. */
export async function lockClubsDueForCheckIn(tx: TransactionSql, unconfirmedFor: string, now: Date): Promise<ClubRow[]> {
  return tx<ClubRow[]>`
    select ${clubColumns(tx)} from clubs
    where ${isListed(tx)} and confirmed_at + ${unconfirmedFor}::interval <= ${now}
      and not exists (select 1 from club_check_ins i where i.club_id = clubs.id and i.sent_at >= clubs.confirmed_at)
    for update`;
}
