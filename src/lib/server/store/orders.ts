import type { StoreName, StoreOrderInput } from '#lib/store-types.ts';
import { db, type TransactionSql } from '#server/platform/db/db.ts';
import { issueOrderCodes, revokeOrderCodes } from './host-set-orders.ts';
import { payLicenceFromOrder, refundLicencePayment } from './licence-orders.ts';

/** An order as stored, with its id, handed to what delivers it. */
export type StoredOrder = StoreOrderInput & { id: number };

/** What a webhook's event did: nothing (a delivery already acted on), or the order it stored. */
export type StoreEventResult = { duplicate: true } | { duplicate: false; orderId: number };

/**
 * Acts on one verified webhook event, in one transaction: records the event (a repeated delivery, even one received by
 * two instances at once, acts once), stores the order or its new status, and delivers what changed: a newly paid order
 * issues its HOST SET codes and pays its licence; a paid order cancelled or refunded revokes its unredeemed codes and
 * tells the admin of a refunded licence payment. What went wrong is kept with the order as its problems.
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

    const { order } = event;
    const stored = await storeOrder(tx, order);
    const problems: string[] = [];
    if (order.status === 'paid' && stored.previousStatus === null) {
      problems.push(...(await issueOrderCodes(tx, stored.order, origin)));
      problems.push(...(await payLicenceFromOrder(tx, stored.order, origin)));
    } else if (order.status !== 'paid' && stored.previousStatus === 'paid') {
      problems.push(...(await revokeOrderCodes(tx, stored.order, origin)));
      problems.push(...(await refundLicencePayment(tx, stored.order, origin)));
    }
    if (problems.length > 0) {
      await tx`update store_orders set problems = problems || ${tx.array(problems)}::text[] where id = ${stored.order.id}`;
    }
    return { duplicate: false, orderId: stored.order.id };
  });
}

/**
 * Inserts the order, or locks the stored one and records its new status (a cancellation or refund after payment; an
 * earlier status never returns). `previousStatus` is null for a new order. Two events of one order received at once
 * are applied one after the other: the second waits for the first's row.
 */
async function storeOrder(tx: TransactionSql, order: StoreOrderInput): Promise<{ order: StoredOrder; previousStatus: string | null }> {
  const [inserted] = await tx<{ id: number }[]>`
    insert into store_orders (store, store_order_id, email, name, items, currency, total_cents, status, reference, payment_ref)
    values (${order.store}, ${order.storeOrderId}, ${order.email}, ${order.name}, ${tx.json(order.items as never)}, ${order.currency},
      ${order.totalCents}, ${order.status}, ${order.reference}, ${order.paymentRef ?? null})
    on conflict (store, store_order_id) do nothing
    returning id`;
  if (inserted) return { order: { ...order, id: inserted.id }, previousStatus: null };

  const [existing] = await tx<{ id: number; status: string }[]>`
    select id, status from store_orders where store = ${order.store} and store_order_id = ${order.storeOrderId} for update`;
  const status = existing!.status === 'paid' || order.status === 'refunded' ? order.status : existing!.status;
  await tx`update store_orders set status = ${status}, updated_at = now() where id = ${existing!.id}`;
  return { order: { ...order, status, id: existing!.id } as StoredOrder, previousStatus: existing!.status };
}
