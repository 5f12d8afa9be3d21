import { z } from './zod.ts';
import { pageParameter } from './paging.ts';

/** The last page /admin-orders can ask for. */
export const MAX_ORDERS_PAGE = 1000;
/** Orders on one page of /admin-orders. */
export const ORDERS_PAGE_SIZE = 25;

const ORDER_MESSAGE = 'Order must be an order number';

/**
 * GET /api/admin/orders and the /admin-orders view: `problems=1` for only the orders with problems, `order=<id>` for
 * one order (the codes panel and the admin's notifications link to it), and a page.
 */
export const adminOrderQuerySchema = z.object({
  problems: z
    .enum(['0', '1'], { error: 'Problems must be 1 (only orders with problems) or 0' })
    .optional()
    .transform((value) => value === '1'),
  order: z
    .string({ error: ORDER_MESSAGE })
    .regex(/^[1-9]\d{0,9}$/, ORDER_MESSAGE)
    .transform(Number)
    .pipe(z.number().max(2_147_483_647, ORDER_MESSAGE))
    .optional(),
  page: pageParameter(MAX_ORDERS_PAGE),
});
export type AdminOrderQuery = z.output<typeof adminOrderQuerySchema>;
