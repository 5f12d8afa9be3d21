import { issueOrderHostSetCodes, listOrderHostSetCodes, revokeOrderHostSetCodes } from '#server/codes/index.ts';
import { notifyAdmins } from '#server/notifications/index.ts';
import { STORE_ACTOR } from '#server/platform/audit.ts';
import type { TransactionSql } from '#server/platform/db/db.ts';
import { enqueueEmail } from '#server/platform/email/outbox.ts';
import { orderName } from '#lib/store-types.ts';
import { orderCodesEmail, redeemedCodesNotice, unissuedCodesNotice, unsentCodesNotice } from './host-set-order-emails.ts';
import type { StoredOrder } from './orders.ts';

// HOST SET orders deliver codes (issue 32 item 3). Each function answers the problems to keep with the order.

/**
 * The most codes one order issues, as many as the admin may issue at once. An order for more is a mistake to look into,
 * not something to fail on: a webhook that keeps failing is retried and then switched off by the store.
 */
const MAX_CODES_PER_ORDER = 500;

/** A newly paid order: one code per HOST SET bought, recorded against the order and emailed to the buyer. */
export async function issueOrderCodes(tx: TransactionSql, order: StoredOrder, origin: string): Promise<string[]> {
  const count = order.items.reduce((sum, item) => sum + (item.kind === 'host-set' ? item.quantity : 0), 0);
  if (count === 0) return [];
  if (count > MAX_CODES_PER_ORDER) {
    await notifyAdmins(tx, unissuedCodesNotice(order, count, MAX_CODES_PER_ORDER), origin);
    return [`${count} HOST SETs, more than ${MAX_CODES_PER_ORDER} in one order: no codes were issued.`];
  }
  const codes = await issueOrderHostSetCodes(tx, { id: order.id, count, note: orderName(order) }, STORE_ACTOR);
  if ((await emailOrderCodes(tx, order, origin)).length > 0) return [];
  await notifyAdmins(tx, unsentCodesNotice(order, codes), origin);
  return [`No email address: its ${codes.length === 1 ? 'HOST SET code was' : `${codes.length} HOST SET codes were`} not sent.`];
}

/**
 * A paid order cancelled or refunded: its unredeemed codes are revoked; the admin hears of any already redeemed, which
 * stay with their clubs.
 */
export async function revokeOrderCodes(tx: TransactionSql, order: StoredOrder, origin: string): Promise<string[]> {
  const revoked = await revokeOrderHostSetCodes(tx, order.id, STORE_ACTOR);
  const redeemed = (await listOrderHostSetCodes(tx, order.id)).filter((code) => code.redeemed);
  if (redeemed.length === 0) return [];
  await notifyAdmins(tx, redeemedCodesNotice(order, redeemed, revoked), origin);
  return redeemed.map(
    ({ code, club }) =>
      `HOST SET code ${code} had already registered ${club ? `the club ${club.clubName}` : 'a club since deleted'} when the order was ${order.status}.`,
  );
}

/**
 * Emails the buyer "Your HOST SET code" (or codes) with the order's codes that can still register a club (neither
 * redeemed nor revoked), in the caller's transaction: at payment, and resent by the admin. The codes it sent; none
 * when the order has no email address or no such code.
 */
export async function emailOrderCodes(tx: TransactionSql, order: StoredOrder, origin: string): Promise<string[]> {
  const { email } = order;
  const codes = (await listOrderHostSetCodes(tx, order.id)).filter((code) => !code.redeemed && !code.revoked).map(({ code }) => code);
  if (!email || codes.length === 0) return [];
  await enqueueEmail(tx, orderCodesEmail({ ...order, email }, codes, origin));
  return codes;
}
