import { describe, expect, it } from 'vitest';
import type { AccountDetails } from '#lib/app/account-types.ts';
import {
  asUser,
  newCode,
  registerHost,
  registration,
  request,
  sentEmails,
  sessionTokenFrom,
  signInAdmin,
  TEST_ADMIN,
  testSql,
  waitForEmail,
} from '../support/api.ts';
import { registerGuide } from '../support/licensing.ts';
import { misplacedIslandStyles } from '../support/island-style.ts';

// Issue 29, "One account, whatever the role": both sign-in forms take a host's and a guide's account and say where it
// belongs; a forgotten password is reset the same way for both, and any change of password is emailed; /account
// keeps the name, phone and password.

const PASSWORD = 'kindling-42';
const FORMS = ['/api/clubs/signin', '/api/guides/signin'] as const;

const post = (path: string, json: unknown, token?: string) => request(path, { method: 'POST', json, headers: asUser(token) });

/** A host whose account also holds a guide record: a person who is both. */
async function registerHostAndGuide() {
  const host = await registerHost();
  await testSql()`insert into guides (user_id, name) select owner_id, host_name from clubs where id = ${host.clubId}`;
  return host;
}

const mailsTo = (email: string, marker: string) => sentEmails().filter((m) => m.includes(`To: ${email}`) && m.includes(marker));

/** Asks for a reset link for `email` and returns the link's token once its email is sent. */
async function resetToken(email: string): Promise<string> {
  const before = mailsTo(email, 'reset-password?token=').length;
  expect((await post('/api/clubs/forgot-password', { email })).status).toBe(200);
  await waitForEmail(() => mailsTo(email, 'reset-password?token=').length > before);
  const mail = mailsTo(email, 'reset-password?token=').at(-1)!;
  return decodeURIComponent(/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail)![1]!);
}

const passwordChangedMails = (email: string) => mailsTo(email, 'Subject: Your password was changed');

describe('every sign-in form takes every account', () => {
  it.each(FORMS)('%s signs in a host to the club profile, a guide to /my-licences, and a person who is both to the club', async (form) => {
    const host = await registerHost();
    const guide = await registerGuide();
    const both = await registerHostAndGuide();

    const hostAnswer = await post(form, { email: host.payload.email, password: PASSWORD });
    expect(await hostAnswer.json()).toMatchObject({ success: true, home: `/club-profile/${host.clubId}` });
    expect(sessionTokenFrom(hostAnswer)).toBeTruthy();

    const guideAnswer = await post(form, { email: guide.email, password: PASSWORD });
    expect(await guideAnswer.json()).toMatchObject({ success: true, home: '/my-licences' });
    const guideSession = sessionTokenFrom(guideAnswer);
    expect((await request('/api/auth/user', { headers: asUser(guideSession) })).status).toBe(200);

    const bothAnswer = await post(form, { email: both.payload.email, password: PASSWORD });
    expect(await bothAnswer.json()).toMatchObject({ success: true, home: `/club-profile/${both.clubId}` });
    const user = await (await request('/api/auth/user', { headers: asUser(sessionTokenFrom(bothAnswer)) })).json();
    // The header links My Club and My Licences for this account.
    expect(user).toMatchObject({ role: 'host', clubId: both.clubId, isGuide: true });
  });

  it.each(FORMS)('%s refuses a wrong password, an unknown email and the admin with one answer', async (form) => {
    const host = await registerHost();
    const guide = await registerGuide();
    const attempts = [
      { email: host.payload.email, password: 'not-the-password' },
      { email: guide.email, password: 'not-the-password' },
      { email: `nobody.${Date.now()}@example.com`, password: PASSWORD },
      { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
    ];
    const answers = await Promise.all(
      attempts.map(async (attempt) => {
        const response = await post(form, attempt);
        return { status: response.status, body: await response.text(), session: sessionTokenFrom(response) };
      }),
    );
    expect(new Set(answers.map(({ status, body }) => `${status} ${body}`)).size).toBe(1);
    expect(answers[0]).toMatchObject({ status: 200, session: undefined });
    expect(JSON.parse(answers[0]!.body)).toMatchObject({ success: false, home: null });
  });
});

describe('a forgotten password, for hosts and guides alike', () => {
  it.each(['host', 'guide'] as const)('a %s resets it from the emailed link and signs in on either form', async (role) => {
    const email = role === 'host' ? (await registerHost()).payload.email : (await registerGuide()).email;
    const token = await resetToken(email);

    // The link's page offers the form, and sends the account to its own sign-in afterwards.
    const page = await request(`/reset-password?${new URLSearchParams({ token })}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Set New Password');
    expect(html).toContain(role === 'host' ? '/club-registration?signin=true' : '/my-licences');

    const before = passwordChangedMails(email).length;
    const reset = await post('/api/clubs/reset-password', { token, password: 'fresh-kindling', confirmPassword: 'fresh-kindling' });
    expect(reset.status).toBe(200);
    for (const form of FORMS) {
      expect(await (await post(form, { email, password: 'fresh-kindling' })).json()).toMatchObject({ success: true });
      expect(await (await post(form, { email, password: PASSWORD })).json()).toMatchObject({ success: false });
    }
    // "Your password was changed", saying how and what to do if it was not them.
    await waitForEmail(() => passwordChangedMails(email).length > before);
    const mail = passwordChangedMails(email).at(-1)!;
    expect(mail).toContain('with a password reset link');
    expect(mail).toMatch(/\/reset-password\s/);

    // Opened again, the link says it was used, before anything is typed.
    const used = await (await request(`/reset-password?${new URLSearchParams({ token })}`)).text();
    expect(used).toContain('This reset link has already been used');
    expect(used).not.toContain('Set New Password');
  });

  it('an expired or unknown link says so as it opens', async () => {
    const host = await registerHost();
    const token = await resetToken(host.payload.email);
    await testSql()`update password_reset_tokens set expires_at = now() - interval '1 minute'
      where user_id = (select owner_id from clubs where id = ${host.clubId}) and used_at is null`;
    const expired = await request(`/reset-password?${new URLSearchParams({ token })}`);
    expect(expired.status).toBe(200);
    expect(await expired.text()).toContain('This reset link has expired');

    const unknown = await request('/reset-password?token=never-sent-to-anyone-at-all');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('This reset link is not valid');
  });
});

describe('the account pages', () => {
  // The W3C checker (vnu) found the island <style> out of place on /account and /reset-password.
  it("write each page's island style as its parent's first child", async () => {
    const guide = await registerGuide();
    const host = await registerHost();
    const token = await resetToken(host.payload.email);
    const pages = [
      await request('/account', { headers: asUser(guide.token) }),
      await request('/account', { headers: asUser(host.token) }),
      await request('/reset-password'),
      await request(`/reset-password?${new URLSearchParams({ token })}`),
      await request('/reset-password?token=never-sent-to-anyone-at-all'),
      await request('/my-licences'),
    ];
    for (const page of pages) {
      const html = await page.text();
      expect(html).toContain('<style>astro-island');
      expect(misplacedIslandStyles(html)).toEqual([]);
    }
  });
});

describe('/account', () => {
  const account = (token?: string) => request('/api/account', { headers: asUser(token) });
  const changePassword = (token: string, json: unknown) => post('/api/account/password', json, token);

  it('is for a signed-in host or guide: 401 without a session, 403 for the admin', async () => {
    expect((await account()).status).toBe(401);
    expect((await account(await signInAdmin())).status).toBe(403);
    expect((await request('/account')).status).toBe(401);
    const guide = await registerGuide();
    expect(await (await account(guide.token)).json()).toMatchObject({
      email: guide.email,
      clubId: null,
      isGuide: true,
      name: 'Jordan Ember',
    });
    expect((await request('/account', { headers: asUser(guide.token) })).status).toBe(200);
  });

  it("changes the name everywhere the person has one, and a guide's phone", async () => {
    const both = await registerHostAndGuide();
    const saved = await request('/api/account', {
      method: 'PATCH',
      json: { name: 'Avery Q. Lindqvist', phone: '(828) 555-0142' },
      headers: asUser(both.token),
    });
    expect(saved.status).toBe(200);
    expect((await saved.json()) as AccountDetails).toMatchObject({ name: 'Avery Q. Lindqvist', phone: '(828) 555-0142' });
    const [row] = await testSql()`
      select c.host_name, g.name, g.phone from clubs c join guides g on g.user_id = c.owner_id where c.id = ${both.clubId}`;
    expect(row).toEqual({ hostName: 'Avery Q. Lindqvist', name: 'Avery Q. Lindqvist', phone: '(828) 555-0142' });

    const bad = await request('/api/account', { method: 'PATCH', json: { name: 'A', phone: '12' }, headers: asUser(both.token) });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fieldErrors).toMatchObject({
      name: ['Name must be at least 2 characters'],
      phone: ['Please enter a valid phone number'],
    });
  });

  it('keeps the language of the page the account was registered on, changed on /account and given in the export', async () => {
    const payload = registration(await newCode());
    const registered = await request('/api/clubs/register', { method: 'POST', json: payload, headers: { 'x-page-language': 'es' } });
    expect(registered.status).toBe(201);
    const token = sessionTokenFrom(await post('/api/clubs/signin', { email: payload.email, password: payload.password }))!;
    expect(await (await account(token)).json()).toMatchObject({ language: 'es' });
    expect(await (await account((await registerGuide()).token)).json()).toMatchObject({ language: 'en' });

    const change = (json: unknown) => request('/api/account', { method: 'PATCH', json, headers: asUser(token) });
    expect(await (await change({ name: payload.hostName, phone: '', language: 'en' })).json()).toMatchObject({ language: 'en' });
    // A form that does not send it leaves it as it is.
    expect(await (await change({ name: payload.hostName, phone: '' })).json()).toMatchObject({ language: 'en' });
    const refused = await change({ name: payload.hostName, phone: '', language: 'fr' });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.fieldErrors).toEqual({ language: ['Choose English or Spanish'] });

    await change({ name: payload.hostName, phone: '', language: 'es' });
    const exported = (await (await request('/api/account/export', { headers: asUser(token) })).json()) as { account: { language: string } };
    expect(exported.account.language).toBe('es');
  });

  it('changes the password with the current one, ends the other sessions and emails the account', async () => {
    const host = await registerHost();
    const email = host.payload.email;
    const other = sessionTokenFrom(await post('/api/clubs/signin', { email, password: PASSWORD }))!;

    const wrong = await changePassword(host.token, {
      currentPassword: 'not-it',
      password: 'ember-glow-77',
      confirmPassword: 'ember-glow-77',
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.fieldErrors).toEqual({ currentPassword: ['Your current password is not correct.'] });
    const weak = await changePassword(host.token, { currentPassword: PASSWORD, password: 'iloveyou', confirmPassword: 'iloveyou' });
    expect((await weak.json()).error.fieldErrors.password).toEqual(['This password is too common. Please choose another.']);
    expect((await request('/api/auth/user', { headers: asUser(other) })).status).toBe(200);

    const before = passwordChangedMails(email).length;
    const changed = await changePassword(host.token, {
      currentPassword: PASSWORD,
      password: 'ember-glow-77',
      confirmPassword: 'ember-glow-77',
    });
    expect(changed.status).toBe(200);
    expect((await request('/api/auth/user', { headers: asUser(host.token) })).status).toBe(200);
    expect((await request('/api/auth/user', { headers: asUser(other) })).status).toBe(401);
    expect(await (await post('/api/guides/signin', { email, password: 'ember-glow-77' })).json()).toMatchObject({ success: true });

    await waitForEmail(() => passwordChangedMails(email).length > before);
    expect(passwordChangedMails(email).at(-1)).toContain('on the Account page');
  });

  it("refuses the admin's password change and an anonymous one", async () => {
    const body = { currentPassword: TEST_ADMIN.password, password: 'ember-glow-77', confirmPassword: 'ember-glow-77' };
    expect((await post('/api/account/password', body)).status).toBe(401);
    expect((await changePassword(await signInAdmin(), body)).status).toBe(403);
  });
});
