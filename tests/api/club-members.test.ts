import { createHash, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { clubPagePath } from '#lib/clubs/pages.ts';
import { LINK_RESENT, MAX_MEMBERS_PER_CLUB, MEMBERS_FULL, type Member, type MemberList } from '#lib/members/types.ts';
import { asUser, registerHost, request, sentEmails, signInAdmin, testSql, useRealLimitsServer, waitForEmail } from '../support/api.ts';
import { tokenIn } from '../support/alerts.ts';
import { insertClub } from '../support/clubs.ts';

// Issue 40, members: a join request marked "They've joined" makes its visitor a member once; the host adds and removes
// members (at most 200), each welcomed Reply-To the host; "I did not ask for this" and "Leave the club" delete the
// member, confirmed by a POST; the "Your club" page shows the club's next sessions and nothing of other members; the
// public sees a count from 3 members and never an address.

const unique = () => randomBytes(4).toString('hex');
const DAY_MS = 86_400_000;

/** A registered host's club, verified and meeting every Tuesday at 7 PM in Chicago, its reading plan begun a week ago. */
async function listedClub() {
  const host = await registerHost({ clubName: `Member Circle ${unique()}` });
  const cycleStart = new Date(Date.now() - 7 * DAY_MS).toISOString().slice(0, 10);
  await testSql()`
    update clubs set is_verified = true, meeting_frequency = 'weekly', time_zone = 'America/Chicago', cycle_start = ${cycleStart},
      meeting_format = 'in-person', venue_name = 'Oak Room', venue_address = '12 Elm St', venue_private = true,
      meeting_slots = ${testSql().json([{ weekday: 'tuesday', start: '19:00', durationMinutes: 90 }])}
    where id = ${host.clubId}`;
  return { ...host, clubName: host.payload.clubName as string, hostEmail: host.payload.email as string };
}
type Club = Awaited<ReturnType<typeof listedClub>>;

const person = (name = 'Sam Rivera') => ({ name, email: `member.${unique()}@example.com` });

/** The host adds a member; `token` null: without a session. */
const addMember = (club: Club, json: unknown, token: string | null = club.token) =>
  request(`/api/clubs/${club.clubId}/members`, { method: 'POST', json, headers: asUser(token ?? undefined) });
const listMembers = async (club: Club, token: string | undefined = club.token) => {
  const response = await request(`/api/clubs/${club.clubId}/members`, { headers: asUser(token) });
  expect(response.status).toBe(200);
  return (await response.json()) as MemberList;
};
const storedMembers = (clubId: number) =>
  testSql()<{ id: string; name: string; email: string; source: string }[]>`
    select id, name, email, source from club_members where club_id = ${clubId} order by id`;

/** The outbox rows queued to `recipient`, oldest first. */
const outboxTo = (recipient: string) =>
  testSql()<{ subject: string; replyTo: string | null }[]>`
    select subject, reply_to from outbox where lower(recipient) = lower(${recipient}) order by id`;

/** The header block of an .eml file, unfolded. */
const headersOf = (mail: string) => mail.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
const isTo = (recipient: string) => (mail: string) => new RegExp(`^To: ${recipient.replace(/[.+]/g, '\\$&')}$`, 'm').test(headersOf(mail));

/** The welcome email to `email`, once the worker has sent it. */
const welcomeTo = (email: string) => waitForEmail((mail) => isTo(email)(mail) && mail.includes('Subject: Welcome to'));

/** A join request of `visitor` to the club, by the API, and its id. */
async function joinRequest(club: Club, visitor: { name: string; email: string }): Promise<number> {
  const response = await request(`/api/clubs/${club.clubId}/join-requests`, { method: 'POST', json: { ...visitor, start: 'next-cycle' } });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}
const mark = (club: Club, requestId: number, answer: string) =>
  request(`/api/clubs/${club.clubId}/join-requests/${requestId}/${answer}`, { method: 'POST', headers: asUser(club.token) });

/** Inserts `count` members straight into the database, as if the host had added them. */
async function insertMembers(clubId: number, count: number) {
  const rows = Array.from({ length: count }, (_, index) => {
    const email = `filler.${index}.${unique()}@example.com`;
    return {
      club_id: clubId,
      name: `Filler ${index}`,
      email,
      mailbox_hash: createHash('sha256').update(email).digest('hex'),
      source: 'host',
    };
  });
  await testSql()`insert into club_members ${testSql()(rows)}`;
}

describe("a join request marked They've joined", () => {
  let club: Club;
  beforeAll(async () => {
    club = await listedClub();
  });

  it('makes the visitor a member once, welcomed Reply-To the host', async () => {
    const visitor = person('Jordan Ellis');
    const id = await joinRequest(club, visitor);
    const joined = await mark(club, id, 'joined');
    expect(joined.status).toBe(200);
    expect(await joined.json()).toMatchObject({ status: 'joined', membership: 'added' });

    // Marked joined again, or back and forth: still one member, one welcome.
    expect(await (await mark(club, id, 'joined')).json()).not.toHaveProperty('membership');
    await mark(club, id, 'replied');
    expect(await (await mark(club, id, 'joined')).json()).toMatchObject({ membership: 'already-member' });

    const members = (await storedMembers(club.clubId)).filter((m) => m.email === visitor.email);
    expect(members).toEqual([expect.objectContaining({ name: 'Jordan Ellis', source: 'join-request' })]);
    const welcomes = (await outboxTo(visitor.email)).filter(({ subject }) => subject.startsWith('Welcome'));
    expect(welcomes).toEqual([{ subject: `Welcome to ${club.clubName}`, replyTo: club.hostEmail }]);
    const mail = await welcomeTo(visitor.email);
    expect(tokenIn(mail, '/your-club')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Someone who asked to join is not offered "I did not ask for this".
    expect(mail).not.toContain('/your-club/not-me');
  });

  it('makes the visitor a member from the host email’s one-click link too', async () => {
    const visitor = person('Robin Hale');
    await joinRequest(club, visitor);
    const hostMail = await waitForEmail((mail) => isTo(club.hostEmail)(mail) && mail.includes(visitor.email));
    const token = /\/join-request\?token=([A-Za-z0-9_-]{43})&answer=joined/.exec(hostMail)![1]!;
    const answered = await request('/api/join-requests/answer', { method: 'POST', json: { token, answer: 'joined' } });
    expect(answered.status).toBe(200);
    expect((await storedMembers(club.clubId)).filter((m) => m.email === visitor.email)).toHaveLength(1);
    await welcomeTo(visitor.email);
  });
});

describe('the host’s members', () => {
  let club: Club;
  let other: Club;
  beforeAll(async () => {
    [club, other] = await Promise.all([listedClub(), listedClub()]);
  });

  it('adds a member, who is welcomed with "I did not ask for this", and removes them', async () => {
    const someone = person();
    const added = await addMember(club, someone);
    expect(added.status).toBe(201);
    const member = (await added.json()) as Member;
    expect(member).toMatchObject({ ...someone, source: 'host' });
    expect((await listMembers(club)).members).toContainEqual(member);
    expect(await outboxTo(someone.email)).toEqual([{ subject: `Welcome to ${club.clubName}`, replyTo: club.hostEmail }]);
    const mail = await welcomeTo(someone.email);
    expect(mail).toContain('I did not ask for this');

    // The same mailbox again, however spelt: refused.
    const again = await addMember(club, { ...someone, email: someone.email.toUpperCase() });
    expect(again.status).toBe(409);

    const removed = await request(`/api/clubs/${club.clubId}/members/${member.id}`, { method: 'DELETE', headers: asUser(club.token) });
    expect(removed.status).toBe(200);
    expect((await listMembers(club)).members.map((m) => m.id)).not.toContain(member.id);
    expect(await testSql()`select 1 from member_links where member_id = ${member.id}`).toHaveLength(0);
    const twice = await request(`/api/clubs/${club.clubId}/members/${member.id}`, { method: 'DELETE', headers: asUser(club.token) });
    expect(twice.status).toBe(404);
  });

  it('refuses a name or an address that is not one', async () => {
    const response = await addMember(club, { name: 'S', email: 'not-an-address' });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { fieldErrors: Record<string, string[]> } };
    expect(Object.keys(error.fieldErrors).sort()).toEqual(['email', 'name']);
  });

  it('lets nobody but the host and the admin list, add or remove', async () => {
    const added = (await (await addMember(club, person())).json()) as Member;
    // Anonymous: 401. Another host: the club is not found (404), as the club's other host routes answer.
    expect((await request(`/api/clubs/${club.clubId}/members`)).status).toBe(401);
    expect((await addMember(club, person(), null)).status).toBe(401);
    expect((await request(`/api/clubs/${club.clubId}/members/${added.id}`, { method: 'DELETE' })).status).toBe(401);
    expect((await request(`/api/clubs/${club.clubId}/members`, { headers: asUser(other.token) })).status).toBe(404);
    expect((await addMember(club, person(), other.token)).status).toBe(404);
    const foreign = await request(`/api/clubs/${club.clubId}/members/${added.id}`, { method: 'DELETE', headers: asUser(other.token) });
    expect(foreign.status).toBe(404);
    // Another host's own club has no such member either.
    const crossed = await request(`/api/clubs/${other.clubId}/members/${added.id}`, { method: 'DELETE', headers: asUser(other.token) });
    expect(crossed.status).toBe(404);
    expect((await storedMembers(club.clubId)).map((m) => Number(m.id))).toContain(added.id);

    const admin = await signInAdmin();
    expect((await listMembers(club, admin)).members.map((m) => m.email)).toContain(added.email);
  });

  it(`stops at ${MAX_MEMBERS_PER_CLUB} members`, async () => {
    const full = await listedClub();
    await insertMembers(full.clubId, MAX_MEMBERS_PER_CLUB - 1);
    expect((await addMember(full, person())).status).toBe(201);
    const beyond = await addMember(full, person());
    expect(beyond.status).toBe(409);
    expect(((await beyond.json()) as { error: { message: string } }).error.message).toBe(MEMBERS_FULL);
    expect(await storedMembers(full.clubId)).toHaveLength(MAX_MEMBERS_PER_CLUB);

    // A request marked joined beyond it is answered, and its visitor not added.
    const visitor = person();
    const id = await joinRequest(full, visitor);
    expect(await (await mark(full, id, 'joined')).json()).toMatchObject({ status: 'joined', membership: 'full' });
    expect(await storedMembers(full.clubId)).toHaveLength(MAX_MEMBERS_PER_CLUB);
  });
});

describe('the welcome’s "I did not ask for this"', () => {
  it('removes nothing on GET, and the person on POST', async () => {
    const club = await listedClub();
    const someone = person();
    await addMember(club, someone);
    const token = tokenIn(await welcomeTo(someone.email), '/your-club/not-me');

    const page = await request(`/your-club/not-me?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    const html = await page.text();
    expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/api\/members\/not-me"/);
    expect(await storedMembers(club.clubId)).toHaveLength(1);

    // The "Your club" link is not a removal link.
    const clubToken = tokenIn(await welcomeTo(someone.email), '/your-club');
    expect((await request('/api/members/not-me', { method: 'POST', json: { token: clubToken } })).status).toBe(404);

    const form = await request('/api/members/not-me', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/your-club/not-me?removed=true');
    expect(await storedMembers(club.clubId)).toHaveLength(0);
    expect((await request('/api/members/not-me', { method: 'POST', json: { token } })).status).toBe(404);
    expect((await request(`/your-club/not-me?token=${token}`)).status).toBe(404);
  });
});

describe('the "Your club" page', () => {
  let club: Club;
  let member: { name: string; email: string };
  let token: string;
  let otherMember: { name: string; email: string };
  beforeAll(async () => {
    club = await listedClub();
    member = person('Morgan Avery');
    otherMember = person('Casey Linden');
    await addMember(club, member);
    await addMember(club, otherMember);
    token = tokenIn(await welcomeTo(member.email), '/your-club');
  });

  it('shows the club’s next sessions with the reading plan and the meeting place, and no other member', async () => {
    const page = await request(`/your-club?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    const html = await page.text();
    expect(html).toContain(club.clubName);
    expect(html).toContain('Morgan Avery');
    const sessions = /<ol[^>]*data-member-sessions[^>]*>([\s\S]*?)<\/ol>/.exec(html)![1]!;
    expect(sessions.match(/<time/g)).toHaveLength(4);
    expect(sessions).toMatch(/Tue, [A-Z][a-z]{2} \d{1,2}, 7:00 PM C[DS]T/);
    expect(sessions).toMatch(/Week \d/);
    // The place the public page keeps for members.
    expect(html).toContain('Oak Room, 12 Elm St');
    expect(html).not.toContain(otherMember.name);
    expect(html).not.toContain(otherMember.email);
    // The public page does not give the private place.
    expect(await (await request(clubPagePath({ id: club.clubId, clubName: club.clubName }))).text()).not.toContain('Oak Room');
  });

  it('is not found for an unknown link', async () => {
    expect((await request('/your-club?token=not-a-member-link-token-of-43-characters-ab')).status).toBe(404);
    expect((await request('/your-club')).status).toBe(404);
  });

  it('downloads the member’s own data as JSON', async () => {
    const response = await request(`/api/members/data?token=${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.json"$/);
    const data = JSON.stringify(await response.json());
    expect(data).toContain(member.email);
    expect(data).toContain(club.clubName);
    expect(data).not.toContain(otherMember.email);
  });

  it('sends the link again with the same answer whether or not the address is a member’s', async () => {
    const before = sentEmails().filter(isTo(member.email)).length;
    const asked = await request(`/api/clubs/${club.clubId}/members/link`, { method: 'POST', json: { email: member.email } });
    const stranger = `stranger.${unique()}@example.com`;
    const notMember = await request(`/api/clubs/${club.clubId}/members/link`, { method: 'POST', json: { email: stranger } });
    expect(asked.status).toBe(200);
    expect(notMember.status).toBe(asked.status);
    const answer = await asked.json();
    expect(await notMember.json()).toEqual(answer);
    expect(answer).toEqual({ sent: true, message: LINK_RESENT });
    const mail = await waitForEmail((m) => isTo(member.email)(m) && m.includes(`Subject: Your link to ${club.clubName}`));
    expect(sentEmails().filter(isTo(member.email)).length).toBe(before + 1);
    expect(await outboxTo(stranger)).toEqual([]);
    // The new link opens the page too.
    expect((await request(`/your-club?token=${tokenIn(mail, '/your-club')}`)).status).toBe(200);

    // The plain form goes back to the club's page, which says the same.
    const form = await request(`/api/clubs/${club.clubId}/members/link`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: stranger }).toString(),
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe(`/flamekeeper-clubs/${club.clubId}?link=sent#your-club-link`);
  });

  it('leaves the club with a POST, which deletes the member', async () => {
    const leaving = person('Dana Brook');
    await addMember(club, leaving);
    const leaveToken = tokenIn(await welcomeTo(leaving.email), '/your-club');
    const html = await (await request(`/your-club?token=${leaveToken}`)).text();
    expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/api\/members\/leave"/);
    expect((await storedMembers(club.clubId)).map((m) => m.email)).toContain(leaving.email);

    const form = await request('/api/members/leave', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: leaveToken }).toString(),
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/your-club?left=true');
    expect((await storedMembers(club.clubId)).map((m) => m.email)).not.toContain(leaving.email);
    expect((await request(`/your-club?token=${leaveToken}`)).status).toBe(404);
    expect((await request('/api/members/leave', { method: 'POST', json: { token: leaveToken } })).status).toBe(404);
  });
});

/** The club as the directory's JSON (its cards) has it: the newest clubs' first page lists it. */
async function clubInDirectory(club: Club): Promise<Record<string, unknown>> {
  const response = await request('/api/clubs');
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: number }[]).find((c) => c.id === club.clubId)!;
}

describe('the public count', () => {
  it('says "N members" from 3 members, and never an address', async () => {
    const club = await listedClub();
    const path = clubPagePath({ id: club.clubId, clubName: club.clubName });
    const members = [person(), person()];
    for (const member of members) await addMember(club, member);
    expect(await (await request(path)).text()).not.toContain('data-member-count');
    expect(await clubInDirectory(club)).toMatchObject({ memberCount: null });

    const third = person();
    members.push(third);
    await addMember(club, third);
    const html = await (await request(path)).text();
    expect(html).toMatch(/data-member-count[^>]*>\s*3 members\s*</);
    // The directory's JSON, which its cards show, carries the count too.
    expect(await clubInDirectory(club)).toMatchObject({ memberCount: 3 });

    const publicBodies = await Promise.all(
      [
        path,
        `/api/clubs/${club.clubId}`,
        `/api/clubs?search=${encodeURIComponent(club.clubName)}`,
        `/api/clubs/${club.clubId}/calendar.ics`,
      ].map(async (url) => (await request(url)).text()),
    );
    for (const body of publicBodies) for (const member of members) expect(body).not.toContain(member.email);

    // One removed: 2 members, no count again.
    const [first] = (await listMembers(club)).members;
    await request(`/api/clubs/${club.clubId}/members/${first!.id}`, { method: 'DELETE', headers: asUser(club.token) });
    expect(await clubInDirectory(club)).toMatchObject({ memberCount: null });
    expect(await (await request(`${path}?after=removal`)).text()).not.toContain('data-member-count');
  });

  it('goes with the club: deleting the club deletes its members', async () => {
    const club = await listedClub();
    await addMember(club, person());
    const deleted = await request(`/api/admin/clubs/${club.clubId}`, { method: 'DELETE', headers: asUser(await signInAdmin()) });
    expect(deleted.status).toBe(200);
    expect(await storedMembers(club.clubId)).toHaveLength(0);
  });
});

describe('"Email me my link", with the real limits', () => {
  const realLimits = useRealLimitsServer();

  it('answers alike for any address, emails a member at most 3 times a day, and a client 5 times an hour', async () => {
    const club = await insertClub(realLimits.sql);
    const email = `limited.${unique()}@example.com`;
    await realLimits.sql`
      insert into club_members (club_id, name, email, mailbox_hash, source)
      values (${club.id}, 'Lee Limited', ${email}, ${createHash('sha256').update(email).digest('hex')}, 'host')`;
    const ask = (address: string) =>
      fetch(new URL(`/api/clubs/${club.id}/members/link`, realLimits.server.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: realLimits.server.url },
        body: JSON.stringify({ email: address }),
      });
    const answers = [];
    for (const address of [email, email, email, email, `nobody.${unique()}@example.com`]) {
      const response = await ask(address);
      answers.push([response.status, await response.json()]);
    }
    expect(answers).toEqual(Array.from({ length: 5 }, () => [200, { sent: true, message: LINK_RESENT }]));
    const queued = await realLimits.sql`select 1 from outbox where lower(recipient) = lower(${email})`;
    expect(queued).toHaveLength(3);
    const limited = await ask(email);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
