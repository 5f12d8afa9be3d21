import type { TransactionSql } from '#server/platform/db/db.ts';
import type { StoredOrder } from './orders.ts';

// HOST SET orders deliver codes (issue 32 item 3). Each function answers the problems to keep with the order.

/** A newly paid order: one code per HOST SET bought, recorded against the order and emailed to the buyer. */
export async function issueOrderCodes(_tx: TransactionSql, _order: StoredOrder, _origin: string): Promise<string[]> {
  return [];
}

/** A paid order cancelled or refunded: its unredeemed codes are revoked; the admin hears of any already redeemed. */
export async function revokeOrderCodes(_tx: TransactionSql, _order: StoredOrder, _origin: string): Promise<string[]> {
  return [];
}

/** Emails the buyer "Your HOST SET code" (or codes) with the order's unrevoked codes: at payment, and resent by the admin. */
export async function emailOrderCodes(_tx: TransactionSql, _order: StoredOrder, _origin: string): Promise<void> {}
