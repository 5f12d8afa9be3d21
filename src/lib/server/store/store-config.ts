import fs from 'node:fs';
import { load } from 'js-yaml';
import { z } from 'zod';
import { centsOfAmount } from '#lib/schemas/shopify.ts';
import { STORE_ITEM_KINDS, type StoreItemKind } from '#lib/store/types.ts';

const STORE_FILE = new URL('../../../content/store.yaml', import.meta.url);

const storeConfigSchema = z.object({
  skus: z
    .array(z.object({ sku: z.string().trim().min(1).max(100), kind: z.enum(STORE_ITEM_KINDS) }))
    .min(1)
    .refine((skus) => new Set(skus.map(({ sku }) => sku)).size === skus.length, 'each SKU is listed once'),
  hostSetPrice: z.object({
    amount: z
      .string()
      .refine((amount) => (centsOfAmount(amount) ?? 0) > 0, 'an amount above 0 such as "19.99"')
      .transform((amount) => centsOfAmount(amount)!),
    currency: z.string().regex(/^[A-Z]{3}$/, 'a currency code such as USD'),
  }),
});

/**
 * src/content/store.yaml, checked when this module loads (so `npm run content:check` and the build refuse a broken
 * file): which store items the site delivers, and the least a HOST SET is paid for (`hostSetPrice.amount`, in cents).
 * Read from the file, as the webhooks run on the server, outside Astro.
 */
export const storeConfig = storeConfigSchema.parse(load(fs.readFileSync(STORE_FILE, 'utf8')));

const kindsBySku = new Map(storeConfig.skus.map(({ sku, kind }) => [sku, kind]));

/** What the item with this SKU delivers, or null for an item the site does not deliver. */
export const itemKindOfSku = (sku: string | null): StoreItemKind | null => (sku === null ? null : (kindsBySku.get(sku) ?? null));
