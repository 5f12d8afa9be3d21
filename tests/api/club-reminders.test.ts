import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClubRsvps } from '#lib/members/reminders.ts';
import type { Member } from '#lib/members/types.ts';
import { asUser, baseUrl, registerHost, request, runJobs, testDataDir, testSql, waitForEmail } from '../support/api.ts';
import { tokenIn } from '../support/alerts.ts';

// Issue 40, reminders and RSVPs: each member is emailed once before each session held, at the host's lead time (the day
// before at 9:00 in the club's zone, or 2 hours before), across a daylight-saving change, not for a cancelled session,
// at a moved session's new time, and not twice when two runs of the job meet; the reminder's "I'll be there" and
// "Can't make it" each answer one thing for one session, confirmed by a POST; the host sees the answers counted and
// gets a summary the morning of the session; one-click unsubscribe stops the reminders only; a change to a session is
// told to each member at once, once.

const ZONE = 'America/Chicago';
const unique = () => randomBytes(4).toString('hex');

// Mondays at 7 PM in Chicago from Monday March 1, 2027. Daylight saving time begins on Sunday March 14 (2 AM), so the
// session of Monday March 15 is the day after the change: 7 PM CDT is 00:00 UTC, where a week before it was 01:00.
const CYCLE_START = '2027-03-01';
const MARCH_15 = '2027-03-16T00:00:00.000Z';
const MARCH_22 = '2027-03-23T00:00:00.000Z';
const MARCH_29 = '2027-03-30T00:00:00.000Z';

/** Runs the reminder job as `npm run jobs:run -- --now <ISO> --job club-reminders` does, on this file's database. */
const runReminders = (now: string) => runJobs('--now', now, '--job', 'club-reminders');

/** A host's club meeting Mondays at 7 PM in Chicago from March 1, 2027, at the Oak Room, with `count` members. */
async function clubWithMembers(count = 3) {
  const host = await registerHost({ clubName: `Reminder Circle ${unique()}` });
  await testSql()`
    update clubs set is_verified = true, meeting_frequency = 'weekly', time_zone = ${ZONE}, cycle_start = ${CYCLE_START},
      meeting_format = 'in-person', venue_name = 'Oak Room', venue_address = '12 Elm St', venue_private = true,
      meeting_slots = ${testSql().json([{ weekday: 'monday', start: '19:00', durationMinutes: 90 }])}
    where id = ${host.clubId}`;
  const members: Member[] = [];
  for (const name of ['Avery Stone', 'Blake Moreno', 'Casey Lin'].slice(0, count)) {
    const added = await request(`/api/clubs/${host.clubId}/members`, {
      method: 'POST',
      headers: asUser(host.token),
      json: { name, email: `${name.split(' ')[0]!.toLowerCase()}.${unique()}@example.com` },
    });
    expect(added.status).toBe(201);
    members.push((await added.json()) as Member);
  }
  return { ...host, clubName: host.payload.clubName as string, hostEmail: host.payload.email as string, members };
}
type Club = Awaited<ReturnType<typeof clubWithMembers>>;

/** The outbox rows to `recipient` whose subject starts with `prefix`. */
const queued = (recipient: string, prefix: string) =>
  testSql()<{ subject: string; replyTo: string | null; headers: Record<string, string> | null }[]>`
    select subject, reply_to, headers from outbox
    where lower(recipient) = lower(${recipient}) and subject like ${`${prefix}%`} order by id`;

/** How many reminders of the session scheduled at `occurrence` each of the club's members has had. */
const remindersOf = (club: Club, occurrence: string) =>
  Promise.all(club.members.map(async (member) => (await queued(member.email, `Reminder: ${club.clubName}`)).length)).then(
    async (counts) => {
      const rows = await testSql()<{ memberId: string }[]>`
        select r.member_id from member_reminders r join club_members m on m.id = r.member_id
        where m.club_id = ${club.clubId} and r.occurrence = ${occurrence}`;
      return { emails: counts, rows: rows.length };
    },
  );

const reminderTo = (email: string, when: string) =>
  waitForEmail((mail) => mail.includes(`To: ${email}`) && mail.includes(`Reminder:`) && mail.includes(when));

/** The RSVP tokens of a reminder: its "I'll be there" link first, then "Can't make it". */
function rsvpTokens(mail: string): { coming: string; notComing: string } {
  const tokens = [...mail.matchAll(/\/your-club\/rsvp\?token=([A-Za-z0-9_-]{43})/g)].map((match) => match[1]!);
  const distinct = [...new Set(tokens)];
  expect(distinct).toHaveLength(2);
  return { coming: distinct[0]!, notComing: distinct[1]! };
}

/**
 * The one-click unsubscribe address in the headers of the reminder to `address` whose subject names `when`, read from
 * the message as written (headers are not quoted-printable: decoding would change a token's "=4F").
 */
function unsubscribeHeaderOf(address: string, when: string): string {
  const dir = path.join(testDataDir, 'mail');
  const raw = fs
    .readdirSync(dir)
    .map((file) => fs.readFileSync(path.join(dir, file), 'latin1'))
    .find((mail) => mail.includes(`To: ${address}`) && /^Subject: Reminder:/m.test(mail) && mail.includes(when));
  return /^List-Unsubscribe:\s*<([^>]+)>/m.exec(raw!)![1]!;
}

const counts = async (club: Club) => {
  const response = await request(`/api/clubs/${club.clubId}/rsvps`, { headers: asUser(club.token) });
  expect(response.status).toBe(200);
  return (await response.json()) as ClubRsvps;
};

describe('reminders the day before at 9:00 in the club’s time zone (the default)', () => {
  let club: Club;
  beforeAll(async () => {
    club = await clubWithMembers();
  });

  it('go once to each member at 9:00 CDT the day after the change to daylight saving time, with the reading, place and links', async () => {
    // 8:59 AM CDT on Sunday March 14: not yet.
    expect(await runReminders('2027-03-14T13:59:00Z')).toContain('club-reminders: 0 reminders');
    expect((await remindersOf(club, MARCH_15)).rows).toBe(0);
    // 9:00 AM CDT (14:00 UTC; it would be 15:00 UTC in standard time): each member, once.
    expect(await runReminders('2027-03-14T14:00:00Z')).toContain('club-reminders: 3 reminders');
    expect(await remindersOf(club, MARCH_15)).toEqual({ emails: [1, 1, 1], rows: 3 });
    await runReminders('2027-03-14T18:00:00Z');
    expect(await remindersOf(club, MARCH_15)).toEqual({ emails: [1, 1, 1], rows: 3 });

    const [first] = club.members;
    const [row] = await queued(first!.email, 'Reminder:');
    expect(row).toMatchObject({
      subject: `Reminder: ${club.clubName}, Monday, March 15, 7:00 PM CDT`,
      replyTo: club.hostEmail,
    });
    const mail = await reminderTo(first!.email, 'March 15');
    expect(mail).toContain('This session reads Week 3 — Clarity.');
    expect(mail).toContain('Oak Room, 12 Elm St');
    expect(mail).toContain('https://www.google.com/maps/search/');
    expect(mail).toContain("I'll be there");
    expect(mail).toContain("Can't make it");
    expect(tokenIn(mail, '/your-club')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(mail).toMatch(/^Auto-Submitted: auto-generated$/m);
    expect(unsubscribeHeaderOf(first!.email, 'March 15')).toMatch(/\/api\/members\/unsubscribe\?token=[A-Za-z0-9_-]{43}$/);
    // No other member's name or address.
    for (const other of club.members.slice(1)) {
      expect(mail).not.toContain(other.email);
      expect(mail).not.toContain(other.name);
    }
  });

  it('are sent once per member even when two runs of the job meet', async () => {
    const outputs = await Promise.all([runReminders('2027-03-21T14:00:00Z'), runReminders('2027-03-21T14:00:00Z')]);
    // Both runs ran the job; between them, each member was reminded once.
    const reminded = outputs.map((output) => Number(/club-reminders: (\d+) reminders/.exec(output)![1]));
    expect(reminded.reduce((a, b) => a + b, 0)).toBe(3);
    expect(await remindersOf(club, MARCH_22)).toEqual({ emails: [2, 2, 2], rows: 3 });
  });

  it("RSVP links answer one thing for one session, only after the page's button", async () => {
    const [avery, blake] = club.members;
    const averyMail = await reminderTo(avery!.email, 'March 15');
    const blakeMail = await reminderTo(blake!.email, 'March 15');
    const averyLinks = rsvpTokens(averyMail);
    const blakeLinks = rsvpTokens(blakeMail);

    // The GET of the page asks, and changes nothing.
    const page = await request(`/your-club/rsvp?token=${averyLinks.coming}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Yes, I&#39;ll be there');
    expect(html).toContain('Monday, March 15, 7:00 PM CDT');
    expect(await testSql()`select 1 from member_rsvps where member_id = ${avery!.id}`).toHaveLength(0);

    // The "coming" link answers "coming", whatever the body says.
    const coming = await request('/api/members/rsvp', { method: 'POST', json: { token: averyLinks.coming, answer: 'not-coming' } });
    expect(coming.status).toBe(200);
    expect(await coming.json()).toEqual({ answer: 'coming', session: MARCH_15 });
    // The plain form goes back to the page, which says it is stored.
    const form = await request('/api/members/rsvp', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: blakeLinks.notComing }).toString(),
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe(`/your-club/rsvp?token=${blakeLinks.notComing}&saved=true`);
    const stored = await testSql()<{ memberId: string; answer: string }[]>`
      select member_id, answer from member_rsvps where club_id = ${club.clubId} and occurrence = ${MARCH_15} order by member_id`;
    expect(stored).toEqual([
      { memberId: String(avery!.id), answer: 'coming' },
      { memberId: String(blake!.id), answer: 'not-coming' },
    ]);

    // An RSVP token is nothing else: not the member's page, not their data, not an unsubscribe, not an answer by the page.
    expect((await request(`/your-club?token=${averyLinks.coming}`)).status).toBe(404);
    expect((await request(`/api/members/data?token=${averyLinks.coming}`)).status).toBe(404);
    expect((await request(`/api/members/unsubscribe?token=${averyLinks.coming}`, { method: 'POST' })).status).toBe(404);
    const asPage = await request('/api/members/rsvps', {
      method: 'POST',
      json: { token: averyLinks.coming, occurrence: MARCH_15, answer: 'not-coming' },
    });
    expect(asPage.status).toBe(404);
    // The unsubscribe token answers nothing either.
    const unsubscribeToken = /token=([A-Za-z0-9_-]{43})$/.exec(unsubscribeHeaderOf(avery!.email, 'March 15'))![1]!;
    expect((await request('/api/members/rsvp', { method: 'POST', json: { token: unsubscribeToken } })).status).toBe(404);

    // The member changes their answer from their page (its "Your club" link), for a session of the club's.
    const clubToken = tokenIn(averyMail, '/your-club');
    const changed = await request('/api/members/rsvps', {
      method: 'POST',
      json: { token: clubToken, occurrence: MARCH_22, answer: 'not-coming' },
    });
    expect(changed.status).toBe(200);
    const notASession = await request('/api/members/rsvps', {
      method: 'POST',
      json: { token: clubToken, occurrence: '2027-03-31T00:00:00Z', answer: 'coming' },
    });
    expect(notASession.status).toBe(409);
    const yourClub = await (await request(`/your-club?token=${clubToken}`)).text();
    expect(yourClub).toMatch(/data-rsvp="coming"/);
    expect(yourClub).toMatch(/data-rsvp="not-coming"/);
    const data = (await (await request(`/api/members/data?token=${clubToken}`)).json()) as { rsvps: { session: string; answer: string }[] };
    expect(data.rsvps).toEqual([
      expect.objectContaining({ session: MARCH_15, answer: 'coming' }),
      expect.objectContaining({ session: MARCH_22, answer: 'not-coming' }),
    ]);

    // The host sees them counted, and each member's answer to the next session held.
    const rsvps = await counts(club);
    expect(rsvps.sessions.find((session) => session.occurrence === MARCH_15)).toEqual({
      occurrence: MARCH_15,
      coming: 1,
      notComing: 1,
      notAnswered: 1,
    });
    const profile = await (await request(`/club-profile/${club.clubId}`, { headers: asUser(club.token) })).text();
    expect(profile).toMatch(/1 coming · 1 can(?:'|&#39;)t · 1 not answered/);
  });

  it('the host’s summary the morning of the session lists who is coming, once', async () => {
    // 7:59 AM CDT on the day: not yet; 8:00: once.
    await runReminders('2027-03-15T12:59:00Z');
    expect(await queued(club.hostEmail, 'Today at')).toHaveLength(0);
    expect(await runReminders('2027-03-15T13:00:00Z')).toContain('1 summaries to hosts');
    await runReminders('2027-03-15T13:05:00Z');
    expect(await queued(club.hostEmail, 'Today at')).toEqual([expect.objectContaining({ subject: `Today at ${club.clubName}: 1 coming` })]);
    const mail = await waitForEmail((text) => text.includes(`To: ${club.hostEmail}`) && text.includes('Today at'));
    expect(mail).toContain("1 coming · 1 can't · 1 not answered");
    expect(mail).toContain('- Avery Stone');
    expect(mail).not.toContain('Blake Moreno');
  });

  it('one-click unsubscribe (RFC 8058) stops that member’s reminders, and they stay a member', async () => {
    const casey = club.members[2]!;
    const url = new URL(unsubscribeHeaderOf(casey.email, 'March 15'));
    // Opened as a link, it changes nothing: it sends the person to the page that asks.
    const opened = await request(url.pathname + url.search);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toMatch(/^\/your-club\/stop-reminders\?token=/);
    expect((await request(opened.headers.get('location')!)).status).toBe(200);
    const [before] = await testSql()<
      { remindersStoppedAt: Date | null }[]
    >`select reminders_stopped_at from club_members where id = ${casey.id}`;
    expect(before!.remindersStoppedAt).toBeNull();
    // As a mail reader posts it: no cookie, no Origin.
    const response = await fetch(new URL(url.pathname + url.search, baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    const [member] = await testSql()<
      { remindersStoppedAt: Date | null }[]
    >`select reminders_stopped_at from club_members where id = ${casey.id}`;
    expect(member!.remindersStoppedAt).not.toBeNull();

    expect(await runReminders('2027-03-28T14:00:00Z')).toContain('club-reminders: 2 reminders');
    expect(await remindersOf(club, MARCH_29)).toEqual({ emails: [3, 3, 2], rows: 2 });

    // Their page turns the reminders back on.
    const clubToken = tokenIn(await reminderTo(casey.email, 'March 15'), '/your-club');
    expect(await (await request(`/your-club?token=${clubToken}`)).text()).toContain('data-member-reminders="off"');
    const again = await request('/api/members/reminders', { method: 'POST', json: { token: clubToken, reminders: 'on' } });
    expect(again.status).toBe(200);
    const [after] = await testSql()<
      { remindersStoppedAt: Date | null }[]
    >`select reminders_stopped_at from club_members where id = ${casey.id}`;
    expect(after!.remindersStoppedAt).toBeNull();
  });

  it('leaving the club deletes the member’s answers', async () => {
    const avery = club.members[0]!;
    const mail = await reminderTo(avery.email, 'March 15');
    const left = await request('/api/members/leave', { method: 'POST', json: { token: tokenIn(mail, '/your-club') } });
    expect(left.status).toBe(200);
    expect(await testSql()`select 1 from member_rsvps where member_id = ${avery.id}`).toHaveLength(0);
    expect((await counts(club)).sessions.find((session) => session.occurrence === MARCH_15)).toMatchObject({ coming: 0, notComing: 1 });
  });
});

describe('reminders 2 hours before, and off', () => {
  it('go at 5 PM CDT for a 7 PM session when the host chooses 2 hours, and never when off', async () => {
    const [club, quiet] = await Promise.all([clubWithMembers(2), clubWithMembers(1)]);
    const set = (target: Club, reminderLead: string, rsvpSummary = false) =>
      request(`/api/clubs/${target.clubId}/reminders`, {
        method: 'PUT',
        headers: asUser(target.token),
        json: { reminderLead, rsvpSummary },
      });
    expect((await set(club, 'two-hours')).status).toBe(200);
    expect((await set(quiet, 'off')).status).toBe(200);
    const bad = await set(club, 'an-hour-before');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fieldErrors: Record<string, string[]> } }).error.fieldErrors.reminderLead).toEqual([
      'Choose when members are reminded',
    ]);
    const settings = await request(`/api/clubs/${club.clubId}/reminders`, { headers: asUser(club.token) });
    expect(await settings.json()).toEqual({ reminderLead: 'two-hours', rsvpSummary: false });

    await runReminders('2027-03-14T14:00:00Z');
    await runReminders('2027-03-15T21:59:00Z');
    expect((await remindersOf(club, MARCH_15)).rows).toBe(0);
    await runReminders('2027-03-15T22:00:00Z');
    expect(await remindersOf(club, MARCH_15)).toEqual({ emails: [1, 1], rows: 2 });
    expect(await remindersOf(quiet, MARCH_15)).toEqual({ emails: [0], rows: 0 });
    // The summary is off for both.
    await runReminders('2027-03-15T13:00:00Z');
    expect(await queued(club.hostEmail, 'Today at')).toHaveLength(0);
  });
});

describe('a session cancelled or moved', () => {
  let club: Club;
  beforeAll(async () => {
    club = await clubWithMembers(2);
  });
  const change = (json: unknown) =>
    request(`/api/clubs/${club.clubId}/session-changes`, { method: 'POST', headers: asUser(club.token), json });

  it('is told to each member at once, one email per change, Reply-To the host', async () => {
    const cancelled = await change({ action: 'cancel', occurrence: MARCH_15, note: 'Spring break' });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ notified: 2 });
    const moved = await change({ action: 'move', occurrence: MARCH_22, date: '2027-03-24', time: '18:00', place: 'Room 4, City Library' });
    expect(moved.status).toBe(200);
    for (const member of club.members) {
      expect(await queued(member.email, 'Cancelled:')).toEqual([
        expect.objectContaining({ subject: `Cancelled: ${club.clubName}, Monday, March 15, 7:00 PM CDT`, replyTo: club.hostEmail }),
      ]);
      expect((await queued(member.email, 'Moved:')).map((row) => row.subject)).toEqual([
        `Moved: ${club.clubName}, now Wednesday, March 24, 6:00 PM CDT`,
      ]);
    }
    const notice = await waitForEmail((mail) => mail.includes(`To: ${club.members[0]!.email}`) && mail.includes('Subject: Moved:'));
    expect(notice).toContain('from Monday, March 22, 7:00 PM CDT to Wednesday, March 24, 6:00 PM CDT');
    expect(notice).toContain('Room 4, City Library');
    expect(notice).toMatch(/^Auto-Submitted: auto-generated$/m);

    // Cancelled and undone: one email each for each change, and the session is as planned.
    expect((await change({ action: 'cancel', occurrence: MARCH_29, note: null })).status).toBe(200);
    const undone = await request(`/api/clubs/${club.clubId}/session-changes`, {
      method: 'DELETE',
      headers: asUser(club.token),
      json: { occurrence: MARCH_29 },
    });
    expect(undone.status).toBe(200);
    for (const member of club.members) {
      expect(await queued(member.email, 'Cancelled:')).toHaveLength(2);
      expect((await queued(member.email, 'Back on:')).map((row) => row.subject)).toEqual([
        `Back on: ${club.clubName}, Monday, March 29, 7:00 PM CDT`,
      ]);
    }
  });

  it('a cancelled session has no reminder; a moved one is reminded by its new time, reading the step the cancelled one left', async () => {
    await runReminders('2027-03-14T14:00:00Z');
    expect(await remindersOf(club, MARCH_15)).toEqual({ emails: [0, 0], rows: 0 });
    // The day before the session's old day: nothing.
    await runReminders('2027-03-21T14:00:00Z');
    expect((await remindersOf(club, MARCH_22)).rows).toBe(0);
    // The day before its new day, at 9:00.
    await runReminders('2027-03-23T14:00:00Z');
    expect(await remindersOf(club, MARCH_22)).toEqual({ emails: [1, 1], rows: 2 });
    const mail = await reminderTo(club.members[1]!.email, 'March 24');
    expect(mail).toContain('Wednesday, March 24, 6:00 PM CDT (moved from its usual time)');
    expect(mail).toContain('Room 4, City Library');
    expect(mail).toContain('This session reads Week 3 — Clarity.');
  });
});
