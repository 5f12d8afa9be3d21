import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { EmailStatus } from '#lib/auth/email-status-types.ts';
import { asUser, registerHost, request, runJobs, sentEmails, sessionTokenFrom, testSql, waitForEmail } from '../support/api.ts';
import { confirmationToken, registerGuide } from '../support/licensing.ts';

// Issue 37 F0 and F7: an email change cannot outlive its account's recovery. Only an account whose email is confirmed
// may ask for one; a password reset or change, or a confirmation of the current address, cancels it, and so does any
// other change of the password (the link is bound to it); its link works for an hour; the current address's "This
// wasn't me" cancels it, signs every browser out and leads to a new password; making the change signs out every
// other browser; and an unconfirmed account that holds nothing is deleted after 7 days, so no address is squatted.

const DAY_MS = 86_400_000;
const unique = () => randomBytes(4).toString('hex');
const PASSWORD = 'kindling-42';

const post = (path: string, json: unknown, token?: string) => request(path, { method: 'POST', json, headers: asUser(token) });
const form = (path: string, token: string, session?: string) =>
  request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...asUser(session) },
    body: new URLSearchParams({ token }).toString(),
  });
const askChange = (session: string, newEmail: string, currentPassword = PASSWORD) =>
  post('/api/account/email', { newEmail, currentPassword }, session);
const pageText = async (path: string) => (await request(path)).text();
const isSignedIn = async (session: string) => (await request('/api/auth/user', { headers: asUser(session) })).status === 200;

/** Signs in on the guide form (it takes every account): the new session's token, or undefined when refused. */
async function signIn(email: string, password: string): Promise<string | undefined> {
  const response = await post('/api/guides/signin', { email, password });
  expect(response.status).toBe(200);
  return ((await response.json()) as { success: boolean }).success ? sessionTokenFrom(response) : undefined;
}

/** Has a reset link emailed to `email` and sets `password` with it. */
async function resetThroughEmail(email: string, password: string): Promise<void> {
  const links = () => sentEmails().filter((mail) => mail.includes(`To: ${email}`) && mail.includes('reset-password?token='));
  const before = links().length;
  expect((await post('/api/clubs/forgot-password', { email })).status).toBe(200);
  await waitForEmail(() => links().length > before);
  const token = /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(links().at(-1)!)![1]!;
  const reset = await post('/api/clubs/reset-password', { token, password, confirmPassword: password });
  expect(reset.status, await reset.clone().text()).toBe(200);
}

/** The notice the current address got about a change to `maskedTo`, and its "This wasn't me" link's token. */
async function changeNotice(email: string, maskedTo: string): Promise<{ mail: string; cancelToken: string }> {
  const mail = await waitForEmail(
    (text) => text.includes(`To: ${email}`) && text.includes(`Subject: Your sign-in email is being changed to ${maskedTo}`),
  );
  return { mail, cancelToken: /\/cancel-email-change\?token=([A-Za-z0-9_-]{43})/.exec(mail)![1]! };
}

/** The review's first step: the attacker registers a guide account with the victim's address. */
async function registerAttackerAs(victim: string): Promise<Response> {
  const registered = await post('/api/guides/register', {
    name: 'Pat Intruder',
    email: victim,
    password: 'copper-lantern-58',
    confirmPassword: 'copper-lantern-58',
    phone: '',
  });
  expect(registered.status).toBe(201);
  return registered;
}

describe('an email change cannot outlive its account recovery (issue 37 F0)', () => {
  it('an account whose email was never confirmed cannot ask to change it: the pre-hijack is refused and nothing is sent', async () => {
    const victim = `victim.${unique()}@example.com`;
    const attacker = `attacker.${unique()}@example.net`;
    const registered = await registerAttackerAs(victim);

    const refused = await askChange(sessionTokenFrom(registered)!, attacker, 'copper-lantern-58');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: { fieldErrors: { newEmail: [expect.stringContaining('confirm your current email')] } },
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sentEmails().some((mail) => mail.includes(`To: ${attacker}`))).toBe(false);
    expect(await testSql()`select 1 from email_confirmations where email = ${attacker}`).toEqual([]);
  });

  it("F0's sequence: the attacker's change link, asked before the victim reset and changed the password, is refused with a page saying why", async () => {
    // The attacker registers a guide account with the victim's address, and the victim confirms it from the email.
    const victim = `victim.${unique()}@example.com`;
    const attacker = `attacker.${unique()}@example.net`;
    const registered = await registerAttackerAs(victim);
    expect((await post('/api/auth/confirm-email', { token: await confirmationToken(victim) })).status).toBe(200);
    const attackerSession = sessionTokenFrom(registered)!;
    expect((await askChange(attackerSession, attacker, 'copper-lantern-58')).status).toBe(202);
    const changeLink = await confirmationToken(attacker);

    // The victim uses "Forgot password", then changes the password again on /account.
    await resetThroughEmail(victim, 'harbour-willow-33');
    const victimSession = (await signIn(victim, 'harbour-willow-33'))!;
    const changed = await post(
      '/api/account/password',
      { currentPassword: 'harbour-willow-33', password: 'quiet-meadow-71', confirmPassword: 'quiet-meadow-71' },
      victimSession,
    );
    expect(changed.status).toBe(200);
    expect(await isSignedIn(attackerSession)).toBe(false);

    // The attacker presses the old link: refused, and its page says why.
    const pressed = await form('/api/auth/confirm-email', changeLink);
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get('location')).toBe(`/confirm-email?${new URLSearchParams({ token: changeLink })}`);
    const page = await pageText(`/confirm-email?${new URLSearchParams({ token: changeLink })}`);
    expect(page).toContain('This email change was cancelled');
    expect(page).toContain('password was changed after this change was asked for');
    expect(page).not.toContain('Change my email');
    expect((await post('/api/auth/confirm-email', { token: changeLink })).status).toBe(410);

    // The account is the victim's: it signs in with their address, and the attacker's address can reset nothing.
    expect(await signIn(victim, 'quiet-meadow-71')).toBeTruthy();
    expect(await signIn(attacker, 'quiet-meadow-71')).toBeUndefined();
    expect(await testSql()`select 1 from users where email = ${attacker}`).toEqual([]);
    expect(await isSignedIn(victimSession)).toBe(true);
  });

  it('a password change, a confirmation of the current address and a password set any other way each void an open change', async () => {
    // Changed on /account.
    const byChange = await registerGuide();
    const away = `moved.${unique()}@example.com`;
    expect((await askChange(byChange.token, away)).status).toBe(202);
    const changeLink = await confirmationToken(away);
    const newPassword = { currentPassword: PASSWORD, password: 'another-kindling-7', confirmPassword: 'another-kindling-7' };
    expect((await post('/api/account/password', newPassword, byChange.token)).status).toBe(200);
    expect(((await (await request('/api/account/email', { headers: asUser(byChange.token) })).json()) as EmailStatus).pending).toBeNull();
    expect((await post('/api/auth/confirm-email', { token: changeLink })).status).toBe(410);

    // Confirmed again with the first link the account was sent, still open: its holder reads the current address.
    const byConfirmation = await registerGuide({}, { confirmed: false });
    const firstLink = await confirmationToken(byConfirmation.email);
    expect((await post('/api/auth/email-confirmation', { from: 'my-licences' }, byConfirmation.token)).status).toBe(202);
    const linksTo = () => sentEmails().filter((mail) => mail.includes(`To: ${byConfirmation.email}`) && mail.includes('/confirm-email?'));
    await waitForEmail(() => linksTo().length === 2);
    expect((await post('/api/auth/confirm-email', { token: await confirmationToken(byConfirmation.email) })).status).toBe(200);
    const moved = `moved.${unique()}@example.com`;
    expect((await askChange(byConfirmation.token, moved)).status).toBe(202);
    const secondLink = await confirmationToken(moved);
    expect((await post('/api/auth/confirm-email', { token: firstLink })).status).toBe(200);
    expect(await pageText(`/confirm-email?token=${secondLink}`)).toContain(
      'confirmed its current email address after this change was asked for',
    );
    expect((await post('/api/auth/confirm-email', { token: secondLink })).status).toBe(410);

    // Set by the operator's tool, without the site: the link is bound to the password it was asked with.
    const bySql = await registerGuide();
    const elsewhere = `moved.${unique()}@example.com`;
    expect((await askChange(bySql.token, elsewhere)).status).toBe(202);
    const boundLink = await confirmationToken(elsewhere);
    await testSql()`update users set password_hash = password_hash || '-rehashed' where email = ${bySql.email}`;
    expect(await pageText(`/confirm-email?token=${boundLink}`)).toContain('password was changed after this change was asked for');
    expect((await post('/api/auth/confirm-email', { token: boundLink })).status).toBe(410);
    const [account] = await testSql()<{ email: string }[]>`select email from users where email in (${bySql.email}, ${elsewhere})`;
    expect(account!.email).toBe(bySql.email);
  });

  it('a change link works for one hour, as its email says', async () => {
    const guide = await registerGuide();
    const newEmail = `hour.${unique()}@example.com`;
    const requested = await askChange(guide.token, newEmail);
    const status = (await requested.json()) as EmailStatus;
    const [row] = await testSql()<{ minutes: number }[]>`
      select extract(epoch from expires_at - created_at)::int / 60 as minutes from email_confirmations where email = ${newEmail}`;
    expect(row!.minutes).toBe(60);
    expect(Date.parse(status.pending!.expiresAt)).toBeLessThanOrEqual(Date.now() + 3_600_000);
    const token = await confirmationToken(newEmail);
    expect(sentEmails().find((mail) => mail.includes(token))).toContain('within 60 minutes');

    await testSql()`update email_confirmations set expires_at = now() - interval '1 second' where email = ${newEmail}`;
    expect(await pageText(`/confirm-email?token=${token}`)).toContain('Email change links work for 60 minutes');
    expect((await post('/api/auth/confirm-email', { token })).status).toBe(410);
  });
});

describe('"This wasn\'t me" on the notice to the current address (issue 37 F0)', () => {
  it('cancels the change, signs every browser out, stops the old password and leads to a new one', async () => {
    const host = await registerHost({ email: `owner.${unique()}@example.com` });
    const email = host.payload.email as string;
    expect((await post('/api/auth/confirm-email', { token: await confirmationToken(email) })).status).toBe(200);
    const otherBrowser = (await signIn(email, PASSWORD))!;
    const newEmail = `Nora.${unique()}@Example.org`;
    expect((await askChange(host.token, newEmail)).status).toBe(202);
    const changeLink = await confirmationToken(newEmail.toLowerCase());

    const { mail, cancelToken } = await changeNotice(email, 'n***@e***.org');
    expect(mail).toContain("This wasn't me");
    expect(mail).not.toContain(newEmail.toLowerCase());

    // Opening the link changes nothing (a mail scanner may); its page asks.
    const page = await request(`/cancel-email-change?token=${cancelToken}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    const html = await page.text();
    expect(html).toContain('Cancel the change of your sign-in email?');
    expect(html).toContain('n***@e***.org');
    expect(await isSignedIn(host.token)).toBe(true);

    const pressed = await form('/api/auth/cancel-email-change', cancelToken);
    expect(pressed.status).toBe(303);
    const location = new URL(pressed.headers.get('location')!, 'http://site');
    expect(location.pathname).toBe('/reset-password');
    expect(location.searchParams.get('from')).toBe('email-change');

    // Every browser is signed out, the change is cancelled, and the old password no longer signs in.
    expect(await isSignedIn(host.token)).toBe(false);
    expect(await isSignedIn(otherBrowser)).toBe(false);
    expect(await signIn(email, PASSWORD)).toBeUndefined();
    expect(await pageText(`/confirm-email?token=${changeLink}`)).toContain('said they did not ask for this change');
    expect((await post('/api/auth/confirm-email', { token: changeLink })).status).toBe(410);

    // The reset page says what happened, and its link sets the new password.
    const resetPage = await pageText(`${location.pathname}${location.search}`);
    expect(resetPage).toContain('The change of your email is cancelled');
    expect(resetPage).toContain('Set New Password');
    const token = location.searchParams.get('token')!;
    const reset = await post('/api/clubs/reset-password', { token, password: 'my-own-again-5', confirmPassword: 'my-own-again-5' });
    expect(reset.status).toBe(200);
    expect(await signIn(email, 'my-own-again-5')).toBeTruthy();
    expect(await signIn(newEmail, 'my-own-again-5')).toBeUndefined();

    // The link works once.
    expect(await pageText(`/cancel-email-change?token=${cancelToken}`)).toContain('This change is cancelled');
    expect((await post('/api/auth/cancel-email-change', { token: cancelToken })).status).toBe(410);
    expect((await post('/api/auth/cancel-email-change', { token: 'x'.repeat(43) })).status).toBe(404);
    expect((await request(`/cancel-email-change?token=${'x'.repeat(43)}`)).status).toBe(404);
  });

  it('changes nothing once the change has been made, and says so', async () => {
    const guide = await registerGuide();
    const newEmail = `made.${unique()}@example.com`;
    expect((await askChange(guide.token, newEmail)).status).toBe(202);
    const { cancelToken } = await changeNotice(guide.email, 'm***@e***.com');
    expect((await post('/api/auth/confirm-email', { token: await confirmationToken(newEmail) }, guide.token)).status).toBe(200);

    expect(await pageText(`/cancel-email-change?token=${cancelToken}`)).toContain('The email has been changed already');
    expect((await post('/api/auth/cancel-email-change', { token: cancelToken })).status).toBe(409);
    expect(await isSignedIn(guide.token)).toBe(true);
  });
});

describe('making an email change (issue 37 F7)', () => {
  it('signs out every other browser, and keeps the one that pressed the button signed in', async () => {
    const guide = await registerGuide();
    const otherBrowser = (await signIn(guide.email, PASSWORD))!;
    const newEmail = `f7.${unique()}@example.com`;
    expect((await askChange(guide.token, newEmail)).status).toBe(202);

    const confirmed = await form('/api/auth/confirm-email', await confirmationToken(newEmail), guide.token);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe('/account?email=confirmed');
    expect(await isSignedIn(otherBrowser)).toBe(false);
    expect(await isSignedIn(guide.token)).toBe(true);
    expect(await signIn(newEmail, PASSWORD)).toBeTruthy();
  });

  it('signs out every browser when the button is pressed where the account is not signed in', async () => {
    const guide = await registerGuide();
    const newEmail = `f7.${unique()}@example.com`;
    expect((await askChange(guide.token, newEmail)).status).toBe(202);
    expect((await post('/api/auth/confirm-email', { token: await confirmationToken(newEmail) })).status).toBe(200);
    expect(await isSignedIn(guide.token)).toBe(false);
  });

  it('tells a browser not signed in to the account, once the button is pressed, which address it signs in with now (issue 41 item 8)', async () => {
    const stranger = await registerHost();
    // Signed out, and signed in to another account: both are sent to the link's page, not to a sign-in.
    for (const session of [undefined, stranger.token]) {
      const guide = await registerGuide();
      const newEmail = `f7.${unique()}@example.com`;
      expect((await askChange(guide.token, newEmail)).status).toBe(202);
      const token = await confirmationToken(newEmail);
      const confirmed = await form('/api/auth/confirm-email', token, session);
      expect(confirmed.status).toBe(303);
      expect(confirmed.headers.get('location')).toBe(`/confirm-email?${new URLSearchParams({ token })}`);
      const page = await request(confirmed.headers.get('location')!);
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(new RegExp(`<h1[^>]*>Your sign-in email is now ${newEmail.replaceAll('.', '\\.')}</h1>`));
      expect(await signIn(newEmail, PASSWORD)).toBeTruthy();
    }

    // A token no link has says nothing of any address.
    const unknown = await form('/api/auth/confirm-email', randomBytes(32).toString('base64url'));
    expect(unknown.status).toBe(303);
    const page = await request(unknown.headers.get('location')!);
    expect(page.status).toBe(404);
    const html = await page.text();
    expect(html).not.toContain('Your sign-in email is now');
    expect(html).not.toContain('@example.com');
  });
});

// Last in the file: the job runs as of a week ahead, which ends whatever else this file's database holds unconfirmed.
describe('unconfirmed accounts that hold nothing (issue 37 F0)', () => {
  /** Runs `npm run jobs:run -- --now` on the file's database, as of `now`. */
  const runJobsAt = (now: Date) => runJobs('--now', now.toISOString());
  const exists = async (email: string) => (await testSql()`select 1 from users where email = ${email}`).length === 1;

  it('are deleted by the job 7 days after they were made; one with a club, a licence or an order, or confirmed, is kept', async () => {
    const started = Date.now();
    const empty = await registerGuide({}, { confirmed: false });
    const confirmed = await registerGuide();
    const withLicence = await registerGuide({}, { confirmed: false });
    await testSql()`
      insert into licences (guide_id, kind, area_kind, state_code, status)
      select id, 'shared', 'state', 'VT', 'cancelled' from users where email = ${withLicence.email}`;
    const withOrder = await registerGuide({}, { confirmed: false });
    await testSql()`
      insert into store_orders (store, store_order_id, email, currency, total_cents, status)
      values ('stripe', ${`cs_test_${unique()}`}, ${withOrder.email}, 'USD', 2500, 'paid')`;
    const host = await registerHost();
    const hostEmail = host.payload.email as string;
    const all = [empty.email, confirmed.email, withLicence.email, withOrder.email, hostEmail];

    const early = await runJobsAt(new Date(started + 6 * DAY_MS));
    expect(early).toMatch(/delete-unconfirmed-accounts: \d+ deleted/);
    for (const email of all) expect(await exists(email), email).toBe(true);

    const stdout = await runJobsAt(new Date(Date.now() + 7 * DAY_MS + 60_000));
    expect(stdout).toMatch(/delete-unconfirmed-accounts: [1-9]\d* deleted/);
    expect(await exists(empty.email)).toBe(false);
    expect(await signIn(empty.email, PASSWORD)).toBeUndefined();
    for (const email of [confirmed.email, withLicence.email, withOrder.email, hostEmail]) expect(await exists(email), email).toBe(true);
  });
});
