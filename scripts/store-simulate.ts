// `npm run store:simulate -- --kind host-set --email you@example.com [--quantity 2]` or
// `npm run store:simulate -- --kind licence --reference FK-XXXX-XXXX [--email …] [--amount 99]`: posts a paid order, as
// the store's webhook delivers it and signed as the store signs it, to the running site, and prints what it answered.
// Try the host's and the guide's journeys without a store (issue 32).
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { STORES } from '#lib/store/types.ts';
import { readTiersFile } from '#server/licensing/index.ts';
import { storeConfig } from '#server/store/index.ts';
import { siteUrlOf } from '#server/platform/http/origin.ts';
import { DEFAULT_SHOP_DOMAIN, shopifyDelivery, signingSecret, stripeDelivery, type SimulatedOrder } from './lib/store-simulate.ts';

const USAGE = `Usage:
  npm run store:simulate -- --kind host-set --email you@example.com [--quantity 2] [--amount 98]
  npm run store:simulate -- --kind licence --reference FK-XXXX-XXXX [--email you@example.com] [--amount 99]
Options:
  --store shopify|stripe  the store's webhook to imitate (default shopify)
  --name "Morgan Reed"    the buyer's name
  --amount DOLLARS        what the buyer paid in all (default: hostSetPrice of src/content/store.yaml a HOST SET;
                          for a licence, the highest licence price in src/content/tiers.yaml, which covers any
                          licence order: give less to try a short payment)
  --url URL               the site (default SITE_URL, else http://localhost:PORT, PORT 4321 unless set)
The secret comes from SHOPIFY_WEBHOOK_SECRET / STRIPE_WEBHOOK_SECRET (.env or the environment), or, for a site on this
machine, from the local demo's (made by its first npm start).`;

const argsSchema = z
  .object({
    kind: z.enum(['host-set', 'licence'], { error: '--kind must be host-set or licence' }),
    store: z.enum(STORES, { error: '--store must be shopify or stripe' }).default('shopify'),
    email: z.email('--email must be an email address').optional(),
    name: z.string().trim().min(1).max(200).default('Morgan Reed'),
    quantity: z.coerce
      .number()
      .int()
      .min(1, '--quantity must be a whole number from 1 to 100')
      .max(100, '--quantity must be a whole number from 1 to 100')
      .default(1),
    reference: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^FK-[A-Z0-9]{4}-[A-Z0-9]{4}$/, '--reference must be a licence reference such as FK-AB12-CD34')
      .optional(),
    amount: z.coerce.number().min(0, '--amount must be a number of dollars').optional(),
    url: z.url({ protocol: /^https?$/, error: '--url must be an http:// or https:// URL' }),
  })
  .refine((args) => args.kind !== 'host-set' || args.email, { message: '--email is needed: the codes are emailed to it', path: ['email'] })
  .refine((args) => args.kind !== 'licence' || args.reference, {
    message: '--reference is needed: the licence order it pays',
    path: ['reference'],
  });

const text = { type: 'string' } as const;
const { values } = parseArgs({
  options: {
    kind: text,
    store: text,
    email: text,
    name: text,
    quantity: text,
    reference: text,
    amount: text,
    url: text,
    help: { type: 'boolean' },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const parsed = argsSchema.safeParse({ ...values, url: values.url ?? siteUrlOf(process.env) });
if (!parsed.success) {
  for (const issue of parsed.error.issues) console.error(issue.message);
  console.error(USAGE);
  process.exit(2);
}
const args = parsed.data;

const highestLicencePrice = () => Math.max(...readTiersFile().flatMap((tier) => [tier.sharedFee, tier.exclusiveFee]));
// store.yaml's price is in cents already (store-config.ts).
const defaultCents = () => (args.kind === 'host-set' ? storeConfig.hostSetPrice.amount * args.quantity : highestLicencePrice() * 100);
const order: SimulatedOrder = {
  store: args.store,
  kind: args.kind,
  email: args.email ?? 'guide.buyer@example.com',
  name: args.name,
  quantity: args.quantity,
  amountCents: args.amount === undefined ? defaultCents() : Math.round(args.amount * 100),
  reference: args.reference ?? null,
};

let secret: string;
try {
  secret = signingSecret(args.store, args.url, process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const delivery =
  args.store === 'shopify'
    ? shopifyDelivery(order, secret, process.env.SHOPIFY_SHOP_DOMAIN || DEFAULT_SHOP_DOMAIN)
    : stripeDelivery(order, secret);

const target = new URL(delivery.path, args.url);
console.log(`POST ${target.href} (${args.store}, ${args.kind}, ${order.email}, $${(order.amountCents / 100).toFixed(2)})`);
try {
  const response = await fetch(target, { method: 'POST', headers: delivery.headers, body: delivery.body });
  const text = await response.text();
  console.log(`${response.status} ${response.statusText}${text ? `\n${text}` : ''}`);
  process.exitCode = response.ok ? 0 : 1;
} catch (error) {
  console.error(`The site at ${args.url} did not answer (${(error as Error).message}). Is it running (npm start)?`);
  process.exitCode = 1;
}
