// The /admin-orders view as a URL query (the page reads it, the island writes it back, the API gets the same
// parameters), and how the admin pages name an order.
import { adminOrderQuerySchema, type AdminOrderQuery } from '#lib/schemas/admin-orders.ts';
import type { StoreItemKind, StoreOrderStatus } from '#lib/store/types.ts';

export type OrderFilters = AdminOrderQuery;

export const ORDERS_URL = '/api/admin/orders';

export const ORDER_STATUS_LABELS: Record<StoreOrderStatus, string> = {
  paid: 'Paid',
  partially_refunded: 'Partly refunded',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};
export const ITEM_KIND_LABELS: Record<StoreItemKind, string> = { 'host-set': 'HOST SET', licence: 'Licence payment' };

/**
 * The view a URL query asks for. A parameter the API would refuse (page 0, a word for an order) is left out rather than
 * failing the whole view, so a hand-edited or stale link still opens the list.
 */
export function parseOrderFilters(search: URLSearchParams | string): OrderFilters {
  const params = new URLSearchParams(search);
  const input: Record<string, string> = {};
  for (const key of ['problems', 'order', 'page'] as const) {
    const value = params.get(key);
    if (value !== null) input[key] = value;
  }
  const parsed = adminOrderQuerySchema.safeParse(input);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) delete input[String(issue.path[0])];
  const retried = adminOrderQuerySchema.safeParse(input);
  return retried.success ? retried.data : { problems: false, page: 1 };
}

/** The query string of a view (`problems=1&page=2`), defaults left out. */
export function orderQueryString(filters: OrderFilters): string {
  const params = new URLSearchParams();
  if (filters.problems) params.set('problems', '1');
  if (filters.order) params.set('order', String(filters.order));
  if (filters.page > 1) params.set('page', String(filters.page));
  return params.toString();
}
