import { deliverShopifyWebhook, E2E_SHOPIFY, hostSets, newShopifyId, shopifyOrderPayload } from '../support/shopify.ts';
import { expect, test, toasts } from './fixtures.ts';
import { emailsTo } from './hosts.ts';

// Issue 32 item 3: a HOST SET bought at the store arrives as a code in the buyer's inbox, whose link opens step 1 of
// the registration with the code filled in; the code is checked only when the buyer submits it.

test('a HOST SET buyer follows the emailed link and lands on step 1 with the code filled in', async ({ page, baseURL }) => {
  const email = `buyer.${Date.now()}@example.com`;
  const order = shopifyOrderPayload({ id: newShopifyId(), email, lines: [hostSets(1)], total: '19.99' });
  const delivered = await deliverShopifyWebhook(baseURL!, 'orders/paid', order, E2E_SHOPIFY);
  expect(delivered.status).toBe(200);

  await expect.poll(() => emailsTo(email).length).toBe(1);
  const [, link, code] = /Register your club: (https?:\/\/\S+\/club-registration\?code=(HOST-[A-Z0-9-]+))/.exec(emailsTo(email)[0]!)!;
  // The link names the site's origin (localhost); the tests' browser calls it 127.0.0.1.
  const { pathname, search } = new URL(link!);
  await page.goto(pathname + search);

  await expect(page.getByRole('heading', { name: 'Verify Your HOST SET' })).toBeVisible();
  await expect(page.getByLabel('HOST SET Code')).toHaveValue(code!);
  await expect(page.getByRole('heading', { name: 'Register Your Club' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(page.getByRole('heading', { name: 'Register Your Club' })).toBeFocused();
});

test('a link with a code that is not valid fills it in, and verification refuses it', async ({ page }) => {
  await page.goto('/club-registration?code=HOST-NOT-A-CODE');
  await expect(page.getByLabel('HOST SET Code')).toHaveValue('HOST-NOT-A-CODE');
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(toasts(page).getByText('Invalid Code')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verify Your HOST SET' })).toBeVisible();
});
