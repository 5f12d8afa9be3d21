import { execFile } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { storeConfig } from '#server/store/index.ts';
import { demoStoreSecretsFile, useDemoStoreSecrets } from '../../scripts/lib/demo-store-secrets.ts';
import { shopifyDelivery, signingSecret, stripeDelivery, type SimulatedOrder } from '../../scripts/lib/store-simulate.ts';

// `npm run store:simulate` (issue 32 item 6): deliveries signed as the stores sign them, the secret they are signed
// with, and the local demo's own secrets.

const SECRET = 'a-shopify-webhook-secret-for-tests';
const hostSets: SimulatedOrder = {
  store: 'shopify',
  kind: 'host-set',
  email: 'you@example.com',
  name: 'Morgan Reed',
  quantity: 2,
  amountCents: 9800,
  reference: null,
};
const licence: SimulatedOrder = { ...hostSets, kind: 'licence', quantity: 1, amountCents: 9900, reference: 'FK-AB12-CD34' };

/** Whether `header` is the base64 HMAC-SHA256 of `body` under `secret`, compared as the site must: in constant time. */
function shopifySignatureHolds(body: string, header: string, secret: string): boolean {
  const expected = createHmac('sha256', secret).update(body, 'utf8').digest();
  const given = Buffer.from(header, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const tempDirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fk-store-simulate-'));
  tempDirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a simulated Shopify delivery', () => {
  it('is an orders/paid delivery of the HOST SET SKU, signed over its raw body with the secret', () => {
    const delivery = shopifyDelivery(hostSets, SECRET, 'flamekeeperclubs.myshopify.com', new Date('2026-11-27T10:00:00Z'));
    expect(delivery.path).toBe('/api/webhooks/shopify');
    expect(delivery.headers).toMatchObject({
      'content-type': 'application/json',
      'x-shopify-topic': 'orders/paid',
      'x-shopify-shop-domain': 'flamekeeperclubs.myshopify.com',
      'x-shopify-webhook-id': expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(shopifySignatureHolds(delivery.body, delivery.headers['x-shopify-hmac-sha256']!, SECRET)).toBe(true);
    expect(
      shopifySignatureHolds(delivery.body.replace('"quantity":2', '"quantity":20'), delivery.headers['x-shopify-hmac-sha256']!, SECRET),
    ).toBe(false);
    expect(shopifySignatureHolds(delivery.body, delivery.headers['x-shopify-hmac-sha256']!, 'another secret')).toBe(false);

    const order = JSON.parse(delivery.body) as Record<string, unknown>;
    expect(order).toMatchObject({
      email: 'you@example.com',
      currency: 'USD',
      total_price: '98.00',
      financial_status: 'paid',
      note_attributes: [],
      customer: { email: 'you@example.com', first_name: 'Morgan', last_name: 'Reed' },
      line_items: [{ sku: 'FK-HOST-SET', quantity: 2, price: '49.00' }],
    });
    expect(typeof order.id).toBe('number');
  });

  it('carries a licence payment’s reference as the note attribute `reference`, under the licence SKU', () => {
    const order = JSON.parse(shopifyDelivery(licence, SECRET, 'shop.example').body) as Record<string, unknown>;
    expect(order).toMatchObject({
      total_price: '99.00',
      note_attributes: [{ name: 'reference', value: 'FK-AB12-CD34' }],
      line_items: [{ sku: 'FK-GUIDE-LICENCE', quantity: 1, price: '99.00' }],
    });
  });

  it('has a new webhook id and order id on every delivery', () => {
    const [a, b] = [shopifyDelivery(hostSets, SECRET, 'shop.example'), shopifyDelivery(hostSets, SECRET, 'shop.example')];
    expect(a.headers['x-shopify-webhook-id']).not.toBe(b.headers['x-shopify-webhook-id']);
    expect((JSON.parse(a.body) as { id: number }).id).not.toBe((JSON.parse(b.body) as { id: number }).id);
  });
});

describe('a simulated Stripe delivery', () => {
  const secret = 'whsec_a-stripe-webhook-secret-for-tests';

  it("is a checkout.session.completed event that the stripe package's constructEvent accepts under the secret", () => {
    const delivery = stripeDelivery({ ...licence, store: 'stripe' }, secret);
    expect(delivery.path).toBe('/api/webhooks/stripe');
    const event = Stripe.webhooks.constructEvent(delivery.body, delivery.headers['stripe-signature']!, secret);
    expect(event.type).toBe('checkout.session.completed');
    expect(event.data.object).toMatchObject({
      object: 'checkout.session',
      amount_total: 9900,
      currency: 'usd',
      client_reference_id: 'FK-AB12-CD34',
      customer_details: { email: 'you@example.com', name: 'Morgan Reed' },
      metadata: { kind: 'licence' },
      payment_status: 'paid',
    });
    expect(() => Stripe.webhooks.constructEvent(delivery.body, delivery.headers['stripe-signature']!, 'whsec_wrong')).toThrow();
  });

  it('is signed at the time given, so an old one fails the 5-minute tolerance', () => {
    const delivery = stripeDelivery({ ...hostSets, store: 'stripe', quantity: 1 }, secret, new Date(Date.now() - 10 * 60_000));
    expect(() => Stripe.webhooks.constructEvent(delivery.body, delivery.headers['stripe-signature']!, secret)).toThrow(/tolerance/);
  });
});

describe("the local demo's webhook secrets", () => {
  it('are made once on the embedded database on this machine, readable by their owner only, and fill only what is unset', () => {
    const environment: Record<string, string | undefined> = { DATA_DIR: tempDir(), HOST: '127.0.0.1', STRIPE_WEBHOOK_SECRET: 'whsec_mine' };
    const file = useDemoStoreSecrets(environment);
    expect(file).toBe(demoStoreSecretsFile(environment));
    expect(fs.statSync(file!).mode & 0o777).toBe(0o600);
    expect(environment.SHOPIFY_WEBHOOK_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(environment.STRIPE_WEBHOOK_SECRET).toBe('whsec_mine');

    // The next start reads the same secrets and says nothing new.
    const again: Record<string, string | undefined> = { DATA_DIR: environment.DATA_DIR, SHOPIFY_WEBHOOK_SECRET: '' };
    expect(useDemoStoreSecrets(again)).toBeNull();
    expect(again.SHOPIFY_WEBHOOK_SECRET).toBe(environment.SHOPIFY_WEBHOOK_SECRET);
    expect(again.STRIPE_WEBHOOK_SECRET).toMatch(/^whsec_/);
  });

  it.each([
    ['an external database', { DATABASE_URL: 'postgres://db.example/clubs' }],
    ['a production start', { NODE_ENV: 'production' }],
    ['a server others can reach', { HOST: '0.0.0.0' }],
  ])('are never made for %s: its webhooks need their secrets set', (_, settings) => {
    const environment: Record<string, string | undefined> = { DATA_DIR: tempDir(), ...settings };
    expect(useDemoStoreSecrets(environment)).toBeNull();
    expect(environment.SHOPIFY_WEBHOOK_SECRET).toBeUndefined();
    expect(fs.existsSync(demoStoreSecretsFile(environment))).toBe(false);
  });

  it("sign the script's deliveries to a site on this machine when no secret is set, and never another site's", () => {
    const environment: Record<string, string | undefined> = { DATA_DIR: tempDir() };
    expect(() => signingSecret('shopify', 'http://localhost:4321', environment)).toThrow(/SHOPIFY_WEBHOOK_SECRET is not set/);
    useDemoStoreSecrets(environment);
    const demo = environment.SHOPIFY_WEBHOOK_SECRET!;
    const shell = { DATA_DIR: environment.DATA_DIR };
    expect(signingSecret('shopify', 'http://localhost:4321', shell)).toBe(demo);
    expect(signingSecret('stripe', 'http://[::1]:4321', shell)).toMatch(/^whsec_/);
    expect(() => signingSecret('shopify', 'https://clubs.example', shell)).toThrow(/SHOPIFY_WEBHOOK_SECRET is not set/);
    expect(signingSecret('shopify', 'https://clubs.example', { ...shell, SHOPIFY_WEBHOOK_SECRET: SECRET })).toBe(SECRET);
  });
});

describe('npm run store:simulate', () => {
  const run = promisify(execFile);
  const script = path.resolve('scripts/store-simulate.ts');

  it('posts the signed delivery to the site and prints its answer', async () => {
    const received: { url?: string; headers?: http.IncomingHttpHeaders; body?: string } = {};
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        Object.assign(received, { url: req.url, headers: req.headers, body });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const { stdout } = await run(
        process.execPath,
        [script, '--kind', 'host-set', '--email', 'you@example.com', '--quantity', '2', '--url', url],
        {
          env: { ...process.env, SHOPIFY_WEBHOOK_SECRET: SECRET, SHOPIFY_SHOP_DOMAIN: 'clubs-test.myshopify.com', DATA_DIR: tempDir() },
        },
      );
      // Unless told an amount, two HOST SETs are paid at the price store.yaml gives one.
      const paid = ((storeConfig.hostSetPrice.amount * 2) / 100).toFixed(2);
      expect(stdout).toContain(`POST ${url}/api/webhooks/shopify (shopify, host-set, you@example.com, $${paid})`);
      expect(stdout).toContain('200 OK\n{"received":true}');
      expect(received.url).toBe('/api/webhooks/shopify');
      expect(received.headers!['x-shopify-shop-domain']).toBe('clubs-test.myshopify.com');
      expect(shopifySignatureHolds(received.body!, String(received.headers!['x-shopify-hmac-sha256']), SECRET)).toBe(true);
    } finally {
      server.close();
    }
  });

  it('refuses a licence payment without its reference, and a site it has no secret for, saying why', async () => {
    const refused = (args: string[], env: Record<string, string> = {}) =>
      run(process.execPath, [script, ...args], { env: { ...process.env, SHOPIFY_WEBHOOK_SECRET: '', DATA_DIR: tempDir(), ...env } }).then(
        () => expect.fail('the script succeeded'),
        (error: { code: number; stderr: string }) => error,
      );
    const noReference = await refused(['--kind', 'licence']);
    expect(noReference.code).toBe(2);
    expect(noReference.stderr).toContain('--reference is needed: the licence order it pays');
    const noSecret = await refused(['--kind', 'host-set', '--email', 'you@example.com', '--url', 'https://clubs.example']);
    expect(noSecret.code).toBe(2);
    expect(noSecret.stderr).toContain('SHOPIFY_WEBHOOK_SECRET is not set');
  });
});
