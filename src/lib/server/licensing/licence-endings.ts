import { canMove, LICENCE_MOVES, type AdminLicence, type LicenceStatus } from '#lib/licensing/types.ts';
import type { User } from '#server/auth/index.ts';
import { notifyAdmins } from '#server/notifications/index.ts';
import { ConflictError } from '#server/platform/conflict.ts';
import { db, type TransactionSql } from '#server/platform/db/db.ts';
import { enqueueEmail } from '#server/platform/email/outbox.ts';
import { recordLicenceAudit } from './licence-audit.ts';
import { licenceEndedEmail, licencesGivenUpNotice } from './licence-emails.ts';
import { findLicence } from './licence-read-model.ts';
import { ACCOUNT_LOCK_CLASS } from './reservations.ts';

// Licences ended before their time: a reservation cancelled by its guide, released or revoked by the admin, given up
// with the account. The scheduled ends (lapse, end of term, end of grace) are transitions.ts's.

/** Makes a move that ends a licence the caller has locked, with its open order, and re-reads it. */
async function moveLicence(tx: TransactionSql, id: number, move: 'cancel' | 'release' | 'revoke' | 'give-up') {
  const { to, order } = LICENCE_MOVES[move];
  await tx`update licences set status = ${to}, status_changed_at = now() where id = ${id}`;
  await tx`update licence_orders set status = ${order} where licence_id = ${id} and status = 'awaiting_payment'`;
  return (await findLicence(id, tx))!;
}

/**
 * The guide cancels their reservation (a licence still awaiting its first payment), audited as theirs. Null when the
 * licence is not theirs; ConflictError when it is no longer a reservation.
 */
export async function cancelReservation(id: number, guide: User): Promise<AdminLicence | null> {
  return db().begin(async (tx) => {
    const licence = await findLicence(id, tx, { lock: true });
    if (!licence || licence.guide?.id !== guide.id) return null;
    if (!canMove(licence.status, 'cancel')) throw new ConflictError('Only a reservation awaiting payment can be cancelled.');
    const cancelled = await moveLicence(tx, id, 'cancel');
    await recordLicenceAudit(tx, guide, 'licence.cancel', licence, cancelled);
    return cancelled;
  });
}

/**
 * The admin ends a licence before its time: revoking one that is held in any way, or releasing a reservation. The
 * area is free at once and the guide is told. Null for an unknown licence; ConflictError when it holds nothing to end.
 */
export async function endLicenceAsAdmin(
  id: number,
  admin: User,
  action: 'revoke' | 'release',
  origin: string,
): Promise<AdminLicence | null> {
  return db().begin(async (tx) => {
    const licence = await findLicence(id, tx, { lock: true });
    if (!licence) return null;
    if (!canMove(licence.status, action)) {
      throw new ConflictError(
        action === 'release' ? 'Only a reservation awaiting payment can be released.' : 'This licence holds no area any more.',
      );
    }
    const ended = await moveLicence(tx, id, action);
    await recordLicenceAudit(tx, admin, `licence.${action}`, licence, ended);
    await enqueueEmail(tx, licenceEndedEmail(ended, origin));
    return ended;
  });
}

/**
 * For the deletion of the account, in its transaction: each of its reservations is cancelled and each licence it holds
 * given up (the area is free at once), audited as the account's, and the admins are told in one notice. Returns the
 * ids of every licence the account has had, ended now or before, whose audit entries are about it.
 */
export async function endLicencesOfAccount(tx: TransactionSql, guide: User, origin: string): Promise<number[]> {
  // The lock reserveLicence takes first: no reservation of the account's slips in while its licences end.
  await tx`select pg_advisory_xact_lock(${ACCOUNT_LOCK_CLASS}, hashtext(${guide.id}))`;
  const rows = await tx<{ id: number; status: LicenceStatus }[]>`
    select id, status from licences where guide_id = ${guide.id} order by id for update`;
  const ended: AdminLicence[] = [];
  for (const { id, status } of rows) {
    const move = canMove(status, 'cancel') ? 'cancel' : canMove(status, 'give-up') ? 'give-up' : null;
    if (!move) continue;
    const licence = (await findLicence(id, tx))!;
    const after = await moveLicence(tx, id, move);
    await recordLicenceAudit(tx, guide, `licence.${move}`, licence, after);
    ended.push(after);
  }
  if (ended.length > 0) await notifyAdmins(tx, licencesGivenUpNotice(ended), origin);
  return rows.map((row) => row.id);
}
