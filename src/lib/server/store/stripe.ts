import Stripe from 'stripe';
import { z } from 'zod';
import { STORE_ITEM_KINDS, hostSetsBought, wholeQuantity, type StoreItemKind, type StoreOrderInput } from '#lib/store/types.ts';
import { db } from '#server/platform/db/db.ts';
import { formatMoney } from '#lib/shared/format.ts';
import { notifyAdmins, type AdminNotification } from '#server/notifications/index.ts';
import { receiveStoreEvent } from './orders.ts';

// Stripe Payment Links (issue 32): a webhook's events, verified by the official package's constructEvent (Stripe's
// signature scheme and its 5-minute tolerance), become the one order model. The site never calls Stripe's API, so it
// needs no API key, and it cannot fetch a session's line items: what a Payment Link sells is told by the link's
// metadata, which Stripe copies to each Checkout Session it creates: `kind` (host-set or licence) and, optionally,
// `quantity` (how many HOST SETs one payment buys, in digits; 1 when absent).

/** The events acted on. A session paid by a delayed method (a bank debit) completes unpaid, then succeeds later. */
const PAID_SESSION_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
const REFUND_EVENT = 'charge.refunded';

/** The largest HOST SET quantity a link's metadata may name: a typo must not issue a million codes. */
const MAX_QUANTITY = 100;

const ITEM_TITLES: Record<StoreItemKind, string> = { 'host-set': 'HOST SET', licence: 'Guide licence payment' };

export type StripeVerification = { event: Stripe.Event } | { refused: 'signature' | 'body' };

/**
 * Verifies a delivery against the endpoint's signing secret: the event, or why it is refused: `signature` when the
 * Stripe-Signature header is missing, wrong or older than the tolerance; `body` when a correctly signed body is no JSON.
 */
export function verifyStripeEvent(rawBody: Buffer, signature: string | null, secret: string): StripeVerification {
  if (!signature) return { refused: 'signature' };
  try {
    return { event: Stripe.webhooks.constructEvent(rawBody, signature, secret) };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) return { refused: 'signature' };
    if (error instanceof SyntaxError) return { refused: 'body' };
    throw error;
  }
}

/** Text as the order keeps it: no NUL (PostgreSQL text cannot hold one), trimmed, at most `max` characters, or null. */
const keptText = (max: number) =>
  z
    .string()
    .nullish()
    .transform((text) => text?.replaceAll('\0', '').trim().slice(0, max) || null);

/** A PaymentIntent's id: a string, unless the event was built with the object expanded. */
const paymentIntentId = z
  .union([z.string(), z.object({ id: z.string() })])
  .nullish()
  .transform((intent) => (typeof intent === 'object' ? intent?.id : intent) || null);

/** The fields of a Checkout Session the site reads (Stripe's API reference, "The Checkout Session object"). */
const sessionSchema = z.object({
  id: z.string().min(1).max(200),
  mode: z.string(),
  payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']),
  amount_total: z.number().int().min(0),
  currency: z.string().regex(/^[a-zA-Z]{3}$/),
  client_reference_id: keptText(40),
  customer_details: z
    .object({ email: keptText(254), name: keptText(200) })
    .nullish()
    .transform((details) => details ?? { email: null, name: null }),
  metadata: z.record(z.string(), z.string()).nullish(),
  payment_intent: paymentIntentId,
});

/** The fields of a refunded Charge the site reads: `amount_refunded` is all refunded so far; `refunded`, whether in full. */
const chargeSchema = z.object({
  id: z.string().min(1).max(200),
  payment_intent: paymentIntentId,
  amount_refunded: z.number().int().min(0),
  refunded: z.boolean(),
});

/**
 * A paid Checkout Session as the one order model: one item, its kind and quantity from the link's metadata; null when
 * the metadata's quantity is no whole number from 1 to MAX_QUANTITY, which the site refuses rather than guess at.
 */
function sessionOrder(session: z.output<typeof sessionSchema>): StoreOrderInput | null {
  const metadata = session.metadata ?? {};
  const kind = STORE_ITEM_KINDS.find((known) => known === metadata.kind?.trim()) ?? null;
  const quantity = metadata.quantity === undefined ? 1 : wholeQuantity(metadata.quantity, MAX_QUANTITY);
  if (quantity === null) return null;
  return {
    store: 'stripe',
    storeOrderId: session.id,
    email: session.customer_details.email,
    name: session.customer_details.name,
    items: [
      {
        sku: null,
        title: kind ? ITEM_TITLES[kind] : 'Stripe payment',
        kind,
        quantity,
        amountCents: session.amount_total,
      },
    ],
    currency: session.currency.toUpperCase(),
    totalCents: session.amount_total,
    status: 'paid',
    reference: session.client_reference_id,
    paymentRef: session.payment_intent,
  };
}

/** The stored Stripe order whose payment (a PaymentIntent) this is, as the order model, or null for none. */
async function findOrderByPayment(paymentRef: string): Promise<StoreOrderInput | null> {
  const [row] = await db()<StoreOrderInput[]>`
    select store, store_order_id, email, name, items, currency, total_cents, status,
      reference, payment_ref
    from store_orders where store = 'stripe' and payment_ref = ${paymentRef}
    order by id limit 1`;
  return row ?? null;
}

/** What a verified event did: acted on an order, a repeated delivery acknowledged, or ignored and why. */
export type StripeEventOutcome = { orderId: number } | { duplicate: true } | { ignored: string };

/**
 * The refund a charge tells of, as the order paid by it counts it: refunded in full, or in part with as many HOST SETs
 * as its amount refunded pays for at the price the order paid per HOST SET (its total over its HOST SETs), rounded down.
 */
function chargeRefund(paid: StoreOrderInput, charge: z.output<typeof chargeSchema>): StoreOrderInput {
  const bought = hostSetsBought(paid.items);
  const hostSets = paid.totalCents > 0 ? Math.min(bought, Math.floor((charge.amount_refunded * bought) / paid.totalCents)) : bought;
  return {
    ...paid,
    status: charge.refunded ? 'refunded' : 'partially_refunded',
    refunds: { [charge.id]: { hostSets, cents: charge.amount_refunded } },
  };
}

/** The admins' notice of a paid Checkout Session the site could not make an order of, named as Stripe shows it. */
function unreadablePaymentNotice(session: z.output<typeof sessionSchema>, problem: string): AdminNotification {
  const { email, name } = session.customer_details;
  return {
    kind: 'store-order',
    summary: `Stripe payment ${session.id} not delivered: its Payment Link's quantity cannot be read`,
    paragraphs: [
      problem,
      "Correct the Payment Link's metadata quantity at Stripe; then issue this buyer's codes on Admin Clubs and send them, or refund the payment.",
    ],
    details: [
      ['Store', 'Stripe'],
      ['Checkout Session', session.id],
      ['Buyer', [name, email && `<${email}>`].filter(Boolean).join(' ') || 'not given'],
      ['Amount', formatMoney(session.amount_total, session.currency.toUpperCase())],
      ['Metadata quantity', JSON.stringify(session.metadata?.quantity ?? '')],
    ],
    action: { label: 'Open Admin Orders', path: '/admin-orders' },
  };
}

/**
 * Acts on a verified event: a paid Checkout Session becomes a paid order (its HOST SET codes, its licence payment); a
 * refunded charge refunds the order its PaymentIntent paid, in full or in part. Any other event, or one the site cannot
 * use, is ignored: the route still answers 200, because Stripe retries every other answer for days and the same event
 * will never become usable.
 */
export async function receiveStripeEvent(event: Stripe.Event, origin: string): Promise<StripeEventOutcome> {
  let order: StoreOrderInput | null;
  if (PAID_SESSION_EVENTS.has(event.type)) {
    const session = sessionSchema.safeParse(event.data.object);
    if (!session.success) return { ignored: `The Checkout Session has no ${String(session.error.issues[0]!.path[0])} the site can use.` };
    // Subscriptions and saved cards are no sale of a HOST SET or a licence year.
    if (session.data.mode !== 'payment') return { ignored: 'The site acts on one-time payments only.' };
    if (session.data.payment_status === 'unpaid') return { ignored: 'The Checkout Session is not paid yet.' };
    order = sessionOrder(session.data);
    if (!order) {
      // Money was taken and nothing will be delivered: the admins hear of it, as of any order's problem.
      const problem = `The Payment Link's metadata quantity is not a whole number from 1 to ${MAX_QUANTITY}: no order was stored.`;
      await notifyAdmins(db(), unreadablePaymentNotice(session.data, problem), origin);
      return { ignored: problem };
    }
  } else if (event.type === REFUND_EVENT) {
    const charge = chargeSchema.safeParse(event.data.object);
    const paymentRef = charge.success ? charge.data.payment_intent : null;
    const paid = paymentRef ? await findOrderByPayment(paymentRef) : null;
    if (!charge.success || !paid) return { ignored: 'No order of the site was paid by this charge.' };
    order = chargeRefund(paid, charge.data);
  } else {
    return { ignored: `The site does not act on ${event.type} events.` };
  }
  const result = await receiveStoreEvent({ store: 'stripe', eventId: event.id, order }, origin);
  return result.duplicate ? { duplicate: true } : { orderId: result.orderId };
}
