import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionView } from '#lib/clubs/meetings/changes.ts';
import { clubPagePath } from '#lib/clubs/pages.ts';
import { asUser, registerHost, request, signInAdmin, testSql } from '../support/api.ts';
import { occurrences } from '../support/ics.ts';

// Issue 40, "Sessions cancelled or moved": the host cancels or moves one upcoming session and can undo it; the page,
// the directory's dialog, the calendar feed (EXDATE, RECURRENCE-ID, SEQUENCE, read by node-ical and ical.js) and the
// reading plan follow.

const ZONE = 'America/New_York';
const SLOTS = [{ weekday: 'thursday', start: '19:00', durationMinutes: 90 }];

/** The Thursday three weeks or so before today (YYYY-MM-DD): the cycle is under way, its plan months from its end. */
function recentThursday(): string {
  const day = new Date(Date.now() - 21 * 86_400_000);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() - 4 + 7) % 7));
  return day.toISOString().slice(0, 10);
}

let host: { clubId: number; token: string; payload: { clubName: string } };
let otherHost: { clubId: number; token: string };
let adminToken: string;

beforeAll(async () => {
  const meetings = {
    meetingSlots: SLOTS,
    meetingFrequency: 'weekly',
    meetingFormat: 'in-person',
    cycleStart: recentThursday(),
    timeZone: ZONE,
  };
  host = await registerHost({ ...meetings, clubName: 'Ember Lane Readers' });
  otherHost = await registerHost(meetings);
  await testSql()`update clubs set is_verified = true where id in ${testSql()([host.clubId, otherHost.clubId])}`;
  adminToken = await signInAdmin();
});

const changesPath = () => `/api/clubs/${host.clubId}/session-changes`;

async function hostSessions(): Promise<SessionView[]> {
  const response = await request(changesPath(), { headers: asUser(host.token) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { sessions: SessionView[] }).sessions;
}

async function publicSessions(): Promise<SessionView[]> {
  const response = await request(`/api/clubs/${host.clubId}/sessions`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { sessions: SessionView[] }).sessions;
}

async function calendar(): Promise<string> {
  const response = await request(`/api/clubs/${host.clubId}/calendar.ics`);
  expect(response.status).toBe(200);
  return response.text();
}

/** The starts "Ask to join" offers (ISO instants). */
async function offeredStarts(): Promise<string[]> {
  const response = await request(`/api/clubs/${host.clubId}/join-requests/options`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { starts: { startAt: string }[] }).starts.map((start) => start.startAt);
}

const change = (body: unknown, token = host.token) => request(changesPath(), { method: 'POST', headers: asUser(token), json: body });
const undo = (occurrence: string, token = host.token) =>
  request(changesPath(), { method: 'DELETE', headers: asUser(token), json: { occurrence } });

/** The occurrences both parsers read in the next ten weeks. */
const ahead = (ics: string) => occurrences(ics, new Date(), new Date(Date.now() + 70 * 86_400_000));

describe('a session cancelled', () => {
  it('is struck through with its note on the page and in the dialog, leaves the calendar, and its step goes to the next session', async () => {
    const before = await hostSessions();
    expect(before.length).toBeGreaterThan(3);
    const [, nextWeek, following] = before;
    expect(nextWeek!.reading).toMatch(/^Week \d — /);
    const icsBefore = await calendar();
    const sequenceBefore = Number(/^SEQUENCE:(\d+)\r$/m.exec(icsBefore)![1]);
    expect(ahead(icsBefore).map(([start]) => start)).toContain(nextWeek!.occurrence);

    const response = await change({ action: 'cancel', occurrence: nextWeek!.occurrence, note: 'No meeting on Dec 24 — holiday' });
    expect(response.status).toBe(200);
    const { session } = (await response.json()) as { session: SessionView };
    expect(session).toMatchObject({
      occurrence: nextWeek!.occurrence,
      status: 'cancelled',
      note: 'No meeting on Dec 24 — holiday',
      reading: null,
    });

    // The dialog's list and the page.
    const listed = await publicSessions();
    expect(listed.find((item) => item.occurrence === nextWeek!.occurrence)).toMatchObject({
      status: 'cancelled',
      note: 'No meeting on Dec 24 — holiday',
    });
    // The reading plan follows the sessions held: the next session reads what the cancelled one would have.
    expect(listed.find((item) => item.occurrence === following!.occurrence)!.reading).toBe(nextWeek!.reading);
    const page = await (await request(clubPagePath({ id: host.clubId, clubName: host.payload.clubName }))).text();
    expect(page).toMatch(
      /<li[^>]*data-session-status="cancelled"[^>]*>\s*<p>\s*<del[^>]*>\s*<time datetime="[^"]+">[^<]+<\/time>\s*<\/del>/,
    );
    expect(page).toContain('No meeting on Dec 24 — holiday');

    // Ask to join no longer offers it as a start.
    expect(await offeredStarts()).not.toContain(nextWeek!.occurrence);

    // The calendar: an EXDATE of the series, read by both parsers as no session that day, and a newer SEQUENCE.
    const ics = await calendar();
    expect(ics).toMatch(/^EXDATE;TZID=America\/New_York:\d{8}T190000\r$/m);
    expect(Number(/^SEQUENCE:(\d+)\r$/m.exec(ics)![1])).toBe(sequenceBefore + 1);
    const sessions = ahead(ics);
    expect(sessions.map(([start]) => start)).not.toContain(nextWeek!.occurrence);
    expect(sessions.find(([start]) => start === following!.occurrence)![1]).toBe(`${nextWeek!.reading} · Ember Lane Readers`);

    // Undone, the session and its reading are back.
    const undone = await undo(nextWeek!.occurrence);
    expect(undone.status).toBe(200);
    expect(((await undone.json()) as { session: SessionView }).session).toMatchObject({ status: 'scheduled', reading: nextWeek!.reading });
    const icsAfter = await calendar();
    expect(icsAfter).not.toContain('EXDATE');
    expect(Number(/^SEQUENCE:(\d+)\r$/m.exec(icsAfter)![1])).toBe(sequenceBefore + 2);
    expect(ahead(icsAfter).map(([start]) => start)).toContain(nextWeek!.occurrence);
  });
});

describe('a session moved', () => {
  it('is at its new time with "moved from" on the page, and once at its new time in the calendar', async () => {
    const [, , , session] = await hostSessions();
    // The Friday after, at 6:30 PM in the club's zone, at another place.
    const friday = new Date(Date.parse(session!.occurrence) + 86_400_000);
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(friday);
    const response = await change({
      action: 'move',
      occurrence: session!.occurrence,
      date,
      time: '18:30',
      place: 'Pack Library, 67 Haywood St',
    });
    expect(response.status).toBe(200);
    const moved = ((await response.json()) as { session: SessionView }).session;
    expect(moved).toMatchObject({ status: 'moved', place: 'Pack Library, 67 Haywood St', reading: session!.reading });
    expect(Date.parse(moved.start) - Date.parse(session!.occurrence)).toBe(23.5 * 3_600_000);

    expect((await publicSessions()).find((item) => item.occurrence === session!.occurrence)).toMatchObject({
      status: 'moved',
      start: moved.start,
    });
    const page = await (await request(clubPagePath({ id: host.clubId, clubName: host.payload.clubName }))).text();
    expect(page).toMatch(/data-session-status="moved"[\s\S]*?Moved from <time datetime="[^"]+">Thu, /);
    expect(page).toContain('Pack Library, 67 Haywood St');
    expect(page).toContain('"eventStatus":"https://schema.org/EventScheduled"');

    // Ask to join offers it at its new time.
    const starts = await offeredStarts();
    expect(starts).toContain(moved.start);
    expect(starts).not.toContain(session!.occurrence);

    const ics = await calendar();
    expect(ics).toMatch(/^RECURRENCE-ID;TZID=America\/New_York:\d{8}T190000\r$/m);
    const sessions = ahead(ics);
    expect(sessions.filter(([start]) => start === moved.start)).toHaveLength(1);
    expect(sessions.map(([start]) => start)).not.toContain(session!.occurrence);
    // One series: the moved session has the series' UID, so a calendar replaces the occurrence, never adds one.
    expect(new Set(sessions.map(([, , uid]) => uid)).size).toBe(1);

    expect((await undo(session!.occurrence)).status).toBe(200);
  });

  it('marks the next session EventRescheduled in the JSON-LD when it is the one moved', async () => {
    const [next] = await hostSessions();
    const later = new Date(Date.parse(next!.occurrence) + 3_600_000);
    const time = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(later);
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(later);
    expect((await change({ action: 'move', occurrence: next!.occurrence, date, time })).status).toBe(200);
    const page = await (await request(clubPagePath({ id: host.clubId, clubName: host.payload.clubName }))).text();
    expect(page).toContain('"eventStatus":"https://schema.org/EventRescheduled"');
    expect(page).toMatch(/"previousStartDate":"\d{4}-\d{2}-\d{2}T19:00:00-0[45]:00"/);
    expect((await undo(next!.occurrence)).status).toBe(200);
  });
});

describe('who may change a session, and what', () => {
  it('answers a signed-out caller 401, another host 404 and the admin as the host', async () => {
    const [session] = await hostSessions();
    const body = { action: 'cancel', occurrence: session!.occurrence };
    expect((await request(changesPath())).status).toBe(401);
    expect((await request(changesPath(), { method: 'POST', json: body })).status).toBe(401);
    expect((await request(changesPath(), { method: 'DELETE', json: { occurrence: session!.occurrence } })).status).toBe(401);
    expect((await request(changesPath(), { headers: asUser(otherHost.token) })).status).toBe(404);
    expect((await change(body, otherHost.token)).status).toBe(404);
    expect((await undo(session!.occurrence, otherHost.token)).status).toBe(404);
    expect((await publicSessions()).find((item) => item.occurrence === session!.occurrence)!.status).toBe('scheduled');

    expect((await change(body, adminToken)).status).toBe(200);
    expect((await undo(session!.occurrence, adminToken)).status).toBe(200);
  });

  it('refuses bad input with 400 and its fields', async () => {
    const [session] = await hostSessions();
    const fields = async (response: Response) => {
      expect(response.status).toBe(400);
      return ((await response.json()) as { error: { fieldErrors: Record<string, string[]> } }).error.fieldErrors;
    };
    expect(Object.keys(await fields(await change({ occurrence: session!.occurrence })))).toContain('action');
    expect(await fields(await change({ action: 'cancel', occurrence: session!.occurrence, note: 'x'.repeat(201) }))).toEqual({
      note: ['Note must be at most 200 characters'],
    });
    expect(Object.keys(await fields(await change({ action: 'cancel', occurrence: 'next Thursday' })))).toEqual(['occurrence']);
    expect(
      Object.keys(await fields(await change({ action: 'move', occurrence: session!.occurrence, date: '2026-13-40', time: '25:00' }))),
    ).toEqual(['date', 'time']);
    expect(await fields(await change({ action: 'cancel', occurrence: session!.occurrence, note: 'line\nbreak' }))).toHaveProperty('note');
    // A move to a time that has passed, or to the same time and place.
    expect(
      await fields(await change({ action: 'move', occurrence: session!.occurrence, date: '2020-01-02', time: '19:00' })),
    ).toHaveProperty('date');
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(session!.occurrence));
    expect(await fields(await change({ action: 'move', occurrence: session!.occurrence, date, time: '19:00' }))).toHaveProperty('date');
  });

  it('answers 404 for a time that is no upcoming session of the club, and 409 for a change that conflicts', async () => {
    const [session, next] = await hostSessions();
    const anHourLater = new Date(Date.parse(session!.occurrence) + 3_600_000).toISOString();
    expect((await change({ action: 'cancel', occurrence: anHourLater })).status).toBe(404);
    const lastWeek = new Date(Date.parse(session!.occurrence) - 7 * 86_400_000).toISOString();
    expect((await change({ action: 'cancel', occurrence: lastWeek })).status).toBe(404);
    expect((await request(`/api/clubs/999999999/session-changes`, { headers: asUser(host.token) })).status).toBe(404);

    // Undo with nothing to undo; cancelled twice; moved onto the next session.
    expect((await undo(session!.occurrence)).status).toBe(409);
    expect((await change({ action: 'cancel', occurrence: session!.occurrence })).status).toBe(200);
    expect((await change({ action: 'cancel', occurrence: session!.occurrence })).status).toBe(409);
    const nextDate = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(next!.occurrence));
    expect((await change({ action: 'move', occurrence: session!.occurrence, date: nextDate, time: '19:00' })).status).toBe(409);
    expect((await undo(session!.occurrence)).status).toBe(200);
  });

  it('keeps a pending club’s sessions off the public list', async () => {
    const pending = await registerHost({ meetingSlots: SLOTS, meetingFormat: 'in-person', timeZone: ZONE });
    expect((await request(`/api/clubs/${pending.clubId}/sessions`)).status).toBe(404);
    expect((await request(`/api/clubs/${pending.clubId}/session-changes`, { headers: asUser(pending.token) })).status).toBe(200);
  });
});
