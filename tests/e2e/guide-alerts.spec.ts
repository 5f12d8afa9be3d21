import type { Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { guidePagePath } from '#lib/guides/types.ts';
import { runJobsAt, withDatabase } from './database.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { emailsTo } from './hosts.ts';

// Issue 39, the guide alerts: on /guides, a place nobody serves offers "Tell me when a guide serves {place}". The alert
// is set up, confirmed from its email, and its email names the guide with a link that works. At 1280 and 375 px, axe
// clean.

const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const hour = 3_600_000;

const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The first link in the latest email to `address` that matches `pattern`, once one has come: its path and query. */
async function linkIn(address: string, pattern: RegExp): Promise<string> {
  const find = () =>
    emailsTo(address)
      .flatMap((mail) => [...mail.matchAll(pattern)].map((match) => match[1]!))
      .at(-1);
  await expect.poll(find, { timeout: 30_000 }).toBeTruthy();
  return find()!;
}

async function checkWidths(page: Page) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  }
}

/** Confirms the alert of the confirmation email to `email` on its page. */
async function confirmFromEmail(page: Page, email: string) {
  await page.goto(await linkIn(email, /https?:\/\/[^/\s]+(\/alerts\/confirm\?token=[A-Za-z0-9_-]{43})/g));
  await page.getByRole('button', { name: 'Confirm the alert' }).click();
  await expect(page.getByText('Your alert is confirmed.')).toBeVisible();
}

test('a visitor asks to be told when a guide serves a place nobody serves, and is emailed the guide who comes', async ({ page }) => {
  const email = `guide.alerts.${unique}@example.com`;
  const guideName = `Wyoming Guide ${unique}`;
  await page.goto('/guides?place=82001');
  const offer = page.getByRole('region', { name: /Tell me when a guide serves .*Cheyenne/ });
  await expect(offer.getByLabel('Place (ZIP code or city)')).toHaveValue('82001');
  await checkWidths(page);

  await offer.getByLabel('Your email').fill(email);
  await offer.getByRole('button', { name: 'Email me' }).click();
  await expect(offer.getByRole('status')).toContainText('Check your inbox');
  await confirmFromEmail(page, email);
  await expect(page.getByText('A guide who serves Cheyenne, WY 82001')).toBeVisible();
  await checkWidths(page);

  // A guide is certified and licensed on Wyoming: the next run of the job emails the visitor the guide's page.
  const guide = await withDatabase((sql) =>
    sql.begin(async (tx) => {
      const [user] = await tx<{ id: string }[]>`
        insert into users (email, password_hash, role)
        values (${`wy.${randomBytes(4).toString('hex')}@example.com`}, 'not-a-real-hash', 'guide') returning id`;
      const [row] = await tx<{ id: number }[]>`
        insert into guides (user_id, name, certified_on) values (${user!.id}, ${guideName}, '2026-01-15') returning public_id as id`;
      await tx`
        insert into licences (guide_id, kind, area_kind, state_code, status, starts_at, ends_at)
        values (${user!.id}, 'shared', 'state', 'WY', 'active', now(), now() + interval '1 year')`;
      return { id: row!.id, name: guideName, userId: user!.id };
    }),
  );
  try {
    expect(runJobsAt(new Date(Date.now() + 2 * hour), ['alert-emails'])).toMatch(/[1-9]\d* guide alerts emailed/);
    const guidePath = await linkIn(email, /https?:\/\/[^/\s]+(\/guides\/\d+-[a-z0-9-]+)/g);
    expect(guidePath).toBe(guidePagePath(guide));
    expect(emailsTo(email).at(-1)).toContain(`Subject: A guide now serves Cheyenne, WY 82001: ${guideName}`);
    await page.goto(guidePath);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(guideName);
  } finally {
    // Unlisted and its licence gone, so that Cheyenne has nobody serving it and Wyoming is free again for the other
    // tests and the next run.
    await withDatabase(async (sql) => {
      await sql`update guides set profile_hidden = true where user_id = ${guide.userId}`;
      await sql`delete from licences where guide_id = ${guide.userId}`;
    });
  }
});
