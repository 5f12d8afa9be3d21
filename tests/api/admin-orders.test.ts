import { beforeAll, describe, expect, it } from 'vitest';
import type { HostSetCodeRecord } from '#lib/clubs/types.ts';
import type { StoreOrder } from '#lib/store/types.ts';
import { TEST_ADMIN, asUser, registerHost, request, signInAdmin, testSql, useOwnServer, waitForEmail } from '../support/api.ts';
import { hostSetOrder, insertStoreOrder } from '../support/store.ts';

// Issue 32 item 5: the admin's Orders view. Every order with its store, buyer, items, what it produced and its
// problems, those with problems first; the code email sent again, audited.

let admin: Record<string, string>;
beforeAll(async () => {
  admin = asUser(await signInAdmin());
});

const ordersOf = async (response: Response) => {
  expect(response.status, await response.clone().text()).toBe(200);
  return { orders: (await response.json()) as StoreOrder[], total: Number(response.headers.get('x-total-count')) };
};

describe('GET /api/admin/orders', () => {
  // Its own database, so the order and page counts are only this block's.
  const own = useOwnServer();
  let cookie: string | undefined;
  const asAdmin = async () => {
    if (cookie) return cookie;
    const response = await fetch(new URL('/api/login', own.server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: own.server.url },
      body: JSON.stringify({ emailOrUsername: TEST_ADMIN.email, password: TEST_ADMIN.password }),
    });
    cookie = response.headers
      .getSetCookie()
      .find((c) => c.startsWith('fk_session='))!
      .split(';')[0]!;
    return cookie;
  };
  const list = async (query = '') => {
    return ordersOf(await fetch(new URL(`/api/admin/orders${query}`, own.server.url), { headers: { cookie: await asAdmin() } }));
  };

  it('lists each order with its buyer, items, codes and licence reference, those with problems first, then the newest', async () => {
    const { sql } = own;
    const day = (n: number) => new Date(Date.UTC(2026, 10, n, 12));
    const old = await insertStoreOrder(sql, hostSetOrder({ name: 'Old Buyer' }), { createdAt: day(1), problems: ['No code left'] });
    const codes = await insertStoreOrder(sql, hostSetOrder({ name: 'Code Buyer', email: 'code.buyer@example.com' }), {
      createdAt: day(3),
      codes: 2,
    });
    const licence = await insertStoreOrder(
      sql,
      hostSetOrder({
        store: 'stripe',
        storeOrderId: 'cs_test_a1',
        name: 'Guide Buyer',
        items: [{ sku: 'FK-GUIDE-LICENCE', title: 'Guide licence', kind: 'licence', quantity: 1, amountCents: 19900 }],
        totalCents: 19900,
        reference: 'FK-AB12-CD34',
      }),
      { createdAt: day(2) },
    );
    await sql`update host_set_codes set redeemed_at = now() where code = ${codes.codes[0]!}`;
    await sql`update host_set_codes set revoked_at = now() where code = ${codes.codes[1]!}`;

    const { orders, total } = await list();
    expect(total).toBe(3);
    expect(orders.map((order) => order.id)).toEqual([old.id, codes.id, licence.id]);
    const [problem, withCodes, guide] = orders as [StoreOrder, StoreOrder, StoreOrder];
    expect(problem.problems).toEqual(['No code left']);
    expect(withCodes).toMatchObject({
      store: 'shopify',
      name: 'Code Buyer',
      email: 'code.buyer@example.com',
      items: [{ sku: 'FK-HOST-SET', title: 'FlameKeeper HOST SET', kind: 'host-set', quantity: 1, amountCents: 4900 }],
      currency: 'USD',
      totalCents: 4900,
      status: 'paid',
      problems: [],
      codes: expect.arrayContaining([
        { code: codes.codes[0], redeemed: true, revoked: false },
        { code: codes.codes[1], redeemed: false, revoked: true },
      ]),
    });
    expect(guide).toMatchObject({ store: 'stripe', storeOrderId: 'cs_test_a1', reference: 'FK-AB12-CD34', licenceId: null, codes: [] });
    expect(new Date(guide.createdAt).toISOString()).toBe(day(2).toISOString());

    expect((await list('?problems=1')).orders.map((order) => order.id)).toEqual([old.id]);
    expect(await list(`?order=${licence.id}`)).toEqual({ orders: [guide], total: 1 });
    expect(await list('?order=2147483647')).toEqual({ orders: [], total: 0 });
  });

  it('pages the orders 25 at a time, X-Total-Count counting them all', async () => {
    const { sql } = own;
    const before = (await list()).total;
    for (let i = 0; i < 26 - before; i++) await insertStoreOrder(sql, hostSetOrder());
    const first = await list();
    const second = await list('?page=2');
    expect(first.total).toBe(26);
    expect(first.orders).toHaveLength(25);
    expect(second.orders).toHaveLength(1);
    expect(first.orders.map((order) => order.id)).not.toContain(second.orders[0]!.id);
  });
});

describe('the query of GET /api/admin/orders', () => {
  it.each([
    ['?problems=yes', 'problems', 'Problems must be 1 (only orders with problems) or 0'],
    ['?order=abc', 'order', 'Order must be an order number'],
    ['?order=0', 'order', 'Order must be an order number'],
    ['?order=99999999999', 'order', 'Order must be an order number'],
    ['?page=0', 'page', 'Page must be a whole number from 1 to 1000'],
  ])('refuses %s with 400 and the field message', async (query, field, message) => {
    const response = await request(`/api/admin/orders${query}`, { headers: admin });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { fieldErrors: Record<string, string[]> } };
    expect(body.error.fieldErrors[field]).toEqual([message]);
  });
});

describe('POST /api/admin/orders/{id}/resend-codes', () => {
  const resend = (id: number | string, headers = admin) => request(`/api/admin/orders/${id}/resend-codes`, { method: 'POST', headers });

  // emailOrderCodes (src/lib/server/store/host-set-orders.ts) writes the email; this checks that the resend sends it.
  it("queues the buyer's code email again with the unused codes, and audits who sent it", async () => {
    const order = hostSetOrder({
      items: [{ sku: 'FK-HOST-SET', title: 'FlameKeeper HOST SET', kind: 'host-set', quantity: 2, amountCents: 9800 }],
    });
    const { id, codes } = await insertStoreOrder(testSql(), order, { codes: 2 });

    const response = await resend(id);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(((await response.json()) as StoreOrder).id).toBe(id);

    const email = await waitForEmail((mail) => mail.includes(`To: ${order.email}`) && mail.includes(codes[0]!));
    expect(email).toMatch(/Subject: Your HOST SET code/);
    expect(email).toContain(codes[1]!);
    const [audit] = await testSql()<{ actorEmail: string; subject: string; after: { codes: string[] } }[]>`
      select actor_email, subject, after from audit_log where action = 'order.resend-codes' and subject like ${`Order ${id} %`}`;
    expect(audit).toEqual({
      actorEmail: TEST_ADMIN.email,
      subject: `Order ${id} (shopify ${order.storeOrderId}), ${order.email}`,
      after: { codes: [...codes].sort() },
    });
  });

  it('refuses with 409 an order whose codes are all redeemed or revoked, or that produced none, and audits nothing', async () => {
    const used = await insertStoreOrder(testSql(), hostSetOrder(), { codes: 2 });
    await testSql()`update host_set_codes set revoked_at = now() where code = ${used.codes[0]!}`;
    await testSql()`update host_set_codes set redeemed_at = now() where code = ${used.codes[1]!}`;
    const none = await insertStoreOrder(testSql(), hostSetOrder({ reference: 'FK-ZZ99-ZZ99' }));
    for (const id of [used.id, none.id]) {
      const response = await resend(id);
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ error: { message: 'This order has no unused code left to send.' } });
    }
    const noEmail = await insertStoreOrder(testSql(), hostSetOrder({ email: null }), { codes: 1 });
    expect(await (await resend(noEmail.id)).json()).toEqual({
      error: { message: 'This order has no email address to send its codes to.' },
    });
    const audits = await testSql()`
      select 1 from audit_log where action = 'order.resend-codes' and subject like any(${[used.id, none.id, noEmail.id].map((id) => `Order ${id} %`)})`;
    expect(audits).toHaveLength(0);
  });

  it('answers 404 for an unknown order or an id that is not one', async () => {
    for (const id of ['2147483647', 'abc', '0']) {
      const response = await resend(id);
      expect(response.status, id).toBe(404);
      expect(await response.json()).toEqual({ error: { message: 'Order not found.' } });
    }
  });
});

describe('the codes panel', () => {
  it('names the order each code was issued for, and none for a code issued by hand', async () => {
    const order = hostSetOrder();
    const { id, codes } = await insertStoreOrder(testSql(), order, { codes: 1 });
    const host = await registerHost();
    const byHand = (await testSql()<{ hostSetCode: string }[]>`select host_set_code from clubs where id = ${host.clubId}`)[0]!.hostSetCode;

    const response = await request('/api/admin/codes', { headers: admin });
    const listed = (await response.json()) as HostSetCodeRecord[];
    expect(listed.find((code) => code.code === codes[0])?.order).toEqual({ id, store: 'shopify', storeOrderId: order.storeOrderId });
    expect(listed.find((code) => code.code === byHand)?.order).toBeNull();
  });
});
