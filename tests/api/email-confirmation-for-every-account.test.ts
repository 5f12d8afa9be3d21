import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AdminClub } from '#lib/clubs/types.ts';
import type { EmailStatus } from '#lib/auth/email-status-types.ts';
import { asUser, registerHost, request, sentEmails, signInAdmin, testSql, waitForEmail } from '../support/api.ts';
import { confirmationToken, registerGuide } from '../support/licensing.ts';

// Issue 29 items 4 and 3: every new account, host or guide, is sent an email confirmation link; the club profile,
// /my-licences and the admin's club list say when an email is unconfirmed, without holding up the club's registration
// or verification; and a signed-in host or guide changes their email only once the new address confirms it.

const unique = () => randomBytes(4).toString('hex');
const PASSWORD = 'kindling-42';
const NOTICE = 'Please confirm your email address';

const post = (path: string, json: unknown, token?: string) => request(path, { method: 'POST', json, headers: asUser(token) });
const confirmByForm = (token: string, session?: string) =>
  request('/api/auth/confirm-email', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...asUser(session) },
    body: new URLSearchParams({ token }).toString(),
  });

/** Confirms a new host's email with a second link ("Send the link again"), leaving the first one open: its token. */
async function confirmWithSecondLink(host: { payload: Record<string, unknown>; token: string }): Promise<string> {
  const email = host.payload.email as string;
  const first = await confirmationToken(email);
  expect((await post('/api/auth/email-confirmation', { from: 'club-profile' }, host.token)).status).toBe(202);
  await waitForEmail(() => sentEmails().filter((text) => text.includes(`To: ${email}`) && text.includes('/confirm-email?')).length === 2);
  expect((await post('/api/auth/confirm-email', { token: await confirmationToken(email) })).status).toBe(200);
  return first;
}

async function currentUser(token: string): Promise<{ email: string; emailConfirmed: boolean }> {
  const response = await request('/api/auth/user', { headers: asUser(token) });
  expect(response.status).toBe(200);
  return (await response.json()) as { email: string; emailConfirmed: boolean };
}

async function adminRow(admin: string, clubId: number): Promise<AdminClub> {
  const response = await request('/api/admin/clubs', { headers: asUser(admin) });
  expect(response.status).toBe(200);
  return ((await response.json()) as AdminClub[]).find((club) => club.id === clubId)!;
}

const pageText = async (path: string, token: string) => (await request(path, { headers: asUser(token) })).text();

/** Whether email and password sign in (the guide form takes a host's account as well as a guide's). */
async function signsIn(email: string, password = PASSWORD): Promise<boolean> {
  const response = await post('/api/guides/signin', { email, password });
  expect(response.status).toBe(200);
  return ((await response.json()) as { success: boolean }).success;
}

describe('a new account is sent a confirmation link', () => {
  it('a host: the club registers and is verified meanwhile, and the profile, the user and the admin list show the state', async () => {
    const host = await registerHost({ email: `host.${unique()}@example.com` });
    const email = host.payload.email;
    const token = await confirmationToken(email);
    const mail = sentEmails().find((text) => text.includes(token))!;
    expect(mail).toContain('Subject: Confirm your email for FlameKeeper Clubs');
    expect(mail).toContain('brings you back to your club profile');
    expect(mail).toContain('club host account');

    expect(await currentUser(host.token)).toMatchObject({ email, emailConfirmed: false });
    const admin = await signInAdmin();
    expect((await adminRow(admin, host.clubId)).hostEmailConfirmed).toBe(false);
    expect(await pageText(`/club-profile/${host.clubId}`, host.token)).toContain(NOTICE);
    // The admin sees the club's page without the host's notice; verification is not held up.
    expect(await pageText(`/club-profile/${host.clubId}`, admin)).not.toContain(NOTICE);
    const verified = await request(`/api/admin/clubs/${host.clubId}`, {
      method: 'PUT',
      json: { isVerified: true },
      headers: asUser(admin),
    });
    expect(verified.status).toBe(200);

    const confirmed = await confirmByForm(token);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`/club-profile/${host.clubId}?email=confirmed`);
    expect(await currentUser(host.token)).toMatchObject({ email, emailConfirmed: true });
    expect(await adminRow(admin, host.clubId)).toMatchObject({ hostEmailConfirmed: true, isVerified: true });
    expect(await pageText(`/club-profile/${host.clubId}`, host.token)).not.toContain(NOTICE);
  });

  it('a guide: back to the area card they registered on, or to /my-licences, which says so until then', async () => {
    const onCard = await registerGuide({ areaId: 'zip-59801' }, { confirmed: false });
    const cardToken = await confirmationToken(onCard.email);
    expect(sentEmails().find((text) => text.includes(cardToken))).toContain('brings you back to the area you were looking at');
    // Reserving is still refused until the link is used, and no second link is sent while this one is open.
    expect((await post('/api/licences', { areaId: 'zip-59801', kind: 'shared' }, onCard.token)).status).toBe(403);
    expect(await (await post('/api/auth/confirm-email', { token: cardToken })).json()).toEqual({
      confirmed: true,
      returnTo: '/area-search?area=zip-59801',
    });
    expect(sentEmails().filter((text) => text.includes(`To: ${onCard.email}`))).toHaveLength(1);

    const guide = await registerGuide({}, { confirmed: false });
    expect(await currentUser(guide.token)).toMatchObject({ emailConfirmed: false });
    expect(await pageText('/my-licences', guide.token)).toContain(NOTICE);
    const token = await confirmationToken(guide.email);
    expect(sentEmails().find((text) => text.includes(token))).toContain('you can reserve an area as a FlameKeeper guide');
    expect(await (await post('/api/auth/confirm-email', { token })).json()).toEqual({ confirmed: true, returnTo: '/my-licences' });
    expect(await currentUser(guide.token)).toMatchObject({ emailConfirmed: true });
    expect(await pageText('/my-licences', guide.token)).not.toContain(NOTICE);
  });
});

describe('"Send the link again"', () => {
  it('from the club profile and /my-licences, leads back there; refused once confirmed and for an unknown page', async () => {
    const host = await registerHost({ email: `host.${unique()}@example.com` });
    const first = await confirmationToken(host.payload.email);
    const sent = await post('/api/auth/email-confirmation', { from: 'club-profile' }, host.token);
    expect(sent.status).toBe(202);
    expect(await sent.json()).toEqual({ sentTo: host.payload.email });
    await waitForEmail(
      () => sentEmails().filter((text) => text.includes(`To: ${host.payload.email}`) && text.includes('/confirm-email?')).length === 2,
    );
    const again = await confirmationToken(host.payload.email);
    expect(again).not.toBe(first);
    expect(await (await post('/api/auth/confirm-email', { token: again })).json()).toEqual({
      confirmed: true,
      returnTo: `/club-profile/${host.clubId}`,
    });
    expect((await post('/api/auth/email-confirmation', { from: 'club-profile' }, host.token)).status).toBe(409);

    const guide = await registerGuide({}, { confirmed: false });
    expect((await post('/api/auth/email-confirmation', { from: 'the-moon' }, guide.token)).status).toBe(400);
    expect((await post('/api/auth/email-confirmation', { from: 'my-licences' }, guide.token)).status).toBe(202);
    await waitForEmail(() => sentEmails().filter((text) => text.includes(`To: ${guide.email}`)).length === 2);
    const token = await confirmationToken(guide.email);
    expect(await (await post('/api/auth/confirm-email', { token })).json()).toEqual({ confirmed: true, returnTo: '/my-licences' });
    expect((await post('/api/auth/email-confirmation', { from: 'my-licences' })).status).toBe(401);
  });
});

describe('changing the email', () => {
  const change = (token: string | undefined, json: unknown) => post('/api/account/email', json, token);

  it('takes effect only when the new address confirms; the old address is told, and the club email follows', async () => {
    const host = await registerHost({ email: `old.${unique()}@example.com` });
    const oldEmail = host.payload.email;
    const newEmail = `New.Address.${unique()}@Example.org`;
    const stored = newEmail.toLowerCase();
    expect((await post('/api/auth/confirm-email', { token: await confirmationToken(oldEmail) })).status).toBe(200);

    const requested = await change(host.token, { newEmail, currentPassword: PASSWORD });
    expect(requested.status).toBe(202);
    const status = (await requested.json()) as EmailStatus;
    expect(status).toMatchObject({ email: oldEmail, confirmed: true, pending: { email: stored } });
    expect(Date.parse(status.pending!.expiresAt) - Date.now()).toBeGreaterThan(59 * 60_000);
    const read = await request('/api/account/email', { headers: asUser(host.token) });
    expect(await read.json()).toEqual(status);

    const notice = await waitForEmail((text) => text.includes(`To: ${oldEmail}`) && text.includes('change its email'));
    expect(notice).toContain('n***@e***.org');
    expect(notice).not.toContain(stored);
    expect(notice).toContain("This wasn't me");
    const token = await confirmationToken(stored);
    const mail = sentEmails().find((text) => text.includes(token))!;
    expect(mail).toContain('Subject: Confirm your new email for FlameKeeper Clubs');
    expect(mail).toContain('the sign-in email of their FlameKeeper Clubs account');

    // Nothing has changed yet, and opening the link changes nothing either.
    const page = await request(`/confirm-email?token=${token}`);
    expect(await page.text()).toContain('Change my email');
    expect(await signsIn(oldEmail)).toBe(true);
    expect(await signsIn(stored)).toBe(false);
    expect(await currentUser(host.token)).toMatchObject({ email: oldEmail });

    const confirmed = await confirmByForm(token, host.token);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe('/account?email=confirmed');
    expect(await signsIn(stored)).toBe(true);
    expect(await signsIn(oldEmail)).toBe(false);
    // The session that pressed the button goes on, with the new address, confirmed.
    expect(await currentUser(host.token)).toEqual(expect.objectContaining({ email: stored, emailConfirmed: true }));
    expect(await (await request('/api/account/email', { headers: asUser(host.token) })).json()).toEqual({
      email: stored,
      confirmed: true,
      pending: null,
    });
    const [club] = await testSql()<{ email: string }[]>`select email from clubs where id = ${host.clubId}`;
    expect(club!.email).toBe(stored);
    const audit = await testSql()<{ before: unknown; after: unknown }[]>`
      select before, after from audit_log where action = 'account.email' and subject = ${stored}`;
    expect(audit).toEqual([{ before: { email: oldEmail }, after: { email: stored } }]);

    // The link worked once; its page says what it did.
    expect((await post('/api/auth/confirm-email', { token })).status).toBe(410);
    expect(await (await request(`/confirm-email?token=${token}`)).text()).toContain(`Your sign-in email is now ${stored}`);
  });

  it('refuses a wrong password, the same address, a taken one and a malformed one, changing nothing', async () => {
    const guide = await registerGuide();
    const other = await registerHost({ email: `taken.${unique()}@example.com` });
    const fieldErrors = async (response: Response, status: number) => {
      expect(response.status).toBe(status);
      return ((await response.json()) as { error: { fieldErrors?: Record<string, string[]> } }).error.fieldErrors;
    };

    expect(
      await fieldErrors(await change(guide.token, { newEmail: `n.${unique()}@example.com`, currentPassword: 'wrong-password' }), 400),
    ).toEqual({
      currentPassword: ['Your current password is not right.'],
    });
    expect(await fieldErrors(await change(guide.token, { newEmail: guide.email.toUpperCase(), currentPassword: PASSWORD }), 400)).toEqual({
      newEmail: ['This is already your email address.'],
    });
    expect(await fieldErrors(await change(guide.token, { newEmail: other.payload.email, currentPassword: PASSWORD }), 409)).toEqual({
      newEmail: ['Another account already uses this email.'],
    });
    expect(await fieldErrors(await change(guide.token, { newEmail: 'not an email', currentPassword: '' }), 400)).toEqual({
      newEmail: ['Valid email is required'],
      currentPassword: ['Your current password is required'],
    });
    expect((await change(undefined, { newEmail: `n.${unique()}@example.com`, currentPassword: PASSWORD })).status).toBe(401);
    expect((await change(await signInAdmin(), { newEmail: `n.${unique()}@example.com`, currentPassword: PASSWORD })).status).toBe(403);

    const [pending] = await testSql()<{ count: number }[]>`
      select count(*)::int as count from email_confirmations c join users u on u.id = c.user_id
      where u.email = ${guide.email} and c.changes_email`;
    expect(pending!.count).toBe(0);
    expect(sentEmails().filter((text) => text.includes('change its email') && text.includes(`To: ${guide.email}`))).toEqual([]);
  });

  it('an expired link, one replaced by a newer request, and one whose address was taken meanwhile change nothing', async () => {
    const guide = await registerGuide();
    const first = `first.${unique()}@example.com`;
    expect((await change(guide.token, { newEmail: first, currentPassword: PASSWORD })).status).toBe(202);
    const firstToken = await confirmationToken(first);
    await testSql()`update email_confirmations set expires_at = now() - interval '1 second' where email = ${first}`;
    expect(await (await request(`/confirm-email?token=${firstToken}`)).text()).toContain('This link has expired');
    expect((await post('/api/auth/confirm-email', { token: firstToken })).status).toBe(410);
    expect(((await (await request('/api/account/email', { headers: asUser(guide.token) })).json()) as EmailStatus).pending).toBeNull();

    const second = `second.${unique()}@example.com`;
    const third = `third.${unique()}@example.com`;
    expect((await change(guide.token, { newEmail: second, currentPassword: PASSWORD })).status).toBe(202);
    const secondToken = await confirmationToken(second);
    const replaced = await change(guide.token, { newEmail: third, currentPassword: PASSWORD });
    expect(((await replaced.json()) as EmailStatus).pending?.email).toBe(third);
    expect((await request(`/confirm-email?token=${secondToken}`)).status).toBe(404);
    expect((await post('/api/auth/confirm-email', { token: secondToken })).status).toBe(410);

    // Someone registers the address before the link is used: the link says so, and the account keeps its email.
    const thirdToken = await confirmationToken(third);
    await registerHost({ email: third });
    expect(await (await request(`/confirm-email?token=${thirdToken}`)).text()).toContain('This address belongs to another account now');
    const taken = await post('/api/auth/confirm-email', { token: thirdToken });
    expect(taken.status).toBe(409);
    const byForm = await confirmByForm(thirdToken);
    expect(byForm.headers.get('location')).toBe(`/confirm-email?token=${thirdToken}`);
    expect(await currentUser(guide.token)).toMatchObject({ email: guide.email });
    expect(await signsIn(guide.email)).toBe(true);
  });

  it('the old address keeps its confirmation links no more, nor its password reset links, once the change is made', async () => {
    const host = await registerHost({ email: `reset.${unique()}@example.com` });
    const oldLink = await confirmWithSecondLink(host);
    expect((await post('/api/clubs/forgot-password', { email: host.payload.email })).status).toBe(200);
    const resetMail = await waitForEmail((text) => text.includes(`To: ${host.payload.email}`) && text.includes('reset-password?token='));
    const resetToken = /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(resetMail)![1]!;

    const newEmail = `moved.${unique()}@example.com`;
    expect((await change(host.token, { newEmail, currentPassword: PASSWORD })).status).toBe(202);
    expect((await post('/api/auth/confirm-email', { token: await confirmationToken(newEmail) })).status).toBe(200);

    expect((await post('/api/auth/confirm-email', { token: oldLink })).status).toBe(410);
    const reset = await post('/api/clubs/reset-password', {
      token: resetToken,
      password: 'another-kindling-7',
      confirmPassword: 'another-kindling-7',
    });
    expect(reset.status).toBe(400);
    expect(await reset.json()).toMatchObject({ error: { fieldErrors: { token: [expect.stringContaining('invalid or has expired')] } } });
    expect(await signsIn(newEmail)).toBe(true);
  });

  it('counts requests per account: past the limit, 429 and no email', async () => {
    const guide = await registerGuide();
    const [user] = await testSql()<{ id: string }[]>`select id from users where email = ${guide.email}`;
    expect((await change(guide.token, { newEmail: `a.${unique()}@example.com`, currentPassword: PASSWORD })).status).toBe(202);
    // The file's server multiplies every limit (RATE_LIMIT_MULTIPLIER): use up what is left of this account's.
    await testSql()`update rate_limits set points = 1000000 where key = ${`email-change:${user!.id}`}`;
    const newEmail = `b.${unique()}@example.com`;
    const limited = await change(guide.token, { newEmail, currentPassword: PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sentEmails().some((text) => text.includes(`To: ${newEmail}`))).toBe(false);
  });
});
