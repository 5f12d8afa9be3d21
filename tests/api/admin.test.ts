import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '../support/api-setup.ts';
import { asUser, newCode, registerHost, request, sessionTokenFrom, signInAdmin, testSql, useOwnServer } from '../support/api.ts';
import { issueHostSetCodes } from '#server/codes/host-set-codes.ts';
import { insertClub } from '../support/clubs.ts';

const admin = await signInAdmin();
const asAdmin = asUser(admin);

const fullEdit = (overrides: Record<string, unknown> = {}) => ({
  hostName: 'Morgan Reyes',
  clubName: 'Edited Circle',
  city: 'Santa Fe',
  state: 'NM',
  zipCode: '87501',
  description: 'Edited by the admin.',
  website: '',
  meetingSchedule: 'Fridays, 6 PM',
  email: `edited.${Date.now()}@example.com`,
  isVerified: true,
  ...overrides,
});

interface AuditRow {
  action: string;
  actorEmail: string;
  subject: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** A club's audit trail as the admin screen reads it, newest first. */
async function clubAudit(clubId: number): Promise<AuditRow[]> {
  return (await (await request(`/api/admin/clubs/${clubId}/audit`, { headers: asAdmin })).json()) as AuditRow[];
}

async function auditActions(clubId: number): Promise<string[]> {
  return (await clubAudit(clubId)).map((entry) => entry.action);
}

/** Audit rows that belong to no club (questions, codes), oldest first, picked by action and subject. */
async function auditRowsAbout(action: string, subject: string): Promise<AuditRow[]> {
  return testSql()<AuditRow[]>`
    select action, actor_email as "actorEmail", subject, before, after from audit_log
    where action = ${action} and subject = ${subject} order by id`;
}

describe('admin club management', () => {
  it('lists every club, pending ones included, newest first', async () => {
    const older = await registerHost();
    const newer = await registerHost();
    const response = await request('/api/admin/clubs', { headers: asAdmin });
    const clubs = (await response.json()) as { id: number; isVerified: boolean; email: string }[];
    // The file's other tests register clubs too: only the order of this test's own two clubs is certain.
    const position = (id: number) => clubs.findIndex((club) => club.id === id);
    expect(position(newer.clubId)).toBeGreaterThanOrEqual(0);
    expect(position(newer.clubId)).toBeLessThan(position(older.clubId));
    expect(clubs[position(older.clubId)]).toMatchObject({ isVerified: false, email: older.payload.email.toLowerCase() });
  });

  it('verifies and unverifies a club, which then shows in and leaves the directory, with audit rows', async () => {
    const { clubId } = await registerHost({ city: 'Cheyenne', state: 'WY', zipCode: '82001' });
    const search = async () => ((await (await request('/api/clubs/search?state=WY')).json()) as { id: number }[]).map((c) => c.id);
    expect(await search()).not.toContain(clubId);

    const verified = await request(`/api/clubs/${clubId}/verify`, { method: 'POST', headers: asAdmin });
    expect(await verified.json()).toMatchObject({ id: clubId, isVerified: true });
    expect(await search()).toContain(clubId);

    const toggled = await request(`/api/admin/clubs/${clubId}`, { method: 'PUT', headers: asAdmin, json: { isVerified: false } });
    expect(await toggled.json()).toMatchObject({ isVerified: false });
    expect(await search()).not.toContain(clubId);

    expect(await auditActions(clubId)).toEqual(['club.unverify', 'club.verify']);
    const [entry] = (await (await request(`/api/admin/clubs/${clubId}/audit`, { headers: asAdmin })).json()) as {
      before: { isVerified: boolean };
      after: { isVerified: boolean };
      actorEmail: string;
    }[];
    expect(entry).toMatchObject({ before: { isVerified: true }, after: { isVerified: false }, actorEmail: 'admin@flamekeeper.test' });
  });

  it('sets a yearly membership renewing in a year, and a lifetime one that clears the date, with audit rows', async () => {
    const { clubId } = await registerHost();
    const yearly = (await (await request(`/api/clubs/${clubId}/set-yearly`, { method: 'POST', headers: asAdmin })).json()) as {
      membershipType: string;
      renewalDate: string;
    };
    expect(yearly.membershipType).toBe('yearly');
    const days = (Date.parse(yearly.renewalDate) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(363);
    expect(days).toBeLessThan(367);

    const lifetime = await (await request(`/api/clubs/${clubId}/set-lifetime`, { method: 'POST', headers: asAdmin })).json();
    expect(lifetime).toMatchObject({ membershipType: 'lifetime', isLifetime: true, renewalDate: null });

    const [toLifetime, toYearly] = await clubAudit(clubId);
    expect(toYearly).toMatchObject({
      action: 'club.set-yearly',
      actorEmail: 'admin@flamekeeper.test',
      before: { membershipType: 'lifetime', renewalDate: null },
      after: { membershipType: 'yearly', renewalDate: yearly.renewalDate },
    });
    expect(toLifetime).toMatchObject({
      action: 'club.set-lifetime',
      before: { membershipType: 'yearly', renewalDate: yearly.renewalDate },
      after: { membershipType: 'lifetime', renewalDate: null },
    });
  });

  it("writes the admin's edit on the club's profile page to the audit log, and a host's own edit not", async () => {
    const { clubId, payload, token } = await registerHost();
    const profileEdit = { hostName: 'Robin Vale', clubName: 'Profile Page Circle', city: 'Boone', state: 'NC', zipCode: '28607' };
    expect((await request(`/api/clubs/${clubId}`, { method: 'PUT', headers: asUser(token), json: profileEdit })).status).toBe(200);
    expect(await clubAudit(clubId)).toEqual([]);

    const adminEdit = { ...profileEdit, clubName: 'Admin Renamed Circle', meetingSchedule: 'Mondays, 6 PM' };
    expect((await request(`/api/clubs/${clubId}`, { method: 'PUT', headers: asAdmin, json: adminEdit })).status).toBe(200);
    const entries = await clubAudit(clubId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'club.edit',
      actorEmail: 'admin@flamekeeper.test',
      subject: 'Admin Renamed Circle',
      before: { id: clubId, clubName: 'Profile Page Circle', city: 'Boone', meetingSchedule: null, email: payload.email.toLowerCase() },
      after: {
        id: clubId,
        clubName: 'Admin Renamed Circle',
        city: 'Boone',
        meetingSchedule: 'Mondays, 6 PM',
        email: payload.email.toLowerCase(),
      },
    });
    // The same snapshot as the admin screen's edit: the club's fields without its owner's account id.
    expect(entries[0]!.before).not.toHaveProperty('ownerId');
    expect(Object.keys(entries[0]!.after!).sort()).toEqual(Object.keys(entries[0]!.before!).sort());
  });

  it('edits every field with the admin schema, the host signing in with the new email', async () => {
    const { clubId, payload } = await registerHost();
    const edit = fullEdit();
    const response = await request(`/api/admin/clubs/${clubId}`, { method: 'PUT', headers: asAdmin, json: edit });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      clubName: 'Edited Circle',
      state: 'NM',
      email: edit.email,
      isVerified: true,
      website: null,
    });
    const signin = await request('/api/clubs/signin', { method: 'POST', json: { email: edit.email, password: payload.password } });
    expect(await signin.json()).toEqual({ success: true, clubId, home: `/club-profile/${clubId}` });
    expect(await auditActions(clubId)).toEqual(['club.edit']);
  });

  it('refuses an invalid edit with field messages, and an email another account uses with 409', async () => {
    const { clubId } = await registerHost();
    const other = await registerHost();
    const bad = await request(`/api/admin/clubs/${clubId}`, {
      method: 'PUT',
      headers: asAdmin,
      json: fullEdit({ zipCode: '12', email: 'nope', isVerified: 'yes' }),
    });
    expect(bad.status).toBe(400);
    const { error } = (await bad.json()) as { error: { fieldErrors: Record<string, string[]> } };
    expect(error.fieldErrors).toMatchObject({
      zipCode: ['ZIP code must be 5 digits'],
      email: ['Valid email is required'],
      isVerified: ['Verification must be true or false'],
    });

    const taken = await request(`/api/admin/clubs/${clubId}`, {
      method: 'PUT',
      headers: asAdmin,
      json: fullEdit({ email: other.payload.email }),
    });
    expect(taken.status).toBe(409);
    expect(await auditActions(clubId)).toEqual([]);
  });

  // Issue 30: registration took NY with 78702 (an Austin ZIP code), and the admins' email read "Austin, NY 78702".
  it('refuses a ZIP code from another state, in registration, the profile and the admin editor, writing nothing', async () => {
    const notInNewYork = { zipCode: ['ZIP code is not in New York'] };
    const fieldErrors = async (response: Response) => {
      expect(response.status).toBe(400);
      return ((await response.json()) as { error: { fieldErrors: Record<string, string[]> } }).error.fieldErrors;
    };
    const code = await newCode();
    const registering = { hostName: 'Avery Quinn', email: `zip.${Date.now()}@example.com`, password: 'kindling-42' };
    const refused = await request('/api/clubs/register', {
      method: 'POST',
      json: {
        ...registering,
        confirmPassword: 'kindling-42',
        clubName: 'Wrong State Circle',
        city: 'Austin',
        state: 'NY',
        zipCode: '78702',
        hostSetCode: code,
      },
    });
    expect(await fieldErrors(refused)).toEqual(notInNewYork);
    const [redeemed] = await testSql()<
      { redeemedAt: Date | null }[]
    >`select redeemed_at as "redeemedAt" from host_set_codes where code = ${code}`;
    expect(redeemed!.redeemedAt).toBeNull();

    const host = await registerHost({ city: 'Austin', state: 'TX', zipCode: '78702' });
    const profile = { hostName: 'Avery Quinn', clubName: 'Right State Circle', city: 'Austin', state: 'NY', zipCode: '78702' };
    const put = (path: string, token: string, json: unknown) => request(path, { method: 'PUT', headers: asUser(token), json });
    expect(await fieldErrors(await put(`/api/clubs/${host.clubId}`, host.token, profile))).toEqual(notInNewYork);
    expect(
      await fieldErrors(await put(`/api/admin/clubs/${host.clubId}`, admin, fullEdit({ city: 'Austin', state: 'NY', zipCode: '78702' }))),
    ).toEqual(notInNewYork);
    const [club] = await testSql()<{ state: string }[]>`select state from clubs where id = ${host.clubId}`;
    expect(club!.state).toBe('TX');
    // The ZIP code in its own state passes.
    expect((await put(`/api/clubs/${host.clubId}`, host.token, { ...profile, state: 'TX' })).status).toBe(200);
  });

  it('deletes a club with its host account and sessions, keeping the code redeemed', async () => {
    const { clubId, payload, token } = await registerHost();
    const response = await request(`/api/admin/clubs/${clubId}`, { method: 'DELETE', headers: asAdmin });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, accountKept: false });

    const sql = testSql();
    expect(await sql`select 1 from clubs where id = ${clubId}`).toHaveLength(0);
    expect(await sql`select 1 from users where lower(email) = lower(${payload.email})`).toHaveLength(0);
    expect((await request('/api/auth/user', { headers: asUser(token) })).status).toBe(401);
    const [code] = await sql`select redeemed_at from host_set_codes where code = ${payload.hostSetCode}`;
    expect(code!.redeemedAt).toBeInstanceOf(Date);
    expect(
      await (await request('/api/clubs/verify-code', { method: 'POST', json: { hostSetCode: payload.hostSetCode } })).json(),
    ).toMatchObject({ isValid: false });
    expect(await auditActions(clubId)).toEqual(['account.delete', 'club.delete']);
    expect((await request(`/api/admin/clubs/${clubId}`, { method: 'DELETE', headers: asAdmin })).status).toBe(404);
  });
});

describe('the question queue', () => {
  async function newQuestion(): Promise<number> {
    const [row] = await testSql()<{ id: number }[]>`
      insert into club_questions (name, email, question) values ('Sam Ortiz', 'sam@example.com', 'When does the next circle start?') returning id`;
    return row!.id;
  }
  const move = (id: number, status: string) =>
    request(`/api/admin/club-questions/${id}/status`, { method: 'PATCH', headers: asAdmin, json: { status } });

  it('moves pending → contacted → completed → pending, writing an audit row for each move', async () => {
    const id = await newQuestion();
    for (const status of ['contacted', 'completed', 'pending']) {
      const response = await move(id, status);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ id, status });
    }
    const moves = [
      ['pending', 'contacted'],
      ['contacted', 'completed'],
      ['completed', 'pending'],
    ];
    for (const [from, to] of moves) {
      expect(await auditRowsAbout(`question.${to}`, `question ${id}`)).toEqual([
        {
          action: `question.${to}`,
          actorEmail: 'admin@flamekeeper.test',
          subject: `question ${id}`,
          before: { status: from },
          after: { status: to },
        },
      ]);
    }
  });

  it.each([
    ['pending', 'completed'],
    ['pending', 'pending'],
  ])('refuses %s → %s with 409', async (_, to) => {
    const id = await newQuestion();
    const response = await move(id, to);
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(`A pending question cannot be marked ${to}.`);
  });

  it('refuses contacted → pending and completed → contacted, writing no audit row for a refused move', async () => {
    const id = await newQuestion();
    await move(id, 'contacted');
    expect((await move(id, 'pending')).status).toBe(409);
    await move(id, 'completed');
    expect((await move(id, 'contacted')).status).toBe(409);
    expect(await auditRowsAbout('question.pending', `question ${id}`)).toEqual([]);
    expect(await auditRowsAbout('question.contacted', `question ${id}`)).toHaveLength(1);
  });

  it('answers an unknown status with 400 and an unknown question with 404', async () => {
    const id = await newQuestion();
    expect((await move(id, 'archived')).status).toBe(400);
    expect((await move(99_999_999, 'contacted')).status).toBe(404);
  });

  it('lists questions newest first, contact-form messages included', async () => {
    const ask = (name: string) =>
      request('/api/contact-requests', {
        method: 'POST',
        json: { name, email: 'lee@example.com', phone: '5551234567', coachName: 'Maria Lopez', message: 'Is there a circle near Boone?' },
      });
    const [first, second] = [`Lee Park ${Date.now()}`, `Kim Park ${Date.now()}`];
    expect((await ask(first)).status).toBe(201);
    expect((await ask(second)).status).toBe(201);
    const list = (await (await request('/api/admin/club-questions', { headers: asAdmin })).json()) as { name: string; status: string }[];
    // The file's other tests add questions too: only the order of this test's own two is certain.
    const position = (name: string) => list.findIndex((question) => question.name === name);
    expect(position(second)).toBeGreaterThanOrEqual(0);
    expect(position(second)).toBeLessThan(position(first));
    expect(list[position(first)]).toMatchObject({ name: first, status: 'pending' });
  });
});

describe('the question list as PostgreSQL writes it', () => {
  it('answers every character of a question as it was stored, and createdAt as toISOString() writes it', async () => {
    const asAdmin = asUser(await signInAdmin());
    const awkward = {
      name: 'Zoë "Quotes" \\ Backslash',
      email: 'zoe+list@example.com',
      // Every kind of character JSON escapes or must leave alone: controls, quotes, a lone backslash, markup,
      // characters outside the BMP and the line separators JavaScript strings once could not hold.
      question: 'Line one\nline two\ttab \u0001\u001f "quoted" \\ back </script><img src=x onerror=alert(1)> 🔥 \u2028\u2029 é',
    };
    // Dated after every other question (the file's other tests add theirs), with microseconds the API rounds away.
    const [stored] = await testSql()<{ id: number; createdAt: Date }[]>`
      insert into club_questions (name, email, question, created_at)
      values (${awkward.name}, ${awkward.email}, ${awkward.question}, '2999-01-02T03:04:05.678912Z')
      returning id, created_at as "createdAt"`;
    try {
      const list = (await (await request('/api/admin/club-questions', { headers: asAdmin })).json()) as Record<string, unknown>[];
      expect(list[0]).toEqual({
        id: stored!.id,
        kind: 'question',
        ...awkward,
        status: 'pending',
        createdAt: '2999-01-02T03:04:05.678Z',
        forwarded: null,
      });
      expect(list[0]!.createdAt).toBe(stored!.createdAt.toISOString());
    } finally {
      await testSql()`delete from club_questions where id = ${stored!.id}`;
    }
  });
});

describe('the question list, a page at a time', () => {
  // Exact totals need questions no other test adds to: a database and a server of this block's own.
  const own = useOwnServer();
  let adminCookie: Record<string, string>;
  /** The questions this block stored, as the list must order them: newest first, then the higher id first. */
  let newestFirst: { id: number; status: string }[];

  /** A cycle of 7 that gives 45 questions 26 pending, 13 contacted and 6 completed. */
  const STATUS_CYCLE = ['pending', 'pending', 'contacted', 'pending', 'completed', 'contacted', 'pending'];
  const COUNTS = 'pending=26, contacted=13, completed=6';

  beforeAll(async () => {
    const { sql } = own;
    // Inserted out of date order, two questions to each minute, so that neither the id nor the date alone gives
    // the order: the list must sort by date, then by id.
    const base = Date.parse('2026-03-01T12:00:00Z');
    const rows = Array.from({ length: 45 }, (_, j) => {
      const i = (j * 17) % 45;
      return {
        name: `Reader ${i}`,
        email: `reader${i}@example.com`,
        question: 'Is there a circle near me?',
        status: STATUS_CYCLE[i % 7]!,
        created_at: new Date(base - Math.floor(i / 2) * 60_000),
      };
    });
    const stored = await sql<{ id: number; status: string; createdAt: Date }[]>`
      insert into club_questions ${sql(rows)} returning id, status, created_at as "createdAt"`;
    newestFirst = stored
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
      .map(({ id, status }) => ({ id, status }));

    adminCookie = asUser(await signInOnOwnServer());
  });

  /** Signs the admin in on this block's server and returns the session token. */
  async function signInOnOwnServer(): Promise<string> {
    const signIn = await fetch(new URL('/api/login', own.server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: own.server.url },
      body: JSON.stringify({ emailOrUsername: TEST_ADMIN.email, password: TEST_ADMIN.password }),
    });
    return sessionTokenFrom(signIn)!;
  }

  async function list(query = '') {
    const response = await fetch(new URL(`/api/admin/club-questions${query}`, own.server.url), { headers: adminCookie });
    const body = (await response.json()) as unknown;
    const header = (name: string) => response.headers.get(name);
    return { status: response.status, body, ids: Array.isArray(body) ? body.map((q: { id: number }) => q.id) : [], header };
  }
  const idsOf = (questions: { id: number }[]) => questions.map((q) => q.id);
  const pending = () => newestFirst.filter((q) => q.status === 'pending');

  it('answers the 20 newest questions, the totals in headers and a link to the next page', async () => {
    const page = await list();
    expect(page.status).toBe(200);
    expect(page.ids).toEqual(idsOf(newestFirst.slice(0, 20)));
    // Each question is the spec's fields and nothing else (the counts travel in a header, not in every question).
    for (const question of page.body as Record<string, unknown>[]) {
      expect(Object.keys(question).sort()).toEqual(['createdAt', 'email', 'forwarded', 'id', 'kind', 'name', 'question', 'status']);
      expect(question).toMatchObject({
        name: expect.any(String),
        email: expect.any(String),
        question: expect.any(String),
        createdAt: expect.any(String),
      });
    }
    expect(page.header('x-total-count')).toBe('45');
    expect(page.header('x-question-counts')).toBe(COUNTS);
    expect(page.header('link')).toBe('</api/admin/club-questions?page=2>; rel="next"');
    expect(page.header('cache-control')).toBe('no-store');
  });

  it('links each page to the pages before and after it, and answers a page past the end with an empty list', async () => {
    const second = await list('?page=2');
    expect(second.ids).toEqual(idsOf(newestFirst.slice(20, 40)));
    expect(second.header('link')).toBe('</api/admin/club-questions?page=3>; rel="next", </api/admin/club-questions>; rel="prev"');

    const third = await list('?page=3');
    expect(third.ids).toEqual(idsOf(newestFirst.slice(40)));
    expect(third.header('link')).toBe('</api/admin/club-questions?page=2>; rel="prev"');

    const pastTheEnd = await list('?page=4');
    expect(pastTheEnd.status).toBe(200);
    expect(pastTheEnd.body).toEqual([]);
    expect(pastTheEnd.header('x-total-count')).toBe('45');
    expect(pastTheEnd.header('x-question-counts')).toBe(COUNTS);
    expect(pastTheEnd.header('link')).toBe('</api/admin/club-questions?page=3>; rel="prev"');

    const farPastTheEnd = await list('?page=1000');
    expect(farPastTheEnd.body).toEqual([]);
    expect(farPastTheEnd.header('link')).toBeNull();
  });

  it('filters by status, still counting every status, and keeps the filter in its links', async () => {
    const first = await list('?status=pending');
    expect(first.ids).toEqual(idsOf(pending().slice(0, 20)));
    expect(first.header('x-total-count')).toBe('26');
    expect(first.header('x-question-counts')).toBe(COUNTS);
    expect(first.header('link')).toBe('</api/admin/club-questions?status=pending&page=2>; rel="next"');

    const second = await list('?status=pending&page=2');
    expect(second.ids).toEqual(idsOf(pending().slice(20)));
    expect(second.header('link')).toBe('</api/admin/club-questions?status=pending>; rel="prev"');

    const completed = await list('?status=completed');
    expect(completed.ids).toEqual(idsOf(newestFirst.filter((q) => q.status === 'completed')));
    expect(completed.header('x-total-count')).toBe('6');
    expect(completed.header('link')).toBeNull();
  });

  it('counts a status move at once: the question leaves its old filter and joins the new one', async () => {
    const [moved] = pending();
    const move = (status: string) =>
      fetch(new URL(`/api/admin/club-questions/${moved!.id}/status`, own.server.url), {
        method: 'PATCH',
        headers: { ...adminCookie, 'content-type': 'application/json', origin: own.server.url },
        body: JSON.stringify({ status }),
      });
    expect((await move('contacted')).status).toBe(200);
    try {
      const stillPending = await list('?status=pending');
      expect(stillPending.ids).toEqual(idsOf(pending().slice(1, 21)));
      expect(stillPending.header('x-total-count')).toBe('25');
      expect(stillPending.header('x-question-counts')).toBe('pending=25, contacted=14, completed=6');
      expect((await list('?status=contacted')).ids).toContain(moved!.id);
    } finally {
      // Back to pending, as the other tests of this block expect.
      expect((await move('completed')).status).toBe(200);
      expect((await move('pending')).status).toBe(200);
    }
  });

  it('refuses a status or page it does not know with 400 and the field message, and ignores other parameters', async () => {
    const statusMessage = 'Status must be pending, contacted or completed';
    const pageMessage = 'Page must be a whole number from 1 to 1000';
    for (const query of ['?status=archived', '?status=', '?status=PENDING']) {
      const refused = await list(query);
      expect(refused.status, query).toBe(400);
      expect(refused.body, query).toEqual({ error: { message: statusMessage, fieldErrors: { status: [statusMessage] } } });
    }
    for (const query of ['?page=0', '?page=abc', '?page=1001', '?page=1.5', '?page=-1', '?page=', '?page=1e2', '?page=%202']) {
      const refused = await list(query);
      expect(refused.status, query).toBe(400);
      expect(refused.body, query).toEqual({ error: { message: pageMessage, fieldErrors: { page: [pageMessage] } } });
    }
    const both = await list('?status=archived&page=0');
    expect((both.body as { error: { fieldErrors: Record<string, string[]> } }).error.fieldErrors).toEqual({
      status: [statusMessage],
      page: [pageMessage],
    });

    const others = await list('?sort=name&page=2&utm_source=mail');
    expect(others.status).toBe(200);
    expect(others.ids).toEqual(idsOf(newestFirst.slice(20, 40)));
  });

  it('answers HEAD with the status and headers GET gets', async () => {
    for (const query of ['', '?status=pending&page=2', '?page=4', '?page=abc']) {
      const url = new URL(`/api/admin/club-questions${query}`, own.server.url);
      const [get, head] = await Promise.all([fetch(url, { headers: adminCookie }), fetch(url, { method: 'HEAD', headers: adminCookie })]);
      expect(head.status, query).toBe(get.status);
      for (const name of [
        'content-type',
        'cache-control',
        'x-total-count',
        'x-question-counts',
        'link',
        'x-content-type-options',
        'content-security-policy',
      ]) {
        expect(head.headers.get(name), `${query} ${name}`).toBe(get.headers.get(name));
      }
    }
  });

  it('keeps a polling admin signed in without sending the cookie again, but not past 12 hours from sign-in', async () => {
    const token = await signInOnOwnServer();
    const id = createHash('sha256').update(token).digest('hex');
    const poll = () => fetch(new URL('/api/admin/club-questions', own.server.url), { headers: asUser(token) });

    await own.sql`update user_sessions set created_at = now() - interval '11 hours', last_used_at = now() - interval '5 minutes' where id = ${id}`;
    const active = await poll();
    expect(active.status).toBe(200);
    expect(active.headers.getSetCookie()).toEqual([]);

    await own.sql`update user_sessions set created_at = now() - interval '12 hours 1 minute' where id = ${id}`;
    expect((await poll()).status).toBe(401);
  });

  it('refuses an expired session with 401 and clears its cookie', async () => {
    const token = await signInOnOwnServer();
    const id = createHash('sha256').update(token).digest('hex');
    await own.sql`update user_sessions set last_used_at = now() - interval '61 minutes' where id = ${id}`;

    const poll = await fetch(new URL('/api/admin/club-questions', own.server.url), { headers: asUser(token) });
    expect(poll.status).toBe(401);
    const cleared = poll.headers.getSetCookie().find((cookie) => cookie.startsWith('fk_session='));
    expect(cleared).toMatch(/expires=Thu, 01 Jan 1970|max-age=0/i);
  });
});

describe('the question list for anyone but the admin', () => {
  it('answers 401 without a session and 403 to a host, before reading the query', async () => {
    for (const query of ['', '?status=pending&page=2', '?page=abc']) {
      const anonymous = await request(`/api/admin/club-questions${query}`);
      expect(anonymous.status, query).toBe(401);
      expect(await anonymous.json()).toEqual({ error: { message: 'Unauthorized: please sign in.' } });
    }
    const { token } = await registerHost();
    for (const query of ['', '?status=pending&page=2', '?page=abc']) {
      const host = await request(`/api/admin/club-questions${query}`, { headers: asUser(token) });
      expect(host.status, query).toBe(403);
      expect(await host.json()).toEqual({ error: { message: 'Forbidden: admin access required.' } });
      expect(host.headers.get('x-total-count')).toBeNull();
    }
  });
});

describe('HOST SET codes for the admin', () => {
  it('issues codes with a note, lists them, revokes an unredeemed one and refuses to revoke a redeemed one, with audit rows', async () => {
    const note = `order ${Date.now()}`;
    const issued = await request('/api/admin/codes', { method: 'POST', headers: asAdmin, json: { count: 3, note } });
    expect(issued.status).toBe(201);
    const { codes } = (await issued.json()) as { codes: string[] };
    expect(codes).toHaveLength(3);
    expect(await auditRowsAbout('codes.issue', note)).toEqual([
      { action: 'codes.issue', actorEmail: 'admin@flamekeeper.test', subject: note, before: null, after: { codes } },
    ]);

    const list = (await (await request('/api/admin/codes', { headers: asAdmin })).json()) as {
      code: string;
      note: string;
      revokedAt: string | null;
    }[];
    expect(list.filter((c) => codes.includes(c.code)).map((c) => c.note)).toEqual([note, note, note]);

    expect((await request(`/api/admin/codes/${codes[0]!.toLowerCase()}`, { method: 'DELETE', headers: asAdmin })).status).toBe(200);
    expect(await (await request('/api/clubs/verify-code', { method: 'POST', json: { hostSetCode: codes[0] } })).json()).toMatchObject({
      isValid: false,
    });
    expect(await auditRowsAbout('codes.revoke', codes[0]!)).toEqual([
      { action: 'codes.revoke', actorEmail: 'admin@flamekeeper.test', subject: codes[0], before: null, after: null },
    ]);

    const { payload } = await registerHost();
    expect((await request(`/api/admin/codes/${payload.hostSetCode}`, { method: 'DELETE', headers: asAdmin })).status).toBe(409);
    expect((await request('/api/admin/codes/HOST-NEVER-ISSUED', { method: 'DELETE', headers: asAdmin })).status).toBe(404);
    expect(await auditRowsAbout('codes.revoke', payload.hostSetCode)).toEqual([]);
    expect(await auditRowsAbout('codes.revoke', 'HOST-NEVER-ISSUED')).toEqual([]);
  });

  it('refuses to issue 0 or 501 codes', async () => {
    for (const count of [0, 501, 1.5, '3']) {
      expect((await request('/api/admin/codes', { method: 'POST', headers: asAdmin, json: { count } })).status).toBe(400);
    }
  });

  it('exports codes and clubs as CSV, defusing spreadsheet formulas', async () => {
    await insertClub(testSql(), { clubName: '=HYPERLINK("http://evil.example")' });
    const clubs = await request('/api/admin/export/clubs.csv', { headers: asAdmin });
    expect(clubs.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = await clubs.text();
    expect(text.split('\r\n')[0]).toBe(
      '"id","club_name","host_name","email","city","state","zip_code","is_verified","membership_type","renewal_date","host_set_code","created_at"',
    );
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    const codes = await request('/api/admin/export/codes.csv', { headers: asAdmin });
    expect((await codes.text()).split('\r\n')[0]).toBe(
      '"code","note","issued_at","redeemed_at","revoked_at","club_id","club_name","order_id","store","store_order_id"',
    );
  });

  it('quotes a CSV cell holding a `;`, which a spreadsheet in a `;` locale would split into a formula', async () => {
    const { id } = await insertClub(testSql(), { clubName: 'Quinn; =1+1', city: 'Ashe;ville' });
    const [code] = await issueHostSetCodes(1, 'order 17; =2+2', testSql());

    const clubs = await (await request('/api/admin/export/clubs.csv', { headers: asAdmin })).text();
    const clubRow = clubs.split('\r\n').find((line) => line.startsWith(`"${id}",`));
    expect(clubRow).toMatch(/^"\d+","Quinn; =1\+1","[^"]*","[^"]*","Ashe;ville",/);
    const codes = await (await request('/api/admin/export/codes.csv', { headers: asAdmin })).text();
    expect(codes.split('\r\n').find((line) => line.startsWith(`"${code}",`))).toMatch(/^"[^"]+","order 17; =2\+2",/);
  });
});

it('keeps a new code usable: codes issued by the admin register clubs', async () => {
  const code = await newCode();
  expect(await (await request('/api/clubs/verify-code', { method: 'POST', json: { hostSetCode: code } })).json()).toMatchObject({
    isValid: true,
  });
});
