// Joins: alerts, clubs. The alert job compares the listed clubs that take members with the clubs the alerts know
// (alert_known_clubs), and emails each alert its matches that still take members: one query with (not) exists over
// both is the fast way, where asking the clubs domain for every listed club each hour would read them all into the
// server. The clubs domain keeps what listed means (isListed); this reads clubs and writes only the alerts' tables.
import { isListed, publicClubColumns, type PublicClubRow } from '#server/clubs/index.ts';
import type { TransactionSql } from '#server/platform/db/db.ts';

/** A club new to the alerts, with its position on the unit sphere. */
export interface NewClub {
  id: number;
  position: string | null;
  online: boolean;
}

/**
 * Records the clubs that now take members and the alerts did not know, and forgets those that no longer do: the
 * clubs new to the alerts.
 */
export async function takeNewClubs(tx: TransactionSql, now: Date): Promise<NewClub[]> {
  await tx`
    delete from alert_known_clubs k
    where not exists (select 1 from clubs c where c.id = k.club_id and ${isListed(tx)} and c.accepting_members)`;
  return tx<NewClub[]>`
    with fresh as (
      insert into alert_known_clubs (club_id, known_since)
      select c.id, ${now} from clubs c
      where ${isListed(tx)} and c.accepting_members and not exists (select 1 from alert_known_clubs k where k.club_id = c.id)
      on conflict do nothing
      returning club_id)
    select c.id, c.unit_position::text as position, c.meeting_format = 'online' as online
    from clubs c join fresh f on f.club_id = c.id
    order by c.id`;
}

/** The alert's matches not yet emailed whose clubs are listed and take members, nearest first. */
export async function listMatchedClubRows(tx: TransactionSql, alertId: string): Promise<(PublicClubRow & { matchDistance: number })[]> {
  return tx<(PublicClubRow & { matchDistance: number })[]>`
    select ${publicClubColumns(tx)}, m.distance_miles as "matchDistance"
    from alert_matches m join clubs on clubs.id = m.club_id
    where m.alert_id = ${alertId} and m.emailed_at is null and ${isListed(tx)} and clubs.accepting_members
    order by m.distance_miles, clubs.id`;
}
