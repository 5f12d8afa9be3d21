import { describe, expect, it } from 'vitest';
import type { MeetingFrequency, MeetingSlot } from '#lib/clubs/meetings/types.ts';
import { clubCalendar, type CalendarClub } from '#lib/clubs/meetings/calendar.ts';
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
    videoLink: null,
    videoLinkPrivate: false,
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

/** The calendar's sessions for two years from the cycle start, each as [start, what it reads], as both parsers read them. */
function readings(plan: CalendarClub): [string, string][] {
  const ics = clubCalendar(plan, { reading: READING, pageUrl: PAGE_URL })!;
  const from = new Date(`${plan.cycleStart}T00:00:00Z`);
  const to = new Date(from.getTime() + 2 * 365 * 86_400_000);
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
