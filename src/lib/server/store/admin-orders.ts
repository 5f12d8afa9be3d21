import type { StoreOrder } from '#lib/store/types.ts';
import { recordAudit, type AuditActor } from '#server/platform/audit.ts';
import { ConflictError } from '#server/platform/conflict.ts';
import { db } from '#server/platform/db/db.ts';
import { emailOrderCodes } from './host-set-orders.ts';
import { orderColumns, toStoreOrder, type OrderRow } from './admin-orders-read-model.ts';

// The admin's Orders view (issue 32 item 5): every stored order with what it produced, and the code email sent again.

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
