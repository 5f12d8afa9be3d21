import type { z } from 'zod';
import type { adminClubSchema } from '../schemas/admin.ts';
import { recordAudit } from './audit.ts';
import { toClub, type Club } from './clubs.ts';
import { db, type TransactionSql } from './db.ts';
import type { User } from './users.ts';

type AdminClubEdit = z.output<typeof adminClubSchema>;

export class EmailTaken extends Error {}

/** Every club, newest first, for the admin. */
export async function listAllClubs(): Promise<Club[]> {
  const rows = await db()`select * from clubs order by created_at desc, id desc`;
  return rows.map((row) => toClub(row as never));
}

/** The fields an audit row keeps of a club. */
const snapshot = (club: Club) => {
  const { ownerId: _, ...fields } = club;
  return fields;
};

/**
 * Applies an admin change to a club in one transaction, locking the row, and writes the audit row with the club
 * before and after. Returns the updated club, or null when there is no such club.
 */
async function changeClub(
  id: number,
  actor: User,
  action: string,
  apply: (tx: TransactionSql, before: Club) => Promise<unknown>,
): Promise<Club | null> {
  return db().begin(async (tx) => {
    const [beforeRow] = await tx`select * from clubs where id = ${id} for update`;
    if (!beforeRow) return null;
    const before = toClub(beforeRow as never);
    await apply(tx, before);
    const [afterRow] = await tx`select * from clubs where id = ${id}`;
    const after = toClub(afterRow as never);
    await recordAudit(tx, { actor, action, clubId: id, subject: after.clubName, before: snapshot(before), after: snapshot(after) });
    return after;
  });
}

/** The admin's full edit. The contact email is the host's sign-in email too, so both change together. */
export async function adminUpdateClub(id: number, edit: AdminClubEdit, actor: User): Promise<Club | null> {
  try {
    return await changeClub(id, actor, 'club.edit', async (tx, before) => {
      await tx`update users set email = ${edit.email} where id = ${before.ownerId}`;
      await tx`
        update clubs set host_name = ${edit.hostName}, club_name = ${edit.clubName}, city = ${edit.city}, state = ${edit.state},
          zip_code = ${edit.zipCode}, description = ${edit.description}, website = ${edit.website},
          meeting_schedule = ${edit.meetingSchedule}, email = ${edit.email}, is_verified = ${edit.isVerified}, updated_at = now()
        where id = ${id}`;
    });
  } catch (error) {
    if (typeof error === 'object' && error !== null && 'constraint_name' in error && error.constraint_name === 'users_email_key') {
      throw new EmailTaken('Another account already uses this email.');
    }
    throw error;
  }
}

/** Verifies or unverifies a club. */
export function setClubVerification(id: number, isVerified: boolean, actor: User): Promise<Club | null> {
  return changeClub(id, actor, isVerified ? 'club.verify' : 'club.unverify', (tx) =>
    tx`update clubs set is_verified = ${isVerified}, updated_at = now() where id = ${id}`,
  );
}

/** Sets a lifetime membership, or a yearly one renewing a year from today. */
export function setClubMembership(id: number, membership: 'lifetime' | 'yearly', actor: User): Promise<Club | null> {
  return changeClub(id, actor, membership === 'lifetime' ? 'club.set-lifetime' : 'club.set-yearly', (tx) =>
    membership === 'lifetime'
      ? tx`update clubs set membership_type = 'lifetime', renewal_date = null, updated_at = now() where id = ${id}`
      : tx`update clubs set membership_type = 'yearly', renewal_date = (current_date + interval '1 year')::date, updated_at = now() where id = ${id}`,
  );
}

/**
 * Deletes a club together with its host's account and sessions. Its HOST SET code stays redeemed, so it cannot
 * register another club. Returns false when there is no such club.
 */
export async function deleteClub(id: number, actor: User): Promise<boolean> {
  return db().begin(async (tx) => {
    const [row] = await tx`select * from clubs where id = ${id} for update`;
    if (!row) return false;
    const club = toClub(row as never);
    // The club and the sessions go with the account (on delete cascade).
    await tx`delete from users where id = ${club.ownerId}`;
    await recordAudit(tx, { actor, action: 'club.delete', clubId: id, subject: club.clubName, before: snapshot(club), after: null });
    return true;
  });
}
