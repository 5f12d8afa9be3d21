import { formatMoney } from '#lib/shared/format.ts';
import { STORE_LABELS } from '#lib/store/types.ts';
import type { AdminNotification } from '#server/notifications/index.ts';
import type { StoredOrder } from './orders.ts';

// The admins' notices about a store order: each names the order as the admin finds it at the store.

/** An order's store, id, buyer, amount and reference, as a notice's details. */
export function orderDetails(order: StoredOrder): NonNullable<AdminNotification['details']> {
  const buyer = [order.name, order.email && `<${order.email}>`].filter(Boolean).join(' ');
  return [
    ['Store', STORE_LABELS[order.store]],
    ['Order', order.storeOrderId],
    ['Buyer', buyer || 'not given'],
    ['Amount', formatMoney(order.totalCents, order.currency)],
    ...(order.reference ? [['Reference', order.reference] as const] : []),
  ];
}

/** A notice (kind store-order) about `order`, with its details. */
export function storeOrderNotice(
  order: StoredOrder,
  notice: Pick<AdminNotification, 'summary' | 'paragraphs' | 'action'>,
): AdminNotification {
  return { kind: 'store-order', ...notice, details: orderDetails(order) };
}
