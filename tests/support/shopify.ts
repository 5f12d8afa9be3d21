import { createHmac, randomUUID } from 'node:crypto';

// Shopify's webhooks as the store sends them (issue 32), for the tests: bodies shaped as its documented `orders/paid`,
// `orders/cancelled` and `refunds/create` examples, signed as Shopify signs them.

/** The shop the end-to-end server takes webhooks from (tests/support/e2e-server.ts). */
export const E2E_SHOPIFY = { secret: 'shpss_e2e_0123456789abcdef0123456789abcdef', shopDomain: 'flamekeeper-e2e.myshopify.com' };

// Shopify's ids are 64-bit, as in its documented examples (820982911946154508): beyond a JavaScript number's precision.
// Spaced a thousand apart (an order's lines and refunds take the ids after it's), and new on every run.
let nextId = 820982911946154508n + BigInt(Date.now()) * 1000n;
/** A new Shopify order id. */
export const newShopifyId = () => (nextId += 1000n);

/** JSON as Shopify writes it: bigint ids as plain numbers. */
export const shopifyJson = (payload: unknown) =>
  JSON.stringify(payload, (_key, value: unknown) => (typeof value === 'bigint' ? `#big${value}#` : value)).replace(/"#big(\d+)#"/g, '$1');

/** The X-Shopify-Hmac-Sha256 of `body`: its base64 HMAC-SHA256 under the webhook secret. */
export const signShopify = (body: string, secret: string) => createHmac('sha256', secret).update(body).digest('base64');

const money = (amount: string) => ({
  shop_money: { amount, currency_code: 'USD' },
  presentment_money: { amount, currency_code: 'USD' },
});

export interface ShopifyLine {
  sku: string | null;
  title: string;
  price: string;
  quantity: number;
}
export const hostSets = (quantity: number): ShopifyLine => ({ sku: 'FK-HOST-SET', title: 'HOST SET', price: '19.99', quantity });
export const book: ShopifyLine = { sku: 'FK-BOOK-KINDLING', title: 'Kindling (paperback)', price: '12.50', quantity: 1 };

/** An `orders/paid` (or, cancelled, `orders/cancelled`) body, shaped as Shopify's documented example. */
export function shopifyOrderPayload(order: {
  id: bigint;
  email: string | null;
  lines: ShopifyLine[];
  total: string;
  cancelled?: boolean;
  noteAttributes?: { name: string; value: string }[];
  /** Its `financial_status` when not paid (or voided, cancelled), and its refunds so far. */
  financialStatus?: string;
  refunds?: ReturnType<typeof shopifyRefundPayload>[];
}) {
  const at = '2026-11-27T10:15:00-05:00';
  return {
    id: order.id,
    admin_graphql_api_id: `gid://shopify/Order/${order.id}`,
    app_id: null,
    browser_ip: null,
    buyer_accepts_marketing: false,
    cancel_reason: order.cancelled ? 'customer' : null,
    cancelled_at: order.cancelled ? at : null,
    cart_token: null,
    checkout_id: null,
    checkout_token: null,
    closed_at: null,
    confirmation_number: 'K7PQ2XJ4A',
    confirmed: true,
    contact_email: order.email,
    created_at: at,
    currency: 'USD',
    current_subtotal_price: order.total,
    current_total_price: order.total,
    email: order.email ?? '',
    financial_status: order.financialStatus ?? (order.cancelled ? 'voided' : 'paid'),
    fulfillment_status: null,
    name: '#1001',
    note: null,
    note_attributes: order.noteAttributes ?? [],
    number: 1,
    order_number: 1001,
    payment_gateway_names: ['bogus'],
    presentment_currency: 'USD',
    processed_at: at,
    source_name: 'web',
    subtotal_price: order.total,
    tags: '',
    taxes_included: false,
    test: true,
    total_discounts: '0.00',
    total_line_items_price: order.total,
    total_price: order.total,
    total_price_set: money(order.total),
    total_tax: '0.00',
    updated_at: at,
    customer: order.email
      ? { id: 115310627314723954n, email: order.email, first_name: 'Avery', last_name: 'Quinn', state: 'disabled', currency: 'USD' }
      : null,
    line_items: order.lines.map((line, index) => ({
      id: order.id + BigInt(index + 1),
      admin_graphql_api_id: `gid://shopify/LineItem/${order.id + BigInt(index + 1)}`,
      current_quantity: line.quantity,
      fulfillable_quantity: line.quantity,
      fulfillment_service: 'manual',
      fulfillment_status: null,
      gift_card: false,
      grams: 900,
      name: line.title,
      price: line.price,
      price_set: money(line.price),
      product_exists: true,
      product_id: 632910392,
      properties: [],
      quantity: line.quantity,
      requires_shipping: true,
      sku: line.sku,
      taxable: true,
      title: line.title,
      total_discount: '0.00',
      total_discount_set: money('0.00'),
      variant_id: 808950810,
      variant_title: null,
      vendor: 'FlameKeeper',
      tax_lines: [],
      duties: [],
      discount_allocations: [],
    })),
    refunds: order.refunds ?? [],
    shipping_lines: [],
  };
}

/** A `refunds/create` body of one line of `orderId` (refund `nth` of the order), shaped as Shopify's documented example. */
export function shopifyRefundPayload(orderId: bigint, line: ShopifyLine, quantity: number, nth = 1) {
  const amount = ((Number(line.price) * 100 * quantity) / 100).toFixed(2);
  const id = orderId + 500n + BigInt(nth - 1);
  return {
    id,
    order_id: orderId,
    created_at: '2026-11-28T09:00:00-05:00',
    note: 'The buyer changed their mind',
    user_id: 548380009,
    processed_at: '2026-11-28T09:00:00-05:00',
    restock: false,
    duties: [],
    admin_graphql_api_id: `gid://shopify/Refund/${id}`,
    refund_line_items: [
      {
        id: orderId + 600n,
        quantity,
        line_item_id: orderId + 1n,
        location_id: null,
        restock_type: 'no_restock',
        subtotal: Number(amount),
        total_tax: 0,
        subtotal_set: money(amount),
        total_tax_set: money('0.00'),
        line_item: { id: orderId + 1n, quantity: line.quantity, sku: line.sku, title: line.title, price: line.price, gift_card: false },
      },
    ],
    transactions: [
      {
        id: orderId + 700n,
        order_id: orderId,
        kind: 'refund',
        gateway: 'bogus',
        status: 'success',
        message: 'Bogus Gateway: Forced success',
        created_at: '2026-11-28T09:00:00-05:00',
        test: true,
        authorization: null,
        currency: 'USD',
        amount,
        parent_id: orderId + 800n,
      },
    ],
    order_adjustments: [],
  };
}

export interface ShopifyDelivery {
  secret: string;
  shopDomain: string | null;
  eventId?: string;
  /** The X-Shopify-Hmac-Sha256 header when not the body's signature under `secret`; null: none. */
  signature?: string | null;
  headers?: Record<string, string>;
}

/** Posts a webhook delivery to the site at `origin` as Shopify does: the raw JSON (`payload`, or the text given), signed. */
export function deliverShopifyWebhook(origin: string, topic: string, payload: unknown, delivery: ShopifyDelivery): Promise<Response> {
  const body = typeof payload === 'string' ? payload : shopifyJson(payload);
  const signature = delivery.signature === undefined ? signShopify(body, delivery.secret) : delivery.signature;
  return fetch(new URL('/api/webhooks/shopify', origin), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': topic,
      'x-shopify-webhook-id': delivery.eventId ?? randomUUID(),
      'x-shopify-api-version': '2025-10',
      'x-shopify-triggered-at': new Date().toISOString(),
      ...(signature === null ? {} : { 'x-shopify-hmac-sha256': signature }),
      ...(delivery.shopDomain === null ? {} : { 'x-shopify-shop-domain': delivery.shopDomain }),
      ...delivery.headers,
    },
    body,
  });
}
