import { randomBytes } from 'node:crypto';
import type { StoreOrderInput } from '#lib/store/types.ts';
import { issueHostSetCodes } from '#server/codes/host-set-codes.ts';
import type { Sql } from '#server/platform/db/db.ts';

/** A paid Shopify order for one HOST SET, unique on every call; `overrides` change any of its fields. */
export function hostSetOrder(overrides: Partial<StoreOrderInput> = {}): StoreOrderInput {
  const id = randomBytes(4).toString('hex');
  return {
    store: 'shopify',
    storeOrderId: `#${parseInt(id, 16)}`,
    email: `buyer.${id}@example.com`,
    name: 'Morgan Reed',
    items: [{ sku: 'FK-HOST-SET', title: 'FlameKeeper HOST SET', kind: 'host-set', quantity: 1, amountCents: 4900 }],
    currency: 'USD',
    totalCents: 4900,
    status: 'paid',
    reference: null,
    ...overrides,
  };
}

/**
 * Stores `order` as the webhooks do, straight in the database, with `codes` HOST SET codes recorded against it and
 * `problems` kept with it: what the admin's Orders view shows, whatever delivered it.
 */
export async function insertStoreOrder(
  sql: Sql,
  order: StoreOrderInput,
  { codes = 0, problems = [], createdAt = new Date() }: { codes?: number; problems?: string[]; createdAt?: Date } = {},
): Promise<{ id: number; codes: string[] }> {
  const [row] = await sql<{ id: number }[]>`
    insert into store_orders (store, store_order_id, email, name, items, currency, total_cents, status, reference, problems, created_at)
    values (${order.store}, ${order.storeOrderId}, ${order.email}, ${order.name}, ${sql.json(order.items as never)}, ${order.currency},
      ${order.totalCents}, ${order.status}, ${order.reference}, ${problems}::text[], ${createdAt})
    returning id`;
  const issued = codes > 0 ? await issueHostSetCodes(codes, null, sql) : [];
  if (issued.length > 0) await sql`update host_set_codes set store_order_id = ${row!.id} where code in ${sql(issued)}`;
  return { id: row!.id, codes: issued };
}
