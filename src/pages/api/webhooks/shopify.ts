import type { APIRoute } from 'astro';
import { shopifyOrderSchema, shopifyRefundSchema } from '#lib/schemas/shopify.ts';
import { wakeWorker } from '#server/app/worker.ts';
import { env } from '#server/platform/env.ts';
import { HttpError, json, notFound, validate } from '#server/platform/http/endpoint.ts';
import { readWebhookBody, unsignedWebhook } from '#server/platform/http/webhooks.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';
import {
  isFromShop,
  isShopifyTopic,
  parseShopifyJson,
  receiveStoreEvent,
  shopifyOrderInput,
  shopifyRefundInput,
} from '#server/store/index.ts';

export const prerender = false;

/**
 * The Shopify store's webhook (`orders/paid`, `orders/cancelled`, `refunds/create`), signed with
 * SHOPIFY_WEBHOOK_SECRET: the order is stored and acted on once per X-Shopify-Webhook-Id. Without the secret the
 * route does not exist (404); a missing or wrong signature, or another shop, is a 401 that changes nothing. The
 * signature covers the body only: the topic says which body to read, and the signed body alone what state it is in.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const { SHOPIFY_WEBHOOK_SECRET: secret, SHOPIFY_SHOP_DOMAIN: domain } = env();
  if (!secret) return notFound();
  const body = await readWebhookBody(request);
  const { headers } = request;
  const delivery = { body, signature: headers.get('x-shopify-hmac-sha256'), shopDomain: headers.get('x-shopify-shop-domain') };
  if (!isFromShop(delivery, { secret, domain })) return unsignedWebhook();

  const topic = headers.get('x-shopify-topic');
  // A topic the store sends though the site does not act on it: acknowledged, so that Shopify does not retry it.
  if (!isShopifyTopic(topic)) return json({ received: true, ignored: true });
  const eventId = headers.get('x-shopify-webhook-id')?.trim();
  if (!eventId || eventId.length > 200) throw new HttpError(400, 'The X-Shopify-Webhook-Id header is missing or too long.');
  const payload = parseShopifyJson(body);
  if (payload === undefined) throw new HttpError(400, 'The request body is not valid JSON.');

  const order =
    topic === 'refunds/create'
      ? shopifyRefundInput(validate(shopifyRefundSchema, payload))
      : shopifyOrderInput(validate(shopifyOrderSchema, payload));
  // An order whose money has not arrived (pending, authorized): nothing to act on, and nothing Shopify should retry.
  if (!order) return json({ received: true, ignored: true });
  const { duplicate } = await receiveStoreEvent({ store: 'shopify', eventId, order }, siteOrigin(locals.serverPort));
  if (!duplicate) wakeWorker();
  return json({ received: true, duplicate });
};
