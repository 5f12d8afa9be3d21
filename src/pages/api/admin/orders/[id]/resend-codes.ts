import type { APIRoute } from 'astro';
import { requireAdmin } from '#server/auth/index.ts';
import { json, notFound } from '#server/platform/http/endpoint.ts';
import { requireId } from '#server/platform/http/params.ts';
import { wakeWorker } from '#server/app/worker.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';
import { resendOrderCodes } from '#server/store/index.ts';

export const prerender = false;

/** The admin sends a HOST SET order's code email to its buyer again; 409 when it has no unused code or no address. */
export const POST: APIRoute = async ({ params, locals }) => {
  const admin = requireAdmin(locals);
  const id = requireId(params.id, 'Order not found.');

  const order = await resendOrderCodes(id, admin, siteOrigin(locals.serverPort));
  if (!order) return notFound('Order not found.');
  wakeWorker();
  return json(order);
};
