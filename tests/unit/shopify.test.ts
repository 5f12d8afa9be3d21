import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { centsOfAmount, shopifyOrderSchema, shopifyRefundSchema } from '#lib/schemas/shopify.ts';
import { wholeQuantity } from '#lib/store/types.ts';
import { isFromShop, parseShopifyJson, shopifyOrderInput, shopifyRefundInput } from '#server/store/index.ts';

// Issue 32: what the Shopify webhook reads of a delivery, before anything is stored.

describe('centsOfAmount', () => {
  it('reads decimal strings digit by digit, as floats would not', () => {
    expect(centsOfAmount('19.99')).toBe(1999);
    expect(centsOfAmount('0.29')).toBe(29);
    expect(centsOfAmount('1.1')).toBe(110);
    expect(centsOfAmount('5')).toBe(500);
    expect(centsOfAmount('388.000')).toBe(38800);
    expect(centsOfAmount('9999999.99')).toBe(999_999_999);
  });

  it('refuses what is not an amount in cents', () => {
    for (const amount of ['', '1.999', '-1.00', '1e3', '.5', '1,00', ' 1.00', '10000000.00', 'NaN'])
      expect(centsOfAmount(amount)).toBeNull();
  });
});

describe('wholeQuantity', () => {
  it.each([
    ['1', 1],
    ['25', 25],
    [7, 7],
    ['100', 100],
  ])('reads %j as %i', (given, quantity) => {
    expect(wholeQuantity(given, 100)).toBe(quantity);
  });

  // JavaScript's Number() reads "0x10" as 16, "1e2" as 100 and " 2" as 2; Math.floor would make 1.5 a 1.
  it.each([
    ['0x10'],
    ['1e2'],
    [1e21],
    ['-1'],
    [-1],
    ['0'],
    [0],
    ['1.5'],
    [1.5],
    ['1.0'],
    ['01'],
    [' 2'],
    ['2 '],
    ['+2'],
    [''],
    ['101'],
    [null],
    [true],
    [Infinity],
    [NaN],
  ])('refuses %j', (given) => {
    expect(wholeQuantity(given, 100)).toBeNull();
  });
});

describe('isFromShop', () => {
  const secret = 'shpss_unit_0123456789abcdef';
  const body = Buffer.from('{"id":820982911946154508}');
  const signature = createHmac('sha256', secret).update(body).digest('base64');

  it('accepts the base64 HMAC-SHA256 of the raw bytes under the secret, from the configured shop', () => {
    expect(isFromShop({ body, signature, shopDomain: null }, { secret })).toBe(true);
    expect(isFromShop({ body, signature, shopDomain: 'Shop.MyShopify.com' }, { secret, domain: 'shop.myshopify.com' })).toBe(true);
  });

  it('refuses any other signature, of any length, without throwing, and another shop', () => {
    for (const other of [null, '', 'x', signature.slice(0, -1), `${signature}A`, signature.toUpperCase(), '€'.repeat(44)]) {
      expect(isFromShop({ body, signature: other, shopDomain: null }, { secret })).toBe(false);
    }
    expect(isFromShop({ body: Buffer.from(`${body} `), signature, shopDomain: null }, { secret })).toBe(false);
    expect(isFromShop({ body, signature, shopDomain: null }, { secret, domain: 'shop.myshopify.com' })).toBe(false);
    expect(isFromShop({ body, signature, shopDomain: 'other.myshopify.com' }, { secret, domain: 'shop.myshopify.com' })).toBe(false);
  });
});

describe('parseShopifyJson', () => {
  it('keeps 64-bit ids and quantities as written, and answers undefined for what is not JSON', () => {
    expect(parseShopifyJson(Buffer.from('{"id":820982911946154508,"order_id":820982911946154509,"n":1.5,"quantity":1e2}'))).toEqual({
      id: '820982911946154508',
      order_id: '820982911946154509',
      n: 1.5,
      quantity: '1e2',
    });
    expect(parseShopifyJson(Buffer.from('{"id":'))).toBeUndefined();
  });
});

describe('the order a webhook tells of', () => {
  const order = {
    id: '820982911946154508',
    email: '',
    contact_email: 'jon@example.com',
    customer: { first_name: ' Jon ', last_name: null },
    currency: 'USD',
    total_price: '29.98',
    financial_status: 'paid',
    cancelled_at: null,
    note_attributes: [{ name: 'Reference', value: ' FK-7KQM-3XWP ' }],
    line_items: [
      { sku: ' FK-HOST-SET ', title: 'HOST SET', quantity: 2, price: '19.99', discount_allocations: [{ amount: '10.00' }] },
      { sku: null, title: 'Gift wrap', quantity: 1, price: '0.00' },
    ],
  };

  it('takes the first email address given, the customer’s name, the reference attribute and each line’s cost after discounts', () => {
    expect(shopifyOrderInput(shopifyOrderSchema.parse(order))).toEqual({
      store: 'shopify',
      storeOrderId: '820982911946154508',
      email: 'jon@example.com',
      name: 'Jon',
      items: [
        { sku: 'FK-HOST-SET', title: 'HOST SET', kind: 'host-set', quantity: 2, amountCents: 2998 },
        { sku: null, title: 'Gift wrap', kind: null, quantity: 1, amountCents: 0 },
      ],
      currency: 'USD',
      totalCents: 2998,
      status: 'paid',
      reference: 'FK-7KQM-3XWP',
      refunds: {},
    });
  });

  it('reads the order’s state from its body alone: cancelled_at, else financial_status, never taking an unpaid order', () => {
    const statusOf = (changes: object) => shopifyOrderInput(shopifyOrderSchema.parse({ ...order, ...changes }))?.status ?? null;
    expect(statusOf({})).toBe('paid');
    expect(statusOf({ cancelled_at: '2026-11-27T10:15:00-05:00' })).toBe('cancelled');
    expect(statusOf({ financial_status: 'refunded' })).toBe('refunded');
    expect(statusOf({ financial_status: 'partially_refunded' })).toBe('partially_refunded');
    for (const unpaid of ['pending', 'authorized', 'partially_paid', 'voided', null])
      expect(statusOf({ financial_status: unpaid })).toBeNull();
  });

  it('counts the HOST SETs and the amount each of the order’s refunds gave back, by refund id', () => {
    const refunds = [
      {
        id: '5001',
        refund_line_items: [
          { quantity: 2, line_item: { sku: 'FK-HOST-SET', title: 'HOST SET', price: '19.99' } },
          { quantity: 1, line_item: { sku: null, title: 'Gift wrap', price: '0.00' } },
        ],
        transactions: [{ kind: 'refund', status: 'success', amount: '39.98', currency: 'USD' }],
      },
      { id: 5002, refund_line_items: [], transactions: [{ kind: 'refund', status: 'failure', amount: '5.00', currency: 'USD' }] },
    ];
    expect(shopifyOrderInput(shopifyOrderSchema.parse({ ...order, financial_status: 'partially_refunded', refunds }))!.refunds).toEqual({
      5001: { hostSets: 2, cents: 3998 },
      5002: { hostSets: 0, cents: 0 },
    });
  });

  it('refuses a quantity that is not a whole number from 1 to 1000, in an order or a refund', () => {
    for (const quantity of ['0x10', '1e2', -1, 0, 1.5, 1001]) {
      const parsed = shopifyOrderSchema.safeParse({ ...order, line_items: [{ ...order.line_items[0], quantity }] });
      expect(parsed.success, JSON.stringify(quantity)).toBe(false);
    }
    const lineOf = (quantity: unknown) => [{ quantity, line_item: { sku: 'FK-HOST-SET', title: 'HOST SET', price: '19.99' } }];
    expect(shopifyRefundSchema.safeParse({ id: 1, order_id: 1, refund_line_items: lineOf('1e2') }).success).toBe(false);
    expect(shopifyRefundSchema.safeParse({ id: 1, order_id: 1, refund_line_items: lineOf(0) }).success).toBe(false);
    // As the route reads it: a JSON number written 1e2 is no quantity.
    const body = JSON.stringify({ ...order, line_items: [{ ...order.line_items[0], quantity: 2 }] }).replace(
      '"quantity":2',
      '"quantity":1e2',
    );
    expect(shopifyOrderSchema.safeParse(parseShopifyJson(Buffer.from(body))).success).toBe(false);
    expect(shopifyOrderSchema.safeParse(parseShopifyJson(Buffer.from(body.replace('1e2', '100')))).success).toBe(true);
  });

  it('reads a refund as its order refunded in part, with this refund by its id, in the currency of its transactions, or none', () => {
    const refund = shopifyRefundInput(
      shopifyRefundSchema.parse({
        id: '9001',
        order_id: '820982911946154508',
        refund_line_items: [{ quantity: 1, line_item: { sku: 'FK-HOST-SET', title: 'HOST SET', price: '19.99' } }],
        transactions: [
          { kind: 'refund', status: 'success', amount: '19.99', currency: 'CAD' },
          { kind: 'refund', status: 'failure', amount: '19.99', currency: 'CAD' },
        ],
      }),
    );
    expect(refund).toMatchObject({
      status: 'partially_refunded',
      currency: 'CAD',
      totalCents: 1999,
      items: [{ kind: 'host-set', amountCents: 1999 }],
      refunds: { 9001: { hostSets: 1, cents: 1999 } },
    });
    expect(shopifyRefundInput(shopifyRefundSchema.parse({ id: 2, order_id: 1 }))).toMatchObject({
      currency: 'XXX',
      totalCents: 0,
      items: [],
    });
  });
});
