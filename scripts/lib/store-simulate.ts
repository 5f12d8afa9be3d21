// What `npm run store:simulate` sends: a paid order as the store's webhook delivers it, signed as the store signs it.
// Shopify: an `orders/paid` delivery shaped like Shopify's documented example, its X-Shopify-Hmac-Sha256 the base64
// HMAC-SHA256 of the raw body under SHOPIFY_WEBHOOK_SECRET. Stripe: a `checkout.session.completed` event of a Payment
// Link, signed by the official package's own test helper under STRIPE_WEBHOOK_SECRET.
import { createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { StoreItemKind, StoreName } from '#lib/store/types.ts';
import { isLoopbackHost } from '#server/platform/env.ts';
import { readDemoStoreSecrets, type StoreSecretName } from './demo-store-secrets.ts';

/** The order to simulate, as the command line gives it. */
export interface SimulatedOrder {
  store: StoreName;
  kind: StoreItemKind;
  email: string;
  name: string;
  quantity: number;
  /** What the buyer paid in all, in cents (USD). */
  amountCents: number;
  /** The licence reference the buyer's link carried (licence payments). */
  reference: string | null;
}

/** The SKUs of src/content/store.yaml's defaults; a Stripe Payment Link names the kind in its metadata instead. */
export const SIMULATED_SKUS: Record<StoreItemKind, { sku: string; title: string }> = {
  'host-set': { sku: 'FK-HOST-SET', title: 'FlameKeeper HOST SET' },
  licence: { sku: 'FK-GUIDE-LICENCE', title: 'FlameKeeper guide licence' },
};

/** The shop domain the deliveries name when SHOPIFY_SHOP_DOMAIN is unset. */
export const DEFAULT_SHOP_DOMAIN = 'flamekeeperclubs.myshopify.com';

/** A signed webhook delivery: where it goes on the site, its headers and its raw body. */
export interface Delivery {
  path: string;
  headers: Record<string, string>;
  body: string;
}

const money = (cents: number) => (cents / 100).toFixed(2);
const digits = (length: number) => Array.from({ length }, (_, i) => randomInt(i === 0 ? 1 : 0, 10)).join('');

/** The base64 HMAC-SHA256 of `body` under `secret`: Shopify's X-Shopify-Hmac-Sha256. */
export const shopifyHmac = (body: string, secret: string) => createHmac('sha256', secret).update(body, 'utf8').digest('base64');

/** An `orders/paid` delivery of `order` from the shop `shopDomain`, signed with `secret`. */
export function shopifyDelivery(order: SimulatedOrder, secret: string, shopDomain: string, now = new Date()): Delivery {
  const id = Number(digits(13));
  const [firstName, ...rest] = order.name.split(' ');
  const item = SIMULATED_SKUS[order.kind];
  const at = now.toISOString();
  const payload = {
    id,
    admin_graphql_api_id: `gid://shopify/Order/${id}`,
    name: `#${digits(4)}`,
    email: order.email,
    contact_email: order.email,
    created_at: at,
    updated_at: at,
    processed_at: at,
    currency: 'USD',
    presentment_currency: 'USD',
    subtotal_price: money(order.amountCents),
    current_total_price: money(order.amountCents),
    total_price: money(order.amountCents),
    total_tax: '0.00',
    financial_status: 'paid',
    fulfillment_status: null,
    test: true,
    note: null,
    // A cart attribute reaches the order as a note attribute: the licence reference of the buyer's link.
    note_attributes: order.reference ? [{ name: 'reference', value: order.reference }] : [],
    customer: { id: Number(digits(13)), email: order.email, first_name: firstName, last_name: rest.join(' ') || null },
    line_items: [
      {
        id: Number(digits(13)),
        admin_graphql_api_id: `gid://shopify/LineItem/${id}`,
        product_id: Number(digits(13)),
        variant_id: Number(digits(14)),
        title: item.title,
        name: item.title,
        sku: item.sku,
        quantity: order.quantity,
        price: money(Math.round(order.amountCents / order.quantity)),
        requires_shipping: order.kind === 'host-set',
        taxable: false,
        gift_card: false,
      },
    ],
  };
  const body = JSON.stringify(payload);
  return {
    path: '/api/webhooks/shopify',
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': 'orders/paid',
      'x-shopify-hmac-sha256': shopifyHmac(body, secret),
      'x-shopify-shop-domain': shopDomain,
      'x-shopify-webhook-id': randomUUID(),
      'x-shopify-event-id': randomUUID(),
      'x-shopify-triggered-at': at,
      'x-shopify-api-version': '2025-10',
    },
    body,
  };
}

/**
 * A `checkout.session.completed` event of a Payment Link (its metadata `kind` says what it sells and `quantity` how
 * many, as the link's metadata would; a licence's reference is the session's `client_reference_id`), signed with
 * `secret`.
 */
export function stripeDelivery(order: SimulatedOrder, secret: string, now = new Date()): Delivery {
  const created = Math.floor(now.getTime() / 1000);
  const token = () => randomBytes(12).toString('hex');
  const event = {
    id: `evt_${token()}`,
    object: 'event',
    api_version: '2025-10-29.clover',
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_test_${token()}`,
        object: 'checkout.session',
        amount_subtotal: order.amountCents,
        amount_total: order.amountCents,
        currency: 'usd',
        client_reference_id: order.reference,
        customer_details: { email: order.email, name: order.name },
        customer_email: order.email,
        metadata: { kind: order.kind, quantity: String(order.quantity) },
        mode: 'payment',
        payment_intent: `pi_${token()}`,
        payment_link: `plink_${token()}`,
        payment_status: 'paid',
        status: 'complete',
        created,
      },
    },
  };
  const body = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: created });
  return { path: '/api/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body };
}

/** The environment variable holding `store`'s webhook secret. */
export const secretNameOf = (store: StoreName): StoreSecretName =>
  store === 'shopify' ? 'SHOPIFY_WEBHOOK_SECRET' : 'STRIPE_WEBHOOK_SECRET';

/**
 * The secret to sign with for the site at `siteUrl`: the environment's, else (for a site on this machine) the local
 * demo's, which its first `npm start` made. Throws, saying what to set, when there is neither.
 */
export function signingSecret(store: StoreName, siteUrl: string, environment: Record<string, string | undefined>): string {
  const name = secretNameOf(store);
  if (environment[name]) return environment[name];
  const demo = isLoopbackHost(new URL(siteUrl).hostname) ? readDemoStoreSecrets(environment) : null;
  if (demo) return demo[name];
  throw new Error(
    `${name} is not set. Set it (in .env or the environment) to the secret the site's webhook is configured with; ` +
      'a local demo site (npm start on the embedded database) makes its own on its first start.',
  );
}
