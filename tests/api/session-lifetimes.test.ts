import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { JOBS } from '#server/app/schedule.ts';
import { runDueJobs } from '#server/app/worker.ts';
import { TEST_ADMIN, asUser, registerHost, request, sessionTokenFrom, signInAdmin, testSql } from '../support/api.ts';
import { registerGuide } from '../support/licensing.ts';

// Sessions end a fixed time after sign-in (hosts 30 days, the admin 12 hours) and after a time unused (hosts 7
// days, the admin 1 hour), however they are used (ASVS 3.3). Time passes by moving a session's stored times back.

const storedId = (token: string) => createHash('sha256').update(token).digest('hex');

/** Moves a session's sign-in and last use back by the given PostgreSQL intervals. */
async function age(token: string, times: { signedIn?: string; lastUsed?: string }) {
  const sql = testSql();
  if (times.signedIn) await sql`update user_sessions set created_at = now() - ${times.signedIn}::interval where id = ${storedId(token)}`;
  if (times.lastUsed) await sql`update user_sessions set last_used_at = now() - ${times.lastUsed}::interval where id = ${storedId(token)}`;
}

const me = (token: string) => request('/api/auth/user', { headers: asUser(token) });

async function expectEnded(token: string) {
  const response = await me(token);
  expect(response.status).toBe(401);
  const cleared = response.headers.getSetCookie().find((cookie) => cookie.startsWith('fk_session='));
  expect(cleared).toMatch(/expires=Thu, 01 Jan 1970|max-age=0/i);
  expect(await testSql()`select id from user_sessions where id = ${storedId(token)}`).toHaveLength(0);
}

async function hostSession(): Promise<{ email: string; password: string; token: string }> {
  const { payload, token } = await registerHost();
  return { email: payload.email, password: payload.password, token };
}

async function signInHost(email: string, password: string, userAgent?: string): Promise<string> {
  const headers: Record<string, string> = userAgent === undefined ? {} : { 'user-agent': userAgent };
  const response = await request('/api/clubs/signin', { method: 'POST', json: { email, password }, headers });
  expect(response.status).toBe(200);
  return sessionTokenFrom(response)!;
}

/** Seconds from now until the session cookie set by `response` expires. */
function cookieSecondsLeft(response: Response): number {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('fk_session='))!;
  const expires = /expires=([^;]+)/i.exec(cookie)![1]!;
  return (Date.parse(expires) - Date.now()) / 1000;
}

describe('session lifetimes', () => {
  it("ends a host's session 30 days after sign-in, however recently it was used", async () => {
    const { token } = await hostSession();
    await age(token, { signedIn: '29 days 23 hours', lastUsed: '1 minute' });
    expect((await me(token)).status).toBe(200);

    await age(token, { signedIn: '30 days 1 minute', lastUsed: '1 minute' });
    await expectEnded(token);
  });

  // Issue 30: an ended host session opening its club profile read "Club Not Found", with only "Back to Directory".
  it('tells a host whose session ended on their club profile, and offers sign-in back to it; a stranger gets the sign-in alone', async () => {
    const { clubId, token } = await registerHost();
    const profile = (headers: Record<string, string> = {}) => request(`/club-profile/${clubId}`, { headers });
    expect((await profile(asUser(token))).status).toBe(200);

    await age(token, { lastUsed: '7 days 1 minute' });
    const ended = await profile(asUser(token));
    expect(ended.status).toBe(401);
    const html = await ended.text();
    expect(html).toContain('Your session has ended');
    expect(html).toContain(`href="/club-registration?signin=true&amp;return=%2Fclub-profile%2F${clubId}"`);
    expect(html).not.toContain('Club Not Found');

    // Issue 41 item 1: a stranger is offered the sign-in too, with the status and words of any other id.
    const stranger = await profile();
    expect(stranger.status).toBe(404);
    expect(await stranger.text()).toContain('Sign in to manage your club');
  });

  it("ends a host's session unused for 7 days", async () => {
    const { token } = await hostSession();
    await age(token, { signedIn: '20 days', lastUsed: '6 days 23 hours' });
    expect((await me(token)).status).toBe(200);

    await age(token, { lastUsed: '7 days 1 minute' });
    await expectEnded(token);
  });

  it("ends the admin's session 12 hours after sign-in, however recently it was used", async () => {
    const token = await signInAdmin();
    await age(token, { signedIn: '11 hours 55 minutes', lastUsed: '1 minute' });
    expect((await me(token)).status).toBe(200);

    await age(token, { signedIn: '12 hours 1 minute', lastUsed: '1 minute' });
    await expectEnded(token);
  });

  it("ends the admin's session unused for an hour", async () => {
    const token = await signInAdmin();
    await age(token, { signedIn: '3 hours', lastUsed: '59 minutes' });
    expect((await me(token)).status).toBe(200);

    await age(token, { lastUsed: '1 hour 1 minute' });
    await expectEnded(token);
  });

  it("sets the cookie to expire at the session's absolute end: 30 days for a host, 12 hours for the admin", async () => {
    const { email, password } = await hostSession();
    const host = await request('/api/clubs/signin', { method: 'POST', json: { email, password } });
    expect(cookieSecondsLeft(host)).toBeGreaterThan(30 * 86400 - 120);
    expect(cookieSecondsLeft(host)).toBeLessThanOrEqual(30 * 86400 + 60);

    const admin = await request('/api/login', {
      method: 'POST',
      json: { emailOrUsername: TEST_ADMIN.email, password: TEST_ADMIN.password },
    });
    expect(cookieSecondsLeft(admin)).toBeGreaterThan(12 * 3600 - 120);
    expect(cookieSecondsLeft(admin)).toBeLessThanOrEqual(12 * 3600 + 60);
  });

  it('does not slide: a request in the last days neither moves the sign-in time nor sends the cookie again', async () => {
    const { token } = await hostSession();
    await age(token, { signedIn: '29 days', lastUsed: '2 days' });
    const [before] = await testSql()<{ createdAt: Date }[]>`select created_at from user_sessions where id = ${storedId(token)}`;

    const response = await me(token);
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    const [after] = await testSql()<{ createdAt: Date; idleSeconds: number }[]>`
      select created_at, extract(epoch from now() - last_used_at)::float8 as idle_seconds from user_sessions where id = ${storedId(token)}`;
    expect(after!.createdAt).toEqual(before!.createdAt);
    expect(after!.idleSeconds).toBeLessThan(60);
  });

  it('records the last use at most once a minute', async () => {
    const { token } = await hostSession();
    const lastUsed = async () =>
      (await testSql()<{ lastUsedAt: Date }[]>`select last_used_at from user_sessions where id = ${storedId(token)}`)[0]!.lastUsedAt;

    await age(token, { lastUsed: '30 seconds' });
    const recent = await lastUsed();
    expect((await me(token)).status).toBe(200);
    expect(await lastUsed()).toEqual(recent);

    await age(token, { lastUsed: '2 minutes' });
    const stale = await lastUsed();
    expect((await me(token)).status).toBe(200);
    expect((await lastUsed()).getTime()).toBeGreaterThan(stale.getTime() + 60_000);
  });

  it('are deleted by the scheduled clean-up once ended, whether or not they are presented again', async () => {
    const idle = await hostSession();
    const old = await hostSession();
    const live = await hostSession();
    const admin = await signInAdmin();
    await age(idle.token, { lastUsed: '8 days' });
    await age(old.token, { signedIn: '31 days' });
    await age(admin, { lastUsed: '2 hours' });
    const stored = async (token: string) => (await testSql()`select id from user_sessions where id = ${storedId(token)}`).length;

    // The job's own function under a name of its own: the test server's worker has claimed the real job's due time.
    const prune = JOBS.find((job) => job.name === 'prune-ended-sessions')!;
    const [outcome] = await runDueJobs(testSql(), { jobs: [{ ...prune, name: `prune-ended-sessions-test-${Date.now()}` }] });

    expect(outcome!.summary).toMatch(/^\d+ deleted$/);
    expect([await stored(idle.token), await stored(old.token), await stored(admin)]).toEqual([0, 0, 0]);
    expect(await stored(live.token)).toBe(1);
    expect((await me(live.token)).status).toBe(200);
  });
});

interface Listed {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
  userAgent: string | null;
  browser: string | null;
  current: boolean;
}

const MAC_CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const list = async (token: string) => {
  const response = await request('/api/sessions', { headers: asUser(token) });
  expect(response.status).toBe(200);
  return (await response.json()) as Listed[];
};

const endSession = (token: string | undefined, id: string) => request(`/api/sessions/${id}`, { method: 'DELETE', headers: asUser(token) });

describe('signed-in sessions', () => {
  it("lists the user's own sessions, with opaque ids, their times and the current one marked", async () => {
    const { email, password, token: first } = await hostSession();
    const second = await signInHost(email, password);
    const stranger = await hostSession();

    const sessions = await list(first);
    expect(sessions).toHaveLength(2);
    for (const session of sessions) {
      expect(session.id).toMatch(/^[0-9a-f]{16}$/);
      expect(Number.isNaN(Date.parse(session.createdAt))).toBe(false);
      expect(Number.isNaN(Date.parse(session.lastUsedAt))).toBe(false);
      expect(Date.parse(session.expiresAt)).toBeGreaterThan(Date.now());
    }
    expect(sessions.filter((session) => session.current).map((session) => session.id)).toEqual([storedId(first).slice(0, 16)]);
    expect(sessions.map((session) => session.id).sort()).toEqual([storedId(first), storedId(second)].map((id) => id.slice(0, 16)).sort());

    const body = JSON.stringify(sessions);
    for (const secret of [first, second, storedId(first), storedId(second), stranger.token, storedId(stranger.token).slice(0, 16)]) {
      expect(body).not.toContain(secret);
    }
  });

  it('names each session by the browser and system it signed in from, kept as sent (cut to 512 characters) and parsed when listed (issue 41 item 7)', async () => {
    const { email, password } = await hostSession();
    const mac = await signInHost(email, password, MAC_CHROME);
    const phone = await signInHost(email, password, IPHONE_SAFARI);
    const robot = await signInHost(email, password, 'x'.repeat(600));
    const bare = await signInHost(email, password, '');

    const byId = new Map((await list(mac)).map((session) => [session.id, session]));
    const listed = (token: string) => byId.get(storedId(token).slice(0, 16))!;
    expect(listed(mac)).toMatchObject({ browser: 'Chrome 131 on macOS', userAgent: MAC_CHROME, current: true });
    expect(listed(phone)).toMatchObject({ browser: 'Safari 17 on iOS', userAgent: IPHONE_SAFARI, current: false });
    expect(listed(robot).browser).toBeNull();
    expect(listed(robot).userAgent).toBe('x'.repeat(600).slice(0, 512));
    expect(listed(bare)).toMatchObject({ browser: null, userAgent: null });
    const [stored] = await testSql()<{ userAgent: string }[]>`select user_agent from user_sessions where id = ${storedId(phone)}`;
    expect(stored!.userAgent).toBe(IPHONE_SAFARI);
  });

  it('leaves out sessions that have ended', async () => {
    const { email, password, token } = await hostSession();
    const idle = await signInHost(email, password);
    await age(idle, { lastUsed: '8 days' });
    expect((await list(token)).map((session) => session.id)).toEqual([storedId(token).slice(0, 16)]);
  });

  it("ends one of the user's own sessions: its cookie no longer works and the list no longer shows it", async () => {
    const { email, password, token } = await hostSession();
    const other = await signInHost(email, password);
    const ended = await endSession(token, storedId(other).slice(0, 16));
    expect(ended.status).toBe(200);
    expect(await ended.json()).toEqual({ success: true });

    expect((await me(other)).status).toBe(401);
    expect((await me(token)).status).toBe(200);
    expect((await list(token)).map((session) => session.id)).toEqual([storedId(token).slice(0, 16)]);
  });

  it("refuses to end another user's session (404), which keeps working, for a host and for the admin", async () => {
    const host = await hostSession();
    const otherHost = await hostSession();
    const admin = await signInAdmin();

    for (const [caller, victim] of [
      [host.token, otherHost.token],
      [otherHost.token, admin],
      [admin, host.token],
    ] as const) {
      const refused = await endSession(caller, storedId(victim).slice(0, 16));
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ error: { message: 'Session not found.' } });
      expect((await me(victim)).status).toBe(200);
    }
  });

  it('lists and ends the admin’s own sessions too', async () => {
    const current = await signInAdmin();
    const other = await signInAdmin();
    const listed = await list(current);
    expect(listed.find((session) => session.current)?.id).toBe(storedId(current).slice(0, 16));
    expect(listed.map((session) => session.id)).toContain(storedId(other).slice(0, 16));

    expect((await endSession(current, storedId(other).slice(0, 16))).status).toBe(200);
    expect((await me(other)).status).toBe(401);
  });

  it('answers 401 without a session, and 404 for a malformed or unknown id', async () => {
    expect((await request('/api/sessions')).status).toBe(401);
    expect((await endSession(undefined, '0123456789abcdef')).status).toBe(401);

    const { token } = await hostSession();
    for (const id of ['0123456789abcdef', '0123456789ABCDEF', 'abc', storedId(token), '%27%20or%201%3D1', '0123456789abcdeg']) {
      const response = await endSession(token, id);
      expect(response.status, id).toBe(404);
    }
    expect((await me(token)).status).toBe(200);
  });

  it('ending the current session signs out and clears its cookie', async () => {
    const { token } = await hostSession();
    const response = await endSession(token, storedId(token).slice(0, 16));
    expect(response.status).toBe(200);
    const cleared = response.headers.getSetCookie().find((cookie) => cookie.startsWith('fk_session='));
    expect(cleared).toMatch(/expires=Thu, 01 Jan 1970|max-age=0/i);
    expect((await me(token)).status).toBe(401);
  });
});

describe('signing in from a browser that holds an ended session’s cookie', () => {
  /** An ended session's token: signed in 31 days ago, past every role's absolute lifetime. */
  async function endedToken(token: string): Promise<string> {
    await age(token, { signedIn: '31 days', lastUsed: '31 days' });
    return token;
  }

  const guideRegistration = () => ({
    name: 'Jordan Ember',
    email: `ended.${randomBytes(4).toString('hex')}@example.com`,
    password: 'kindling-42',
    confirmPassword: 'kindling-42',
    phone: '',
  });

  // Each sign-in route: the account it signs in (made beforehand where it needs one) and the request that signs in.
  const signIns: [string, (cookie: Record<string, string>) => Promise<Response>][] = [
    [
      'the admin sign-in (POST /api/login)',
      (cookie) =>
        request('/api/login', {
          method: 'POST',
          json: { emailOrUsername: TEST_ADMIN.email, password: TEST_ADMIN.password },
          headers: cookie,
        }),
    ],
    [
      'the host sign-in (POST /api/clubs/signin)',
      async (cookie) => {
        const host = await hostSession();
        return request('/api/clubs/signin', { method: 'POST', json: { email: host.email, password: host.password }, headers: cookie });
      },
    ],
    [
      'the guide sign-in of /my-licences and the area card (POST /api/guides/signin)',
      async (cookie) => {
        const guide = await registerGuide({}, { confirmed: false });
        return request('/api/guides/signin', { method: 'POST', json: { email: guide.email, password: 'kindling-42' }, headers: cookie });
      },
    ],
    [
      'the guide registration of the area card (POST /api/guides/register)',
      (cookie) => request('/api/guides/register', { method: 'POST', json: guideRegistration(), headers: cookie }),
    ],
  ];

  it.each(signIns)('%s sets exactly one session cookie, the new one, and the next request is signed in', async (_route, signIn) => {
    const stale = await endedToken((await hostSession()).token);
    const response = await signIn(asUser(stale));
    expect(response.status, await response.clone().text()).toBeLessThan(300);

    const sessionCookies = response.headers.getSetCookie().filter((cookie) => cookie.startsWith('fk_session='));
    expect(sessionCookies).toHaveLength(1);
    const fresh = sessionTokenFrom(response);
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fresh).not.toBe(stale);
    expect(response.headers.getSetCookie().filter((cookie) => cookie.startsWith('fk_signed_in='))).toEqual([
      expect.stringMatching(/^fk_signed_in=1;/),
    ]);
    expect((await me(fresh!)).status).toBe(200);
  });
});

describe('a request racing its account’s deletion', () => {
  const LOCK = 37_006;

  /** The id of the account with this email. */
  async function accountId(email: string): Promise<string> {
    const [account] = await testSql()<{ id: string }[]>`select id from users where email = ${email}`;
    return account!.id;
  }

  /**
   * Sends a request and holds it where it counts the rate limit key `limitKey` (a trigger waits for a lock this test
   * holds) while the account `userId` is deleted, as another request would delete it; then lets it go on.
   */
  async function racingDeletion(userId: string, limitKey: string, send: () => Promise<Response>): Promise<Response> {
    const sql = testSql();
    await sql.unsafe(`
      create function hold_for_deletion() returns trigger language plpgsql as $$
      begin
        perform pg_advisory_xact_lock(${LOCK});
        return new;
      end $$;
      create trigger hold_for_deletion before insert or update on rate_limits
        for each row when (new.key = '${limitKey}') execute function hold_for_deletion();`);
    const holder = await sql.reserve();
    try {
      await holder`select pg_advisory_lock(${LOCK})`;
      const pending = send();
      await vi.waitFor(
        async () => {
          const [held] = await sql`select 1 from pg_locks where locktype = 'advisory' and objid = ${LOCK} and not granted`;
          if (!held) throw new Error('the request has not reached its rate limit yet');
        },
        { timeout: 60_000, interval: 50 },
      );
      await sql`delete from users where id = ${userId}`;
      await holder`select pg_advisory_unlock(${LOCK})`;
      return await pending;
    } finally {
      await holder`select pg_advisory_unlock_all()`;
      holder.release();
      await sql.unsafe('drop trigger hold_for_deletion on rate_limits; drop function hold_for_deletion()');
    }
  }

  it('answers 401, not 500, when the account is deleted between the session check and the write', async () => {
    const guide = await registerGuide({}, { confirmed: false });
    const userId = await accountId(guide.email);
    // Let go, the request writes a confirmation link for an account that is gone (a foreign-key violation).
    const response = await racingDeletion(userId, `confirmation-link:${userId}`, () =>
      request('/api/auth/email-confirmation', { method: 'POST', json: { from: 'my-licences' }, headers: asUser(guide.token) }),
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { message: 'Unauthorized: please sign in.' } });
    expect((await me(guide.token)).status).toBe(401);
  });

  it('answers 401, not 500, to a sign-in whose account is deleted after its password was checked', async () => {
    const host = await hostSession();
    const userId = await accountId(host.email);
    const response = await racingDeletion(userId, `signin-account:user:${userId}`, () =>
      request('/api/clubs/signin', { method: 'POST', json: { email: host.email, password: host.password } }),
    );
    expect(response.status).toBe(401);
    expect(sessionTokenFrom(response)).toBeUndefined();
    expect(await testSql()`select id from user_sessions where user_id = ${userId}`).toEqual([]);
  });
});
