import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reservation } from '#lib/licensing/types.ts';
import type { StoreOrderInput } from '#lib/store/types.ts';
import { useDatabase } from '#server/platform/db/db.ts';
import { itemKindOfSku, receiveStoreEvent } from '#server/store/index.ts';
import { request, startServerOnTestDatabase, testSql, waitForEmail } from '../support/api.ts';
import { myLicence, pickArea, registerGuide, reserveOk } from '../support/licensing.ts';
import type { ServerProcess } from '../support/server-process.ts';

// Stripe Payment Links pay licences (issue 32, items 1 and 4): events shaped like Stripe's documented Checkout Session
// and Charge objects, signed here with the package's own generateTestHeaderString. The file's server has no
// STRIPE_WEBHOOK_SECRET (its route is a 404); a second server on the same database has one.

const SECRET = `whsec_${randomBytes(24).toString('base64url')}`;
let stripeServer: ServerProcess;
beforeAll(async () => {
  stripeServer = await startServerOnTestDatabase({ STRIPE_WEBHOOK_SECRET: SECRET, ADMIN_NOTIFY: 'each' });
});
afterAll(async () => {
  await stripeServer?.stop();
});

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** A Checkout Session of a Payment Link, as Stripe's API reference shows one, with `fields` over it. */
function checkoutSession(fields: Record<string, unknown> = {}) {
  return {
    id: id('cs'),
    object: 'checkout.session',
    amount_subtotal: 9900,
    amount_total: 9900,
    client_reference_id: null,
    created: Math.floor(Date.now() / 1000),
    currency: 'usd',
    customer: null,
    customer_creation: 'if_required',
    customer_details: {
      address: { city: null, country: 'US', line1: null, line2: null, postal_code: '78704', state: null },
      email: 'buyer@example.com',
      name: 'Jordan Ember',
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    },
    livemode: false,
    metadata: { kind: 'licence' },
    mode: 'payment',
    payment_intent: id('pi'),
    payment_link: 'plink_test_1MoC3ULkdIwHu7ix',
    payment_method_types: ['card'],
    payment_status: 'paid',
    status: 'complete',
    success_url: 'https://flamekeeperclubs.com/my-licences',
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ...fields,
  };
}

/** A Charge of `paymentIntent` for `amount`, refunded in full or of `refunded` so far (in part), with `chargeId`. */
function refundedCharge(paymentIntent: string, amount: number, refunded = amount, chargeId = id('ch')) {
  return {
    id: chargeId,
    object: 'charge',
    amount,
    amount_captured: amount,
    amount_refunded: refunded,
    captured: true,
    currency: 'usd',
    livemode: false,
    paid: true,
    payment_intent: paymentIntent,
    refunded: refunded >= amount,
    status: 'succeeded',
  };
}

/** An event around `object`, as Stripe delivers it. */
function stripeEvent(type: string, object: unknown, eventId = id('evt')) {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: '2025-10-29.clover',
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
}

const signature = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? SECRET, timestamp: options.timestamp });

/** Posts a body to the Stripe webhook of `server` (the one with the secret unless told), signed unless told otherwise. */
function deliver(
  payload: string,
  { header = signature(payload), server = stripeServer.url }: { header?: string | null; server?: string } = {},
) {
  return fetch(new URL('/api/webhooks/stripe', server), {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', ...(header === null ? {} : { 'stripe-signature': header }) },
    body: payload,
  });
}

async function deliverOk(payload: string) {
  const response = await deliver(payload);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { received: true; orderId?: number; duplicate?: true; ignored?: string };
}

/** A new guide with a new reservation awaiting payment. */
async function reservation(state: string): Promise<{ guide: { email: string; token: string }; reserved: Reservation }> {
  const guide = await registerGuide();
  const { zip } = await pickArea(state);
  return { guide, reserved: await reserveOk(guide.token, zip, 'shared') };
}

/** A paid Checkout Session paying the reservation's order in full, with `fields` over it. */
const paying = (reserved: Reservation, fields: Record<string, unknown> = {}) =>
  checkoutSession({ client_reference_id: reserved.order.reference, amount_total: reserved.order.amount * 100, ...fields });

const storedOrder = async (sessionId: string) => {
  const [row] = await testSql()<{ id: number; status: string; licenceId: number | null; problems: string[]; paymentRef: string | null }[]>`
    select id, status, licence_id as "licenceId", problems, payment_ref as "paymentRef"
    from store_orders where store = 'stripe' and store_order_id = ${sessionId}`;
  return row;
};

const codesOf = async (orderId: number) =>
  testSql()<{ code: string; revoked: boolean }[]>`
    select code, revoked_at is not null as revoked from host_set_codes where store_order_id = ${orderId} order by code`;

const storeNotices = (text: string) =>
  testSql()<{ summary: string; link: string }[]>`
    select summary, link from admin_notifications where kind = 'store-order' and summary like ${`%${text}%`} order by id`;

const paidAudits = (licenceId: number) =>
  testSql()<{ actorEmail: string }[]>`
    select actor_email as "actorEmail" from audit_log where action = 'licence.mark-paid' and subject like ${`Licence ${licenceId}:%`}`;

const paidEmails = (guideEmail: string) =>
  testSql()<
    { subject: string }[]
  >`select subject from outbox where recipient = ${guideEmail} and subject like 'Your licence for % is active until %'`;

describe('the Stripe webhook, verified', () => {
  it('answers 404 while STRIPE_WEBHOOK_SECRET is unset, storing nothing', async () => {
    const session = checkoutSession();
    const payload = stripeEvent('checkout.session.completed', session);
    const response = await request('/api/webhooks/stripe', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature(payload) },
      body: payload,
    });
    expect(response.status).toBe(404);
    expect(await storedOrder(session.id)).toBeUndefined();
  });

  it('refuses a missing, wrong or stale signature, and a body changed after signing, with a bare 401 and nothing stored', async () => {
    const session = checkoutSession({ metadata: { kind: 'host-set' } });
    const eventId = id('evt');
    const payload = stripeEvent('checkout.session.completed', session, eventId);
    const refusals = [
      deliver(payload, { header: null }),
      deliver(payload, { header: '' }),
      deliver(payload, { header: signature(payload, { secret: 'whsec_someone_else' }) }),
      // Five minutes is Stripe's tolerance.
      deliver(payload, { header: signature(payload, { timestamp: Math.floor(Date.now() / 1000) - 360 }) }),
      deliver(payload.replace('"amount_total":9900', '"amount_total":1'), { header: signature(payload) }),
      deliver(payload, { header: 't=1,v1=' + '0'.repeat(64) }),
    ];
    for (const response of await Promise.all(refusals)) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: { message: 'Unauthorized.' } });
    }
    expect(await storedOrder(session.id)).toBeUndefined();
    const [events] = await testSql()<{ count: number }[]>`select count(*)::int from store_webhook_events where event_id = ${eventId}`;
    expect(events!.count).toBe(0);
  });

  it('answers 413 to a body over 1 MB, before reading its signature', async () => {
    const session = checkoutSession({ metadata: { kind: 'host-set', padding: 'x'.repeat(1024 * 1024) } });
    const payload = stripeEvent('checkout.session.completed', session);
    const response = await deliver(payload);
    expect(response.status).toBe(413);
    // Sent in chunks, without a Content-Length to refuse it by: counted as it arrives.
    const bytes = new TextEncoder().encode(payload);
    const chunked = await fetch(new URL('/api/webhooks/stripe', stripeServer.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature(payload) },
      body: new ReadableStream({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 64 * 1024) controller.enqueue(bytes.subarray(at, at + 64 * 1024));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(await storedOrder(session.id)).toBeUndefined();
  });

  it('takes no cross-site check: the signature stands in for it', async () => {
    const session = checkoutSession({ metadata: {} });
    const payload = stripeEvent('checkout.session.completed', session);
    const response = await fetch(new URL('/api/webhooks/stripe', stripeServer.url), {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        origin: 'https://stripe.example',
        'sec-fetch-site': 'cross-site',
        'stripe-signature': signature(payload),
      },
      body: payload,
    });
    expect(response.status).toBe(200);
    expect(await storedOrder(session.id)).toMatchObject({ status: 'paid', problems: [] });
  });

  it('acknowledges a verified event it does not use, or a session not paid yet, with 200 and stores nothing', async () => {
    expect(await deliverOk(stripeEvent('customer.created', { id: id('cus'), object: 'customer' }))).toEqual({
      received: true,
      ignored: 'The site does not act on customer.created events.',
    });
    const unpaid = checkoutSession({ payment_status: 'unpaid', metadata: { kind: 'host-set' } });
    expect((await deliverOk(stripeEvent('checkout.session.completed', unpaid))).ignored).toBe('The Checkout Session is not paid yet.');
    expect(await storedOrder(unpaid.id)).toBeUndefined();
    // A delayed payment method succeeds later: that event stores the order.
    const paid = await deliverOk(stripeEvent('checkout.session.async_payment_succeeded', { ...unpaid, payment_status: 'paid' }));
    expect(await storedOrder(unpaid.id)).toMatchObject({ id: paid.orderId, status: 'paid' });
    const refund = await deliverOk(stripeEvent('charge.refunded', refundedCharge(id('pi'), 100)));
    expect(refund.ignored).toBe('No order of the site was paid by this charge.');
  });

  it('answers 400 to a correctly signed body that is no JSON', async () => {
    const response = await deliver('{"id": ');
    expect(response.status).toBe(400);
  });
});

describe('licence payments through Stripe', () => {
  it('activates the licence a session paid in full, once, however often it is told', async () => {
    const { guide, reserved } = await reservation('VT');
    const session = paying(reserved, { customer_details: { email: guide.email, name: 'Jordan Ember' } });
    const completed = stripeEvent('checkout.session.completed', session);

    const first = await deliverOk(completed);
    expect(first.orderId).toEqual(expect.any(Number));
    // The same delivery again, and another event of the same session.
    expect(await deliverOk(completed)).toEqual({ received: true, duplicate: true });
    expect((await deliverOk(stripeEvent('checkout.session.async_payment_succeeded', session))).orderId).toBe(first.orderId);

    const licence = (await myLicence(guide.token, reserved.licence.id))!;
    expect(licence).toMatchObject({ status: 'active', openOrder: null, pricePaid: reserved.order.amount });
    const yearMs = Date.parse(licence.endsAt!) - Date.parse(licence.startsAt!);
    expect(yearMs / 86_400_000).toBeGreaterThanOrEqual(365);
    expect(await storedOrder(session.id)).toMatchObject({
      status: 'paid',
      licenceId: reserved.licence.id,
      problems: [],
      paymentRef: session.payment_intent,
    });
    expect(await paidAudits(reserved.licence.id)).toEqual([{ actorEmail: 'store' }]);
    expect(await paidEmails(guide.email)).toHaveLength(1);
    const receipt = await waitForEmail((mail) => mail.includes(`To: ${guide.email}`) && mail.includes('We recorded your payment'));
    expect(receipt).toContain('is active from');
  });

  it('pays from the reference whatever its case, and accepts more than the price', async () => {
    const { guide, reserved } = await reservation('NH');
    const session = paying(reserved, {
      client_reference_id: reserved.order.reference.toLowerCase(),
      amount_total: reserved.order.amount * 100 + 500,
    });
    await deliverOk(stripeEvent('checkout.session.completed', session));
    expect((await myLicence(guide.token, reserved.licence.id))!.status).toBe('active');
  });

  it('changes nothing for a short amount, and tells the admin with the order', async () => {
    const { guide, reserved } = await reservation('ME');
    const session = paying(reserved, { amount_total: reserved.order.amount * 100 - 1 });
    await deliverOk(stripeEvent('checkout.session.completed', session));

    expect((await myLicence(guide.token, reserved.licence.id))!).toMatchObject({
      status: 'reserved',
      openOrder: { status: 'awaiting_payment' },
    });
    const order = (await storedOrder(session.id))!;
    expect(order).toMatchObject({ status: 'paid', licenceId: null });
    expect(order.problems).toEqual([
      `The order paid $${reserved.order.amount - 1}.99 for the licence order ${reserved.order.reference}, which costs $${reserved.order.amount}.00.`,
    ]);
    expect(await storeNotices(session.id)).toEqual([
      { summary: `A licence payment needs you: Stripe order ${session.id}`, link: `/admin-orders?order=${order.id}` },
    ]);
    const mail = await waitForEmail((text) => text.includes('No licence was changed') && text.includes(session.id));
    for (const detail of [
      'Stripe',
      session.id,
      'Jordan Ember <buyer@example.com>',
      `$${reserved.order.amount - 1}.99`,
      reserved.order.reference,
    ])
      expect(mail).toContain(detail);
    expect(mail).toContain(`/admin-orders?order=${order.id}`);
    expect(await paidAudits(reserved.licence.id)).toEqual([]);
  });

  it('changes nothing for an unknown reference, and tells the admin', async () => {
    const session = checkoutSession({ client_reference_id: 'FK-ZZZZ-ZZZZ' });
    await deliverOk(stripeEvent('checkout.session.completed', session));
    expect((await storedOrder(session.id))!.problems).toEqual(['No licence order has the reference FK-ZZZZ-ZZZZ.']);
    expect(await storeNotices(session.id)).toHaveLength(1);
  });

  it('changes nothing for a licence payment without a reference, or a reference with no licence item, and tells the admin', async () => {
    const bare = checkoutSession();
    await deliverOk(stripeEvent('checkout.session.completed', bare));
    expect((await storedOrder(bare.id))!.problems).toEqual([
      'The order paid for a guide licence but carried no reference (FK-XXXX-XXXX), so no licence could be found.',
    ]);
    const { guide, reserved } = await reservation('MA');
    // A Payment Link without metadata kind: what it sold is unknown, so it pays no licence.
    const unlabelled = paying(reserved, { metadata: {} });
    await deliverOk(stripeEvent('checkout.session.completed', unlabelled));
    expect((await storedOrder(unlabelled.id))!.problems).toEqual([
      `The order carried the licence reference ${reserved.order.reference} but paid for no licence item.`,
    ]);
    expect((await myLicence(guide.token, reserved.licence.id))!.status).toBe('reserved');
    expect(await storeNotices(bare.id)).toHaveLength(1);
    expect(await storeNotices(unlabelled.id)).toHaveLength(1);
  });

  it('changes nothing for a second payment of a paid reference, and tells the admin', async () => {
    const { guide, reserved } = await reservation('CT');
    await deliverOk(stripeEvent('checkout.session.completed', paying(reserved)));
    const paid = (await myLicence(guide.token, reserved.licence.id))!;
    expect(paid.status).toBe('active');

    const again = paying(reserved);
    await deliverOk(stripeEvent('checkout.session.completed', again));
    expect((await myLicence(guide.token, reserved.licence.id))!.endsAt).toBe(paid.endsAt);
    expect((await storedOrder(again.id))!).toMatchObject({
      licenceId: null,
      problems: [expect.stringMatching(/^The licence order FK-\S+ was already paid on .+: this is a second payment\.$/)],
    });
    expect(await storeNotices(again.id)).toHaveLength(1);
    expect(await paidAudits(reserved.licence.id)).toHaveLength(1);
    expect(await paidEmails(guide.email)).toHaveLength(1);
  });

  it('tells the admin of a refunded licence payment, with a link that opens the licence to revoke it', async () => {
    const { guide, reserved } = await reservation('RI');
    const session = paying(reserved);
    await deliverOk(stripeEvent('checkout.session.completed', session));
    const refund = stripeEvent('charge.refunded', refundedCharge(session.payment_intent, session.amount_total));
    expect((await deliverOk(refund)).orderId).toBe((await storedOrder(session.id))!.id);
    expect(await deliverOk(refund)).toEqual({ received: true, duplicate: true });

    const order = (await storedOrder(session.id))!;
    expect(order.status).toBe('refunded');
    expect(order.problems).toEqual([expect.stringContaining(`Refunded after it paid the licence order ${reserved.order.reference}`)]);
    // The refund itself revokes nothing: the admin decides.
    expect((await myLicence(guide.token, reserved.licence.id))!.status).toBe('active');
    const path = `/admin-licences?q=${reserved.order.reference}`;
    expect(await storeNotices(reserved.order.reference)).toEqual([
      { summary: `A licence payment was refunded: ${reserved.licence.area.label} (${reserved.order.reference})`, link: path },
    ]);
    const mail = await waitForEmail(
      (text) => text.includes('Revoke the licence if the refund ends it') && text.includes(reserved.order.reference),
    );
    expect(mail).toContain('Revoke the licence');
    expect(mail).toContain(path);
  });
});

describe('HOST SETs through Stripe', () => {
  it('issues no codes for a $0 session, and only as many as a short one paid for, and tells the admin', async () => {
    const free = checkoutSession({ metadata: { kind: 'host-set' }, amount_total: 0, payment_status: 'no_payment_required' });
    await deliverOk(stripeEvent('checkout.session.completed', free));
    const freeOrder = (await storedOrder(free.id))!;
    expect(freeOrder).toMatchObject({ status: 'paid', problems: ['The order paid $0.00 for a HOST SET of $19.99: no code was issued.'] });
    expect(await codesOf(freeOrder.id)).toEqual([]);
    expect(await storeNotices(free.id)).toEqual([
      { summary: `HOST SET codes short: Stripe order ${free.id} paid for 0 of 1 HOST SETs`, link: `/admin-orders?order=${freeOrder.id}` },
    ]);

    const short = checkoutSession({ metadata: { kind: 'host-set', quantity: '3' }, amount_total: 3999 });
    await deliverOk(stripeEvent('checkout.session.completed', short));
    const shortOrder = (await storedOrder(short.id))!;
    expect(shortOrder.problems).toEqual(['The order paid $39.99 for 3 HOST SETs of $19.99 each: 2 codes were issued, not 3.']);
    expect(await codesOf(shortOrder.id)).toHaveLength(2);
    expect(await storeNotices(short.id)).toHaveLength(1);
  });

  it.each(['0x10', '1e2', '-1', '0', '1.5', ' 2', '', '101'])(
    'refuses the metadata quantity %j of a paid session: nothing is stored and no code issued, and the admins are told',
    async (quantity) => {
      const session = checkoutSession({ metadata: { kind: 'host-set', quantity } });
      expect((await deliverOk(stripeEvent('checkout.session.completed', session))).ignored).toBe(
        "The Payment Link's metadata quantity is not a whole number from 1 to 100: no order was stored.",
      );
      expect(await storedOrder(session.id)).toBeUndefined();
      expect(await storeNotices(session.id)).toEqual([
        { summary: `Stripe payment ${session.id} not delivered: its Payment Link's quantity cannot be read`, link: '/admin-orders' },
      ]);
    },
  );

  it('revokes only as many unused codes as a refund of part of a session refunded, at the price paid per HOST SET', async () => {
    const session = checkoutSession({ metadata: { kind: 'host-set', quantity: '3' }, amount_total: 5997 });
    const { orderId } = await deliverOk(stripeEvent('checkout.session.completed', session));
    const revoked = async () => (await codesOf(orderId!)).filter((code) => code.revoked).length;
    const charge = id('ch');
    const refund = (amount: number) => stripeEvent('charge.refunded', refundedCharge(session.payment_intent, 5997, amount, charge));

    // $25.00 of $59.97 for three: one HOST SET's price ($19.99) and a part of another's.
    await deliverOk(refund(2500));
    expect(await storedOrder(session.id)).toMatchObject({ status: 'partially_refunded', problems: [] });
    expect(await revoked()).toBe(1);
    // Told again (another event of the same charge): the amount refunded so far is the same, so nothing more is revoked.
    await deliverOk(refund(2500));
    expect(await revoked()).toBe(1);
    await deliverOk(refund(4000));
    expect(await revoked()).toBe(2);
    await deliverOk(refund(5997));
    expect(await revoked()).toBe(3);
    expect((await storedOrder(session.id))!.status).toBe('refunded');
  });
});

describe('licence payments through Shopify', () => {
  it('activates the licence an order pays with the reference in its note_attributes', async () => {
    useDatabase(testSql());
    const { guide, reserved } = await reservation('NY');
    // An orders/paid payload as Shopify documents it, cut to what the order model reads.
    const shopify = {
      id: 450789469 + Math.floor(Math.random() * 1_000_000),
      email: guide.email,
      currency: 'USD',
      total_price: `${reserved.order.amount}.00`,
      customer: { first_name: 'Jordan', last_name: 'Ember' },
      note_attributes: [{ name: 'reference', value: reserved.order.reference }],
      line_items: [{ sku: 'FK-GUIDE-LICENCE', title: 'Guide licence', quantity: 1, price: `${reserved.order.amount}.00` }],
    };
    const order: StoreOrderInput = {
      store: 'shopify',
      storeOrderId: String(shopify.id),
      email: shopify.email,
      name: `${shopify.customer.first_name} ${shopify.customer.last_name}`,
      items: shopify.line_items.map((item) => ({
        sku: item.sku,
        title: item.title,
        kind: itemKindOfSku(item.sku),
        quantity: item.quantity,
        amountCents: Math.round(Number(item.price) * 100) * item.quantity,
      })),
      currency: shopify.currency,
      totalCents: Math.round(Number(shopify.total_price) * 100),
      status: 'paid',
      reference: shopify.note_attributes.find((attribute) => attribute.name === 'reference')!.value,
    };
    const eventId = id('shopify-webhook');
    const received = await receiveStoreEvent({ store: 'shopify', eventId, order }, stripeServer.url);
    expect(received.duplicate).toBe(false);
    expect(await receiveStoreEvent({ store: 'shopify', eventId, order }, stripeServer.url)).toEqual({ duplicate: true });

    expect((await myLicence(guide.token, reserved.licence.id))!.status).toBe('active');
    const [row] = await testSql()<{ licenceId: number }[]>`
      select licence_id as "licenceId" from store_orders where store = 'shopify' and store_order_id = ${order.storeOrderId}`;
    expect(row!.licenceId).toBe(reserved.licence.id);
    expect(await paidAudits(reserved.licence.id)).toEqual([{ actorEmail: 'store' }]);
  });
});
