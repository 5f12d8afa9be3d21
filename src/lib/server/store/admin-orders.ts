import type { AdminOrderQuery } from '#lib/schemas/admin-orders.ts';
import { ORDERS_PAGE_SIZE } from '#lib/schemas/admin-orders.ts';
import type { StoreOrder } from '#lib/store/types.ts';
import { recordAudit, type AuditActor } from '#server/platform/audit.ts';
import { ConflictError } from '#server/platform/conflict.ts';
import { db, type Sql, type TransactionSql } from '#server/platform/db/db.ts';
import { emailOrderCodes } from './host-set-orders.ts';

// The admin's Orders view (issue 32 item 5): every stored order with what it produced, and the code email sent again.

/** A stored order as read: its dates as dates. */
type OrderRow = Omit<StoreOrder, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

/** An order's columns and its codes (oldest first), as the admin sees them. */
const orderColumns = (sql: Sql | TransactionSql) => sql`
  o.id, o.store, o.store_order_id, o.email, o.name, o.items, o.currency, o.total_cents,
  o.status, o.reference, o.licence_id, o.problems, o.created_at, o.updated_at,
  coalesce((
    select json_agg(json_build_object('code', c.code, 'redeemed', c.redeemed_at is not null, 'revoked', c.revoked_at is not null)
      order by c.issued_at, c.code)
    from host_set_codes c where c.store_order_id = o.id
  ), '[]') as codes`;

const toStoreOrder = ({ createdAt, updatedAt, ...row }: OrderRow): StoreOrder => ({
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

/**
 * The admin sends the buyer of a HOST SET order the email with its codes again (the buyer lost it, or typed a wrong
 * address at the store and the admin corrected nothing but wants it resent), audited in the same transaction. Null for
 * an unknown order; a ConflictError for an order without an email address or without a code left to use.
 */
export function resendOrderCodes(id: number, actor: AuditActor, origin: string): Promise<StoreOrder | null> {
  return db().begin(async (tx) => {
    const [row] = await tx<OrderRow[]>`select ${orderColumns(tx)} from store_orders o where o.id = ${id} for update of o`;
    if (!row) return null;
    const order = toStoreOrder(row);
    const usable = order.codes.filter((code) => !code.redeemed && !code.revoked).map(({ code }) => code);
    if (usable.length === 0) throw new ConflictError('This order has no unused code left to send.');
    if (!order.email) throw new ConflictError('This order has no email address to send its codes to.');

    await emailOrderCodes(tx, order, origin);
    await recordAudit(tx, {
      actor,
      action: 'order.resend-codes',
      // Ends with the buyer's email, as the audit log names a person (their data export finds it, their deletion hides it).
      subject: `Order ${order.id} (${order.store} ${order.storeOrderId}), ${order.email}`,
      after: { codes: usable },
    });
    return order;
  });
}
