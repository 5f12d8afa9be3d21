import { wholeQuantity } from '#lib/store/types.ts';
import { z } from './zod.ts';

// The parts of Shopify's webhook bodies the site reads (POST /api/webhooks/shopify), shaped as Shopify's documented
// `orders/paid`, `orders/cancelled` (an order) and `refunds/create` (a refund) payloads; every other field is ignored.

/** The largest amount an order may carry, in cents: what an `integer` column holds, and far above any real order. */
const MAX_CENTS = 999_999_999;

/** An amount in cents from Shopify's decimal string ("19.99", "5", "388.000"), read digit by digit, never as a float. */
export function centsOfAmount(amount: string): number | null {
  const match = /^(\d{1,7})(?:\.(\d{1,2})0*)?$/.exec(amount);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents <= MAX_CENTS ? cents : null;
}

const amount = z
  .string()
  .refine((value) => centsOfAmount(value) !== null, 'Must be an amount such as "19.99"')
  .transform((value) => centsOfAmount(value)!);

/** Shopify's ids are 64-bit numbers: the route reads them as their digits (a JSON number may not hold them exactly). */
const shopifyId = z.union([z.string().regex(/^\d{1,30}$/, 'Must be a Shopify id'), z.number().int().nonnegative()]).transform(String);

const optionalText = z.string().max(1000).nullish();
/** The most of one item a line may hold. */
const MAX_QUANTITY = 1000;
/** A line's quantity, in digits (the route keeps each JSON `quantity` as its digits: `1e2` is no quantity). */
const quantity = z
  .union([z.number(), z.string()])
  .refine((value) => wholeQuantity(value, MAX_QUANTITY) !== null, `Must be a whole number from 1 to ${MAX_QUANTITY}`)
  .transform((value) => wholeQuantity(value, MAX_QUANTITY)!);
const currency = z.string().regex(/^[A-Z]{3}$/, 'Must be a currency code such as USD');
const sku = z.string().max(200).nullish();
const title = z.string().max(1000);

const moneySet = z.object({ shop_money: z.object({ amount, currency_code: currency }) });

const refundLineItems = z
  .array(
    z.object({
      quantity,
      subtotal_set: moneySet.nullish(),
      line_item: z.object({ sku, title, price: amount }),
    }),
  )
  .max(1000)
  .nullish();

const refundTransactions = z
  .array(z.object({ kind: z.string().max(100).nullish(), status: z.string().max(100).nullish(), amount, currency }))
  .max(1000)
  .nullish();

/** An order, as `orders/paid` and `orders/cancelled` send it. */
export const shopifyOrderSchema = z.object({
  id: shopifyId,
  email: optionalText,
  contact_email: optionalText,
  customer: z.object({ email: optionalText, first_name: optionalText, last_name: optionalText }).nullish(),
  line_items: z
    .array(
      z.object({
        sku,
        title,
        quantity,
        /** The price of one. */
        price: amount,
        discount_allocations: z.array(z.object({ amount })).max(100).nullish(),
      }),
    )
    .max(1000),
  total_price: amount,
  currency,
  /** The cart's attributes: a licence payment's link sets `reference`. */
  note_attributes: z
    .array(z.object({ name: z.string().max(1000), value: optionalText }))
    .max(100)
    .nullish(),
  cancelled_at: z.string().max(100).nullish(),
  financial_status: z.string().max(100).nullish(),
  /** The order's refunds so far, each as `refunds/create` told of it. */
  refunds: z
    .array(z.object({ id: shopifyId, refund_line_items: refundLineItems, transactions: refundTransactions }))
    .max(100)
    .nullish(),
});
export type ShopifyOrder = z.output<typeof shopifyOrderSchema>;

/** A refund of (part of) an order, as `refunds/create` sends it. */
export const shopifyRefundSchema = z.object({
  id: shopifyId,
  order_id: shopifyId,
  refund_line_items: refundLineItems,
  transactions: refundTransactions,
});
export type ShopifyRefund = z.output<typeof shopifyRefundSchema>;
