import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { ShopifyOrder, ShopifyRefund } from '#lib/schemas/shopify.ts';
import type { StoreItem, StoreOrderInput, StoreOrderStatus, StoreRefunds } from '#lib/store/types.ts';
import { itemKindOfSku } from './store-config.ts';

// The Shopify store's webhooks (issue 32): who sent them, and the orders they tell of.

/** The topics the site acts on; the store may be subscribed to others, which are acknowledged and ignored. */
export const SHOPIFY_TOPICS = ['orders/paid', 'orders/cancelled', 'refunds/create'] as const;
export type ShopifyTopic = (typeof SHOPIFY_TOPICS)[number];

export const isShopifyTopic = (topic: string | null): topic is ShopifyTopic => SHOPIFY_TOPICS.includes(topic as ShopifyTopic);

/**
 * Whether a delivery comes from the shop: its X-Shopify-Hmac-Sha256 is the base64 HMAC-SHA256 of the raw body under the
 * webhook secret, compared in constant time, and, when the site names its shop, its X-Shopify-Shop-Domain is that shop.
 */
export function isFromShop(
  delivery: { body: Uint8Array; signature: string | null; shopDomain: string | null },
  shop: { secret: string; domain?: string | undefined },
): boolean {
  const expected = Buffer.from(createHmac('sha256', shop.secret).update(delivery.body).digest('base64'));
  const given = Buffer.from(delivery.signature ?? '');
  const signed = given.length === expected.length && timingSafeEqual(given, expected);
  return signed && (shop.domain === undefined || delivery.shopDomain?.toLowerCase() === shop.domain);
}

/** The numbers kept as written: 64-bit ids, and quantities, which must be plain digits (`1e2` is not 100). */
const KEPT_AS_WRITTEN = new Set(['id', 'order_id', 'quantity']);

/**
 * A webhook's JSON body, or undefined when it is not JSON. Shopify's ids are 64-bit numbers, beyond what a JavaScript
 * number holds exactly (its documented examples' are), so each `id` and `order_id` is kept as the digits sent; each
 * `quantity` too, so that the schema reads only digits as a quantity.
 */
export function parseShopifyJson(body: Uint8Array): unknown {
  try {
    return JSON.parse(Buffer.from(body).toString('utf8'), (key, value, context?: { source?: string }) =>
      KEPT_AS_WRITTEN.has(key) && typeof value === 'number' ? (context?.source ?? value) : value,
    );
  } catch {
    return undefined;
  }
}

const emailAddress = z.email().max(254);

/**
 * The order an `orders/paid` or `orders/cancelled` webhook tells of, its state read from the signed body alone (the
 * X-Shopify-Topic header is not signed, so a paid order's body replayed under another topic tells the same): null for
 * an order whose money has not arrived (pending, authorized), which the site does not act on.
 */
export function shopifyOrderInput(order: ShopifyOrder): StoreOrderInput | null {
  const status = orderStatus(order);
  if (!status) return null;
  const email = [order.email, order.contact_email, order.customer?.email]
    .map((address) => address?.trim())
    .find((address) => emailAddress.safeParse(address).success);
  const name = [order.customer?.first_name, order.customer?.last_name].map((part) => part?.trim()).filter(Boolean);
  const reference = order.note_attributes?.find((attribute) => attribute.name.trim().toLowerCase() === 'reference')?.value?.trim();
  return {
    store: 'shopify',
    storeOrderId: order.id,
    email: email ?? null,
    name: name.length > 0 ? name.join(' ').slice(0, 200) : null,
    items: order.line_items.map((line) => {
      const discount = (line.discount_allocations ?? []).reduce((sum, allocation) => sum + allocation.amount, 0);
      return item(line.sku, line.title, line.quantity, Math.max(0, line.price * line.quantity - discount));
    }),
    currency: order.currency,
    totalCents: order.total_price,
    status,
    // Longer than any reference the site gives: kept cut short, so that the admin still sees what the buyer sent.
    reference: reference ? reference.slice(0, 40) : null,
    refunds: Object.fromEntries((order.refunds ?? []).map((refund) => [refund.id, refundTotals(refund)])),
  };
}

/**
 * The state the order's body tells: `cancelled_at`, else its `financial_status`. A paid order snapshot may already tell
 * of its end (a delivery sent late): a cancelled or refunded order never counts as newly paid.
 */
function orderStatus(order: ShopifyOrder): StoreOrderStatus | null {
  if (order.cancelled_at) return 'cancelled';
  switch (order.financial_status) {
    case 'paid':
    case 'partially_refunded':
    case 'refunded':
      return order.financial_status;
    default:
      return null;
  }
}

/** What one refund gave back: its HOST SETs (its refund line items of that SKU) and its successful refund transactions. */
function refundTotals(refund: Pick<ShopifyRefund, 'refund_line_items' | 'transactions'>): StoreRefunds[string] {
  const hostSets = (refund.refund_line_items ?? [])
    .filter(({ line_item: line }) => kindOfSku(line.sku) === 'host-set')
    .reduce((sum, line) => sum + line.quantity, 0);
  return { hostSets, cents: refundTransactions(refund).reduce((sum, transaction) => sum + transaction.amount, 0) };
}

const refundTransactions = (refund: Pick<ShopifyRefund, 'transactions'>) =>
  (refund.transactions ?? []).filter(({ kind, status }) => (kind ?? 'refund') === 'refund' && status !== 'failure' && status !== 'error');

/** The largest total an order may be stored with (an `integer` column). */
const MAX_TOTAL_CENTS = 2_147_483_647;

/**
 * The order a `refunds/create` webhook tells of: refunded in part, with this refund (its HOST SETs, its amount); the
 * site counts it refunded once its refunds add up to its total. The refund names only its order's id: for an order the
 * site has, that is all it reads; an order it has not seen (paid before the webhook was set up) is stored with what the
 * refund says, its total being the amount refunded.
 */
export function shopifyRefundInput(refund: ShopifyRefund): StoreOrderInput {
  const lines = refund.refund_line_items ?? [];
  const refunds = refundTransactions(refund);
  const totals = refundTotals(refund);
  return {
    store: 'shopify',
    storeOrderId: refund.order_id,
    email: null,
    name: null,
    items: lines.map(({ line_item: line, quantity, subtotal_set }) =>
      item(line.sku, line.title, quantity, subtotal_set?.shop_money.amount ?? line.price * quantity),
    ),
    // ISO 4217's "no currency" when the refund names none (a refund of nothing but restocking).
    currency: refunds[0]?.currency ?? lines.find((line) => line.subtotal_set)?.subtotal_set?.shop_money.currency_code ?? 'XXX',
    totalCents: Math.min(totals.cents, MAX_TOTAL_CENTS),
    status: 'partially_refunded',
    reference: null,
    refunds: { [refund.id]: totals },
  };
}

const trimmedSku = (sku: string | null | undefined) => sku?.trim() || null;
const kindOfSku = (sku: string | null | undefined) => itemKindOfSku(trimmedSku(sku));

function item(sku: string | null | undefined, title: string, quantity: number, amountCents: number): StoreItem {
  return { sku: trimmedSku(sku), title, kind: kindOfSku(sku), quantity, amountCents };
}
