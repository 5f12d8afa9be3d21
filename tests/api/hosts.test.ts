import { describe, expect, it, vi } from 'vitest';
import {
  TEST_ADMIN,
  newCode,
  waitForEmail,
  registerHost,
  registration,
  request,
  sentEmails,
  sessionTokenFrom,
  testSql,
} from '../support/api.ts';
import { hashPassword, verifyPassword } from '#server/auth/password.ts';

const post = (path: string, json: unknown, cookie?: string) =>
  request(path, { method: 'POST', json, headers: cookie ? { cookie: `fk_session=${cookie}` } : {} });

// The file's other tests register hosts on the same database: count only this test's own rows.
async function usersWithEmails(emails: string[]): Promise<{ id: string }[]> {
  return testSql()<{ id: string }[]>`select id from users where lower(email) in ${testSql()(emails.map((e) => e.toLowerCase()))}`;
}
async function clubsWithCode(code: string): Promise<{ id: number; ownerId: string }[]> {
  return testSql()<{ id: number; ownerId: string }[]>`select id, owner_id from clubs where host_set_code = ${code}`;
}

describe('HOST SET codes', () => {
  it('are valid when issued and unredeemed, in any case and with spaces around', async () => {
    const code = await newCode();
    const response = await post('/api/clubs/verify-code', { hostSetCode: `  ${code.toLowerCase()} ` });
    expect(await response.json()).toEqual({ isValid: true, code });
  });

  it('are invalid when unknown, and required', async () => {
    expect(await (await post('/api/clubs/verify-code', { hostSetCode: 'HOST2025' })).json()).toEqual({ isValid: false, code: 'HOST2025' });
    const missing = await post('/api/clubs/verify-code', { hostSetCode: '   ' });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { fieldErrors: Record<string, string[]> } }).error.fieldErrors.hostSetCode).toEqual([
      'HOST SET code is required',
    ]);
  });
});

describe('registration', () => {
  it('creates the host and a pending club with lifetime membership, redeems the code and emails the host', async () => {
    const code = await newCode();
    const payload = registration(code);
    const response = await post('/api/clubs/register', payload);
    expect(response.status).toBe(201);
    const { clubId } = (await response.json()) as { clubId: number };

    const [club] = await testSql()`select is_verified, membership_type, host_set_code, email from clubs where id = ${clubId}`;
    expect(club).toEqual({ isVerified: false, membershipType: 'lifetime', hostSetCode: code, email: payload.email });
    const [stored] = await testSql()`select redeemed_at from host_set_codes where code = ${code}`;
    expect(stored!.redeemedAt).toBeInstanceOf(Date);
    expect(await (await post('/api/clubs/verify-code', { hostSetCode: code })).json()).toEqual({ isValid: false, code });

    const email = await waitForEmail((mail) => mail.includes(`To: ${payload.email}`));
    expect(email).toBeDefined();
    expect(email).toContain('pending verification');
    expect(email).toContain('/club-registration?signin=true');
  });

  it('lets exactly one of 20 simultaneous registrations with one code through', async () => {
    const code = await newCode();
    const payloads = Array.from({ length: 20 }, () => registration(code));
    const responses = await Promise.all(payloads.map((payload) => post('/api/clubs/register', payload)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);

    const winner = payloads[statuses.indexOf(201)]!;
    const users = await usersWithEmails(payloads.map((p) => p.email));
    expect(users).toHaveLength(1);
    expect(users).toEqual(await usersWithEmails([winner.email]));
    const clubs = await clubsWithCode(code);
    expect(clubs).toHaveLength(1);
    expect(clubs[0]!.ownerId).toBe(users[0]!.id);
    const [stored] = await testSql()`select redeemed_at from host_set_codes where code = ${code}`;
    expect(stored!.redeemedAt).toBeInstanceOf(Date);
  });

  it('refuses an unknown code with 409 and writes nothing', async () => {
    const payload = registration('HOST-NOT-ISSUED');
    const response = await post('/api/clubs/register', payload);
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { fieldErrors: Record<string, string[]> } }).error.fieldErrors.hostSetCode).toBeDefined();
    expect(await usersWithEmails([payload.email])).toEqual([]);
    expect(await clubsWithCode('HOST-NOT-ISSUED')).toEqual([]);
  });

  it('refuses an email that already has an account with 409, leaving the code unspent', async () => {
    const first = registration(await newCode());
    expect((await post('/api/clubs/register', first)).status).toBe(201);
    const code = await newCode();
    const again = await post('/api/clubs/register', registration(code, { email: first.email.toUpperCase() }));
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toMatch(/already exists/);
    expect(await (await post('/api/clubs/verify-code', { hostSetCode: code })).json()).toEqual({ isValid: true, code });
  });

  it.each([
    ['hostName', 'A', 'Host name must be at least 2 characters'],
    ['email', 'not-an-email', 'Valid email is required'],
    ['password', '12345', 'Password must be at least 6 characters'],
    ['confirmPassword', '', 'Please confirm your password'],
    ['confirmPassword', 'kindling-43', "Passwords don't match"],
    ['clubName', 'Q', 'Club name must be at least 2 characters'],
    ['city', 'A', 'City is required'],
    ['state', 'California', 'State must be 2 characters'],
    ['state', 'DC', 'Choose one of the 50 US states'],
    ['zipCode', '2880', 'ZIP code must be 5 digits'],
    ['zipCode', '2880a', 'ZIP code must be 5 digits'],
    ['website', 'javascript:alert(1)', 'Website must be a valid URL (https://…)'],
    ['hostSetCode', ' ', 'HOST SET code is required'],
  ])('refuses %s = %j with "%s" and stores nothing', async (field, value, message) => {
    const code = await newCode();
    const payload = registration(code, { [field]: value });
    const response = await post('/api/clubs/register', payload);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { fieldErrors: Record<string, string[]> } };
    expect(body.error.fieldErrors[field]).toEqual([message]);
    expect(await clubsWithCode(code)).toEqual([]);
    expect(await usersWithEmails([payload.email])).toEqual([]);
    const [stored] = await testSql()`select redeemed_at from host_set_codes where code = ${code}`;
    expect(stored!.redeemedAt).toBeNull();
  });

  it.each(['123456', 'Password1', 'QWERTY123'])(
    'refuses the common password %j with "This password is too common. Please choose another." and stores nothing',
    async (password) => {
      const code = await newCode();
      const payload = registration(code, { password, confirmPassword: password });
      const response = await post('/api/clubs/register', payload);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: {
          message: 'Please correct the highlighted fields.',
          fieldErrors: { password: ['This password is too common. Please choose another.'] },
        },
      });
      expect(await usersWithEmails([payload.email])).toEqual([]);
      expect(await (await post('/api/clubs/verify-code', { hostSetCode: code })).json()).toEqual({ isValid: true, code });
    },
  );

  it('accepts empty optional fields and stores them as empty', async () => {
    const payload = registration(await newCode(), { description: '', website: '', meetingSchedule: '   ' });
    const response = await post('/api/clubs/register', payload);
    expect(response.status).toBe(201);
    const { clubId } = (await response.json()) as { clubId: number };
    const [club] = await testSql()`select description, website, meeting_schedule from clubs where id = ${clubId}`;
    expect(club).toEqual({ description: null, website: null, meetingSchedule: null });
  });
});

describe('host sign-in', () => {
  it('answers success with the club id and a fresh session each time', async () => {
    const { payload, clubId, token } = await registerHost();
    const again = await post('/api/clubs/signin', { email: payload.email.toUpperCase(), password: payload.password });
    expect(await again.json()).toEqual({ success: true, clubId, home: `/club-profile/${clubId}` });
    expect(sessionTokenFrom(again)).not.toBe(token);
    const me = await request('/api/auth/user', { headers: { cookie: `fk_session=${token}` } });
    expect(await me.json()).toMatchObject({ email: payload.email, role: 'host', clubId });
  });

  it('answers an unknown email and a wrong password identically, in about the same time', async () => {
    const { payload } = await registerHost();
    const time = async (body: unknown) => {
      const started = performance.now();
      const response = await post('/api/clubs/signin', body);
      return { ms: performance.now() - started, status: response.status, body: await response.text(), cookie: sessionTokenFrom(response) };
    };
    // An unknown email must cost an argon2id verification, as a wrong password does, or its speed tells the addresses
    // apart. Each round times the two answers and one verification in this process, so all three see the same machine
    // load, and the fastest of each is compared: a busy machine only ever adds time. The bar is the verification, not
    // the wrong password's answer, which also counts a failure against the account in the database and so grew under
    // load to twice the unknown email's (90 against 45 ms) while both did the same hashing. Without the dummy hash an
    // unknown email answered in 7 ms against 25 ms for a verification (idle machine): half of one stays between.
    const storedHash = await hashPassword('a-password-to-verify-against');
    const wrong: number[] = [];
    const unknown: number[] = [];
    const verifications: number[] = [];
    for (let i = 0; i < 8; i++) {
      const a = await time({ email: payload.email, password: 'not-the-password' });
      const b = await time({ email: `nobody.${i}@example.com`, password: 'not-the-password' });
      const started = performance.now();
      await verifyPassword(storedHash, 'not-the-password');
      verifications.push(performance.now() - started);
      expect(a.status).toBe(b.status);
      expect(a.body).toBe(b.body);
      expect(a.body).toBe('{"success":false,"clubId":null,"home":null}');
      expect(a.cookie).toBeUndefined();
      wrong.push(a.ms);
      unknown.push(b.ms);
    }
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...verifications) * 0.5);
    expect(Math.min(...wrong)).toBeGreaterThan(Math.min(...verifications) * 0.5);
  });

  it('signs in a host registered with a 246-character email; long unknown identifiers fail as usual and 300 characters answer 400, never 500', async () => {
    const domain = `@long-${Date.now()}-${process.pid}.example.com`;
    const longEmail = (length: number) => `${'l'.repeat(length - domain.length)}${domain}`;
    const { payload, clubId } = await registerHost({ email: longEmail(246) });
    expect(payload.email).toHaveLength(246);
    const signin = await post('/api/clubs/signin', { email: payload.email, password: payload.password });
    expect(signin.status).toBe(200);
    expect(await signin.json()).toEqual({ success: true, clubId, home: `/club-profile/${clubId}` });
    const unknown = await post('/api/clubs/signin', { email: longEmail(254), password: 'not-the-password' });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({ success: false, clubId: null, home: null });
    expect((await post('/api/login', { emailOrUsername: longEmail(254), password: 'not-the-password' })).status).toBe(401);
    expect((await post('/api/clubs/signin', { email: longEmail(300), password: 'not-the-password' })).status).toBe(400);
    expect((await post('/api/login', { emailOrUsername: longEmail(300), password: 'not-the-password' })).status).toBe(400);
  });

  it('does not let the admin in through host sign-in, nor a host through admin login', async () => {
    const admin = await post('/api/clubs/signin', { email: TEST_ADMIN.email, password: TEST_ADMIN.password });
    expect(await admin.json()).toEqual({ success: false, clubId: null, home: null });
    const { payload } = await registerHost();
    expect((await post('/api/login', { emailOrUsername: payload.email, password: payload.password })).status).toBe(401);
  });
});

describe('club profile access', () => {
  it('lets a host read and edit their own club', async () => {
    const { clubId, token } = await registerHost();
    const read = await request(`/api/clubs/${clubId}`, { headers: { cookie: `fk_session=${token}` } });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ id: clubId, isVerified: false, membershipType: 'lifetime', isLifetime: true });

    const edit = await request(`/api/clubs/${clubId}`, {
      method: 'PUT',
      headers: { cookie: `fk_session=${token}` },
      json: {
        hostName: 'Avery Q.',
        clubName: 'Renamed Circle',
        city: 'Boone',
        state: 'nc',
        zipCode: '28607',
        description: '',
        website: '',
        meetingSchedule: 'Mondays',
      },
    });
    expect(edit.status).toBe(200);
    expect(await edit.json()).toMatchObject({
      hostName: 'Avery Q.',
      clubName: 'Renamed Circle',
      city: 'Boone',
      state: 'NC',
      description: null,
      website: null,
      meetingSchedule: 'Mondays',
    });
  });

  it("hides another host's club: 404 to read and to edit", async () => {
    const a = await registerHost();
    const b = await registerHost();
    const cookie = { cookie: `fk_session=${a.token}` };
    expect((await request(`/api/clubs/${b.clubId}`, { headers: cookie })).status).toBe(404);
    const edit = await request(`/api/clubs/${b.clubId}`, { method: 'PUT', headers: cookie, json: { hostName: 'Intruder' } });
    expect(edit.status).toBe(404);
    const [club] = await testSql()`select host_name from clubs where id = ${b.clubId}`;
    expect(club!.hostName).toBe('Avery Quinn');
  });

  it('answers anonymous reads with 404 and anonymous edits with 401', async () => {
    const { clubId } = await registerHost();
    expect((await request(`/api/clubs/${clubId}`)).status).toBe(404);
    expect((await request(`/api/clubs/${clubId}`, { method: 'PUT', json: {} })).status).toBe(401);
  });

  it('answers malformed and unknown ids with 404, never 500', async () => {
    const { token } = await registerHost();
    for (const id of ['abc', '0', '-3', '1e3', '99999999', '999999999999']) {
      expect((await request(`/api/clubs/${id}`, { headers: { cookie: `fk_session=${token}` } })).status, id).toBe(404);
    }
  });

  it('rejects an invalid edit with field messages and changes nothing', async () => {
    const { clubId, token } = await registerHost();
    const edit = await request(`/api/clubs/${clubId}`, {
      method: 'PUT',
      headers: { cookie: `fk_session=${token}` },
      json: { hostName: 'A', clubName: 'Renamed', city: 'Boone', state: 'ZZ', zipCode: '1', website: 'ftp://x.example.org' },
    });
    expect(edit.status).toBe(400);
    const { error } = (await edit.json()) as { error: { fieldErrors: Record<string, string[]> } };
    expect(Object.keys(error.fieldErrors).sort()).toEqual(['hostName', 'state', 'website', 'zipCode']);
  });
});

describe('password reset', () => {
  const forgot = (email: string) => post('/api/clubs/forgot-password', { email });
  const resetMailsTo = (email: string) => sentEmails().filter((m) => m.includes(`To: ${email}`) && m.includes('reset-password?token='));
  const tokenIn = (mail: string) => decodeURIComponent(/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail)![1]!);
  const reset = (token: string, password: string) => post('/api/clubs/reset-password', { token, password, confirmPassword: password });

  /** Asks for a reset link and waits for its email: the server sends it after answering. */
  async function requestReset(email: string): Promise<string> {
    const before = resetMailsTo(email).length;
    expect((await forgot(email)).status).toBe(200);
    const mail = await vi.waitFor(() => resetMailsTo(email)[before] ?? Promise.reject(new Error('no reset email yet')), {
      timeout: 60_000,
    });
    return tokenIn(mail);
  }

  it('sets a new password once, and ends every session of the account', async () => {
    const { payload, token: session } = await registerHost();
    const token = await requestReset(payload.email);
    expect((await reset(token, 'new-kindling')).status).toBe(200);

    expect((await request('/api/auth/user', { headers: { cookie: `fk_session=${session}` } })).status).toBe(401);
    expect(await (await post('/api/clubs/signin', { email: payload.email, password: payload.password })).json()).toMatchObject({
      success: false,
    });
    expect(await (await post('/api/clubs/signin', { email: payload.email, password: 'new-kindling' })).json()).toMatchObject({
      success: true,
    });

    expect((await reset(token, 'third-kindling')).status).toBe(400);
  });

  it('spends every other outstanding link of the account along with the one used', async () => {
    const { payload } = await registerHost();
    const first = await requestReset(payload.email);
    const second = await requestReset(payload.email);
    expect((await reset(second, 'new-kindling')).status).toBe(200);

    const stale = await reset(first, 'other-kindling');
    expect(stale.status).toBe(400);
    expect(await (await post('/api/clubs/signin', { email: payload.email, password: 'other-kindling' })).json()).toMatchObject({
      success: false,
    });
    expect(await (await post('/api/clubs/signin', { email: payload.email, password: 'new-kindling' })).json()).toMatchObject({
      success: true,
    });
  });

  it('refuses a common new password with "This password is too common. Please choose another.", leaving the link usable', async () => {
    const { payload } = await registerHost();
    const token = await requestReset(payload.email);
    const common = await reset(token, 'iloveyou');
    expect(common.status).toBe(400);
    expect(await common.json()).toEqual({
      error: {
        message: 'Please correct the highlighted fields.',
        fieldErrors: { password: ['This password is too common. Please choose another.'] },
      },
    });
    expect((await reset(token, 'new-kindling')).status).toBe(200);
  });

  it('refuses a garbage token with 400, changing neither the password nor the sessions', async () => {
    const { payload, token: session } = await registerHost();
    const garbage = await reset('not-a-token-anyone-was-sent', 'new-kindling');
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toEqual({
      error: {
        message: 'This reset link is invalid or has expired. Ask for a new one.',
        fieldErrors: { token: ['This reset link is invalid or has expired. Ask for a new one.'] },
      },
    });
    expect((await request('/api/auth/user', { headers: { cookie: `fk_session=${session}` } })).status).toBe(200);
    expect(await (await post('/api/clubs/signin', { email: payload.email, password: payload.password })).json()).toMatchObject({
      success: true,
    });
  });

  it('refuses an expired token', async () => {
    const { payload, clubId } = await registerHost();
    const token = await requestReset(payload.email);
    await testSql()`
      update password_reset_tokens set expires_at = now() - interval '1 minute'
      where user_id = (select owner_id from clubs where id = ${clubId})`;
    expect((await reset(token, 'new-kindling')).status).toBe(400);
  });

  it('answers a known and an unknown email identically, and mails only the known one', async () => {
    const { payload } = await registerHost();
    const unknownEmail = `nobody.${Date.now()}.${process.pid}@example.com`;
    const unknown = await forgot(unknownEmail);
    const before = resetMailsTo(payload.email).length;
    const known = await forgot(payload.email);

    const [knownBody, unknownBody] = [await known.text(), await unknown.text()];
    expect([known.status, knownBody]).toEqual([unknown.status, unknownBody]);
    expect(JSON.parse(unknownBody)).toEqual({ success: true });
    await vi.waitFor(() => expect(resetMailsTo(payload.email)).toHaveLength(before + 1), { timeout: 60_000 });
    // The unknown email was asked for first: had anything been sent to it, it would be on disk by now.
    expect(resetMailsTo(unknownEmail)).toEqual([]);
  });
});
