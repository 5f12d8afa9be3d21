import { formatMoney } from '#lib/shared/format.ts';
import { canMove } from '#lib/licensing/types.ts';
import { findLicence, findLicenceByReference, payOpenOrder } from '#server/licensing/index.ts';
import { notifyAdmins } from '#server/notifications/index.ts';
import { STORE_ACTOR } from '#server/platform/audit.ts';
import type { TransactionSql } from '#server/platform/db/db.ts';
import { adminOrdersPath, orderName } from '#lib/store/types.ts';
import { storeOrderNotice } from './order-notices.ts';
import type { StoredOrder } from './orders.ts';

// Licence payments activate licences (issue 32 item 4). Each function answers the problems to keep with the order.

/** Licence prices (tiers.yaml) are whole US dollars. */
const LICENCE_CURRENCY = 'USD';

/** The reference as the site writes it: buyers type it at a Shopify checkout, in any case. */
const normalReference = (reference: string | null) => reference?.trim().toUpperCase() || null;

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * A newly paid order with licence items or a licence reference: the open licence order that reference names is paid,
 * exactly as the admin's "Mark paid" does (active for a term, the guide's email, the audit entry, by "store"), when
 * the order's licence items cover its price. Otherwise no licence changes, and the admins are told why, with the order.
 */
export async function payLicenceFromOrder(tx: TransactionSql, order: StoredOrder, origin: string): Promise<string[]> {
  const licenceItems = order.items.filter((item) => item.kind === 'licence');
  if (licenceItems.length === 0 && !normalReference(order.reference)) return [];
  const paidCents = licenceItems.reduce((sum, item) => sum + item.amountCents, 0);
  const problem = await payLicence(tx, order, licenceItems.length > 0 ? paidCents : null, origin);
  if (!problem) return [];
  await notifyAdmins(
    tx,
    storeOrderNotice(order, {
      summary: `A licence payment needs you: ${orderName(order)}`,
      paragraphs: [
        problem,
        'No licence was changed. If the payment is good, mark the licence paid on Admin Licences; else refund it at the store.',
      ],
      action: { label: 'Open the order', path: adminOrdersPath(order.id) },
    }),
    origin,
  );
  return [problem];
}

/** Pays the licence the order names; null when it did, else the problem, in words for the admin. */
async function payLicence(tx: TransactionSql, order: StoredOrder, paidCents: number | null, origin: string): Promise<string | null> {
  const reference = normalReference(order.reference);
  if (!reference) return 'The order paid for a guide licence but carried no reference (FK-XXXX-XXXX), so no licence could be found.';
  if (paidCents === null) return `The order carried the licence reference ${reference} but paid for no licence item.`;
  const found = await findLicenceByReference(tx, reference);
  if (!found) return `No licence order has the reference ${reference}.`;

  const { licence, order: licenceOrder } = found;
  if (licenceOrder.status === 'paid') {
    return `The licence order ${reference} was already paid on ${longDate.format(new Date(licenceOrder.paidAt!))}: this is a second payment.`;
  }
  if (licenceOrder.status !== 'awaiting_payment' || !canMove(licence.status, 'mark-paid')) {
    return `The licence order ${reference} awaits no payment: it is ${licenceOrder.status.replace('_', ' ')}.`;
  }
  const dueCents = licenceOrder.amount * 100;
  if (order.currency !== LICENCE_CURRENCY) {
    return `The order paid in ${order.currency}, but the licence order ${reference} costs ${formatMoney(dueCents, LICENCE_CURRENCY)}.`;
  }
  if (paidCents < dueCents) {
    return `The order paid ${formatMoney(paidCents, order.currency)} for the licence order ${reference}, which costs ${formatMoney(dueCents, LICENCE_CURRENCY)}.`;
  }

  await payOpenOrder(tx, licence.id, STORE_ACTOR, origin);
  await tx`update store_orders set licence_id = ${licence.id} where id = ${order.id}`;
  return null;
}

/**
 * A refunded order that paid a licence still held: the admins are told, with a link to that licence on Admin Licences
 * where one click (and its confirmation) revokes it. The refund itself changes no licence: a partial refund, or a
 * goodwill one, may leave it paid.
 */
export async function refundLicencePayment(tx: TransactionSql, order: StoredOrder, origin: string): Promise<string[]> {
  const [row] = await tx<{ licenceId: number | null }[]>`select licence_id from store_orders where id = ${order.id}`;
  const licence = row?.licenceId ? await findLicence(row.licenceId, tx) : null;
  if (!licence || !canMove(licence.status, 'revoke')) return [];

  const reference = normalReference(order.reference)!;
  const problem = `Refunded after it paid the licence order ${reference}: the ${licence.kind} licence for ${licence.area.label} stays ${licence.status} until you revoke it.`;
  await notifyAdmins(
    tx,
    storeOrderNotice(order, {
      summary: `A licence payment was refunded: ${licence.area.label} (${reference})`,
      paragraphs: [
        `${orderName(order)} was refunded. It paid the ${licence.kind} licence for ${licence.area.label}${licence.guide ? ` of ${licence.guide.name} <${licence.guide.email}>` : ''}, which is still ${licence.status}.`,
        'Revoke the licence if the refund ends it: the area is then free for others and the guide is told.',
      ],
      action: { label: 'Revoke the licence', path: `/admin-licences?q=${encodeURIComponent(reference)}` },
    }),
    origin,
  );
  return [problem];
}
