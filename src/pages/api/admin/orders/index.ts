import type { APIRoute } from 'astro';
import { adminOrderQuerySchema } from '#lib/schemas/admin-orders.ts';
import { requireAdmin } from '#server/auth/index.ts';
import { json, parseQuery } from '#server/platform/http/endpoint.ts';
import { listOrdersForAdmin } from '#server/store/index.ts';

export const prerender = false;

/** The store's orders, 25 a page, those with problems first, then the newest; `X-Total-Count` counts all that match. */
export const GET: APIRoute = async ({ url, locals }) => {
  requireAdmin(locals);
  const { orders, total } = await listOrdersForAdmin(parseQuery(url, adminOrderQuerySchema));
  return json(orders, 200, { 'x-total-count': String(total) });
};
