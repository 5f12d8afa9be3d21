import { plural } from '#lib/shared/plural.ts';
import { adminOrdersPath, orderName, statusInWords } from '#lib/store/types.ts';
import { codeRegistrationUrl, type OrderHostSetCode } from '#server/codes/index.ts';
import type { AdminNotification } from '#server/notifications/index.ts';
import { composeEmail, teamAddress } from '#server/platform/email/compose.ts';
import type { Mail } from '#server/platform/email/mailer.ts';
import { storeOrderNotice } from './order-notices.ts';
import type { StoredOrder } from './orders.ts';

// The words of HOST SET orders: the buyer's codes, and what the admins hear when an order's codes cannot do their job.

/** `one` for a count of 1, else `many`. */

/** The buyer's codes, each with the link that registers a club with it. */
export function orderCodesEmail(order: StoredOrder & { email: string }, codes: readonly string[], origin: string): Mail {
  const one = codes.length === 1;
  const [first, ...others] = codes.map((code) => ({
    label: one ? 'Register your club' : `Register a club with ${code}`,
    url: codeRegistrationUrl(origin, code),
  }));
  return composeEmail({
    to: order.email,
    subject: one ? 'Your HOST SET code' : 'Your HOST SET codes',
    replyTo: teamAddress(),
    greeting: order.name ? `Hello ${order.name},` : 'Hello,',
    paragraphs: [
      one
        ? 'Thank you for buying a HOST SET. Here is its club verification code: with it you register your FlameKeeper Club on our site.'
        : 'Thank you for buying HOST SETs. Here are their club verification codes: each registers one FlameKeeper Club on our site.',
      one
        ? 'Follow the link below: it opens the registration with your code filled in. The code registers one club, once: keep this email until your club is registered.'
        : 'Follow a code’s link: it opens the registration with that code filled in. Each code registers one club, once: pass a code on only to the host who will use it.',
      'A question about your order? Reply to this email.',
    ],
    details: codes.map((code, index) => [one ? 'Code' : `Code ${index + 1}`, code] as const),
    actions: [first!, ...others],
    reason: `You receive this because ${plural(codes.length, { one: 'a HOST SET was', other: 'HOST SETs were' })} bought with this email address at the FlameKeeper Clubs store.`,
  });
}

/** The admins' notice of a paid HOST SET order without an email address: its codes are issued, and unsent. */
export function unsentCodesNotice(order: StoredOrder, codes: readonly string[]): AdminNotification {
  return {
    kind: 'store-order',
    summary: `HOST SET codes not sent: ${orderName(order)} has no email address`,
    paragraphs: [
      `The store’s order paid for ${plural(codes.length, { one: 'a HOST SET', other: `${codes.length} HOST SETs` })} but gave no email address, so ${plural(codes.length, { one: 'its code', other: 'its codes' })} could not be emailed. ${plural(codes.length, { one: 'It is', other: 'They are' })} issued and recorded against the order: pass ${plural(codes.length, { one: 'it', other: 'them' })} on to the buyer.`,
    ],
    details: [
      ['Order', orderName(order)],
      ...(order.name ? [['Buyer', order.name] as const] : []),
      ...codes.map((code) => ['Code', code] as const),
    ],
    action: { label: 'See the order and its codes', path: adminOrdersPath(order.id) },
  };
}

/** The admins' notice of a paid order for more HOST SETs than one order issues codes for: none were issued. */
export function unissuedCodesNotice(order: StoredOrder, count: number, max: number): AdminNotification {
  return {
    kind: 'store-order',
    summary: `HOST SET codes not issued: ${orderName(order)} is for ${count} HOST SETs`,
    paragraphs: [
      `The store’s order paid for ${count} HOST SETs, more than the ${max} codes the site issues for one order, so it issued none. If the order is genuine, issue its codes on Admin Clubs and send them to the buyer.`,
    ],
    details: [['Order', orderName(order)], ...(order.email ? [['Buyer', order.email] as const] : [])],
    action: { label: 'See the order', path: adminOrdersPath(order.id) },
  };
}

/** The admins' notice of a paid order whose HOST SETs were paid for in part, or not at all (`problem` says how). */
export function shortPaymentNotice(
  order: StoredOrder,
  problem: string,
  { bought, count }: { bought: number; count: number },
): AdminNotification {
  return storeOrderNotice(order, {
    summary: `HOST SET codes short: ${orderName(order)} paid for ${count} of ${bought} HOST SETs`,
    paragraphs: [
      problem,
      'If the payment is good (a discount the site does not know of, say), issue the missing codes on Admin Clubs and send them to the buyer; else refund the order at the store.',
    ],
    action: { label: 'See the order', path: adminOrdersPath(order.id) },
  });
}

/** The admins' notice of a cancelled or refunded order some of whose codes had already registered clubs. */
export function redeemedCodesNotice(
  order: StoredOrder,
  redeemed: readonly OrderHostSetCode[],
  revoked: readonly string[],
): AdminNotification {
  const club = redeemed.find((code) => code.club)?.club;
  return {
    kind: 'store-order',
    summary: `${orderName(order)} was ${statusInWords(order.status)} after ${plural(redeemed.length, { one: 'its HOST SET code', other: 'HOST SET codes' })} registered ${plural(redeemed.length, { one: 'a club', other: 'clubs' })}`,
    paragraphs: [
      `The store says this order was ${statusInWords(order.status)}, but ${plural(redeemed.length, { one: 'one of its HOST SET codes had', other: `${redeemed.length} of its HOST SET codes had` })} already registered ${plural(redeemed.length, { one: 'a club', other: 'clubs' })}. A used code cannot be revoked: decide whether ${plural(redeemed.length, { one: 'the club', other: 'each club' })} should stay listed.`,
      ...(revoked.length > 0
        ? [`Its ${plural(revoked.length, { one: 'unused code is', other: `${revoked.length} unused codes are` })} revoked.`]
        : []),
    ],
    details: [
      ['Order', orderName(order)],
      ...redeemed.map(({ code, club }) => [code, club ? `${club.clubName} (club ${club.id})` : 'a club since deleted'] as const),
    ],
    action: club
      ? { label: 'Open the club on Admin Clubs', path: `/admin-clubs?club=${club.id}` }
      : { label: 'Open Admin Clubs', path: '/admin-clubs' },
  };
}
