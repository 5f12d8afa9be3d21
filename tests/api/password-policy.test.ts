import { describe, expect, it } from 'vitest';
import { newCode, registerHost, registration, request, testSql, waitForEmail } from '../support/api.ts';

// Security review, issue 26 item 7: '123456 ' and ' 123456' were accepted while '123456' was refused; 'flamekeeper'
// and 'aaaaaa' were accepted. Each is now refused under the password field, and nothing is stored.

const post = (path: string, json: unknown) => request(path, { method: 'POST', json });
const accountsWithEmail = (email: string) => testSql()`select 1 from users where lower(email) = lower(${email})`;

const refusal = (message: string) => ({
  error: { message: 'Please correct the highlighted fields.', fieldErrors: { password: [message] } },
});
const COMMON = 'This password is too common. Please choose another.';
const SITE_NAME = "This password is too close to the site's name. Please choose another.";
const REPEATED = 'This password only repeats the same characters. Please choose another.';
const PERSONAL = 'This password contains your name or email. Please choose another.';

describe('a host registering (POST /api/clubs/register)', () => {
  it.each([
    ['123456 ', COMMON],
    [' 123456', COMMON],
    ['flamekeeper', SITE_NAME],
    ['aaaaaa', REPEATED],
    ['Avery Quinn', PERSONAL],
  ])('is refused the password %j with "%s", and nothing is stored', async (password, message) => {
    const code = await newCode();
    const payload = registration(code, { password, confirmPassword: password });
    const response = await post('/api/clubs/register', payload);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(refusal(message));
    expect(await accountsWithEmail(payload.email)).toEqual([]);
    expect(await (await post('/api/clubs/verify-code', { hostSetCode: code })).json()).toEqual({ isValid: true, code });
  });

  it('is refused their own email as the password', async () => {
    const payload = registration(await newCode());
    const response = await post('/api/clubs/register', { ...payload, password: payload.email, confirmPassword: payload.email });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(refusal(PERSONAL));
    expect(await accountsWithEmail(payload.email)).toEqual([]);
  });

  it("keeps the spec's message for a password of spaces around fewer than 6 characters", async () => {
    const payload = registration(await newCode(), { password: '  kind  ', confirmPassword: '  kind  ' });
    const response = await post('/api/clubs/register', payload);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(refusal('Password must be at least 6 characters'));
  });
});

describe('a guide registering (POST /api/guides/register)', () => {
  const guide = (password: string) => ({
    name: 'Robin Ash',
    email: `robin.ash.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`,
    password,
    confirmPassword: password,
    phone: '',
  });

  it.each([
    ['123456 ', COMMON],
    [' 123456', COMMON],
    ['flamekeeper', SITE_NAME],
    ['aaaaaa', REPEATED],
    ['robinash', PERSONAL],
  ])('is refused the password %j with "%s", and no account is made', async (password, message) => {
    const payload = guide(password);
    const response = await post('/api/guides/register', payload);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(refusal(message));
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await accountsWithEmail(payload.email)).toEqual([]);
  });

  it('is refused their own email as the password', async () => {
    const payload = guide('x');
    const response = await post('/api/guides/register', { ...payload, password: payload.email, confirmPassword: payload.email });
    expect(await response.json()).toEqual(refusal(PERSONAL));
  });
});

describe('a password reset (POST /api/clubs/reset-password)', () => {
  /** Asks for a reset link and reads its token from the email. */
  async function resetToken(email: string): Promise<string> {
    expect((await post('/api/clubs/forgot-password', { email })).status).toBe(200);
    const mail = await waitForEmail((m) => m.includes(`To: ${email}`) && m.includes('reset-password?token='));
    return decodeURIComponent(/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail)![1]!);
  }
  const reset = (token: string, password: string) => post('/api/clubs/reset-password', { token, password, confirmPassword: password });

  it("refuses the account's own name, email, the site's name and ' 123456', leaving the link usable", async () => {
    const { payload } = await registerHost();
    const token = await resetToken(payload.email);

    for (const [password, message] of [
      ['Avery Quinn 99', PERSONAL],
      [payload.email, PERSONAL],
      ['FlameKeeper Clubs', SITE_NAME],
      [' 123456', COMMON],
    ] as const) {
      const response = await reset(token, password);
      expect(response.status, password).toBe(400);
      expect(await response.json()).toEqual(refusal(message));
    }
    expect((await reset(token, 'new-kindling')).status).toBe(200);
    expect(await (await post('/api/clubs/signin', { email: payload.email, password: 'new-kindling' })).json()).toMatchObject({
      success: true,
    });
  });
});
