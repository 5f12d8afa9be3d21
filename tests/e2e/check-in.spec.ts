import postgres from 'postgres';
import type { Page } from '@playwright/test';
import { confirmedActive } from '#lib/check-ins/types.ts';
import { readE2EState } from '../support/e2e-state.ts';
import { runJobsAt } from './database.ts';
import { expect, expectNoAxeViolations, test, toasts } from './fixtures.ts';
import { emailsTo, signInAsNewHost, type Host } from './hosts.ts';

// A host's club, verified and last confirmed 91 days ago, gets its "Is your club still meeting?" email from the
// club-check-ins job, run with the project's CLI (`npm run jobs:run -- --now`) as of a little over an hour from now:
// the job runs hourly, and the server ran it when it started. Clubs registered by other tests are confirmed now, so
// the run asks none of them.

/** Makes the host's club verified and last confirmed 91 days ago, straight in the e2e database. */
async function verifiedAndDue(clubId: number) {
  const sql = postgres(readE2EState().databaseUrl, { max: 1, onnotice: () => {} });
  try {
    // Set straight in the database, unlike a verification through the site, which would also confirm the club.
    await sql`update clubs set is_verified = true where id = ${clubId}`;
    await sql`update clubs set confirmed_at = now() - interval '91 days' where id = ${clubId}`;
  } finally {
    await sql.end();
  }
}

/** Runs the check-in job as of 61 minutes from now with the CLI, its links naming the e2e server. */
const runJobsAnHourAhead = () => runJobsAt(new Date(Date.now() + 61 * 60_000), ['club-check-ins']);

/** The host's check-in email's link for `answer`. */
function checkInLink(host: Host, answer: 'still-meeting' | 'stopped'): string {
  const mail = emailsTo(host.email).find((text) => text.includes('Is your club still meeting?'));
  expect(mail, 'the check-in email').toBeDefined();
  const link = new RegExp(`https?://[^\\s"<>]+/club-check-in\\?token=[A-Za-z0-9_-]{43}&answer=${answer}`).exec(mail!)?.[0];
  expect(link, `the "${answer}" link`).toBeDefined();
  return link!;
}

async function askedHost(page: Page): Promise<Host> {
  const host = await signInAsNewHost(page);
  await verifiedAndDue(host.clubId);
  runJobsAnHourAhead();
  await expect.poll(() => emailsTo(host.email).some((mail) => mail.includes('Is your club still meeting?'))).toBe(true);
  return host;
}

test('a host confirms from the email\'s link that the club still meets, and its page shows "Confirmed active"', async ({ page }) => {
  const host = await askedHost(page);

  await page.goto(checkInLink(host, 'still-meeting'));
  await expect(page.getByRole('heading', { level: 1, name: `Is ${host.clubName} still meeting?` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'We have stopped' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Yes, still meeting' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Thank you: ${host.clubName} is confirmed` })).toBeVisible();
  const confirmed = confirmedActive(new Date());
  await expect(page.getByText(`The directory shows your club as "${confirmed}"`)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(`/flamekeeper-clubs/${host.clubId}`);
  await expect(page.getByRole('heading', { level: 1, name: host.clubName })).toBeVisible();
  await expect(page.getByText(confirmed)).toBeVisible();
});

test.describe('an inactive club', () => {
  // Its page is not found while it is off the directory.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('"We have stopped" takes the club off the directory; its host confirms it from the profile and it is back', async ({ page }) => {
    const host = await askedHost(page);

    await page.goto(checkInLink(host, 'stopped'));
    await page.getByRole('button', { name: 'We have stopped' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for letting us know' })).toBeVisible();
    expect((await page.goto(`/flamekeeper-clubs/${host.clubId}`))!.status()).toBe(404);

    await page.goto(`/club-profile/${host.clubId}`);
    await page.locator('astro-island[component-url*="ClubProfile"]:not([ssr])').waitFor({ state: 'attached' });
    const status = page.getByRole('region', { name: 'Club Status' });
    await expect(status.getByText(/Inactive:\s*not listed in the directory since/)).toBeVisible();
    // The title band says so beside "Verified", instead of "Verified" alone.
    const titleBand = page.getByRole('region', { name: host.clubName, exact: true });
    await expect(titleBand.getByText('Inactive', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await status.getByRole('button', { name: 'Yes, still meeting' }).click();
    await expect(toasts(page).getByText('Club confirmed as still meeting')).toBeVisible();
    await expect(status.getByText(/Inactive:/)).toHaveCount(0);
    await expect(titleBand.getByText('Inactive', { exact: true })).toHaveCount(0);
    await expect(status.getByText(confirmedActive(new Date()))).toBeVisible();

    expect((await page.goto(`/flamekeeper-clubs/${host.clubId}`))!.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: host.clubName })).toBeVisible();
  });
});
