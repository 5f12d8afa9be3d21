import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClubQuestion } from '#lib/clubs/types.ts';
import { TEST_ADMIN, asUser, request, sentEmails, signInAdmin, startServerOnTestDatabase, testSql, waitForEmail } from '../support/api.ts';
import { insertClub } from '../support/clubs.ts';
import type { ServerProcess } from '../support/server-process.ts';

let adminToken: string;
beforeAll(async () => {
  adminToken = await signInAdmin();
});

let sequence = 0;
/** An address no other report of this run has used. */
const newEmail = () => `reporter.${Date.now()}.${process.pid}.${++sequence}@example.com`;

const report = (clubId: number | string, json: unknown) => request(`/api/clubs/${clubId}/report`, { method: 'POST', json });

async function newClub(fixture: Parameters<typeof insertClub>[1] = {}) {
  const club = await insertClub(testSql(), { clubName: `Report Circle ${Date.now()} ${++sequence}`, ...fixture });
  const [row] = await testSql()<{ clubName: string }[]>`select club_name as "clubName" from clubs where id = ${club.id}`;
  return { ...club, clubName: row!.clubName };
}

async function pendingQueue(): Promise<ClubQuestion[]> {
  const response = await request('/api/admin/club-questions?status=pending', { headers: asUser(adminToken) });
  expect(response.status).toBe(200);
  return (await response.json()) as ClubQuestion[];
}

async function moveTo(id: number, status: 'contacted' | 'completed' | 'pending') {
  return request(`/api/admin/club-questions/${id}/status`, { method: 'PATCH', json: { status }, headers: asUser(adminToken) });
}

async function checkInsOf(clubId: number) {
  return testSql()<{ cause: string }[]>`select cause from club_check_ins where club_id = ${clubId}`;
}

async function needsCheckInSince(clubId: number): Promise<Date | null> {
  const [row] = await testSql()<{ since: Date | null }[]>`select needs_check_in_since as since from clubs where id = ${clubId}`;
  return row!.since;
}

describe('POST /api/clubs/{id}/report', () => {
  it('puts a pending report of its own kind, linked to the club, in the admin queue', async () => {
    const club = await newClub();
    const email = newEmail();
    const response = await report(club.id, { reason: 'wrong-time-or-place', details: '  They meet on Thursdays now.  ', email });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };

    const entry = (await pendingQueue()).find((question) => question.id === id);
    expect(entry).toEqual({
      id,
      kind: 'report',
      name: null,
      email,
      question: 'They meet on Thursdays now.',
      status: 'pending',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      reportReason: 'wrong-time-or-place',
      club: { id: club.id, clubName: club.clubName },
      resolution: null,
    });
  });

  it('keeps a report without details or email under its reason, anonymous', async () => {
    const club = await newClub();
    const ids: number[] = [];
    for (const empty of ['', null]) {
      const response = await report(club.id, { reason: 'host-not-answering', details: empty, email: empty });
      expect(response.status).toBe(201);
      ids.push(((await response.json()) as { id: number }).id);
    }
    const queue = await pendingQueue();
    for (const id of ids) {
      const entry = queue.find((question) => question.id === id);
      expect(entry).toMatchObject({ kind: 'report', name: null, email: null, question: 'The host does not answer' });
    }
  });

  it('lists visitor questions with their kind and only their own fields', async () => {
    const sent = await request('/api/contact-requests', {
      method: 'POST',
      json: {
        name: 'Kind Check',
        email: newEmail(),
        phone: '5550001111',
        coachName: 'Coach Name',
        message: 'A question of the usual kind.',
      },
    });
    const { id } = (await sent.json()) as { id: number };
    const [row] = await testSql()<{ id: number }[]>`select id from club_questions where contact_request_id = ${id}`;
    const question = (await pendingQueue()).find((entry) => entry.id === row!.id)!;
    expect(Object.keys(question).sort()).toEqual(['createdAt', 'email', 'forwarded', 'id', 'kind', 'name', 'question', 'status']);
    expect(question.kind).toBe('question');
  });

  it('moves a report pending → contacted → completed, answering it as a report each time', async () => {
    const club = await newClub();
    const { id } = (await (await report(club.id, { reason: 'something-else', details: 'The website link is broken.' })).json()) as {
      id: number;
    };
    for (const status of ['contacted', 'completed'] as const) {
      const response = await moveTo(id, status);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ id, kind: 'report', status, reportReason: 'something-else', club: { id: club.id } });
    }
    expect((await moveTo(id, 'contacted')).status).toBe(409);
  });

  it('shows a report of a deleted club without its club', async () => {
    const club = await newClub();
    const { id } = (await (await report(club.id, { reason: 'not-meeting' })).json()) as { id: number };
    await testSql()`delete from clubs where id = ${club.id}`;
    const entry = (await pendingQueue()).find((question) => question.id === id);
    expect(entry).toMatchObject({ kind: 'report', reportReason: 'not-meeting', club: null });
  });

  it('emails each admin who takes each notification, with links to the queue and the club editor', async () => {
    const club = await newClub();
    const email = newEmail();
    expect((await report(club.id, { reason: 'not-meeting', details: 'Nobody came on Tuesday.', email })).status).toBe(201);
    const mail = await waitForEmail((m) => m.includes(`To: ${TEST_ADMIN.email}`) && m.includes(club.clubName) && m.includes(email));
    expect(mail).toContain('A visitor reported a problem with');
    expect(mail).toContain('Reason: Not meeting any more');
    expect(mail).toContain('Nobody came on Tuesday.');
    const queueLink = /Open the report: (http:\/\/\S+)/.exec(mail)?.[1];
    expect(queueLink).toMatch(/\/admin-notifications$/);
    const editorLink = new RegExp(`(http://\\S+/admin-clubs\\?club=${club.id})\\b`).exec(mail)?.[1];
    expect(editorLink).toBeDefined();
    for (const link of [queueLink!, editorLink!]) {
      const page = await request(new URL(link).pathname + new URL(link).search, { headers: asUser(adminToken) });
      expect(page.status).toBe(200);
    }
    const editor = await request(new URL(editorLink!).pathname + new URL(editorLink!).search, { headers: asUser(adminToken) });
    expect(await editor.text()).toContain(club.clubName);
    const [notification] = await testSql()`select kind, link from admin_notifications where club_id = ${club.id}`;
    expect(notification).toEqual({ kind: 'report', link: '/admin-notifications' });
  });

  it.each([
    ['reason', { reason: 'closed' }, 'Please select a reason'],
    ['reason', { details: 'No reason given.' }, 'Please select a reason'],
    ['details', { reason: 'something-else' }, 'Please tell us what is wrong'],
    ['details', { reason: 'something-else', details: '   ' }, 'Please tell us what is wrong'],
    ['details', { reason: 'not-meeting', details: 'x'.repeat(2001) }, 'Details must be at most 2000 characters'],
    ['details', { reason: 'not-meeting', details: 42 }, 'Details must be text'],
    ['email', { reason: 'not-meeting', email: 'not-an-email' }, 'Please enter a valid email address'],
    ['email', { reason: 'not-meeting', email: 7 }, 'Please enter a valid email address'],
  ])('refuses a bad %s with 400 and its message (%j)', async (field, body, message) => {
    const club = await newClub();
    const response = await report(club.id, body);
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { fieldErrors: Record<string, string[]> } };
    expect(error.fieldErrors[field]).toEqual([message]);
    const [stored] = await testSql()<{ n: number }[]>`select count(*)::int as n from club_questions where club_id = ${club.id}`;
    expect(stored!.n).toBe(0);
  });

  it('answers 404 for a pending, an inactive, an unknown and a malformed club, and stores nothing', async () => {
    const pending = await newClub({ isVerified: false });
    const inactive = await newClub();
    await testSql()`update clubs set inactive_since = now() where id = ${inactive.id}`;
    for (const id of [pending.id, inactive.id, 2_000_000_000, 'abc', '0']) {
      const response = await report(id, { reason: 'not-meeting' });
      expect(response.status, String(id)).toBe(404);
      expect(await response.json()).toEqual({ error: { message: 'Club not found.' } });
    }
    const [stored] = await testSql()<{ n: number }[]>`
      select count(*)::int as n from club_questions where club_id in (${pending.id}, ${inactive.id})`;
    expect(stored!.n).toBe(0);
  });
});

// Senders are told apart by their network, and every request to the file's server comes from 127.0.0.1: these tests
// send their reports through a server behind a proxy (TRUSTED_PROXIES=1), naming each visitor's address in
// X-Forwarded-For as the proxy would. Its limits are raised as the file's server's are; its worker writes into the
// same mail folder.
let proxied: ServerProcess;
beforeAll(async () => {
  proxied = await startServerOnTestDatabase({ TRUSTED_PROXIES: '1' });
});
afterAll(async () => {
  await proxied?.stop();
});

/** A report sent by the visitor at `address`. */
const reportFrom = (address: string, clubId: number, json: unknown) =>
  fetch(new URL(`/api/clubs/${clubId}/report`, proxied.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: proxied.url, 'x-forwarded-for': address },
    body: JSON.stringify(json),
  });
const notMeetingFrom = (address: string, clubId: number, email?: string) =>
  reportFrom(address, clubId, { reason: 'not-meeting', ...(email && { email }) });
/** Three visitors of three different networks. */
const VISITORS = ['198.51.100.10', '203.0.113.20', '2001:db8:aa:1::30'];

/** The emails written for `recipient` (the outbox keeps a row of each, sent or not), by subject. */
const subjectsTo = async (recipient: string) =>
  (await testSql()<{ subject: string }[]>`select subject from outbox where recipient = ${recipient} order by id`).map((row) => row.subject);
const checkInSubjects = async (club: { email: string }) =>
  (await subjectsTo(club.email)).filter((subject) => subject.startsWith('Is your club still meeting?'));
const reportNoticeSubjects = async (club: { clubName: string }) =>
  (await subjectsTo(TEST_ADMIN.email)).filter((subject) => subject.startsWith(`Report about "${club.clubName}"`));

/** The token of the `skip`-th check-in email to `email`, once the worker has written it. */
async function checkInToken(email: string, skip = 0): Promise<string> {
  const tokens = () =>
    sentEmails()
      .filter((mail) => mail.includes(`To: ${email}`) && mail.includes('/club-check-in?token='))
      .map((mail) => /club-check-in\?token=([\w-]{43})&answer=still-meeting/.exec(mail)![1]!);
  await waitForEmail(() => tokens().length > skip);
  return tokens()[skip]!;
}

describe('three "Not meeting any more" reports', () => {
  it('from different networks mark the club and send its host one check-in, with token links', async () => {
    const club = await newClub();
    for (const visitor of VISITORS.slice(0, 2)) expect((await notMeetingFrom(visitor, club.id, newEmail())).status).toBe(201);
    expect(await needsCheckInSince(club.id)).toBeNull();
    expect((await notMeetingFrom(VISITORS[2]!, club.id)).status).toBe(201);

    expect(await needsCheckInSince(club.id)).toBeInstanceOf(Date);
    expect(await checkInsOf(club.id)).toEqual([{ cause: 'reports' }]);
    const mail = await waitForEmail((m) => m.includes(`To: ${club.email}`) && m.includes('/club-check-in?token='));
    expect(mail).toContain('Is your club still meeting?');
    expect(mail).toMatch(/Yes, still meeting: http:\/\/\S+\/club-check-in\?token=[\w-]{43}&answer=still-meeting/);
    expect(mail).toMatch(/We have stopped: http:\/\/\S+\/club-check-in\?token=[\w-]{43}&answer=stopped/);

    // A fourth changes nothing more.
    expect((await notMeetingFrom('192.0.2.40', club.id)).status).toBe(201);
    expect(await checkInsOf(club.id)).toHaveLength(1);
    expect(await checkInSubjects(club)).toHaveLength(1);
  });

  it('from one network do not, whatever emails they give or addresses of that network they come from', async () => {
    const club = await newClub();
    const senders: [string, string | undefined][] = [
      ['203.0.113.7', newEmail()],
      ['203.0.113.99', newEmail()],
      ['::ffff:203.0.113.200', undefined],
    ];
    for (const [address, email] of senders) expect((await notMeetingFrom(address, club.id, email)).status).toBe(201);
    const ipv6 = await newClub();
    for (const address of ['2001:db8:bb:1::1', '2001:db8:bb:1:ffff::2', '2001:0db8:00bb:0001:0:0:0:3'])
      expect((await notMeetingFrom(address, ipv6.id, newEmail())).status).toBe(201);
    for (const { id } of [club, ipv6]) {
      expect(await needsCheckInSince(id)).toBeNull();
      expect(await checkInsOf(id)).toEqual([]);
    }
  });

  it('of other reasons do not count', async () => {
    const club = await newClub();
    await notMeetingFrom(VISITORS[0]!, club.id);
    await notMeetingFrom(VISITORS[1]!, club.id);
    expect((await reportFrom(VISITORS[2]!, club.id, { reason: 'wrong-time-or-place' })).status).toBe(201);
    expect(await checkInsOf(club.id)).toEqual([]);
  });

  it('count only open reports: a completed one does not', async () => {
    const club = await newClub();
    const { id: first } = (await (await notMeetingFrom(VISITORS[0]!, club.id)).json()) as { id: number };
    await notMeetingFrom(VISITORS[1]!, club.id);
    expect((await moveTo(first, 'contacted')).status).toBe(200);
    expect((await moveTo(first, 'completed')).status).toBe(200);
    await notMeetingFrom(VISITORS[2]!, club.id);
    expect(await checkInsOf(club.id)).toEqual([]);
    // A contacted report is still open.
    await notMeetingFrom('192.0.2.40', club.id);
    expect(await checkInsOf(club.id)).toHaveLength(1);
  });

  it('count only reports made since the club was last confirmed', async () => {
    const club = await newClub();
    await notMeetingFrom(VISITORS[0]!, club.id);
    await notMeetingFrom(VISITORS[1]!, club.id);
    // The admin verifying the club again, say, confirms it without answering the reports.
    await testSql()`update clubs set confirmed_at = now() where id = ${club.id}`;
    await notMeetingFrom(VISITORS[2]!, club.id);
    expect(await checkInsOf(club.id)).toEqual([]);
  });

  it('send one check-in when the third and fourth arrive at once', async () => {
    const club = await newClub();
    await notMeetingFrom(VISITORS[0]!, club.id);
    await notMeetingFrom(VISITORS[1]!, club.id);
    const statuses = await Promise.all(
      [VISITORS[2]!, '192.0.2.40', '192.0.2.140', '100.64.0.1'].map(async (visitor) => (await notMeetingFrom(visitor, club.id)).status),
    );
    expect(statuses).toEqual([201, 201, 201, 201]);
    expect(await checkInsOf(club.id)).toHaveLength(1);
  });

  it('do not mark a club already marked for a check-in again', async () => {
    const club = await newClub();
    const since = new Date('2026-01-02T03:04:05Z');
    await testSql()`update clubs set needs_check_in_since = ${since} where id = ${club.id}`;
    for (const visitor of VISITORS) await notMeetingFrom(visitor, club.id);
    expect(await needsCheckInSince(club.id)).toEqual(since);
    expect(await checkInsOf(club.id)).toEqual([]);
  });
});

describe('forged report senders (issue 26, item 3)', () => {
  it('one visitor with three made-up emails neither marks the club nor emails its host; each report reaches the admins once', async () => {
    const club = await newClub();
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com'])
      expect((await notMeetingFrom('203.0.113.7', club.id, email)).status).toBe(201);

    expect(await needsCheckInSince(club.id)).toBeNull();
    expect(await checkInsOf(club.id)).toEqual([]);
    expect(await subjectsTo(club.email)).toEqual([]);
    expect(await reportNoticeSubjects(club)).toHaveLength(3);
    expect((await pendingQueue()).filter((entry) => entry.kind === 'report' && entry.club?.id === club.id)).toHaveLength(3);
  });

  it('after the host confirms, the earlier reports are closed with the reason shown, and one more report flags nothing', async () => {
    const club = await newClub();
    const reportIds: number[] = [];
    for (const visitor of VISITORS)
      reportIds.push(((await (await notMeetingFrom(visitor, club.id, newEmail())).json()) as { id: number }).id);
    expect(await needsCheckInSince(club.id)).toBeInstanceOf(Date);
    expect(await checkInSubjects(club)).toHaveLength(1);

    // The host's "Yes, still meeting", from the email's link.
    const confirmed = await request('/api/check-ins', {
      method: 'POST',
      json: { token: await checkInToken(club.email), answer: 'still-meeting' },
    });
    expect(confirmed.status).toBe(200);
    expect(await needsCheckInSince(club.id)).toBeNull();

    const completed = await request('/api/admin/club-questions?status=completed', { headers: asUser(adminToken) });
    const closed = ((await completed.json()) as ClubQuestion[]).filter((entry) => reportIds.includes(entry.id));
    expect(closed).toHaveLength(3);
    for (const entry of closed) expect(entry).toMatchObject({ kind: 'report', status: 'completed', resolution: 'host-confirmed' });
    expect((await pendingQueue()).filter((entry) => reportIds.includes(entry.id))).toEqual([]);
    const queuePage = await request('/admin-notifications', { headers: asUser(adminToken) });
    expect(await queuePage.text()).toContain('The host confirmed the club still meets');

    expect((await notMeetingFrom('192.0.2.40', club.id, newEmail())).status).toBe(201);
    expect(await needsCheckInSince(club.id)).toBeNull();
    expect(await checkInsOf(club.id)).toHaveLength(1);
    expect(await checkInSubjects(club)).toHaveLength(1);
    expect(await reportNoticeSubjects(club)).toHaveLength(4);
  });

  it("the host's confirmation from the profile closes them too, and a report the admin reopens loses its reason", async () => {
    const club = await newClub();
    const { id } = (await (await notMeetingFrom(VISITORS[0]!, club.id)).json()) as { id: number };
    const { id: other } = (await (await reportFrom(VISITORS[1]!, club.id, { reason: 'host-not-answering' })).json()) as { id: number };
    const confirmed = await request(`/api/clubs/${club.id}/still-meeting`, { method: 'POST', headers: asUser(adminToken) });
    expect(confirmed.status).toBe(200);
    const [closed, untouched] = await Promise.all(
      [id, other].map(async (reportId) => {
        const [row] = await testSql()`select status, resolution from club_questions where id = ${reportId}`;
        return row;
      }),
    );
    expect(closed).toEqual({ status: 'completed', resolution: 'host-confirmed' });
    expect(untouched).toEqual({ status: 'pending', resolution: null });

    const reopened = await moveTo(id, 'pending');
    expect(reopened.status).toBe(200);
    expect(await reopened.json()).toMatchObject({ id, status: 'pending', resolution: null });
  });

  it('reports send a club at most one check-in in 30 days', async () => {
    const club = await newClub();
    for (const visitor of VISITORS) await notMeetingFrom(visitor, club.id);
    await request('/api/check-ins', { method: 'POST', json: { token: await checkInToken(club.email), answer: 'still-meeting' } });

    // Three new visitors, after the confirmation, within the 30 days.
    for (const visitor of ['192.0.2.40', '100.64.0.1', '2001:db8:cc:1::1'])
      expect((await notMeetingFrom(visitor, club.id)).status).toBe(201);
    expect(await needsCheckInSince(club.id)).toBeNull();
    expect(await checkInSubjects(club)).toHaveLength(1);

    // Once the check-in the reports caused is 30 days old, they may cause another.
    await testSql()`update club_check_ins set sent_at = sent_at - interval '30 days' where club_id = ${club.id}`;
    expect((await notMeetingFrom('100.64.1.1', club.id)).status).toBe(201);
    expect(await needsCheckInSince(club.id)).toBeInstanceOf(Date);
    expect(await checkInSubjects(club)).toHaveLength(2);
  });
});

describe('the report limit (real limits, behind a proxy so that this file has an address of its own)', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerOnTestDatabase({ RATE_LIMIT_MULTIPLIER: '1', TRUSTED_PROXIES: '1' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('allows 5 reports an hour per visitor, then answers 429 with Retry-After', async () => {
    const club = await newClub();
    const visitor = '203.0.113.50';
    const send = () =>
      fetch(new URL(`/api/clubs/${club.id}/report`, server.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': visitor },
        body: JSON.stringify({ reason: 'host-not-answering' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await send()).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ error: { message: 'Too many reports. Please try again later.' } });
  });
});
