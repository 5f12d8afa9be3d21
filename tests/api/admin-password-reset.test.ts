import { describe, expect, it, vi } from 'vitest';
import { request, sentEmails, TEST_ADMIN } from '../support/api.ts';

// Issue 41, item 19: /login, the admin's sign-in, has a "Forgot password?" that works for the admin, through the same
// endpoint as the hosts' and guides', with its limit (limits.passwordResets) and its one answer for any address.

const post = (path: string, json: unknown) => request(path, { method: 'POST', json });
const forgot = (email: string) => post('/api/clubs/forgot-password', { email });
const resetMailsTo = (email: string) => sentEmails().filter((m) => m.includes(`To: ${email}`) && m.includes('reset-password?token='));
const tokenIn = (mail: string) => decodeURIComponent(/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail)![1]!);
const reset = (token: string, password: string) => post('/api/clubs/reset-password', { token, password, confirmPassword: password });
const signIn = (password: string) => post('/api/login', { emailOrUsername: TEST_ADMIN.username, password });

describe("the admin's forgotten password", () => {
  it('/login offers "Forgot password?", leading to the form that emails a reset link', async () => {
    const html = await (await request('/login')).text();
    expect(html).toMatch(/<a [^>]*href="\/reset-password"[^>]*>\s*Forgot password\?\s*<\/a>/);
  });

  it('emails the admin a reset link, answering as for an unknown address, and the link sets a new password', async () => {
    const unknown = await forgot(`nobody.${Date.now()}@example.com`);
    const known = await forgot(TEST_ADMIN.email);
    expect([known.status, await known.text()]).toEqual([unknown.status, await unknown.text()]);

    const mail = await vi.waitFor(() => resetMailsTo(TEST_ADMIN.email)[0] ?? Promise.reject(new Error('no reset email yet')), {
      timeout: 60_000,
    });
    const token = tokenIn(mail);
    // The link's page leads back to the admin's own sign-in.
    expect(await (await request(`/reset-password?token=${encodeURIComponent(token)}`)).text()).toContain('/login');

    // The admin's password keeps its own minimum of 12 characters.
    // 11 characters, which a host's or a guide's password may be.
    const short = await reset(token, 'ember-glow7');
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({
      error: { fieldErrors: { password: ["The admin's password must be at least 12 characters"] } },
    });

    expect((await reset(token, 'quiet embers under the oak')).status).toBe(200);
    expect((await signIn(TEST_ADMIN.password)).status).toBe(401);
    expect((await signIn('quiet embers under the oak')).status).toBe(200);
  });
});
