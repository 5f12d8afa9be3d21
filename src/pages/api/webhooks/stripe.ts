import type { APIRoute } from 'astro';
import { wakeWorker } from '#server/app/worker.ts';
import { env } from '#server/platform/env.ts';
import { errorResponse, json, notFound } from '#server/platform/http/endpoint.ts';
import { readWebhookBody, unsignedWebhook } from '#server/platform/http/webhooks.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';
import { receiveStripeEvent, verifyStripeEvent } from '#server/store/index.ts';

export const prerender = false;

/**
 * Stripe's webhook (issue 32): a paid Checkout Session of a Payment Link becomes an order, a refunded charge refunds
 * it. 404 while STRIPE_WEBHOOK_SECRET is unset; 413 over 1 MB; 401 for a missing, wrong or stale signature, with
 * nothing stored; 200 for every verified event, acted on, repeated or ignored (the body says which).
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const secret = env().STRIPE_WEBHOOK_SECRET;
  if (!secret) return notFound();
  const body = await readWebhookBody(request);
  const verified = verifyStripeEvent(body, request.headers.get('stripe-signature'), secret);
  if ('refused' in verified) return verified.refused === 'signature' ? unsignedWebhook() : errorResponse(400, 'The body is not JSON.');

  const outcome = await receiveStripeEvent(verified.event, siteOrigin(locals.serverPort));
  wakeWorker();
  return json({ received: true, ...outcome });
};
