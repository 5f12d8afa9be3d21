import postgres from 'postgres';
import type { Sql } from '#server/platform/db/db.ts';
import { E2E_ADMIN } from '../support/e2e-admin.ts';
import { readE2EState } from '../support/e2e-state.ts';
import { expect, expectNoAxeViolations, test, waitForIslands } from './fixtures.ts';
import { emailsTo, signInAsNewHost } from './hosts.ts';

// Issue 41 item 1, on a phone (375 px): an email's link to a page that needs a sign-in, opened signed out, offers the
// sign-in that fits it and lands back on the exact page, anchor and query.

const withDatabase = async (act: (sql: Sql) => Promise<unknown>) => {
  const sql = postgres(readE2EState().databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await act(sql as unknown as Sql);
  } finally {
    await sql.end();
  }
};

test.use({ viewport: { width: 375, height: 740 }, allowedConsoleErrors: [/status of 404/] });

test('a signed-out host opens the join-requests link of the email, signs in, and lands on the Join requests card', async ({ page }) => {
  const host = await signInAsNewHost(page);
  // A listed club meeting on Tuesdays, so that a visitor can ask to join it.
  await withDatabase(
    (sql) => sql`
      update clubs set is_verified = true, meeting_frequency = 'weekly', time_zone = 'America/New_York',
        meeting_slots = ${sql.json([{ weekday: 'tuesday', start: '19:00', durationMinutes: 90 }])},
        cycle_start = ${new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10)}
      where id = ${host.clubId}`,
  );
  await page.context().clearCookies();
  const visitor = `visitor.${Date.now()}@example.com`;
  const asked = await page.request.post(`/api/clubs/${host.clubId}/join-requests`, {
    data: { name: 'Casey Morgan', email: visitor, start: 'next-cycle' },
  });
  expect(asked.status(), await asked.text()).toBe(201);

  // The host's email links to the profile's Join requests card.
  const linkInEmail = () =>
    emailsTo(host.email)
      .flatMap((mail) => [...mail.matchAll(/https?:\/\/[^/\s]+(\/club-profile\/\d+#join-requests)/g)].map((match) => match[1]!))
      .at(-1);
  await expect.poll(linkInEmail).toBeTruthy();
  const link = linkInEmail()!;
  expect(link).toBe(`/club-profile/${host.clubId}#join-requests`);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to manage your club');
  await expect(page.getByText(host.clubName)).toHaveCount(0);
  const signIn = page.getByRole('link', { name: 'Sign in', exact: true });
  // The anchor, which only the browser knew, is in the sign-in's return address.
  await expect(signIn).toHaveAttribute('href', `/club-registration?signin=true&return=%2Fclub-profile%2F${host.clubId}%23join-requests`);
  await expectNoAxeViolations(page);

  await signIn.click();
  await waitForIslands(page);
  await page.getByLabel('Email').fill(host.email);
  await page.getByLabel('Password').fill(host.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/club-profile/${host.clubId}#join-requests$`));
  const card = page.getByRole('region', { name: 'Join requests' });
  await expect(card.getByRole('heading', { name: 'Join requests' })).toBeInViewport();
  await expect(card.getByText('Casey Morgan')).toBeVisible();
});

test('the signed-out admin opens an /admin-clubs?club= link, signs in, and lands on that club', async ({ page }) => {
  const host = await signInAsNewHost(page);
  await page.context().clearCookies();
  const path = `/admin-clubs?club=${host.clubId}`;

  const refused = await page.goto(path);
  expect(refused!.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to continue');
  await expect(page.getByText(host.clubName)).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Sign in as the administrator' }).click();
  await expect(page).toHaveURL(`/login?return=${encodeURIComponent(path)}`);
  await waitForIslands(page);
  await page.getByLabel('Email or Username').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  const landed = page.waitForResponse((response) => response.request().isNavigationRequest() && response.url().endsWith(path));
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  expect((await landed).status()).toBe(200);

  // Admin Clubs opens the club the link named.
  const editor = page.getByRole('dialog', { name: 'Edit Club' });
  await expect(editor).toBeVisible();
  await expect(editor.getByLabel('Club Name')).toHaveValue(host.clubName);
});
