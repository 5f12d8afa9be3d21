import { describe, expect, it } from 'vitest';
import { clubPagePath } from '#lib/clubs/pages.ts';
import { applyCheckIns } from '#server/check-ins/check-in-job.ts';
import { startCheckIn } from '#server/check-ins/check-ins.ts';
import {
  asUser,
  baseUrl,
  registerHost,
  request,
  runJobs,
  sentEmails,
  signInAdmin,
  TEST_ADMIN,
  testSql,
  waitForEmail,
} from '../support/api.ts';
import { insertClub } from '../support/clubs.ts';

const DAY_MS = 86_400_000;

// The check-ins as time passes, applied by the club-check-ins job. The file's tests share one database, so time
// passes by moving a test's clubs' last confirmation back, never by running the job far ahead: every other club was
// confirmed when it was created (this run), so a run up to a few days ahead cannot touch it. Each club here falls
// due a day from now, so that a run of the job by another test or the server's worker (as of now, or a couple of
// hours ahead) cannot move it between the instants a test runs it at.

/** A verified club with meeting times in Cheyenne, WY, last confirmed so that `days` without one end at `due`. */
async function clubDueAt(days: number, due: Date, fixture: Parameters<typeof insertClub>[1] = {}) {
  const club = await insertClub(testSql(), {
    city: 'Cheyenne',
    state: 'WY',
    zipCode: '82001',
    meetings: {
      meetingSlots: [{ weekday: 'monday', start: '18:30', durationMinutes: 60 }],
      meetingFrequency: 'weekly',
      timeZone: 'America/Denver',
    },
    ...fixture,
  });
  const confirmedAt = new Date(due.getTime() - days * DAY_MS);
  await testSql()`update clubs set confirmed_at = ${confirmedAt} where id = ${club.id}`;
  const [{ clubName }] = await testSql()<{ clubName: string }[]>`select club_name from clubs where id = ${club.id}`;
  return { ...club, clubName, confirmedAt };
}

const aDayFromNow = () => new Date(Date.now() + DAY_MS);
const before = (instant: Date) => new Date(instant.getTime() - 1_000);
const run = (now: Date) => applyCheckIns({ sql: testSql(), now });

interface ClubState {
  confirmedAt: Date;
  needsCheckInSince: Date | null;
  inactiveSince: Date | null;
}
const clubState = async (id: number) =>
  (await testSql()<ClubState[]>`select confirmed_at, needs_check_in_since, inactive_since from clubs where id = ${id}`)[0]!;
const checkIns = (clubId: number) =>
  testSql()<{ id: string; cause: string; sentAt: Date; expiresAt: Date; answeredAt: Date | null; answer: string | null }[]>`
    select id, cause, sent_at, expires_at, answered_at, answer from club_check_ins where club_id = ${clubId} order by id`;
const subjectsTo = async (recipient: string) =>
  (await testSql()<{ subject: string }[]>`select subject from outbox where recipient = ${recipient} order by id`).map((row) => row.subject);

/** The token of the newest check-in email to `email` (the worker of the server under test writes it to its mail folder). */
async function checkInToken(email: string, skip = 0): Promise<string> {
  const tokens = () =>
    sentEmails()
      .filter((mail) => mail.includes(`To: ${email}`) && mail.includes('Is your club still meeting?'))
      .map((mail) => /club-check-in\?token=([A-Za-z0-9_-]{43})&answer=still-meeting/.exec(mail)![1]!);
  await waitForEmail((mail) => mail.includes(`To: ${email}`) && tokens().length > skip);
  return tokens()[skip]!;
}

const answer = (token: string, answer: 'still-meeting' | 'stopped') =>
  request('/api/check-ins', { method: 'POST', json: { token, answer } });
const checkInPage = (token: string, answer: 'still-meeting' | 'stopped') =>
  request(`/club-check-in?${new URLSearchParams({ token, answer })}`);

/** Whether each public read shows the club. */
async function publicReads(club: { id: number; clubName: string }) {
  const ids = async (path: string) => ((await (await request(path)).json()) as { id: number }[]).map((found) => found.id);
  const [position] = await testSql()<
    { latitude: number; longitude: number }[]
  >`select latitude, longitude from zip_codes where zip = '82001'`;
  return {
    list: (await ids('/api/clubs')).includes(club.id),
    state: (await ids('/api/clubs/search?state=WY')).includes(club.id),
    zip: (await ids('/api/clubs/search?state=82001')).includes(club.id),
    nearMe: (await ids(`/api/clubs/search?lat=${position!.latitude}&lng=${position!.longitude}`)).includes(club.id),
    contact: (await request(`/api/clubs/${club.id}/contact`)).status === 200,
    page: (await request(clubPagePath(club))).status === 200,
    calendar: (await request(`/api/clubs/${club.id}/calendar.ics`)).status === 200,
    sitemap: (await (await request('/sitemap-clubs.xml')).text()).includes(`${clubPagePath(club)}</loc>`),
  };
}
const LISTED = { state: true, zip: true, nearMe: true, contact: true, page: true, calendar: true, sitemap: true };
const UNLISTED = { list: false, state: false, zip: false, nearMe: false, contact: false, page: false, calendar: false, sitemap: false };
/** Listed everywhere; the directory's first list holds only the newest clubs, which the file's other clubs may push this one out of. */
const expectListed = async (club: { id: number; clubName: string }) => {
  const { list: _, ...reads } = await publicReads(club);
  expect(reads).toEqual(LISTED);
};

describe('the check-ins job', () => {
  it('asks the host after 90 days without a confirmation, once a round, and only for listed clubs', async () => {
    const due = aDayFromNow();
    const club = await clubDueAt(90, due);
    const pending = await clubDueAt(90, due, { isVerified: false });

    await run(before(due));
    expect(await checkIns(club.id)).toEqual([]);

    await run(due);
    const [checkIn, ...others] = await checkIns(club.id);
    expect(others).toEqual([]);
    expect(checkIn).toMatchObject({ cause: 'scheduled', sentAt: due, answeredAt: null });
    expect(checkIn!.expiresAt.getTime() - due.getTime()).toBe(30 * DAY_MS);
    expect(await subjectsTo(club.email)).toEqual([`Is your club still meeting? (${club.clubName})`]);
    expect(await checkIns(pending.id)).toEqual([]);

    await run(new Date(due.getTime() + 3_600_000));
    expect(await checkIns(club.id)).toHaveLength(1);
    expect(await subjectsTo(club.email)).toHaveLength(1);
    // Still listed: asking changes nothing of the club.
    expect(await clubState(club.id)).toMatchObject({ needsCheckInSince: null, inactiveSince: null });
  });

  it('flags the club after 120 days and tells the admins once', async () => {
    const due = aDayFromNow();
    const club = await clubDueAt(120, due);
    const notifications = () =>
      testSql()<{ kind: string; summary: string; link: string }[]>`
        select kind, summary, link from admin_notifications where club_id = ${club.id}`;
    const summary = `"${club.clubName}" has not confirmed it still meets for 120 days`;

    await run(before(due));
    expect((await clubState(club.id)).needsCheckInSince).toBeNull();
    expect(await notifications()).toEqual([]);

    await run(due);
    expect((await clubState(club.id)).needsCheckInSince).toEqual(due);
    expect(await notifications()).toEqual([{ kind: 'check-in-overdue', summary, link: '/admin-clubs?filter=needs-check-in' }]);
    expect((await subjectsTo(TEST_ADMIN.email)).filter((subject) => subject === summary)).toHaveLength(1);

    await run(new Date(due.getTime() + 3_600_000));
    expect(await notifications()).toHaveLength(1);
    expect((await clubState(club.id)).needsCheckInSince).toEqual(due);
    await expectListed(club);
  });

  it('takes the club off every public read after 180 days, tells the host, and the link brings it back at once', async () => {
    const due = aDayFromNow();
    const club = await clubDueAt(180, due);

    await run(before(due));
    expect((await clubState(club.id)).inactiveSince).toBeNull();
    await expectListed(club);

    await run(due);
    expect((await clubState(club.id)).inactiveSince).toEqual(due);
    expect(await subjectsTo(club.email)).toContain(`${club.clubName} is no longer listed in the directory`);
    expect(await publicReads(club)).toEqual(UNLISTED);
    const inactiveMail = await waitForEmail((mail) => mail.includes(`To: ${club.email}`) && mail.includes('no longer listed'));
    expect(inactiveMail).toContain(`/club-profile/${club.id}`);

    // A run that caught up at once sent the 90-day check-in too: its link still works.
    const response = await answer(await checkInToken(club.email), 'still-meeting');
    expect(response.status).toBe(200);
    expect(await clubState(club.id)).toMatchObject({ needsCheckInSince: null, inactiveSince: null });
    await expectListed(club);
  });

  it.each([
    ['the Club Management card', (id: number) => [`/api/clubs/${id}/verify`, { method: 'POST' }] as const],
    ["the admin's editor", (id: number) => [`/api/admin/clubs/${id}`, { method: 'PUT', json: { isVerified: true } }] as const],
  ])('counts a verification through %s as a confirmation: a club verified after months of waiting stays listed', async (_, verify) => {
    const due = aDayFromNow();
    const club = await clubDueAt(180, due, { isVerified: false });
    const admin = await signInAdmin();
    const [path, init] = verify(club.id);
    expect((await request(path, { ...init, headers: asUser(admin) })).status).toBe(200);
    expect((await clubState(club.id)).confirmedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    await run(due);
    expect(await clubState(club.id)).toMatchObject({ needsCheckInSince: null, inactiveSince: null });
    expect(await checkIns(club.id)).toEqual([]);
  });

  it('`npm run jobs:run -- --now` applies them as of the instant given', async () => {
    const club = await clubDueAt(180, new Date(Date.now() + 3_600_000));
    const now = new Date(Date.now() + 2 * 3_600_000).toISOString();
    const stdout = await runJobs('--now', now);
    expect(stdout).toMatch(/club-check-ins: [1-9]\d* asked, [1-9]\d* need a check-in, [1-9]\d* inactive/);
    expect((await clubState(club.id)).inactiveSince).toEqual(new Date(now));
  });
});

describe('a check-in link', () => {
  /** A club whose host was just asked by the job; its email's token. */
  async function askedClub(fixture: Parameters<typeof insertClub>[1] = {}) {
    const due = aDayFromNow();
    const club = await clubDueAt(90, due, fixture);
    await run(due);
    return { club, token: await checkInToken(club.email) };
  }

  it('changes nothing when opened: its page names the club and asks for the confirming click', async () => {
    const { club, token } = await askedClub();
    const stateBefore = await clubState(club.id);

    const page = await checkInPage(token, 'still-meeting');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    const html = await page.text();
    expect(html).toContain(`Is ${club.clubName} still meeting?`);
    expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/api\/check-ins"/);
    expect(html).toMatch(/<button type="submit"[^>]*>Yes, still meeting<\/button>/);
    expect(html).toContain('answer=stopped');
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect(await (await checkInPage(token, 'stopped')).text()).toMatch(/<button type="submit"[^>]*>We have stopped<\/button>/);

    expect(await clubState(club.id)).toEqual(stateBefore);
    expect((await checkIns(club.id))[0]).toMatchObject({ answeredAt: null, answer: null });
  });

  it('works once: "Yes, still meeting" confirms the club, a second click is refused', async () => {
    const { club, token } = await askedClub();
    const response = await answer(token, 'still-meeting');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { answer: string; club: { id: number; confirmedAt: string } };
    expect(body).toMatchObject({ answer: 'still-meeting', club: { id: club.id } });
    const state = await clubState(club.id);
    expect(state.confirmedAt.toISOString()).toBe(body.club.confirmedAt);
    expect(state.confirmedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await checkIns(club.id))[0]).toMatchObject({ answer: 'still-meeting' });

    for (const again of ['still-meeting', 'stopped'] as const) {
      const second = await answer(token, again);
      expect(second.status).toBe(409);
      expect(await second.json()).toEqual({ error: { message: 'This check-in has already been answered.' } });
    }
    expect((await clubState(club.id)).confirmedAt).toEqual(state.confirmedAt);
    expect(await (await checkInPage(token, 'still-meeting')).text()).toContain(`Thank you: ${club.clubName} is confirmed`);
  });

  it('is refused when changed by one character, unknown or malformed', async () => {
    const { club, token } = await askedClub();
    const changed = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const refused of [changed, 'x'.repeat(43)]) {
      const response = await answer(refused, 'still-meeting');
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/not valid/);
      const page = await checkInPage(refused, 'still-meeting');
      expect(page.status).toBe(404);
      expect(await page.text()).not.toContain(club.clubName);
    }
    expect((await answer('short', 'still-meeting')).status).toBe(400);
    expect((await answer(token, 'maybe' as 'stopped')).status).toBe(400);
    expect((await checkIns(club.id))[0]).toMatchObject({ answeredAt: null });
  });

  it("expires, and answering one check-in closes the club's others", async () => {
    const { club, token } = await askedClub();
    await testSql()`update club_check_ins set expires_at = now() - interval '1 second' where club_id = ${club.id}`;
    const expired = await answer(token, 'still-meeting');
    expect(expired.status).toBe(410);
    expect(await (await checkInPage(token, 'still-meeting')).text()).toContain('This check-in link has expired');

    // Two open check-ins (the 90-day one and one for reports): answering either closes the other.
    const origin = new URL(baseUrl).origin;
    await startCheckIn(testSql(), { ...club, hostName: 'Test Host' }, 'reports', new Date(), origin);
    await startCheckIn(testSql(), { ...club, hostName: 'Test Host' }, 'reports', new Date(), origin);
    const [first, second] = [await checkInToken(club.email, 1), await checkInToken(club.email, 2)];
    expect((await answer(second, 'still-meeting')).status).toBe(200);
    expect((await answer(first, 'still-meeting')).status).toBe(410);
  });

  it('"We have stopped" takes the club off every public read; the profile\'s "Yes, still meeting" brings it back', async () => {
    const { club, token } = await askedClub();
    await expectListed(club);
    expect((await answer(token, 'stopped')).status).toBe(200);
    const state = await clubState(club.id);
    expect(state.inactiveSince).not.toBeNull();
    expect(state.needsCheckInSince).toBeNull();
    // The host is told how to bring the club back, as the README promises.
    const stoppedMail = await waitForEmail((mail) => mail.includes(`To: ${club.email}`) && mail.includes('You told us'));
    expect(stoppedMail).toContain('has stopped meeting, so it has left the public FlameKeeper Clubs directory');
    expect(stoppedMail).toContain(`/club-profile/${club.id}`);
    expect(await publicReads(club)).toEqual(UNLISTED);
    expect(await (await checkInPage(token, 'stopped')).text()).toContain('Thank you for letting us know');

    // Its host account is a fixture's, which cannot sign in: the admin confirms from the profile here (hosts below).
    const admin = await signInAdmin();
    const confirmed = await request(`/api/clubs/${club.id}/still-meeting`, { method: 'POST', headers: asUser(admin) });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ id: club.id, inactiveSince: null, needsCheckInSince: null });
    await expectListed(club);
    const [audit] = await testSql()<{ action: string }[]>`select action from audit_log where club_id = ${club.id} order by id desc limit 1`;
    expect(audit!.action).toBe('club.confirm-active');
  });

  it('answers a form sent without JavaScript by sending the browser back to its page', async () => {
    const { club, token } = await askedClub();
    const response = await request('/api/check-ins', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, answer: 'still-meeting' }).toString(),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/club-check-in?${new URLSearchParams({ token, answer: 'still-meeting' })}`);
    expect((await checkIns(club.id))[0]).toMatchObject({ answer: 'still-meeting' });
    expect(await (await request(response.headers.get('location')!)).text()).toContain(`Thank you: ${club.clubName} is confirmed`);
  });
});

describe('POST /api/clubs/{id}/still-meeting', () => {
  it("confirms the host's own inactive club at once; another host's club does not exist for them", async () => {
    const host = await registerHost();
    const other = await registerHost();
    await testSql()`update clubs set is_verified = true where id = ${host.clubId}`;
    await testSql()`update clubs set inactive_since = now(), needs_check_in_since = now() where id = ${host.clubId}`;
    const confirm = (clubId: number, token?: string) =>
      request(`/api/clubs/${clubId}/still-meeting`, { method: 'POST', headers: asUser(token) });

    expect((await confirm(host.clubId)).status).toBe(401);
    expect((await confirm(host.clubId, other.token)).status).toBe(404);
    expect((await clubState(host.clubId)).inactiveSince).not.toBeNull();

    const response = await confirm(host.clubId, host.token);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: host.clubId, inactiveSince: null, needsCheckInSince: null });
    expect((await request(`/api/clubs/${host.clubId}/contact`)).status).toBe(200);
  });
});
