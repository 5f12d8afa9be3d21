// Joins: clubs, auth. The admin's clubs table shows each club with whether its host has confirmed their email: one
// query with an exists() per row is the fast way, where asking auth for each club's host would be a query per club.
// It only reads.
import type { AdminClub } from '#lib/clubs/types.ts';
import { db } from '#server/platform/db/db.ts';
import { clubColumns, toClub, type ClubRow } from './clubs.ts';

/** Every club, newest first, for the admin, with whether its host has confirmed their email (the club's email). */
export async function listAllClubs(): Promise<AdminClub[]> {
  const rows = await db()<(ClubRow & Pick<AdminClub, 'hostEmailConfirmed'>)[]>`
    select ${clubColumns(db())},
      exists (select 1 from users u where u.id = clubs.owner_id and u.email_confirmed_at is not null) as "hostEmailConfirmed"
    from clubs order by created_at desc, id desc`;
  return rows.map(({ hostEmailConfirmed, ...row }) => ({ ...toClub(row), hostEmailConfirmed }));
}
