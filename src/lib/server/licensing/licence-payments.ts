import { randomInt } from 'node:crypto';
import type { AreaPrice } from '#lib/licensing/pricing.ts';
import { licenceTerms } from '#lib/licensing/terms.ts';
import { canMove, LICENCE_MOVES, type AdminLicence } from '#lib/licensing/types.ts';
import type { User } from '#server/auth/index.ts';
import type { AuditActor } from '#server/platform/audit.ts';
import { ConflictError } from '#server/platform/conflict.ts';
import { db, type TransactionSql } from '#server/platform/db/db.ts';
import { enqueueEmail } from '#server/platform/email/outbox.ts';
import { recordLicenceAudit } from './licence-audit.ts';
import { licencePaidEmail } from './licence-emails.ts';
import { findLicence } from './licence-read-model.ts';

// The orders that pay for licences: a reservation's first (reservations.ts), a renewal's, and their payment.

// No 0/O, 1/I/L: references are read off an email and typed at the store.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** A new order reference, `FK-XXXX-XXXX`. */
export function generateOrderReference(): string {
  const group = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `FK-${group()}-${group()}`;
}

/** Adds an order of `price` to a licence, awaiting payment for licence-terms.json's paymentDays. */
export async function insertOrder(
  tx: TransactionSql,
  licenceId: number,
  price: { tier: number; amount: number },
  isRenewal: boolean,
): Promise<void> {
  await tx`
    insert into licence_orders (licence_id, reference, is_renewal, tier, amount, due_at)
    values (${licenceId}, ${generateOrderReference()}, ${isRenewal}, ${price.tier}, ${price.amount},
      now() + ${licenceTerms.paymentDays} * interval '1 day')`;
}

/**
 * Creates the renewal order of an active or grace licence at `price` (the area's price today). Null when the licence
 * does not exist or, with `guideId`, is not that guide's; ConflictError when it is not due for renewal.
 */
export async function renewLicence(
  id: number,
  price: AreaPrice,
  actor: { guideId: string } | { admin: User },
): Promise<AdminLicence | null> {
  return db().begin(async (tx) => {
    const licence = await findLicence(id, tx, { lock: true });
    if (!licence || ('guideId' in actor && licence.guide?.id !== actor.guideId)) return null;
    if (licence.openOrder) throw new ConflictError(`A payment is already awaited for this licence: ${licence.openOrder.reference}.`);
    if (!licence.renewalDue) {
      throw new ConflictError(
        canMove(licence.status, 'renew')
          ? `This licence can be renewed from ${licenceTerms.renewalNoticeDays} days before it ends.`
          : 'Only an active licence, or one in its grace period, can be renewed.',
      );
    }
    await insertOrder(tx, id, { tier: price.tier, amount: price.prices[licence.kind] }, true);
    const renewed = (await findLicence(id, tx))!;
    if ('admin' in actor) await recordLicenceAudit(tx, actor.admin, 'licence.renew', licence, renewed);
    return renewed;
  });
}

/**
 * Records the payment of a licence's open order, in the caller's transaction, by `actor` (the admin's "Mark paid", or
 * the store whose order paid it): a reservation becomes active for one term from now, a renewal moves the term's end one
 * term on from its previous end, and the guide is emailed. Null for an unknown licence; ConflictError when no payment
 * is awaited.
 */
export async function payOpenOrder(tx: TransactionSql, id: number, actor: AuditActor, origin: string): Promise<AdminLicence | null> {
  const licence = await findLicence(id, tx, { lock: true });
  if (!licence) return null;
  const order = licence.openOrder;
  if (!order || !canMove(licence.status, 'mark-paid')) throw new ConflictError('No payment is awaited for this licence.');
  const { to, order: orderStatus } = LICENCE_MOVES['mark-paid'];
  await tx`update licence_orders set status = ${orderStatus}, paid_at = now() where id = ${order.id}`;
  const term = `${licenceTerms.termMonths} months`;
  if (order.isRenewal) {
    await tx`
      update licences set status = ${to}, ends_at = ends_at + ${term}::interval, status_changed_at = now()
      where id = ${id}`;
  } else {
    await tx`
      update licences set status = ${to}, starts_at = now(), ends_at = now() + ${term}::interval, status_changed_at = now()
      where id = ${id}`;
  }
  const paid = (await findLicence(id, tx))!;
  await recordLicenceAudit(tx, actor, 'licence.mark-paid', licence, paid);
  await enqueueEmail(tx, licencePaidEmail(paid, order.isRenewal, origin));
  return paid;
}

/** The admin records the payment of a licence's open order (payOpenOrder, in a transaction of its own). */
export function markOrderPaid(id: number, admin: User, origin: string): Promise<AdminLicence | null> {
  return db().begin((tx) => payOpenOrder(tx, id, admin, origin));
}
