import type { z } from 'zod';
import type { adminClubSchema } from '#lib/schemas/admin.ts';
import type { Club } from '#lib/clubs/types.ts';
import { recordAudit } from '#server/platform/audit.ts';
import { changeClubAsAdmin, clubSnapshot, clubValues, findClub } from './clubs.ts';
import { ConflictError, isUniqueViolation } from '#server/platform/conflict.ts';
import { db, type TransactionSql } from '#server/platform/db/db.ts';
import { clubUnverifiedEmail, clubVerifiedEmail, membershipEmail } from './club-emails.ts';
import { enqueueEmail } from '#server/platform/email/outbox.ts';
import { deleteAccount, identifierKey, lockAccount, setAccountEmail, turnHostIntoGuide } from '#server/auth/index.ts';
import type { User } from '#server/auth/index.ts';
import { withTimeZone } from './time-zone.ts';

type AdminClubEdit = z.output<typeof adminClubSchema>;

/** Who makes an admin change, and the site's origin for the links of the host's email. */
export interface AdminChange {
  admin: User;
  origin: string;
}

/**
 * Queues the host's email for what really changed, in the change's transaction: verified or unverified (with the
 * admin's reason), membership or renewal date. Verifying a verified club changes nothing and sends nothing.
 */
const tellHost =
  (origin: string, reason: string | null = null) =>
  async (tx: TransactionSql, before: Club, after: Club): Promise<void> => {
    if (after.isVerified !== before.isVerified) {
      await enqueueEmail(tx, after.isVerified ? clubVerifiedEmail(after, origin) : clubUnverifiedEmail(after, reason, origin));
    }
    if (after.membershipType !== before.membershipType || after.renewalDate !== before.renewalDate) {
      await enqueueEmail(tx, membershipEmail(after, origin));
    }
  };

/**
 * Verifying a club counts as its host's confirmation that it meets (docs/decisions/019): a club that waited months for
 * verification starts its 90 days now, instead of leaving the directory at the next run of the check-ins job. Called
 * in every change that may verify, after the change; it does nothing unless the change verified the club.
 */
async function confirmIfVerified(tx: TransactionSql, before: Club): Promise<void> {
  if (before.isVerified) return;
  await tx`
    update clubs set confirmed_at = greatest(confirmed_at, now()), needs_check_in_since = null, inactive_since = null
    where id = ${before.id} and is_verified`;
}

/**
 * The admin's full edit. The contact email is the host's sign-in email too, so both change together. Returns null
 * when there is no such club; throws ConflictError (field email) when another account has that email.
 */
export async function adminUpdateClub(id: number, change: AdminClubEdit, { admin, origin }: AdminChange): Promise<Club | null> {
  const edit = await withTimeZone(change);
  try {
    return await changeClubAsAdmin(
      id,
      admin,
      'club.edit',
      async (tx, before) => {
        await setAccountEmail(tx, before.ownerId, identifierKey(edit.email));
        await tx`update clubs set ${clubValues(tx, edit)}, updated_at = now() where id = ${id}`;
        await confirmIfVerified(tx, before);
      },
      tellHost(origin),
    );
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw new ConflictError('Another account already uses this email.', 'email');
    throw error;
  }
}

/** Verifies or unverifies a club; unverifying may carry the admin's reason, which the host's email quotes. */
export function setClubVerification(
  id: number,
  isVerified: boolean,
  { admin, origin }: AdminChange,
  reason: string | null = null,
): Promise<Club | null> {
  return changeClubAsAdmin(
    id,
    admin,
    isVerified ? 'club.verify' : 'club.unverify',
    async (tx, before) => {
      await tx`update clubs set is_verified = ${isVerified}, updated_at = now() where id = ${id}`;
      await confirmIfVerified(tx, before);
    },
    tellHost(origin, reason),
  );
}

/** Sets a lifetime membership, or a yearly one renewing a year from today. */
export function setClubMembership(id: number, membership: 'lifetime' | 'yearly', { admin, origin }: AdminChange): Promise<Club | null> {
  return changeClubAsAdmin(
    id,
    admin,
    membership === 'lifetime' ? 'club.set-lifetime' : 'club.set-yearly',
    (tx) =>
      membership === 'lifetime'
        ? tx`update clubs set membership_type = 'lifetime', renewal_date = null, updated_at = now() where id = ${id}`
        : tx`update clubs set membership_type = 'yearly', renewal_date = (current_date + interval '1 year')::date, updated_at = now() where id = ${id}`,
    tellHost(origin),
  );
}

/**
 * Whether the account is a guide's, locking its guide record until the transaction ends: the route passes guides'
 * isGuide. Passed in, as guides builds on clubs and the guide record is guides' table (decision 040).
 */
export type IsGuide = (tx: TransactionSql, userId: string) => Promise<boolean>;

/**
 * Deletes a club. Its host's account goes with it, sessions and all, unless it is a guide's too (its licences and
 * their orders are never deleted: migration 025) or the admin's: then it is kept, a host's as a guide's, signed out.
 * Its HOST SET code stays redeemed, so it cannot register another club. Returns the deleted club and whether the
 * account was kept, or null when there is no such club.
 */
export async function deleteClub(id: number, actor: User, isGuide: IsGuide): Promise<{ club: Club; accountKept: boolean } | null> {
  return db().begin(async (tx) => {
    const club = await findClub(tx, id, { lock: true });
    if (!club) return null;
    const owner = (await lockAccount(tx, club.ownerId))!;
    await tx`delete from clubs where id = ${id}`;
    await recordAudit(tx, { actor, action: 'club.delete', clubId: id, subject: club.clubName, before: clubSnapshot(club), after: null });

    const accountKept = owner.role === 'admin' || (await isGuide(tx, club.ownerId));
    if (accountKept) {
      if (owner.role === 'host') await turnHostIntoGuide(tx, club.ownerId);
      const after = { role: owner.role === 'host' ? 'guide' : owner.role };
      await recordAudit(tx, { actor, action: 'account.keep', clubId: id, subject: owner.email, before: { role: owner.role }, after });
    } else {
      await deleteAccount(tx, club.ownerId);
      await recordAudit(tx, {
        actor,
        action: 'account.delete',
        clubId: id,
        subject: owner.email,
        before: { role: owner.role },
        after: null,
      });
    }
    return { club, accountKept };
  });
}

/** The Club Management card's actions (POST /api/clubs/{id}/{action}), by the name in the URL; `reason` is unverify's. */
export const CLUB_ACTIONS: Readonly<Record<string, (id: number, change: AdminChange, reason: string | null) => Promise<Club | null>>> = {
  verify: (id, change) => setClubVerification(id, true, change),
  unverify: (id, change, reason) => setClubVerification(id, false, change, reason),
  'set-lifetime': (id, change) => setClubMembership(id, 'lifetime', change),
  'set-yearly': (id, change) => setClubMembership(id, 'yearly', change),
};
