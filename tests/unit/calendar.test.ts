import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import type { MeetingFrequency } from '#lib/clubs/meetings/types.ts';
import { meetingPlace } from '#lib/clubs/meetings/place.ts';
import { clubCalendar, googleCalendarLink, meetingLocation, recurrenceRule, type CalendarClub } from '#lib/clubs/meetings/calendar.ts';
import { sessionsFrom } from '#lib/clubs/meetings/sessions.ts';
import { clubStructuredData, jsonLdText } from '#lib/clubs/meetings/structured-data.ts';
import { occurrences } from '../support/ics.ts';

const READING = {
  weeks: Array.from({ length: 8 }, (_, index) => ({ week: index + 1, theme: `Theme ${index + 1}`, about: `About week ${index + 1}` })),
  months: Array.from({ length: 8 }, (_, index) => ({ month: index + 1, title: `Book ${index + 1}`, about: `About month ${index + 1}` })),
};
const PAGE_URL = 'https://clubs.example.org/flamekeeper-clubs/7-harbor-lights';
const CARD_URL = `${PAGE_URL}/preview.png`;

function club(overrides: Partial<CalendarClub> = {}): CalendarClub & { timeZone: string } {
  return {
    id: 7,
    clubName: 'Harbor Lights',
    city: 'Seattle',
    state: 'WA',
    zipCode: '98103',
    meetingFormat: 'online',
    meetingLanguage: 'en',
    venueName: null,
    venueAddress: null,
    venuePrivate: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    meetingSlots: [{ weekday: 'thursday', start: '18:30', durationMinutes: 60 }],
    meetingFrequency: 'weekly',
    cycleStart: null,
    timeZone: 'America/Los_Angeles',
    ...overrides,
  } as CalendarClub & { timeZone: string };
}

function events(ics: string): VEvent[] {
  return Object.values(ical.sync.parseICS(ics))
    .filter((component): component is VEvent => component?.type === 'VEVENT')
    .sort((a, b) => a.start.getTime() - b.start.getTime());
}

describe('recurrenceRule', () => {
  it.each<[MeetingFrequency, string]>([
    ['weekly', 'FREQ=WEEKLY;BYDAY=TU'],
    ['biweekly', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU'],
    ['first', 'FREQ=MONTHLY;BYDAY=1TU'],
    ['second', 'FREQ=MONTHLY;BYDAY=2TU'],
    ['third', 'FREQ=MONTHLY;BYDAY=3TU'],
    ['fourth', 'FREQ=MONTHLY;BYDAY=4TU'],
    ['last', 'FREQ=MONTHLY;BYDAY=-1TU'],
  ])('gives %s Tuesdays as %s', (frequency, rule) => {
    expect(recurrenceRule({ weekday: 'tuesday' }, frequency)).toBe(rule);
  });

  it('names every weekday by its two letters', () => {
    expect(recurrenceRule({ weekday: 'sunday' }, 'weekly')).toBe('FREQ=WEEKLY;BYDAY=SU');
    expect(recurrenceRule({ weekday: 'thursday' }, 'last')).toBe('FREQ=MONTHLY;BYDAY=-1TH');
  });
});

describe('googleCalendarLink', () => {
  it('prefills the session in local time with the club’s zone, its recurrence, details and location', () => {
    const plan = club({ meetingFormat: 'hybrid' });
    const [session] = sessionsFrom(plan, new Date('2026-03-02T00:00:00Z'), 1);
    const url = new URL(googleCalendarLink(plan, session!, PAGE_URL));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: 'Harbor Lights',
      dates: '20260305T183000/20260305T193000',
      ctz: 'America/Los_Angeles',
      recur: 'RRULE:FREQ=WEEKLY;BYDAY=TH',
      details: `Meets in English.\n\nMeeting link: The link is sent to members.\n\nClub page: ${PAGE_URL}`,
      location: 'Seattle, WA',
    });
  });

  it('keeps the local time after the clocks change, and says the link is sent to members', () => {
    const plan = club({ meetingFrequency: 'last' });
    const [session] = sessionsFrom(plan, new Date('2026-03-09T00:00:00Z'), 1);
    const url = new URL(googleCalendarLink(plan, session!, PAGE_URL));
    expect(url.searchParams.get('dates')).toBe('20260326T183000/20260326T193000');
    expect(url.searchParams.get('recur')).toBe('RRULE:FREQ=MONTHLY;BYDAY=-1TH');
    expect(url.searchParams.get('details')).toContain('Meeting link: The link is sent to members.');
    expect(url.searchParams.get('location')).toBe('Online');
  });
});

describe('clubCalendar', () => {
  it('is null for a club without times, or every two weeks without a cycle start', () => {
    expect(clubCalendar(club({ meetingSlots: [] }), { reading: READING, pageUrl: PAGE_URL })).toBeNull();
    expect(clubCalendar(club({ timeZone: null }), { reading: READING, pageUrl: PAGE_URL })).toBeNull();
    expect(clubCalendar(club({ meetingFrequency: 'biweekly' }), { reading: READING, pageUrl: PAGE_URL })).toBeNull();
  });

  it('titles every other week of a biweekly club with its reading, then continues every two weeks in step', () => {
    // Thursday, October 1, 2026, every other week: each meeting reads the next week's theme, so the 8 themes take 16
    // weeks (issue 30: such a club only ever got weeks 1, 3, 5 and 7); the clocks change on November 1.
    const ics = clubCalendar(club({ meetingFrequency: 'biweekly', cycleStart: '2026-10-01' }), { reading: READING, pageUrl: PAGE_URL })!;
    expect(ics).toContain('BEGIN:VTIMEZONE\r\nTZID:America/Los_Angeles');
    expect(ics).toMatch(/^DTSTAMP:\d{8}T\d{6}Z\r$/m);
    expect(ics).not.toMatch(/^DTSTAMP:\d{8}T\d{6}\r$/m);
    // One series from the cycle start, its sessions of the reading plan overridden with their titles (decision 018).
    const all = events(ics);
    expect(all).toHaveLength(1);
    const [series] = all;
    expect(series!.summary).toBe('Harbor Lights');
    expect(series!.rrule!.toString()).toContain('RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TH');
    expect(series!.start.toISOString()).toBe('2026-10-02T01:30:00.000Z');
    const titled = occurrences(ics, new Date('2026-10-01T00:00:00Z'), new Date('2027-12-31T00:00:00Z'));
    expect(titled.slice(0, 4).map(([start, summary]) => [start, summary])).toEqual([
      ['2026-10-02T01:30:00.000Z', 'Week 1 — Theme 1 · Harbor Lights'],
      ['2026-10-16T01:30:00.000Z', 'Week 2 — Theme 2 · Harbor Lights'],
      ['2026-10-30T01:30:00.000Z', 'Week 3 — Theme 3 · Harbor Lights'],
      ['2026-11-13T02:30:00.000Z', 'Week 4 — Theme 4 · Harbor Lights'],
    ]);
    const weeks = titled.filter(([, summary]) => summary.startsWith('Week '));
    expect(weeks.map(([, summary]) => summary.slice(0, 6))).toEqual([
      'Week 1',
      'Week 2',
      'Week 3',
      'Week 4',
      'Week 5',
      'Week 6',
      'Week 7',
      'Week 8',
    ]);
    expect(weeks.at(-1)![0]).toBe('2027-01-08T02:30:00.000Z');
    expect(titled[8]![1]).toBe('Month 3 — Book 3 · Harbor Lights');
    expect(Object.values(series!.recurrences!)[0]!.description).toContain('About week 1');
    // After the plan, the series goes on every two weeks in step with the club's weeks.
    const after = titled.filter(([, summary]) => summary === 'Harbor Lights');
    expect(after.length).toBeGreaterThan(0);
    const fortnights = (Date.parse(after[0]![0]) - Date.parse(titled[0]![0])) / (14 * 86_400_000);
    expect(Math.abs(fortnights - Math.round(fortnights))).toBeLessThan(0.01);
  });

  it('gives each slot its own series with a stable UID', () => {
    const plan = club({
      meetingSlots: [
        { weekday: 'monday', start: '09:00', durationMinutes: 45 },
        { weekday: 'thursday', start: '18:30', durationMinutes: 60 },
      ],
    });
    const first = clubCalendar(plan, { reading: READING, pageUrl: PAGE_URL })!;
    const again = clubCalendar(plan, { reading: READING, pageUrl: PAGE_URL })!;
    const uids = events(first).map((event) => event.uid);
    expect(uids).toEqual(['club-7-20260101T183000-series@clubs.example.org', 'club-7-20260105T090000-series@clubs.example.org']);
    expect(events(again).map((event) => event.uid)).toEqual(uids);
  });
});

describe('a session changed in a club without a cycle start', () => {
  it('is an EXDATE of its slot’s series when cancelled and an override at its new time when moved, for both parsers', () => {
    // Thursdays at 6:30 PM in Seattle: January 7 cancelled, January 14 moved to Friday the 15th at 7 PM.
    const ics = clubCalendar(
      club(),
      { reading: READING, pageUrl: PAGE_URL },
      {
        sequence: 2,
        changes: [
          { occurrence: '2027-01-08T02:30:00.000Z', kind: 'cancelled', note: 'Snow', movedTo: null, place: null },
          {
            occurrence: '2027-01-15T02:30:00.000Z',
            kind: 'moved',
            note: null,
            movedTo: '2027-01-16T03:00:00.000Z',
            place: 'Ballard Library',
          },
        ],
      },
    )!;
    expect(ics).toContain('EXDATE;TZID=America/Los_Angeles:20270107T183000');
    expect(ics).toContain('RECURRENCE-ID;TZID=America/Los_Angeles:20270114T183000');
    const found = occurrences(ics, new Date('2027-01-01T00:00:00Z'), new Date('2027-01-25T00:00:00Z'));
    expect(found.map(([start, summary]) => [start, summary])).toEqual([
      ['2027-01-01T02:30:00.000Z', 'Harbor Lights'],
      ['2027-01-16T03:00:00.000Z', 'Harbor Lights'],
      ['2027-01-22T02:30:00.000Z', 'Harbor Lights'],
    ]);
    const [series] = events(ics);
    const [moved] = [...new Set(Object.values(series!.recurrences!) as VEvent[])];
    expect(moved!.location).toBe('Ballard Library');
    expect(moved!.description).toMatch(/^Moved from Thu, Jan 14, 6:30 PM\./);
  });
});

/** The review's club name (issue 26): line breaks that would end the name and begin an event of their own. */
const INJECTED_NAME = 'Harbor Lights\r\nEND:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:MOVED see http://evil.example\r\nEND:VEVENT';
/** The name as the feed shows it: each line break a space. */
const SHOWN_NAME = 'Harbor Lights END:VCALENDAR BEGIN:VEVENT SUMMARY:MOVED see http://evil.example END:VEVENT';

/** The content lines of an iCalendar document, unfolded (RFC 5545 §3.1). */
const contentLines = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');

describe("the calendar's text", () => {
  it('carries a club name with line breaks as one line, in the calendar and in each event, and nothing else', () => {
    const ics = clubCalendar(club({ clubName: INJECTED_NAME, cycleStart: '2026-10-01' }), { reading: READING, pageUrl: PAGE_URL })!;
    const lines = contentLines(ics);
    // The series and its sessions of the reading plan: every event the plan makes, and no other.
    const all = events(ics);
    expect(all.map((event) => event.summary)).toEqual([SHOWN_NAME]);
    // node-ical keys each override by its date and by its instant.
    const overrides = [...new Set(Object.values(all[0]!.recurrences!))];
    expect(overrides.length + 1).toBe(lines.filter((line) => line === 'BEGIN:VEVENT').length);
    const summaries = [...all, ...overrides].map((event) => String(event.summary));
    expect(summaries.every((summary) => summary.endsWith(` · ${SHOWN_NAME}`) || summary === SHOWN_NAME)).toBe(true);
    expect(summaries.some((summary) => summary.startsWith('MOVED'))).toBe(false);
    expect(lines).toContain(`X-WR-CALNAME:${SHOWN_NAME}`);
    expect(lines).toContain(`X-WR-CALDESC:When ${SHOWN_NAME} meets`);
    expect(lines.filter((line) => /^(BEGIN|END):VCALENDAR$/.test(line))).toEqual(['BEGIN:VCALENDAR', 'END:VCALENDAR']);
    expect(lines.filter((line) => line.startsWith('SUMMARY:MOVED'))).toEqual([]);
  });

  it('escapes commas, semicolons and backslashes in the calendar’s name and description as in its events', () => {
    const name = 'Fire, Ice; and \\ Ash';
    const ics = clubCalendar(club({ clubName: name }), { reading: READING, pageUrl: PAGE_URL })!;
    const lines = contentLines(ics);
    expect(lines).toContain('X-WR-CALNAME:Fire\\, Ice\\; and \\\\ Ash');
    expect(lines).toContain('NAME:Fire\\, Ice\\; and \\\\ Ash');
    expect(lines).toContain('SUMMARY:Fire\\, Ice\\; and \\\\ Ash');
    const [event] = events(ics);
    expect(event!.summary).toBe(name);
  });

  it('keeps line breaks in descriptions as escaped line breaks, and drops other control characters', () => {
    const plan = club({
      city: 'Sea\u000bttle\r\nDTSTART:19991231T000000Z',
      meetingFormat: 'hybrid',
    });
    const ics = clubCalendar(plan, { reading: READING, pageUrl: PAGE_URL })!;
    const lines = contentLines(ics);
    expect(lines.filter((line) => line.startsWith('DTSTART:1999'))).toEqual([]);
    expect(lines.filter((line) => /\p{Cc}/u.test(line))).toEqual([]);
    const [event] = events(ics);
    expect(event!.location).toBe('Sea ttle DTSTART:19991231T000000Z, WA');
    expect(event!.description).toBe(`Meets in English.\n\nMeeting link: The link is sent to members.\n\nClub page: ${PAGE_URL}`);
  });
});

describe('clubStructuredData', () => {
  it('describes a monthly club as an Event with a Schedule counting weeks from the end of the month', () => {
    const plan = club({ meetingFrequency: 'last', meetingFormat: 'in-person' });
    const [next] = sessionsFrom(plan, new Date('2026-07-01T00:00:00Z'), 1);
    const data = clubStructuredData({ ...plan, zipCode: '98101', description: null, website: null }, PAGE_URL, next!, CARD_URL);
    expect(data).toMatchObject({
      '@type': 'Event',
      startDate: '2026-07-30T18:30:00-07:00',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', name: 'Seattle, WA' },
      eventSchedule: [
        { byDay: 'https://schema.org/Thursday', byMonthWeek: -1, duration: 'PT1H', repeatFrequency: 'P1M', startTime: '18:30:00' },
      ],
    });
  });

  it('is an Organization without a next session', () => {
    const data = clubStructuredData(
      { ...club({ meetingSlots: [] }), zipCode: '98101', description: 'Readers.', website: null },
      PAGE_URL,
      null,
      CARD_URL,
    );
    expect(data).toMatchObject({
      '@type': 'Organization',
      name: 'Harbor Lights',
      url: PAGE_URL,
      image: CARD_URL,
      foundingDate: '2026-01-01',
    });
  });

  // Issue 41, item 15: a Tuesday club whose cycle began on a Thursday had a Schedule starting on that Thursday.
  it.each<[MeetingFrequency, string]>([
    ['weekly', '2026-03-10'],
    ['biweekly', '2026-03-10'],
    ['first', '2026-04-07'],
    ['last', '2026-03-31'],
  ])("starts a %s Tuesday club's Schedule on its first Tuesday from the cycle start, %s", (meetingFrequency, startDate) => {
    const plan = club({
      meetingFrequency,
      cycleStart: '2026-03-05',
      meetingSlots: [{ weekday: 'tuesday', start: '19:00', durationMinutes: 90 }],
    });
    const [next] = sessionsFrom(plan, new Date('2026-03-01T00:00:00Z'), 1);
    const data = clubStructuredData({ ...plan, zipCode: '98101', description: null, website: null }, PAGE_URL, next!, CARD_URL);
    expect(data).toMatchObject({ '@type': 'Event', image: CARD_URL, eventSchedule: [{ byDay: 'https://schema.org/Tuesday', startDate }] });
  });

  it('starts each slot of a club without a cycle start on its first day from the next session, on its own weekday', () => {
    const plan = club({
      meetingSlots: [
        { weekday: 'saturday', start: '10:00', durationMinutes: 60 },
        { weekday: 'tuesday', start: '19:00', durationMinutes: 60 },
      ],
    });
    // Wednesday, July 1, 2026: the next session is Saturday the 4th, the Tuesday slot's first the 7th.
    const [next] = sessionsFrom(plan, new Date('2026-07-01T12:00:00Z'), 1);
    const data = clubStructuredData({ ...plan, zipCode: '98101', description: null, website: null }, PAGE_URL, next!, CARD_URL);
    expect((data.eventSchedule as { byDay: string; startDate: string }[]).map(({ byDay, startDate }) => [byDay, startDate])).toEqual([
      ['https://schema.org/Saturday', '2026-07-04'],
      ['https://schema.org/Tuesday', '2026-07-07'],
    ]);
  });

  it('writes JSON that no text can break out of', () => {
    expect(jsonLdText({ name: '</script><!-- & -->' })).toBe('{"name":"\\u003c/script\\u003e\\u003c!-- \\u0026 --\\u003e"}');
  });
});

// Issue 30 item 22: the calendar said only the city of a club that names its meeting place.
describe('the meeting place', () => {
  const venue = { venueName: 'Fremont Library meeting room', venueAddress: '731 N 35th St' };

  it("is the calendar's LOCATION with its full address for an in-person or hybrid club, in each event", () => {
    const full = 'Fremont Library meeting room, 731 N 35th St, Seattle, WA 98103';
    expect(meetingLocation(club({ meetingFormat: 'in-person', ...venue }))).toBe(full);
    expect(meetingLocation(club({ meetingFormat: 'hybrid', ...venue }))).toBe(full);
    expect(
      events(clubCalendar(club({ meetingFormat: 'in-person', ...venue }), { reading: READING, pageUrl: PAGE_URL })!)[0]!.location,
    ).toBe(full);
  });

  it('leaves the LOCATION as it was without a public place: "Online", or the city', () => {
    expect(meetingLocation(club({ meetingFormat: 'online', ...venue }))).toBe('Online');
    expect(meetingLocation(club({ meetingFormat: 'in-person', venuePrivate: true, venueName: null, venueAddress: null }))).toBe(
      'Seattle, WA',
    );
    expect(meetingLocation(club({ meetingFormat: 'in-person' }))).toBe('Seattle, WA');
  });

  it('gives directions as a Google Maps search for the full address, and says a private place is shared on request', () => {
    expect(meetingPlace(club({ meetingFormat: 'in-person', ...venue }))).toEqual({
      name: 'Fremont Library meeting room',
      address: '731 N 35th St, Seattle, WA 98103',
      directionsUrl: 'https://www.google.com/maps/search/?api=1&query=731%20N%2035th%20St%2C%20Seattle%2C%20WA%2098103',
    });
    expect(meetingPlace(club({ meetingFormat: 'hybrid', venuePrivate: true }))).toBe('on-request');
    expect(meetingPlace(club({ meetingFormat: 'online', ...venue }))).toBeNull();
    expect(meetingPlace(club({ meetingFormat: 'in-person' }))).toBeNull();
  });

  it("is the JSON-LD's Place, with its street address, when public", () => {
    const next = sessionsFrom(club(), new Date('2026-03-01T00:00:00Z'), 1)[0]!;
    const data = clubStructuredData(
      { ...club({ meetingFormat: 'in-person', ...venue }), description: null, website: null },
      PAGE_URL,
      next,
      CARD_URL,
    );
    expect(data.location).toEqual({
      '@type': 'Place',
      name: 'Fremont Library meeting room',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '731 N 35th St',
        addressLocality: 'Seattle',
        addressRegion: 'WA',
        postalCode: '98103',
        addressCountry: 'US',
      },
    });
  });
});
