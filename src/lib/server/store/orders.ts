import type { StoreName, StoreOrderInput, StoreOrderStatus, StoreRefunds } from '#lib/store/types.ts';
import { db, type TransactionSql } from '#server/platform/db/db.ts';
import { issueOrderCodes, revokeOrderCodes, revokeRefundedCodes } from './host-set-orders.ts';
import { payLicenceFromOrder, refundLicencePayment } from './licence-orders.ts';

/** An order as stored, with its id, handed to what delivers it. */
export type StoredOrder = StoreOrderInput & { id: number };

/** What a webhook's event did: nothing (a delivery already acted on), or the order it stored. */
export type StoreEventResult = { duplicate: true } | { duplicate: false; orderId: number };

/** The order statuses follow one another in: an order never goes back; a cancelled order may still be refunded. */
const STATUS_ORDER: Record<StoreOrderStatus, number> = { paid: 0, partially_refunded: 1, cancelled: 2, refunded: 3 };

/** Whether an order still holds what it paid for, in full or in part: what a cancellation or a refund acts on. */
const stillPaid = (status: StoreOrderStatus) => status === 'paid' || status === 'partially_refunded';

/** How many HOST SETs the refunds took back. */
const refundedHostSets = (refunds: StoreRefunds) => Object.values(refunds).reduce((sum, refund) => sum + refund.hostSets, 0);

/**
 * Acts on one verified webhook event, in one transaction: records the event (a repeated delivery, even one received by
 * two instances at once, acts once), stores the order or its new status, and delivers what changed: a newly paid order
 * issues its HOST SET codes and pays its licence; a paid order cancelled or refunded in full revokes its unredeemed
 * codes, refunded in part as many as were refunded, and either tells the admin of a refunded licence payment. What went
 * wrong is kept with the order as its problems.
 */
export async function receiveStoreEvent(
  event: { store: StoreName; eventId: string; order: StoreOrderInput },
  origin: string,
): Promise<StoreEventResult> {
  return db().begin(async (tx) => {
    const [fresh] = await tx`
      insert into store_webhook_events (store, event_id) values (${event.store}, ${event.eventId})
      on conflict do nothing returning event_id`;
    if (!fresh) return { duplicate: true };

    const { order, previous } = await storeOrder(tx, event.order);
    const problems: string[] = [];
    if (previous === null) {
      // A snapshot of an order already cancelled or refunded (a delivery sent late) never counts as newly paid.
      if (order.status === 'paid') {
        problems.push(...(await issueOrderCodes(tx, order, origin)));
        problems.push(...(await payLicenceFromOrder(tx, order, origin)));
      }
    } else if (stillPaid(previous.status)) {
      if (stillPaid(order.status)) {
        const hostSets = { before: refundedHostSets(previous.refunds), after: refundedHostSets(order.refunds) };
        problems.push(...(await revokeRefundedCodes(tx, order, hostSets, origin)));
      } else {
        problems.push(...(await revokeOrderCodes(tx, order, origin)));
      }
      if (previous.status === 'paid' && order.status !== 'paid') problems.push(...(await refundLicencePayment(tx, order, origin)));
    }
    if (problems.length > 0) {
      await tx`update store_orders set problems = problems || ${tx.array(problems)}::text[] where id = ${order.id}`;
    }
    return { duplicate: false, orderId: order.id };
  });
}

/** Each refund once, as told last (a Stripe charge tells its refunds so far: the most it told stands). */
function mergeRefunds(stored: StoreRefunds, told: StoreRefunds): StoreRefunds {
  const merged = { ...stored };
  for (const [id, refund] of Object.entries(told)) {
    const known = merged[id];
    merged[id] = known ? { hostSets: Math.max(known.hostSets, refund.hostSets), cents: Math.max(known.cents, refund.cents) } : refund;
  }
  return merged;
}

/** An order refunded in part is refunded once its refunds add up to its total. */
const statusAfterRefunds = (status: StoreOrderStatus, refunds: StoreRefunds, totalCents: number): StoreOrderStatus =>
  status === 'partially_refunded' && Object.values(refunds).reduce((sum, refund) => sum + refund.cents, 0) >= totalCents
    ? 'refunded'
    : status;

type OrderState = { order: StoredOrder & { refunds: StoreRefunds }; previous: { status: StoreOrderStatus; refunds: StoreRefunds } | null };

/**
 * Inserts the order, or locks the stored one and records its new status and refunds (an earlier status never returns).
 * Answers the order as stored and, for an order stored before, its status and refunds before this event. Two events of
 * one order received at once are applied one after the other: the second waits for the first's row.
 */
async function storeOrder(tx: TransactionSql, order: StoreOrderInput): Promise<OrderState> {
  const refunds = order.refunds ?? {};
  const status = statusAfterRefunds(order.status, refunds, order.totalCents);
  const [inserted] = await tx<{ id: number }[]>`
    insert into store_orders (store, store_order_id, email, name, items, currency, total_cents, status, reference, payment_ref, refunds)
    values (${order.store}, ${order.storeOrderId}, ${order.email}, ${order.name}, ${tx.json(order.items as never)}, ${order.currency},
      ${order.totalCents}, ${status}, ${order.reference}, ${order.paymentRef ?? null}, ${tx.json(refunds)})
    on conflict (store, store_order_id) do nothing
    returning id`;
  if (inserted) return { order: { ...order, status, refunds, id: inserted.id }, previous: null };

  const [existing] = await tx<(StoredOrder & { refunds: StoreRefunds })[]>`
    select id, store, store_order_id, email, name, items, currency, total_cents, status,
      reference, payment_ref, refunds
    from store_orders where store = ${order.store} and store_order_id = ${order.storeOrderId}
    for update`;
  const stored = existing!;
  const merged = mergeRefunds(stored.refunds, refunds);
  const told = statusAfterRefunds(order.status, merged, stored.totalCents);
  const next = STATUS_ORDER[told] > STATUS_ORDER[stored.status] ? told : stored.status;
  await tx`update store_orders set status = ${next}, refunds = ${tx.json(merged)}, updated_at = now() where id = ${stored.id}`;
  return { order: { ...stored, status: next, refunds: merged }, previous: { status: stored.status, refunds: stored.refunds } };
}
