import { describe, expect, it } from 'vitest';
import { MEETING_FREQUENCIES, type MeetingFrequency, type MeetingSlot } from '#lib/clubs/meetings/types.ts';
import { clubCalendar, type CalendarClub } from '#lib/clubs/meetings/calendar.ts';
import { plannedSessions } from '#lib/clubs/meetings/planned.ts';
import type { SessionChange } from '#lib/clubs/meetings/changes.ts';
import { occurrences } from '../support/ics.ts';

// Issue 41, item 2 (decision 018): every step of the reading plan appears once, in order, whatever the frequency and
// however many days a week the club meets; the sessions of one meeting period share a step.

const READING = {
  weeks: Array.from({ length: 8 }, (_, index) => ({ week: index + 1, theme: `Theme ${index + 1}`, about: `About week ${index + 1}` })),
  months: Array.from({ length: 8 }, (_, index) => ({ month: index + 1, title: `Book ${index + 1}`, about: `About month ${index + 1}` })),
};
const PAGE_URL = 'https://clubs.example.org/flamekeeper-clubs/7-harbor-lights';
const STEPS = [
  ...READING.weeks.map((week) => `Week ${week.week} — ${week.theme}`),
  ...READING.months.slice(2).map((month) => `Month ${month.month} — ${month.title}`),
];

const slot = (weekday: MeetingSlot['weekday'], start = '19:00'): MeetingSlot => ({ weekday, start, durationMinutes: 90 });

function club(meetingFrequency: MeetingFrequency, meetingSlots: MeetingSlot[], cycleStart: string): CalendarClub {
  return {
    id: 7,
    clubName: 'Harbor Lights',
    city: 'Asheville',
    state: 'NC',
    zipCode: '28801',
    meetingFormat: 'in-person',
    meetingLanguage: 'en',
    venueName: null,
    venueAddress: null,
    venuePrivate: false,
    createdAt: '2026-11-01T00:00:00.000Z',
    meetingSlots,
    meetingFrequency,
    cycleStart,
    timeZone: 'America/New_York',
  };
}

/**
 * The calendar's sessions from a year before the cycle start (none may come before it) to two years after it, each as
 * [start, what it reads], as both parsers read them.
 */
function readings(plan: CalendarClub): [string, string][] {
  const ics = clubCalendar(plan, { reading: READING, pageUrl: PAGE_URL })!;
  const cycleStart = new Date(`${plan.cycleStart}T00:00:00Z`);
  const from = new Date(cycleStart.getTime() - 365 * 86_400_000);
  const to = new Date(cycleStart.getTime() + 2 * 365 * 86_400_000);
  return occurrences(ics, from, to).map(([start, summary]) => [start, summary.replace(/ · Harbor Lights$/, '')]);
}

/** The titles in the order they come, each once. */
const inTurn = (sessions: [string, string][]) => sessions.map(([, title]) => title).filter((title, index, all) => title !== all[index - 1]);

describe('the reading plan in the calendar', () => {
  it("reads every step once, in order, for the reviewer's club: every two weeks on Thursday and Saturday from Dec 3", () => {
    const sessions = readings(club('biweekly', [slot('thursday'), slot('saturday', '10:00')], '2026-12-03'));
    expect(inTurn(sessions)).toEqual([...STEPS, 'Harbor Lights']);
    // The Thursday and the Saturday of one fortnight read the same step (issue 41: "Month 7 becomes Month 8" between them).
    for (let index = 0; index + 1 < sessions.length; index += 2) {
      const [thursday, saturday] = [sessions[index]!, sessions[index + 1]!];
      expect(new Date(saturday[0]).getTime() - new Date(thursday[0]).getTime()).toBeLessThan(3 * 86_400_000);
      expect(saturday[1]).toBe(thursday[1]);
    }
    // 8 fortnights of weeks, then 6 months of two fortnights each.
    expect(sessions.filter(([, title]) => title !== 'Harbor Lights')).toHaveLength(2 * (8 + 6 * 2));
  });

  it.each([
    ['weekly', [slot('tuesday')], '2026-12-01', 8 + 6 * 4],
    ['biweekly', [slot('tuesday')], '2026-12-01', 8 + 6 * 2],
    ['first', [slot('tuesday')], '2026-12-01', 8 + 6],
    ['last', [slot('friday')], '2026-12-01', 8 + 6],
    ['weekly', [slot('monday'), slot('thursday')], '2026-12-01', 2 * (8 + 6 * 4)],
    ['first', [slot('tuesday'), slot('saturday', '10:00')], '2026-12-01', 2 * (8 + 6)],
  ] as const)('reads every step once, in order: %s on %j from %s', (frequency, slots, cycleStart, count) => {
    const sessions = readings(club(frequency, [...slots], cycleStart));
    expect(inTurn(sessions)).toEqual([...STEPS, 'Harbor Lights']);
    expect(sessions.filter(([, title]) => title !== 'Harbor Lights')).toHaveLength(count);
  });
});

describe('the reading plan in the calendar, for every frequency', () => {
  // Sessions a plan step lasts after the 8 weeks: a month's meeting periods (decision 018).
  const periodsAMonth = (frequency: MeetingFrequency) => (frequency === 'weekly' ? 4 : frequency === 'biweekly' ? 2 : 1);
  const cases = MEETING_FREQUENCIES.flatMap((frequency) => [
    [frequency, [slot('tuesday')]] as const,
    [frequency, [slot('tuesday'), slot('saturday', '10:00')]] as const,
  ]);

  it.each(cases)('reads every step once, in order, with both parsers, from a cycle start still to come: %s on %j', (frequency, slots) => {
    // Read as of December 7, 2026: the cycle starts in March, and nothing comes before its Week 1.
    const now = new Date('2026-12-07T12:00:00Z');
    const plan = club(frequency, [...slots], '2027-03-02');
    const sessions = readings(plan);
    expect(new Date(sessions[0]![0]).getTime()).toBeGreaterThanOrEqual(new Date('2027-03-02T05:00:00Z').getTime());
    expect(inTurn(sessions)).toEqual([...STEPS, 'Harbor Lights']);
    const inPlan = sessions.filter(([, title]) => title !== 'Harbor Lights');
    expect(inPlan).toHaveLength(slots.length * (8 + 6 * periodsAMonth(frequency)));
    // The sessions of one meeting period share its step: each step has as many sessions as a period has, times the days.
    const perStep = STEPS.map((step) => inPlan.filter(([, title]) => title === step).length);
    expect(perStep).toEqual(STEPS.map((_, index) => slots.length * (index < 8 ? 1 : periodsAMonth(frequency))));
    // The club's page (its next 4 sessions, and a few more) names the same first sessions, reading the same steps.
    const onPage = plannedSessions(plan, READING, [], now, 6);
    expect(onPage.map((session) => [session.start.toUTC().toISO(), session.reading?.title])).toEqual(inPlan.slice(0, 6));
  });
});

describe('the reading plan on the page', () => {
  it('begins with Week 1 at a cycle start still to come, and names the same sessions as the calendar', () => {
    const plan = club('biweekly', [slot('thursday'), slot('saturday', '10:00')], '2027-01-07');
    const sessions = plannedSessions(plan, READING, [], new Date('2026-12-07T12:00:00Z'), 5);
    expect(sessions.map((session) => [session.start.toISODate(), session.reading?.title])).toEqual([
      ['2027-01-07', 'Week 1 — Theme 1'],
      ['2027-01-09', 'Week 1 — Theme 1'],
      ['2027-01-21', 'Week 2 — Theme 2'],
      ['2027-01-23', 'Week 2 — Theme 2'],
      ['2027-02-04', 'Week 3 — Theme 3'],
    ]);
    const calendar = readings(plan).slice(0, 5);
    expect(calendar.map(([start, title]) => [start, title])).toEqual(
      sessions.map((session) => [session.start.toUTC().toISO(), session.reading?.title]),
    );
  });
});

describe('the reading plan follows the sessions held', () => {
  const weekly = club('weekly', [slot('thursday')], '2026-12-03');
  const cancel = (occurrence: string, note = 'No meeting on Dec 24 — holiday'): SessionChange => ({
    occurrence,
    kind: 'cancelled',
    note,
    movedTo: null,
    place: null,
  });
  const titles = (changes: SessionChange[]) =>
    plannedSessions(weekly, READING, changes, new Date('2026-12-01T00:00:00Z'), 6).map((session) => [
      session.start.toISODate(),
      session.status,
      session.reading?.title ?? null,
    ]);

  it('gives the step of a cancelled session to the next one held', () => {
    // Thursday, December 24, 7 PM in New York.
    expect(titles([cancel('2026-12-25T00:00:00.000Z')])).toEqual([
      ['2026-12-03', 'scheduled', 'Week 1 — Theme 1'],
      ['2026-12-10', 'scheduled', 'Week 2 — Theme 2'],
      ['2026-12-17', 'scheduled', 'Week 3 — Theme 3'],
      ['2026-12-24', 'cancelled', null],
      ['2026-12-31', 'scheduled', 'Week 4 — Theme 4'],
      ['2027-01-07', 'scheduled', 'Week 5 — Theme 5'],
    ]);
  });

  it('keeps the step of a meeting period while one of its sessions is held', () => {
    const twice = club('biweekly', [slot('thursday'), slot('saturday', '10:00')], '2026-12-03');
    const sessions = plannedSessions(twice, READING, [cancel('2026-12-04T00:00:00.000Z')], new Date('2026-12-01T00:00:00Z'), 4);
    expect(sessions.map((session) => [session.start.toISODate(), session.reading?.title ?? null])).toEqual([
      ['2026-12-03', null],
      ['2026-12-05', 'Week 1 — Theme 1'],
      ['2026-12-17', 'Week 2 — Theme 2'],
      ['2026-12-19', 'Week 2 — Theme 2'],
    ]);
  });

  it('puts a moved session at its new time, still reading its own step', () => {
    const moved: SessionChange = {
      occurrence: '2026-12-25T00:00:00.000Z',
      kind: 'moved',
      note: 'Holiday week',
      movedTo: '2026-12-22T23:30:00.000Z',
      place: 'Pack Library, 67 Haywood St',
    };
    const sessions = plannedSessions(weekly, READING, [moved], new Date('2026-12-18T12:00:00Z'), 2);
    expect(sessions.map((session) => [session.start.toISO(), session.status, session.reading?.title, session.place])).toEqual([
      ['2026-12-22T18:30:00.000-05:00', 'moved', 'Week 4 — Theme 4', 'Pack Library, 67 Haywood St'],
      ['2026-12-31T19:00:00.000-05:00', 'scheduled', 'Week 5 — Theme 5', null],
    ]);
    expect(sessions[0]!.scheduled.toISO()).toBe('2026-12-24T19:00:00.000-05:00');
  });

  it('leaves a cancelled session out of the calendar with an EXDATE, and a moved one once at its new time, for both parsers', () => {
    const changes: SessionChange[] = [
      cancel('2026-12-25T00:00:00.000Z'),
      { occurrence: '2027-01-01T00:00:00.000Z', kind: 'moved', note: null, movedTo: '2027-01-02T15:00:00.000Z', place: null },
      // After the plan: the series itself.
      cancel('2028-01-07T00:00:00.000Z'),
    ];
    const ics = clubCalendar(weekly, { reading: READING, pageUrl: PAGE_URL }, { changes, sequence: 3 })!;
    expect(ics).toContain('EXDATE;TZID=America/New_York:20261224T190000,20280106T190000');
    expect(ics).toContain('RECURRENCE-ID;TZID=America/New_York:20261231T190000');
    expect(ics.match(/^SEQUENCE:\d+\r$/gm)!.every((line) => line === 'SEQUENCE:3\r')).toBe(true);
    const found = occurrences(ics, new Date('2026-12-20T00:00:00Z'), new Date('2027-01-10T00:00:00Z'));
    expect(found.map(([start, summary]) => [start, summary])).toEqual([
      // Thursday, December 31 moved to Saturday, January 2, 10 AM: Week 4, the step December 24 would have read.
      ['2027-01-02T15:00:00.000Z', 'Week 4 — Theme 4 · Harbor Lights'],
      ['2027-01-08T00:00:00.000Z', 'Week 5 — Theme 5 · Harbor Lights'],
    ]);
    expect(new Set(found.map(([, , uid]) => uid)).size).toBe(1);
    const later = occurrences(ics, new Date('2027-12-30T00:00:00Z'), new Date('2028-01-15T00:00:00Z'));
    expect(later.map(([start]) => start)).toEqual(['2027-12-31T00:00:00.000Z', '2028-01-14T00:00:00.000Z']);
  });
});
