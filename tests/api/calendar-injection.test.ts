import ical, { type VEvent } from 'node-ical';
import { beforeAll, describe, expect, it } from 'vitest';
import { MULTI_LINE_MESSAGE, SINGLE_LINE_MESSAGE } from '#lib/schemas/text.ts';
import { asUser, registerHost, registration, request, signInAdmin, testSql } from '../support/api.ts';
import { insertClub } from '../support/clubs.ts';

// Issue 26, item 4: a verified host renamed the club to a name with line breaks, and calendar.ics carried a whole
// injected event into every subscriber's calendar. Single-line fields now refuse control characters, multi-line ones
// all but line breaks, and the feed escapes whatever a row holds.

/** The review's name: a line break ends the calendar's name and the rest is read as an event of its own. */
const INJECTED_NAME = 'Harbor Lights\r\nBEGIN:VEVENT\r\nSUMMARY:MOVED see http://evil.example\r\nEND:VEVENT';
/** The same name as the feed shows it, each line break a space. */
const SHOWN_NAME = 'Harbor Lights BEGIN:VEVENT SUMMARY:MOVED see http://evil.example END:VEVENT';

const TUESDAY_EVENINGS = [{ weekday: 'tuesday' as const, start: '19:00', durationMinutes: 90 }];
const MEETINGS = {
  meetingSlots: TUESDAY_EVENINGS,
  meetingFrequency: 'weekly' as const,
  meetingFormat: 'hybrid' as const,
  videoLink: 'https://meet.example.org/harbor',
  cycleStart: '2026-01-06',
  timeZone: 'America/Chicago',
};

/** The feed's text and its events, earliest first, as a second iCalendar parser (node-ical) reads them. */
async function feed(clubId: number): Promise<{ text: string; events: VEvent[]; calendarName: unknown }> {
  const response = await request(`/api/clubs/${clubId}/calendar.ics`);
  expect(response.status).toBe(200);
  const text = await response.text();
  const parsed = ical.sync.parseICS(text);
  const series = Object.values(parsed).filter((component): component is VEvent => component?.type === 'VEVENT');
  // Each series with its occurrences overridden (RECURRENCE-ID), which node-ical keys by date and by instant.
  const events = [...series, ...series.flatMap((event) => [...new Set(Object.values(event.recurrences ?? {}))] as VEvent[])].sort(
    (a, b) => a.start.getTime() - b.start.getTime() || Number(Boolean(b.rrule)) - Number(Boolean(a.rrule)),
  );
  return { text, events, calendarName: (parsed.vcalendar as Record<string, unknown> | undefined)?.['WR-CALNAME'] };
}

/** The profile edit of a club registered with `registration()`: its club fields, without the account's. */
const profileOf = (payload: ReturnType<typeof registration>) => {
  const { hostName, clubName, city, state, zipCode, description, website, meetingSchedule } = payload;
  return { hostName, clubName, city, state, zipCode, description, website, meetingSchedule };
};

type Caller = 'anonymous' | 'host' | 'admin';
interface Write {
  method: string;
  path: () => string;
  as: Caller;
  /** A payload that passes the schema. */
  valid: () => Record<string, unknown>;
  singleLine: string[];
  multiLine: string[];
}

let host: Awaited<ReturnType<typeof registerHost>>;
let adminToken: string;

beforeAll(async () => {
  host = await registerHost();
  await testSql()`update clubs set is_verified = true where id = ${host.clubId}`;
  adminToken = await signInAdmin();
});

const WRITES: Write[] = [
  {
    method: 'POST',
    path: () => '/api/clubs/register',
    as: 'anonymous',
    valid: () => registration('HOST-TEST-CODE'),
    singleLine: ['hostName', 'clubName', 'city', 'website', 'meetingSchedule', 'hostSetCode'],
    multiLine: ['description'],
  },
  {
    method: 'PUT',
    path: () => `/api/clubs/${host.clubId}`,
    as: 'host',
    valid: () => ({ ...profileOf(host.payload), meetingFormat: 'online', videoLink: 'https://meet.example.org/quinn' }),
    singleLine: ['hostName', 'clubName', 'city', 'website', 'meetingSchedule', 'videoLink'],
    multiLine: ['description'],
  },
  {
    method: 'PUT',
    path: () => `/api/admin/clubs/${host.clubId}`,
    as: 'admin',
    valid: () => ({ ...profileOf(host.payload), email: host.payload.email, isVerified: true }),
    singleLine: ['hostName', 'clubName', 'city', 'website', 'meetingSchedule'],
    multiLine: ['description'],
  },
  {
    method: 'PUT',
    path: () => `/api/admin/clubs/${host.clubId}`,
    as: 'admin',
    valid: () => ({ isVerified: false, reason: 'Your listing needs a real meeting place.' }),
    singleLine: [],
    multiLine: ['reason'],
  },
  {
    method: 'POST',
    path: () => `/api/clubs/${host.clubId}/unverify`,
    as: 'admin',
    valid: () => ({ reason: 'Your listing needs a real meeting place.' }),
    singleLine: [],
    multiLine: ['reason'],
  },
  {
    method: 'POST',
    path: () => '/api/clubs/verify-code',
    as: 'anonymous',
    valid: () => ({ hostSetCode: 'HOST-TEST-CODE' }),
    singleLine: ['hostSetCode'],
    multiLine: [],
  },
  {
    method: 'POST',
    path: () => '/api/login',
    as: 'anonymous',
    valid: () => ({ emailOrUsername: 'nobody', password: 'not-the-password' }),
    singleLine: ['emailOrUsername'],
    multiLine: [],
  },
  {
    method: 'POST',
    path: () => '/api/contact-requests',
    as: 'anonymous',
    valid: () => ({
      name: 'Jordan Ember',
      email: 'jordan@example.com',
      phone: '555-123-4567',
      coachName: 'Casey Torch',
      message: 'I would like to schedule a session.',
    }),
    singleLine: ['name', 'phone', 'coachName'],
    multiLine: ['message'],
  },
  {
    method: 'POST',
    path: () => '/api/guides/register',
    as: 'anonymous',
    valid: () => ({
      name: 'Robin Guide',
      email: 'robin.guide@example.com',
      password: 'kindling-42',
      confirmPassword: 'kindling-42',
      phone: '555-123-4567',
    }),
    singleLine: ['name', 'phone'],
    multiLine: [],
  },
  {
    method: 'POST',
    path: () => '/api/admin/codes',
    as: 'admin',
    valid: () => ({ count: 1, note: 'Spring fair' }),
    singleLine: ['note'],
    multiLine: [],
  },
  {
    method: 'POST',
    path: () => `/api/clubs/${host.clubId}/report`,
    as: 'anonymous',
    valid: () => ({ reason: 'something-else', details: 'The meeting place has moved.' }),
    singleLine: [],
    multiLine: ['details'],
  },
];

function send(write: Write, json: Record<string, unknown>) {
  const headers = write.as === 'host' ? asUser(host.token) : write.as === 'admin' ? asUser(adminToken) : {};
  return request(write.path(), { method: write.method, json, headers });
}

/** `value` with `inserted` after its first character, so that it keeps its length and shape. */
const withInside = (value: unknown, inserted: string) => `${String(value).slice(0, 1)}${inserted}${String(value).slice(1)}`;

async function fieldErrorsOf(response: Response): Promise<Record<string, string[]> | undefined> {
  return ((await response.json()) as { error?: { fieldErrors?: Record<string, string[]> } }).error?.fieldErrors;
}

describe('the review’s rename (issue 26, item 4)', () => {
  it('refuses a club name with line breaks with 400 and the field’s message, and the feed keeps its events', async () => {
    const club = await registerHost({ ...MEETINGS });
    await testSql()`update clubs set is_verified = true where id = ${club.clubId}`;
    const before = await feed(club.clubId);

    const response = await request(`/api/clubs/${club.clubId}`, {
      method: 'PUT',
      json: { ...profileOf(club.payload), ...MEETINGS, clubName: INJECTED_NAME },
      headers: asUser(club.token),
    });

    expect(response.status).toBe(400);
    expect(await fieldErrorsOf(response)).toEqual({ clubName: [SINGLE_LINE_MESSAGE] });
    const [row] = await testSql()<{ clubName: string }[]>`select club_name as "clubName" from clubs where id = ${club.clubId}`;
    expect(row!.clubName).toBe(club.payload.clubName);
    const after = await feed(club.clubId);
    expect(after.events.map((event) => event.summary)).toEqual(before.events.map((event) => event.summary));
  });

  it('serves a row that already holds line breaks (written by SQL) as exactly the expected events, none injected', async () => {
    const fixture = { city: 'Austin\nDTSTART:19991231T000000Z', zipCode: '78704', meetings: MEETINGS };
    const clean = await insertClub(testSql(), { clubName: 'Harbor Lights', ...fixture, city: 'Austin' });
    const injected = await insertClub(testSql(), { clubName: INJECTED_NAME, ...fixture });
    await testSql()`update clubs set video_link = ${'https://meet.example.org/harbor\r\nEND:VEVENT'} where id = ${injected.id}`;

    const expected = await feed(clean.id);
    const { text, events, calendarName } = await feed(injected.id);

    // The weekly series from January 6 and its sessions of the reading plan: every one, and nothing else.
    expect(events.length).toBeGreaterThan(30);
    expect(events).toHaveLength(expected.events.length);
    const summaries = events.map((event) => String(event.summary));
    expect(summaries).toEqual(expected.events.map((event) => String(event.summary).replace('Harbor Lights', SHOWN_NAME)));
    expect(events.map((event) => event.start.getTime())).toEqual(expected.events.map((event) => event.start.getTime()));
    expect(events.filter((event) => event.rrule)).toHaveLength(1);
    expect(summaries.some((summary) => summary.startsWith('MOVED'))).toBe(false);
    expect(calendarName).toBe(SHOWN_NAME);
    expect(events[0]!.location).toBe('Austin DTSTART:19991231T000000Z, TX');
    // The meeting link is for members (decision 036): the feed never carries it, however it is written.
    expect(events[0]!.description).toContain('Meeting link: The link is sent to members.');
    expect(text).not.toContain('meet.example.org');
    // Unfolded, the document has one BEGIN:VEVENT line per event and no line the injected text began.
    const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(events.length);
    expect(lines.filter((line) => line.startsWith('SUMMARY:MOVED') || line.startsWith('DTSTART:1999'))).toEqual([]);
    expect(lines.filter((line) => /\p{Cc}/u.test(line))).toEqual([]);
  });
});

describe('single-line and multi-line fields', () => {
  it('refuse a line break, tab or other control character in every single-line field with 400 and its message', async () => {
    for (const write of WRITES) {
      for (const key of write.singleLine) {
        for (const control of ['\n', '\r\n', '\t', '\u001b', '\u007f', '\u0085', '\u2028']) {
          const payload = { ...write.valid(), [key]: withInside(write.valid()[key], control) };
          const response = await send(write, payload);
          const label = `${write.method} ${write.path()} ${key} ${JSON.stringify(control)}`;
          expect(response.status, label).toBe(400);
          expect(await fieldErrorsOf(response), label).toEqual({ [key]: [SINGLE_LINE_MESSAGE] });
        }
      }
    }
  });

  it('refuse a tab or other control character in every multi-line field with 400 and its message', async () => {
    for (const write of WRITES) {
      for (const key of write.multiLine) {
        for (const control of ['\t', '\u0000', '\u001b', '\u0085']) {
          const payload = { ...write.valid(), [key]: withInside(write.valid()[key], control) };
          const response = await send(write, payload);
          const label = `${write.method} ${write.path()} ${key} ${JSON.stringify(control)}`;
          expect(response.status, label).toBe(400);
          const message = control === '\u0000' ? 'Text cannot contain NUL characters.' : MULTI_LINE_MESSAGE;
          expect(await fieldErrorsOf(response), label).toEqual({ [key]: [message] });
        }
      }
    }
  });

  it('accept line breaks in multi-line fields: a description, a report’s details and a contact message', async () => {
    const description = 'We read together.\r\nTuesdays at seven.\n\nAll welcome.';
    const edit = await request(`/api/clubs/${host.clubId}`, {
      method: 'PUT',
      json: { ...profileOf(host.payload), description },
      headers: asUser(host.token),
    });
    expect(edit.status).toBe(200);
    expect(((await edit.json()) as { description: string }).description).toBe(description);

    const report = await request(`/api/clubs/${host.clubId}/report`, {
      method: 'POST',
      json: { reason: 'something-else', details: 'They moved.\nNow on Main Street.' },
    });
    expect(report.status).toBe(201);

    const contact = WRITES.find((write) => write.path() === '/api/contact-requests')!;
    const message = await send(contact, { ...contact.valid(), message: 'Hello,\r\nI would like a session.\nThanks.' });
    expect(message.status).toBe(201);
  });
});
