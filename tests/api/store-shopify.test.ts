import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOrderCodes } from '#server/store/host-set-orders.ts';
import type { StoredOrder } from '#server/store/orders.ts';
import type { StoreOrder } from '#lib/store/types.ts';
import {
  TEST_ADMIN,
  asUser,
  baseUrl,
  registration,
  request,
  signInAdmin,
  waitForEmail,
  startServerOnTestDatabase,
  testSql,
} from '../support/api.ts';
import type { ServerProcess } from '../support/server-process.ts';
import {
  book,
  deliverShopifyWebhook,
  hostSets,
  newShopifyId,
  shopifyOrderPayload,
  shopifyRefundPayload,
  shopifyJson,
  signShopify,
  type ShopifyDelivery,
} from '../support/shopify.ts';

// Issue 32: the Shopify store's webhook. A paid order of HOST SETs issues one code per set, once, however often and
// wherever it is delivered, and emails them with their registration links; cancelled or refunded, its unused codes are
// revoked and the admin hears of the used ones. Deliveries are shaped as Shopify's documented examples and signed here.

const SECRET = `shpss_${randomBytes(16).toString('hex')}`;
const SHOP = 'flamekeeper-test.myshopify.com';

let shop: ServerProcess;
let second: ServerProcess;

beforeAll(async () => {
  const env = { SHOPIFY_WEBHOOK_SECRET: SECRET, SHOPIFY_SHOP_DOMAIN: SHOP };
  [shop, second] = await Promise.all([startServerOnTestDatabase(env), startServerOnTestDatabase(env)]);
});

afterAll(async () => {
  await Promise.all([shop?.stop(), second?.stop()]);
});

/** A delivery to the webhook of `server` (the shop's by default), signed with the secret unless told otherwise. */
const deliver = (
  topic: string,
  payload: unknown,
  {
    server = shop,
    shopDomain = SHOP,
    ...delivery
  }: Omit<Partial<ShopifyDelivery>, 'shopDomain'> & { server?: ServerProcess | string; shopDomain?: string | null } = {},
) => deliverShopifyWebhook(typeof server === 'string' ? server : server.url, topic, payload, { secret: SECRET, shopDomain, ...delivery });
const sign = (body: string, secret = SECRET) => signShopify(body, secret);

const buyer = () => `buyer.${randomBytes(4).toString('hex')}@example.com`;

async function storedOrder(id: bigint) {
  const [order] = await testSql()<
    { id: number; email: string | null; name: string | null; status: string; totalCents: number; items: unknown; problems: string[] }[]
  >`
    select id, email, name, status, total_cents as "totalCents", items, problems
    from store_orders where store = 'shopify' and store_order_id = ${String(id)}`;
  return order;
}

async function codesOf(orderId: number) {
  return testSql()<{ code: string; note: string; redeemed: boolean; revoked: boolean }[]>`
    select code, note, redeemed_at is not null as redeemed, revoked_at is not null as revoked
    from host_set_codes where store_order_id = ${orderId} order by code`;
}

/** The subjects of the emails queued for `recipient`, oldest first (the outbox drops an email's text once sent). */
const subjectsTo = async (recipient: string) =>
  (await testSql()<{ subject: string }[]>`select subject from outbox where recipient = ${recipient} order by id`).map(
    ({ subject }) => subject,
  );

/** The email to `recipient` that says all of `words`, as the server delivered it. */
const emailTo = (recipient: string, ...words: string[]) =>
  waitForEmail((mail) => mail.includes(`\nTo: ${recipient}`) && words.every((word) => mail.includes(word)));

/** The admins' store-order notifications whose summary names the order. */
const noticesOf = (id: bigint) =>
  testSql()<{ summary: string; link: string }[]>`
    select summary, link from admin_notifications where kind = 'store-order' and summary like ${`%${id}%`} order by id`;

/** The order as the admin's Orders view (/admin-orders) has it. */
async function adminOrder(orderId: number): Promise<StoreOrder> {
  const response = await request(`/api/admin/orders?order=${orderId}`, { headers: asUser(await signInAdmin()) });
  expect(response.status).toBe(200);
  return ((await response.json()) as StoreOrder[])[0]!;
}

async function verifyCode(code: string): Promise<boolean> {
  const response = await request('/api/clubs/verify-code', { method: 'POST', json: { hostSetCode: code } });
  return ((await response.json()) as { isValid: boolean }).isValid;
}

describe('POST /api/webhooks/shopify', () => {
  it('answers 404, storing nothing, on a server without SHOPIFY_WEBHOOK_SECRET', async () => {
    const id = newShopifyId();
    const response = await deliver('orders/paid', shopifyOrderPayload({ id, email: buyer(), lines: [hostSets(1)], total: '19.99' }), {
      server: baseUrl,
    });
    expect(response.status).toBe(404);
    expect(await storedOrder(id)).toBeUndefined();
  });

  it('issues one code per HOST SET bought, recorded against the order, and emails them with their links', async () => {
    const id = newShopifyId();
    const email = buyer();
    const response = await deliver(
      'orders/paid',
      shopifyOrderPayload({
        id,
        email,
        lines: [hostSets(3), book],
        total: '72.47',
        noteAttributes: [{ name: 'gift_note', value: 'For the library' }],
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, duplicate: false });

    const order = (await storedOrder(id))!;
    // The amounts are read from their decimal strings: 3 × 19.99 is 59.97, exactly.
    expect(order).toMatchObject({ email, name: 'Avery Quinn', status: 'paid', totalCents: 7247, problems: [] });
    expect(order.items).toEqual([
      { sku: 'FK-HOST-SET', title: 'HOST SET', kind: 'host-set', quantity: 3, amountCents: 5997 },
      { sku: 'FK-BOOK-KINDLING', title: 'Kindling (paperback)', kind: null, quantity: 1, amountCents: 1250 },
    ]);
    const codes = await codesOf(order.id);
    expect(codes).toHaveLength(3);
    for (const code of codes) {
      expect(code).toMatchObject({ note: `Shopify order ${id}`, redeemed: false, revoked: false });
      expect(code.code).toMatch(/^HOST-[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
      expect(await verifyCode(code.code)).toBe(true);
    }
    const [audit] = await testSql()<{ actorEmail: string; subject: string; after: { codes: string[] } }[]>`
      select actor_email as "actorEmail", subject, after from audit_log where action = 'codes.issue' and subject = ${`Shopify order ${id}`}`;
    expect(audit).toMatchObject({ actorEmail: 'store' });
    expect(audit!.after.codes.sort()).toEqual(codes.map(({ code }) => code));

    expect(await subjectsTo(email)).toEqual(['Your HOST SET codes']);
    const mail = await emailTo(email, 'Hello Avery Quinn,');
    expect(mail).toContain('You receive this because HOST SETs were bought with this email address');
    const origin = `http://localhost:${new URL(shop.url).port}`;
    for (const { code } of codes) {
      expect(mail).toContain(`Register a club with ${code}: ${origin}/club-registration?code=${code}`);
      expect(mail).toContain(`href="${origin}/club-registration?code=${code}"`);
    }
  });

  it('emails a single code as "Your HOST SET code", and issues nothing for an order without HOST SETs', async () => {
    const one = newShopifyId();
    const email = buyer();
    expect((await deliver('orders/paid', shopifyOrderPayload({ id: one, email, lines: [hostSets(1)], total: '19.99' }))).status).toBe(200);
    const [code] = await codesOf((await storedOrder(one))!.id);
    expect(await subjectsTo(email)).toEqual(['Your HOST SET code']);
    const mail = await emailTo(email, `Code: ${code!.code}`);
    expect(mail).toMatch(new RegExp(`Register your club: http://\\S+/club-registration\\?code=${code!.code}\\r?\\n`));

    const books = newShopifyId();
    const reader = buyer();
    expect((await deliver('orders/paid', shopifyOrderPayload({ id: books, email: reader, lines: [book], total: '12.50' }))).status).toBe(
      200,
    );
    expect(await codesOf((await storedOrder(books))!.id)).toEqual([]);
    expect(await subjectsTo(reader)).toEqual([]);
  });

  it('acts once on the same delivery sent twice, on two instances at once, or on another delivery of the same payment', async () => {
    const id = newShopifyId();
    const email = buyer();
    const payload = shopifyOrderPayload({ id, email, lines: [hostSets(2)], total: '39.98' });
    const eventId = randomUUID();
    const [a, b] = await Promise.all([
      deliver('orders/paid', payload, { eventId }),
      deliver('orders/paid', payload, { eventId, server: second }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const answers = [await a.json(), await b.json()].map((answer) => (answer as { duplicate: boolean }).duplicate);
    expect(answers.sort()).toEqual([false, true]);

    const again = await deliver('orders/paid', payload, { eventId });
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    // Another event of the same payment (its own webhook id) finds the order paid already.
    expect((await deliver('orders/paid', payload, { server: second })).status).toBe(200);

    const order = (await storedOrder(id))!;
    expect(await codesOf(order.id)).toHaveLength(2);
    expect(await subjectsTo(email)).toHaveLength(1);
    const [events] = await testSql()<{ n: number }[]>`select count(*)::int as n from store_webhook_events where event_id = ${eventId}`;
    expect(events!.n).toBe(1);
  });

  it('refuses a missing, wrong or foreign signature with a bare 401, storing nothing', async () => {
    const id = newShopifyId();
    const payload = shopifyOrderPayload({ id, email: buyer(), lines: [hostSets(1)], total: '19.99' });
    const body = shopifyJson(payload);
    const eventId = randomUUID();
    const refused = [
      { signature: null },
      { signature: '' },
      { signature: sign(body, `${SECRET}x`) },
      { signature: sign(body.replace('"19.99"', '"0.01"')) },
      { signature: `${sign(body)}=` },
      { signature: sign(body).toLowerCase() },
      { shopDomain: 'another-shop.myshopify.com' },
      { shopDomain: null },
    ];
    for (const options of refused) {
      const response = await deliver('orders/paid', body, { ...options, eventId });
      expect(response.status, JSON.stringify(options)).toBe(401);
      expect(await response.json()).toEqual({ error: { message: 'Unauthorized.' } });
    }
    expect(await storedOrder(id)).toBeUndefined();
    const [events] = await testSql()<{ n: number }[]>`select count(*)::int as n from store_webhook_events where event_id = ${eventId}`;
    expect(events!.n).toBe(0);

    // The shop's domain is compared case-insensitively; the signature, not the cross-site check, decides.
    const signed = await deliver('orders/paid', body, {
      eventId,
      shopDomain: SHOP.toUpperCase(),
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(signed.status).toBe(200);
    expect(await codesOf((await storedOrder(id))!.id)).toHaveLength(1);
  });

  it('answers 400 to a signed body that is not an order, storing nothing', async () => {
    const id = newShopifyId();
    const valid = shopifyOrderPayload({ id, email: buyer(), lines: [hostSets(1)], total: '19.99' });
    const bodies = [
      '{"id": 1, ',
      '[]',
      shopifyJson({ ...valid, line_items: undefined }),
      shopifyJson({ ...valid, total_price: '19.999' }),
      shopifyJson({ ...valid, total_price: 19.99 }),
      shopifyJson({ ...valid, currency: 'dollars' }),
      shopifyJson({ ...valid, customer: { ...valid.customer, first_name: 'Ave\u0000ry' } }),
    ];
    for (const body of bodies) {
      const response = await deliver('orders/paid', body);
      expect(response.status, body.slice(0, 60)).toBe(400);
    }
    expect((await deliver('refunds/create', { order_id: 'not a number' })).status).toBe(400);
    const withoutId = await deliver('orders/paid', valid, { headers: { 'x-shopify-webhook-id': '' } });
    expect(withoutId.status).toBe(400);
    expect(await storedOrder(id)).toBeUndefined();
  });

  it('acknowledges a topic it does not act on without storing it', async () => {
    const id = newShopifyId();
    const response = await deliver('orders/create', shopifyOrderPayload({ id, email: buyer(), lines: [hostSets(1)], total: '19.99' }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, ignored: true });
    expect(await storedOrder(id)).toBeUndefined();
  });

  it('answers 413 to a body over 1 MB, whether or not it says its length first', async () => {
    const big = JSON.stringify({ note: 'x'.repeat(1024 * 1024) });
    const declared = await deliver('orders/paid', big);
    expect(declared.status).toBe(413);

    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        const chunk = new Uint8Array(64 * 1024).fill(0x20);
        for (let i = 0; i < 17; i++) controller.enqueue(chunk);
        controller.close();
      },
    });
    const streamed = await fetch(new URL('/api/webhooks/shopify', shop.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-topic': 'orders/paid', 'x-shopify-hmac-sha256': sign('') },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('revokes the unused codes of a cancelled order and tells the admin which club used the others', async () => {
    const id = newShopifyId();
    const email = buyer();
    await deliver('orders/paid', shopifyOrderPayload({ id, email, lines: [hostSets(2)], total: '39.98' }));
    const order = (await storedOrder(id))!;
    const [used, unused] = (await codesOf(order.id)).map(({ code }) => code) as [string, string];
    const club = registration(used);
    expect((await request('/api/clubs/register', { method: 'POST', json: club })).status).toBe(201);

    const cancelled = await deliver(
      'orders/cancelled',
      shopifyOrderPayload({ id, email, lines: [hostSets(2)], total: '39.98', cancelled: true }),
    );
    expect(cancelled.status).toBe(200);

    const codes = await codesOf(order.id);
    expect(codes.find(({ code }) => code === used)).toMatchObject({ redeemed: true, revoked: false });
    expect(codes.find(({ code }) => code === unused)).toMatchObject({ redeemed: false, revoked: true });
    expect(await verifyCode(unused)).toBe(false);
    const after = (await storedOrder(id))!;
    expect(after.status).toBe('cancelled');
    expect(after.problems).toEqual([
      `HOST SET code ${used} had already registered the club ${club.clubName} when the order was cancelled.`,
    ]);
    const revocations = await testSql()<{ actorEmail: string }[]>`
      select actor_email as "actorEmail" from audit_log where action = 'codes.revoke' and subject = ${unused}`;
    expect(revocations).toEqual([{ actorEmail: 'store' }]);

    const [notice] = await noticesOf(id);
    expect(notice!.summary).toBe(`Shopify order ${id} was cancelled after its HOST SET code registered a club`);
    expect(notice!.link).toMatch(/^\/admin-clubs\?club=\d+$/);
    await emailTo(TEST_ADMIN.email, `Shopify order ${id}`, `${used}: ${club.clubName} (club `, 'Its unused code is revoked.');

    // A repeated cancellation finds the order cancelled already: nothing more is revoked or told.
    await deliver('orders/cancelled', shopifyOrderPayload({ id, email, lines: [hostSets(2)], total: '39.98', cancelled: true }));
    expect(await noticesOf(id)).toHaveLength(1);
  });

  it('revokes only as many unused codes as a refund of part of an order refunded, once however often it is told', async () => {
    const id = newShopifyId();
    const email = buyer();
    const paid = shopifyOrderPayload({ id, email, lines: [hostSets(3)], total: '59.97' });
    await deliver('orders/paid', paid);
    const order = (await storedOrder(id))!;
    const revokedCount = async () => (await codesOf(order.id)).filter(({ revoked }) => revoked).length;

    const firstRefund = shopifyRefundPayload(id, hostSets(3), 1);
    expect((await deliver('refunds/create', firstRefund)).status).toBe(200);
    expect((await storedOrder(id))!.status).toBe('partially_refunded');
    expect(await codesOf(order.id)).toHaveLength(3);
    expect(await revokedCount()).toBe(1);

    // The same refund told again: replayed under a new webhook id, and listed in a later snapshot of the order.
    expect((await deliver('refunds/create', firstRefund)).status).toBe(200);
    const snapshot = shopifyOrderPayload({
      id,
      email,
      lines: [hostSets(3)],
      total: '59.97',
      financialStatus: 'partially_refunded',
      refunds: [firstRefund],
    });
    expect((await deliver('orders/paid', snapshot)).status).toBe(200);
    // Shopify delivers events out of order at times: a late "paid" leaves the refunded order as it is.
    expect((await deliver('orders/paid', paid)).status).toBe(200);
    expect(await revokedCount()).toBe(1);
    expect(await codesOf(order.id)).toHaveLength(3);
    expect(await subjectsTo(email)).toHaveLength(1);
    expect(await noticesOf(id)).toEqual([]);

    // A second refund, of one more: one more code revoked, and one still registers a club.
    expect((await deliver('refunds/create', shopifyRefundPayload(id, hostSets(3), 1, 2))).status).toBe(200);
    expect(await revokedCount()).toBe(2);
    const [usable] = (await codesOf(order.id)).filter(({ revoked }) => !revoked);
    expect(await verifyCode(usable!.code)).toBe(true);
    expect(await adminOrder(order.id)).toMatchObject({ status: 'partially_refunded', problems: [] });
  });

  it('tells the admin when a refund of part of an order finds its codes used, revoking only what it refunded', async () => {
    const id = newShopifyId();
    const email = buyer();
    await deliver('orders/paid', shopifyOrderPayload({ id, email, lines: [hostSets(3)], total: '59.97' }));
    const order = (await storedOrder(id))!;
    const [first, second, third] = (await codesOf(order.id)).map(({ code }) => code) as [string, string, string];
    for (const code of [first, second])
      expect((await request('/api/clubs/register', { method: 'POST', json: registration(code) })).status).toBe(201);

    // Two of the three refunded: the one unused code is revoked, and one refunded HOST SET's code had registered a club.
    expect((await deliver('refunds/create', shopifyRefundPayload(id, hostSets(3), 2))).status).toBe(200);
    const codes = await codesOf(order.id);
    expect(codes.filter(({ revoked }) => revoked).map(({ code }) => code)).toEqual([third]);
    const after = (await storedOrder(id))!;
    expect(after.status).toBe('partially_refunded');
    expect(after.problems).toHaveLength(2);
    expect(after.problems[0]).toMatch(
      new RegExp(`^HOST SET code (${first}|${second}) had already registered the club .+ when the order was partially refunded\\.$`),
    );
    expect((await noticesOf(id)).map(({ summary }) => summary)).toEqual([
      `Shopify order ${id} was partially refunded after HOST SET codes registered clubs`,
    ]);
  });

  it('stores the refund of an order it never saw as refunded, and issues nothing for it later', async () => {
    const id = newShopifyId();
    expect((await deliver('refunds/create', shopifyRefundPayload(id, hostSets(1), 1))).status).toBe(200);
    const order = (await storedOrder(id))!;
    expect(order).toMatchObject({ status: 'refunded', totalCents: 1999, email: null });
    await deliver('orders/paid', shopifyOrderPayload({ id, email: buyer(), lines: [hostSets(1)], total: '19.99' }));
    expect(await codesOf(order.id)).toEqual([]);
  });

  it('issues the codes of an order without an email address and tells the admin they were not sent', async () => {
    const id = newShopifyId();
    await deliver('orders/paid', shopifyOrderPayload({ id, email: null, lines: [hostSets(2)], total: '39.98' }));
    const order = (await storedOrder(id))!;
    expect(order.problems).toEqual(['No email address: its 2 HOST SET codes were not sent.']);
    const codes = await codesOf(order.id);
    expect(codes).toHaveLength(2);
    const [notice] = await noticesOf(id);
    expect(notice!.summary).toBe(`HOST SET codes not sent: Shopify order ${id} has no email address`);
    await emailTo(TEST_ADMIN.email, `Shopify order ${id}`, ...codes.map(({ code }) => `Code: ${code}`));
  });

  it('issues no codes for an order of more HOST SETs than one order may issue, and tells the admin', async () => {
    const id = newShopifyId();
    const email = buyer();
    const lines = [hostSets(1000), hostSets(1000)];
    expect((await deliver('orders/paid', shopifyOrderPayload({ id, email, lines, total: '39980.00' }))).status).toBe(200);
    const order = (await storedOrder(id))!;
    expect(order.problems).toEqual(['2000 HOST SETs, more than 500 in one order: no codes were issued.']);
    expect(await codesOf(order.id)).toEqual([]);
    expect(await subjectsTo(email)).toEqual([]);
    expect((await noticesOf(id)).map(({ summary }) => summary)).toEqual([
      `HOST SET codes not issued: Shopify order ${id} is for 2000 HOST SETs`,
    ]);
  });

  it('resends only the codes that can still register a club', async () => {
    const id = newShopifyId();
    const email = buyer();
    await deliver('orders/paid', shopifyOrderPayload({ id, email, lines: [hostSets(3)], total: '59.97' }));
    const order = (await storedOrder(id))!;
    const [used, revoked, open] = (await codesOf(order.id)).map(({ code }) => code) as [string, string, string];
    expect((await request('/api/clubs/register', { method: 'POST', json: registration(used) })).status).toBe(201);
    await testSql()`update host_set_codes set revoked_at = now() where code = ${revoked}`;

    const stored = { ...order, store: 'shopify', storeOrderId: String(id), email, name: order.name } as unknown as StoredOrder;
    const sent = await testSql().begin((tx) => emailOrderCodes(tx, stored, 'https://clubs.example'));
    expect(sent).toEqual([open]);
    expect(await subjectsTo(email)).toEqual(['Your HOST SET codes', 'Your HOST SET code']);
    const resent = await emailTo(email, `https://clubs.example/club-registration?code=${open}`);
    expect(resent).not.toContain(used);
    expect(resent).not.toContain(revoked);
  });

  it('changes nothing when a signed paid order is replayed under another topic with a new webhook id', async () => {
    const id = newShopifyId();
    const email = buyer();
    const paid = shopifyOrderPayload({ id, email, lines: [hostSets(2)], total: '39.98' });
    await deliver('orders/paid', paid);
    const order = (await storedOrder(id))!;

    // Shopify signs the body only: the X-Shopify-Topic header is anyone's to change.
    const asCancelled = await deliver('orders/cancelled', paid, { eventId: randomUUID() });
    expect(asCancelled.status).toBe(200);
    expect((await deliver('refunds/create', paid, { eventId: randomUUID() })).status).toBe(400);

    expect((await storedOrder(id))!).toMatchObject({ status: 'paid', problems: [] });
    const codes = await codesOf(order.id);
    expect(codes).toHaveLength(2);
    expect(codes.every(({ revoked }) => !revoked)).toBe(true);
    for (const { code } of codes) expect(await verifyCode(code)).toBe(true);
    expect(await noticesOf(id)).toEqual([]);

    // And an order the store has not been paid for yet is stored by no topic.
    const pending = newShopifyId();
    const unpaid = shopifyOrderPayload({ id: pending, email, lines: [hostSets(1)], total: '19.99', financialStatus: 'pending' });
    expect(await (await deliver('orders/paid', unpaid)).json()).toEqual({ received: true, ignored: true });
    expect(await storedOrder(pending)).toBeUndefined();
  });

  it('issues no codes for a $0 order of HOST SETs and tells the admin, the problem shown with the order', async () => {
    const id = newShopifyId();
    const email = buyer();
    const free = { ...hostSets(2), price: '0.00' };
    expect((await deliver('orders/paid', shopifyOrderPayload({ id, email, lines: [free], total: '0.00' }))).status).toBe(200);
    const order = (await storedOrder(id))!;
    const problem = 'The order paid $0.00 for 2 HOST SETs of $19.99 each: no codes were issued.';
    expect(order).toMatchObject({ status: 'paid', problems: [problem] });
    expect(await codesOf(order.id)).toEqual([]);
    expect(await subjectsTo(email)).toEqual([]);
    expect(await noticesOf(id)).toEqual([
      { summary: `HOST SET codes short: Shopify order ${id} paid for 0 of 2 HOST SETs`, link: `/admin-orders?order=${order.id}` },
    ]);
    await emailTo(TEST_ADMIN.email, `Shopify order ${id}`, problem);
    expect(await adminOrder(order.id)).toMatchObject({ problems: [problem], codes: [] });
  });

  it('issues only as many codes as the order paid HOST SET prices for, and tells the admin of the rest', async () => {
    const id = newShopifyId();
    const email = buyer();
    const cheap = { ...hostSets(3), price: '13.33' };
    await deliver('orders/paid', shopifyOrderPayload({ id, email, lines: [cheap, book], total: '52.49' }));
    const order = (await storedOrder(id))!;
    expect(order.problems).toEqual(['The order paid $39.99 for 3 HOST SETs of $19.99 each: 2 codes were issued, not 3.']);
    expect(await codesOf(order.id)).toHaveLength(2);
    expect(await subjectsTo(email)).toEqual(['Your HOST SET codes']);
    expect((await noticesOf(id)).map(({ summary }) => summary)).toEqual([
      `HOST SET codes short: Shopify order ${id} paid for 2 of 3 HOST SETs`,
    ]);
  });

  it('refuses a line quantity that is not a whole number from 1 to 1000 with 400, storing nothing', async () => {
    const id = newShopifyId();
    const body = shopifyJson(shopifyOrderPayload({ id, email: buyer(), lines: [hostSets(1)], total: '19.99' }));
    expect(body.match(/"quantity":1,/g)).toHaveLength(1);
    for (const quantity of ['"0x10"', '"1e2"', '1e2', '-1', '0', '1.5', '1001']) {
      const response = await deliver('orders/paid', body.replace('"quantity":1,', `"quantity":${quantity},`));
      expect(response.status, quantity).toBe(400);
      const { error } = (await response.json()) as { error: { fieldErrors: Record<string, string[]> } };
      expect(error.fieldErrors['line_items.0.quantity'], quantity).toEqual(['Must be a whole number from 1 to 1000']);
    }
    expect(await storedOrder(id)).toBeUndefined();
  });
});
