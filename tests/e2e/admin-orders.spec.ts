import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signInAsAdmin, test, toasts } from './fixtures.ts';
import { emailsTo, signInAsNewHost } from './hosts.ts';
import { simulateHostSetOrder } from './store.ts';

// Issue 32 item 5: the admin's Orders view lists a store order with what it produced, and sends its code email again.

const orderCard = (page: Page, storeOrderId: string) => page.getByRole('article', { name: `Shopify order ${storeOrderId}` });

test.describe('admin orders', () => {
  test("the admin finds a simulated HOST SET order with its buyer and codes, and resends the buyer's code email", async ({ page }) => {
    const email = `buyer.${Date.now()}@example.com`;
    const order = await simulateHostSetOrder(email, 2, 98);
    await signInAsAdmin(page);

    await page.goto('/admin-clubs');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Orders' }).click();
    await expect(page).toHaveURL(/\/admin-orders$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Orders');

    const card = orderCard(page, order.storeOrderId);
    await expect(card).toBeVisible();
    await expect(card).toContainText('Paid');
    await expect(card).toContainText('Morgan Reed');
    await expect(card.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    await expect(card).toContainText('2 × FlameKeeper HOST SET');
    await expect(card).toContainText('$98.00');
    for (const code of order.codes) await expect(card).toContainText(`${code} unused`);
    await expectNoAxeViolations(page);

    // Only orders with problems: this one has none.
    await page.getByRole('checkbox', { name: 'Only orders with problems' }).check();
    await expect(page).toHaveURL(/\?problems=1$/);
    await expect(card).toBeHidden();
    await page.getByRole('checkbox', { name: 'Only orders with problems' }).uncheck();
    await expect(card).toBeVisible();

    const sentBefore = emailsTo(email).length;
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe(`Send the email with its 2 unused codes for Shopify order ${order.storeOrderId} to ${email} again?`);
      void dialog.accept();
    });
    await card.getByRole('button', { name: `Resend the code email for Shopify order ${order.storeOrderId}` }).click();
    await expect(toasts(page).getByText('Email Sent')).toBeVisible();
    // The buyer gets the email with both codes (the job worker sends it just after the answer).
    await expect.poll(() => emailsTo(email).length).toBe(sentBefore + 1);
    const resent = emailsTo(email).at(-1)!;
    for (const code of order.codes) expect(resent).toContain(code);
  });

  test('a $0 order of HOST SETs shows among the orders with problems, its problem in words and no code', async ({ page }) => {
    const order = await simulateHostSetOrder(`free.${Date.now()}@example.com`, 2, 0);
    expect(order.codes).toEqual([]);
    await signInAsAdmin(page);
    await page.goto('/admin-orders?problems=1');

    const card = orderCard(page, order.storeOrderId);
    await expect(card).toContainText('Paid');
    await expect(card.getByRole('listitem').filter({ hasText: 'no codes were issued' })).toHaveText(
      'The order paid $0.00 for 2 HOST SETs of $19.99 each: no codes were issued.',
    );
    await expectNoAxeViolations(page);
  });

  test("the codes panel links each store code to its order, and the order's own view shows it alone", async ({ page }) => {
    const order = await simulateHostSetOrder(`panel.${Date.now()}@example.com`, 1);
    await signInAsAdmin(page);
    await page.goto('/admin-clubs');
    const row = page.getByRole('region', { name: 'HOST SET code list' }).getByRole('row', { name: new RegExp(order.codes[0]!) });
    await row.getByRole('link', { name: `Shopify order ${order.storeOrderId}` }).click();

    await expect(page).toHaveURL(new RegExp(`/admin-orders\\?order=${order.id}$`));
    await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText('Showing 1–1 of 1 order');
    await expect(orderCard(page, order.storeOrderId)).toBeVisible();
    await page.getByRole('button', { name: 'Show all orders' }).click();
    await expect(page).toHaveURL(/\/admin-orders$/);
    await expect(orderCard(page, order.storeOrderId)).toBeVisible();
  });
});

test.describe('admin orders for visitors who are not the admin', () => {
  test.use({ allowedConsoleErrors: [/status of (403|404)/] });

  test("a signed-in host sees 'Access Denied', with no order data, and lands on the home page", async ({ page }) => {
    const email = `hidden.${Date.now()}@example.com`;
    await simulateHostSetOrder(email, 1);
    await signInAsNewHost(page);
    const copy = await page.request.get('/admin-orders');
    expect(copy.status()).toBe(403);
    const html = await copy.text();
    expect(html).toMatch(/<h1[^>]*>Access Denied<\/h1>/);
    expect(html).not.toContain(email);
    expect((await page.request.get('/api/admin/orders')).status()).toBe(403);
    const response = await page.goto('/admin-orders', { waitUntil: 'domcontentloaded' });
    expect(response!.status()).toBe(403);
    await expect(page).toHaveURL(/\/$/);
  });

  test('an anonymous visitor gets a 404 with the admin sign-in, and no order', async ({ page }) => {
    const response = await page.goto('/admin-orders');
    expect(response!.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to continue');
    await expect(page.getByRole('link', { name: 'Sign in as the administrator' })).toHaveAttribute('href', '/login?return=%2Fadmin-orders');
  });
});
