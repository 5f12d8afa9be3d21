// Joins: store, codes. The admin's Orders view shows each order with the codes it produced: one aggregate subquery per
// order in the list's query is the fast way, where asking the codes domain for each order's codes would be a query per
// order. It only reads; resending an order's codes (admin-orders.ts) reads the order through it.
import type { AdminOrderQuery } from '#lib/schemas/admin-orders.ts';
import { ORDERS_PAGE_SIZE } from '#lib/schemas/admin-orders.ts';
import type { StoreOrder } from '#lib/store/types.ts';
import { db, type Sql, type TransactionSql } from '#server/platform/db/db.ts';

/** A stored order as read: its dates as dates. */
export type OrderRow = Omit<StoreOrder, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

/** An order's columns and its codes (oldest first), as the admin sees them. */
export const orderColumns = (sql: Sql | TransactionSql) => sql`
  o.id, o.store, o.store_order_id, o.email, o.name, o.items, o.currency, o.total_cents,
  o.status, o.reference, o.licence_id, o.problems, o.created_at, o.updated_at,
  coalesce((
    select json_agg(json_build_object('code', c.code, 'redeemed', c.redeemed_at is not null, 'revoked', c.revoked_at is not null)
      order by c.issued_at, c.code)
    from host_set_codes c where c.store_order_id = o.id
  ), '[]') as codes`;

export const toStoreOrder = ({ createdAt, updatedAt, ...row }: OrderRow): StoreOrder => ({
  ...row,
  createdAt: createdAt.toISOString(),
  updatedAt: updatedAt.toISOString(),
});

/**
 * One page of the orders the query asks for (all, those with problems, or one), the orders with problems first, then
 * the newest; `total` counts all that match.
 */
export async function listOrdersForAdmin(query: AdminOrderQuery, sql: Sql = db()): Promise<{ orders: StoreOrder[]; total: number }> {
  const matches = sql`
    (${!query.problems} or cardinality(o.problems) > 0) and (${query.order ?? null}::integer is null or o.id = ${query.order ?? null})`;
  const [rows, [count]] = await Promise.all([
    sql<OrderRow[]>`
      select ${orderColumns(sql)} from store_orders o
      where ${matches}
      order by cardinality(o.problems) > 0 desc, o.created_at desc, o.id desc
      limit ${ORDERS_PAGE_SIZE} offset ${(query.page - 1) * ORDERS_PAGE_SIZE}`,
    sql<{ total: number }[]>`select count(*)::int as total from store_orders o where ${matches}`,
  ]);
  return { orders: rows.map(toStoreOrder), total: count!.total };
}
