import { execFileSync } from 'node:child_process';
import { E2E_SHOPIFY } from '../support/shopify.ts';
import { test } from './fixtures.ts';
import { withDatabase } from './database.ts';

/**
 * A paid Shopify order of `quantity` HOST SETs by `email` (paying `dollars` in all, when given), sent to the e2e server
 * as a README reader sends one: `npm run store:simulate -- --kind host-set --email … --quantity … [--amount …]`, signed
 * with the e2e server's secret. Its stored id, the store's order id and the codes it produced.
 */
export async function simulateHostSetOrder(
  email: string,
  quantity: number,
  dollars?: number,
): Promise<{ id: number; storeOrderId: string; codes: string[] }> {
  execFileSync(
    process.execPath,
    [
      'scripts/store-simulate.ts',
      '--kind',
      'host-set',
      '--email',
      email,
      '--quantity',
      String(quantity),
      ...(dollars === undefined ? [] : ['--amount', String(dollars)]),
      '--url',
      test.info().project.use.baseURL!,
    ],
    {
      env: { ...process.env, SHOPIFY_WEBHOOK_SECRET: E2E_SHOPIFY.secret, SHOPIFY_SHOP_DOMAIN: E2E_SHOPIFY.shopDomain },
      encoding: 'utf8',
    },
  );
  return withDatabase(async (sql) => {
    const [order] = await sql<{ id: number; storeOrderId: string }[]>`
      select id, store_order_id as "storeOrderId" from store_orders where email = ${email} order by id desc limit 1`;
    const codes = await sql<{ code: string }[]>`select code from host_set_codes where store_order_id = ${order!.id} order by code`;
    return { ...order!, codes: codes.map(({ code }) => code) };
  });
}
