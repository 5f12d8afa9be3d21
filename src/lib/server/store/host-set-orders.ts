import { issueOrderHostSetCodes, listOrderHostSetCodes, revokeOrderHostSetCodes } from '#server/codes/index.ts';
import { notifyAdmins } from '#server/notifications/index.ts';
import { STORE_ACTOR } from '#server/platform/audit.ts';
import type { TransactionSql } from '#server/platform/db/db.ts';
import { enqueueEmail } from '#server/platform/email/outbox.ts';
import { formatMoney } from '#lib/shared/format.ts';
import { plural } from '#lib/shared/plural.ts';
import { hostSetsBought, orderName, statusInWords } from '#lib/store/types.ts';
import {
  orderCodesEmail,
  redeemedCodesNotice,
  shortPaymentNotice,
  unissuedCodesNotice,
  unsentCodesNotice,
} from './host-set-order-emails.ts';
import type { StoredOrder } from './orders.ts';
import { storeConfig } from './store-config.ts';

// HOST SET orders deliver codes (issue 32 item 3). Each function answers the problems to keep with the order.

/**
 * The most codes one order issues, as many as the admin may issue at once. An order for more is a mistake to look into,
 * not something to fail on: a webhook that keeps failing is retried and then switched off by the store.
 */
const MAX_CODES_PER_ORDER = 500;

const { hostSetPrice } = storeConfig;

/**
 * A newly paid order: one code per HOST SET bought and paid for, recorded against the order and emailed to the buyer.
 * Its HOST SET lines (never more than its total) pay for as many as `hostSetPrice` of store.yaml goes into what they
 * paid: an order that paid less (a $0 order) issues fewer codes, or none, and the admins are told.
 */
export async function issueOrderCodes(tx: TransactionSql, order: StoredOrder, origin: string): Promise<string[]> {
  const bought = hostSetsBought(order.items);
  if (bought === 0) return [];
  if (bought > MAX_CODES_PER_ORDER) {
    await notifyAdmins(tx, unissuedCodesNotice(order, bought, MAX_CODES_PER_ORDER), origin);
    return [`${bought} HOST SETs, more than ${MAX_CODES_PER_ORDER} in one order: no codes were issued.`];
  }
  const problems: string[] = [];
  const paid = Math.min(
    order.totalCents,
    order.items.reduce((sum, item) => sum + (item.kind === 'host-set' ? item.amountCents : 0), 0),
  );
  const count = order.currency === hostSetPrice.currency ? Math.min(bought, Math.floor(paid / hostSetPrice.amount)) : 0;
  if (count < bought) {
    const problem = shortPaymentProblem(order, { bought, count, paid });
    await notifyAdmins(tx, shortPaymentNotice(order, problem, { bought, count }), origin);
    problems.push(problem);
  }
  if (count === 0) return problems;

  const codes = await issueOrderHostSetCodes(tx, { id: order.id, count, note: orderName(order) }, STORE_ACTOR);
  if ((await emailOrderCodes(tx, order, origin)).length > 0) return problems;
  await notifyAdmins(tx, unsentCodesNotice(order, codes), origin);
  return [
    ...problems,
    `No email address: its ${plural(codes.length, { one: 'HOST SET code was', other: `${codes.length} HOST SET codes were` })} not sent.`,
  ];
}

/** Why an order's HOST SETs were paid for in part, or not at all, in words for the admin. */
function shortPaymentProblem(order: StoredOrder, { bought, count, paid }: { bought: number; count: number; paid: number }): string {
  const issued =
    count === 0
      ? `no ${plural(bought, { one: 'code was', other: 'codes were' })} issued`
      : `${count} ${plural(count, { one: 'code was', other: 'codes were' })} issued, not ${bought}`;
  const sets = plural(bought, { one: 'a HOST SET', other: `${bought} HOST SETs` });
  if (order.currency !== hostSetPrice.currency) {
    return `The order paid in ${order.currency} for ${sets}, which the site prices in ${hostSetPrice.currency}: ${issued}.`;
  }
  const price = formatMoney(hostSetPrice.amount, hostSetPrice.currency);
  return `The order paid ${formatMoney(paid, order.currency)} for ${sets} of ${price}${plural(bought, { one: '', other: ' each' })}: ${issued}.`;
}

/**
 * A paid order cancelled or refunded in full: its unredeemed codes are revoked; the admin hears of any already
 * redeemed, which stay with their clubs.
 */
export async function revokeOrderCodes(tx: TransactionSql, order: StoredOrder, origin: string): Promise<string[]> {
  const revoked = await revokeOrderHostSetCodes(tx, order.id, STORE_ACTOR);
  return tellOfRedeemedCodes(tx, order, revoked, origin);
}

/**
 * A paid order refunded in part: as many of its unused codes are revoked (the last issued first) as its refunds took
 * back HOST SETs it had codes for, counting first those it never issued a code for (paid short). `hostSets` is how many
 * of its HOST SETs its refunds took back before this event and after it. When fewer unused codes are left than that,
 * the admin hears of the redeemed ones, which stay with their clubs.
 */
export async function revokeRefundedCodes(
  tx: TransactionSql,
  order: StoredOrder,
  hostSets: { before: number; after: number },
  origin: string,
): Promise<string[]> {
  const bought = hostSetsBought(order.items);
  const issued = (await listOrderHostSetCodes(tx, order.id)).length;
  const refundedCodes = (refunded: number) => Math.max(0, issued - bought + Math.min(refunded, bought));
  const count = refundedCodes(hostSets.after) - refundedCodes(hostSets.before);
  if (count <= 0) return [];
  const revoked = await revokeOrderHostSetCodes(tx, order.id, STORE_ACTOR, count);
  return revoked.length < count ? tellOfRedeemedCodes(tx, order, revoked, origin) : [];
}

/** Tells the admins of the order's codes that had registered clubs when it was cancelled or refunded: its problems. */
async function tellOfRedeemedCodes(tx: TransactionSql, order: StoredOrder, revoked: string[], origin: string): Promise<string[]> {
  const redeemed = (await listOrderHostSetCodes(tx, order.id)).filter((code) => code.redeemed);
  if (redeemed.length === 0) return [];
  await notifyAdmins(tx, redeemedCodesNotice(order, redeemed, revoked), origin);
  return redeemed.map(
    ({ code, club }) =>
      `HOST SET code ${code} had already registered ${club ? `the club ${club.clubName}` : 'a club since deleted'} when the order was ${statusInWords(order.status)}.`,
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
