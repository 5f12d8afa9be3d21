import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { clubPagePath } from '#lib/clubs/pages.ts';
import { insertClub } from '../support/clubs.ts';
import { runJobsAt, withDatabase } from './database.ts';
import { expect, expectNoAxeViolations, signInAsAdmin, test } from './fixtures.ts';
import { emailsTo } from './hosts.ts';
import { readE2EState } from '../support/e2e-state.ts';

// Issue 39, alerts for visitors: a search that finds no club offers an alert; the visitor sets it up, confirms it from
// the email, the admin verifies a new club 9 miles away, the alert job emails the visitor about it (its "Ask to join"
// link works), and the email's one-click unsubscribe (RFC 8058) stops the alert. At 1280 and 375 px, axe clean.

const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const screenshots = process.env.E2E_SCREENSHOTS;

// The last page is the stopped alert's link, which no longer opens anything: a 404.
test.use({ allowedConsoleErrors: [/status of 404/] });

const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * The one-click unsubscribe path in the headers of the latest email to `address`, read from the message as written:
 * headers are not quoted-printable, and decoding them as such would turn a token's "=4F" into another character.
 */
function unsubscribeHeaderOf(address: string): string {
  const dir = path.join(readE2EState().dataDir, 'mail');
  const raw = fs
    .readdirSync(dir)
    .sort()
    .map((file) => fs.readFileSync(path.join(dir, file), 'latin1'))
    .filter((mail) => mail.includes(`To: ${address}`))
    .at(-1)!;
  return /^List-Unsubscribe:\s*<https?:\/\/[^/\s]+([^>]+)>/m.exec(raw)![1]!;
}

/** The first link in the latest email to `address` that matches `pattern`, once the job worker has sent one: its path and query. */
async function linkIn(address: string, pattern: RegExp): Promise<string> {
  const find = () =>
    emailsTo(address)
      .flatMap((mail) => [...mail.matchAll(pattern)].map((match) => match[1]!))
      .at(-1);
  await expect.poll(find, { timeout: 30_000 }).toBeTruthy();
  return find()!;
}

test('a visitor whose search finds no club sets an alert, confirms it, is emailed about a new club and unsubscribes in one click', async ({
  page,
  request,
  baseURL,
}) => {
  const email = `alerts.${unique}@example.com`;
  const clubName = `Somers Lakeside Circle ${unique}`;

  // Kalispell, MT has no club within 25 miles: the alert form comes first, the place prefilled.
  await page.goto('/flamekeeper-clubs?state=59901');
  await expect(page.getByText(/No clubs found within 25 mi of .*Kalispell, MT/)).toBeVisible();
  const offer = page.getByRole('region', { name: 'Get an email when a new club starts near Kalispell, MT' });
  await expect(offer.getByLabel('Place (ZIP code or city)')).toHaveValue('59901');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    if (screenshots) await offer.screenshot({ path: `${screenshots}/alert-offer-${width}.png` });
  }

  await offer.getByRole('button', { name: 'Email me' }).click();
  await expect(offer.getByText('Valid email is required')).toBeVisible();
  await offer.getByLabel('Your email').fill(email);
  await offer.getByLabel('How far from the place').selectOption('10');
  await offer.getByRole('button', { name: 'Email me' }).click();
  await expect(offer.getByRole('status')).toContainText('Check your inbox');

  // The one email before confirming: the confirmation, naming the place as the site resolved it.
  const confirmPath = await linkIn(email, /https?:\/\/[^/\s]+(\/alerts\/confirm\?token=[A-Za-z0-9_-]{43})/g);
  expect(emailsTo(email)).toHaveLength(1);
  expect(emailsTo(email)[0]).toContain('Subject: Confirm your club alert for Kalispell, MT 59901');
  await page.goto(confirmPath);
  await page.getByRole('button', { name: 'Confirm the alert' }).click();
  await expect(page.getByText('Your alert is confirmed.')).toBeVisible();
  await expect(page.getByText('New clubs within 10 miles of Kalispell, MT 59901')).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    if (screenshots) await page.screenshot({ path: `${screenshots}/your-alerts-${width}.png`, fullPage: true });
  }

  // A club registers in Somers, MT, 9.1 miles away, and the admin verifies it.
  const club = await withDatabase((sql) => insertClub(sql, { clubName, city: 'Somers', state: 'MT', zipCode: '59932', isVerified: false }));
  await signInAsAdmin(page);
  const verified = await page.request.post(`/api/clubs/${club.id}/verify`, { headers: { origin: baseURL! } });
  expect(verified.status()).toBe(200);

  // Two hours ahead: the hourly job is due then whenever the server's worker last ran it.
  expect(runJobsAt(new Date(Date.now() + 2 * 3_600_000), ['alert-emails'])).toMatch(/alert-emails: [1-9]\d* matched, [1-9]\d* emailed/);
  const askToJoin = await linkIn(email, /https?:\/\/[^/\s]+(\/flamekeeper-clubs\/\S+#connect-heading)/g);
  expect(askToJoin).toBe(`${clubPagePath({ id: club.id, clubName })}#connect-heading`);
  const digest = emailsTo(email).at(-1)!;
  expect(digest).toContain(`${clubName}: in Somers, MT, 9.1 miles from Kalispell, MT 59901.`);
  await page.goto(askToJoin);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(clubName);
  await expect(page.getByRole('button', { name: /Ask to join/ })).toBeVisible();

  // One click in the mail reader: a POST without the visitor's cookies, from no page of the site.
  const unsubscribe = unsubscribeHeaderOf(email);
  const stopped = await request.post(unsubscribe, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(stopped.status()).toBe(200);
  const alertsPath = /https?:\/\/[^/\s]+(\/alerts\?token=[A-Za-z0-9_-]{43})/.exec(digest)![1]!;
  await page.goto(alertsPath);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link is not valid');
  expect(await withDatabase((sql) => sql`select 1 from alerts where email = ${email}`)).toHaveLength(0);
});
