import type { z } from 'zod';
import type { adminClubSchema } from '#lib/schemas/admin.ts';
import type { Club } from '#lib/club-types.ts';
import { recordAudit } from '#server/audit.ts';
import { changeClubAsAdmin, clubColumns, clubSnapshot, clubValues, findClub, toClub, type ClubRow } from './clubs.ts';
import { ConflictError, isUniqueViolation } from '#server/conflict.ts';
import { db } from '#server/db/db.ts';
import { identifierKey } from '#server/auth/identifiers.ts';
import type { User } from '#server/auth/users.ts';
import { withTimeZone } from './time-zone.ts';

type AdminClubEdit = z.output<typeof adminClubSchema>;

/** Every club, newest first, for the admin. */
export async function listAllClubs(): Promise<Club[]> {
  const rows = await db()<ClubRow[]>`select ${clubColumns(db())} from clubs order by created_at desc, id desc`;
  return rows.map(toClub);
}

/**
 * The admin's full edit. The contact email is the host's sign-in email too, so both change together. Returns null
 * when there is no such club; throws ConflictError (field email) when another account has that email.
 */
export async function adminUpdateClub(id: number, change: AdminClubEdit, actor: User): Promise<Club | null> {
  const edit = await withTimeZone(change);
  try {
    return await changeClubAsAdmin(id, actor, 'club.edit', async (tx, before) => {
      await tx`update users set email = ${identifierKey(edit.email)} where id = ${before.ownerId}`;
      await tx`update clubs set ${clubValues(tx, edit)}, updated_at = now() where id = ${id}`;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw new ConflictError('Another account already uses this email.', 'email');
    throw error;
  }
}

/** Verifies or unverifies a club. */
export function setClubVerification(id: number, isVerified: boolean, actor: User): Promise<Club | null> {
  return changeClubAsAdmin(
    id,
    actor,
    isVerified ? 'club.verify' : 'club.unverify',
    (tx) => tx`update clubs set is_verified = ${isVerified}, updated_at = now() where id = ${id}`,
  );
}

/** Sets a lifetime membership, or a yearly one renewing a year from today. */
export function setClubMembership(id: number, membership: 'lifetime' | 'yearly', actor: User): Promise<Club | null> {
  return changeClubAsAdmin(id, actor, membership === 'lifetime' ? 'club.set-lifetime' : 'club.set-yearly', (tx) =>
    membership === 'lifetime'
      ? tx`update clubs set membership_type = 'lifetime', renewal_date = null, updated_at = now() where id = ${id}`
      : tx`update clubs set membership_type = 'yearly', renewal_date = (current_date + interval '1 year')::date, updated_at = now() where id = ${id}`,
  );
}

/**
 * Deletes a club together with its host's account and sessions. Its HOST SET code stays redeemed, so it cannot
 * register another club. Returns the deleted club, or null when there is no such club.
 */
export async function deleteClub(id: number, actor: User): Promise<Club | null> {
  return db().begin(async (tx) => {
    const club = await findClub(tx, id, { lock: true });
    if (!club) return null;
    // The club and the sessions go with the account (on delete cascade).
    await tx`delete from users where id = ${club.ownerId}`;
    await recordAudit(tx, { actor, action: 'club.delete', clubId: id, subject: club.clubName, before: clubSnapshot(club), after: null });
    return club;
  });
}

/** The Club Management card's actions (POST /api/clubs/{id}/{action}), by the name in the URL. */
export const CLUB_ACTIONS: Readonly<Record<string, (id: number, admin: User) => Promise<Club | null>>> = {
  verify: (id, admin) => setClubVerification(id, true, admin),
  unverify: (id, admin) => setClubVerification(id, false, admin),
  'set-lifetime': (id, admin) => setClubMembership(id, 'lifetime', admin),
  'set-yearly': (id, admin) => setClubMembership(id, 'yearly', admin),
};
