import { describe, expect, it } from 'vitest';
import {
  meetingFilterBits,
  meetingFilterMasks,
  timeOfDayOf,
  type MeetingFilter,
  type MeetingFrequency,
  type MeetingLanguage,
  type MeetingSlot,
} from '#lib/clubs/meetings/types.ts';
import { readingsFor, type ReadingPlan } from '#lib/clubs/meetings/curriculum.ts';
import { describeMeetings, nextSessionStart, sessionsFrom, type MeetingPlan } from '#lib/clubs/meetings/sessions.ts';

const slot = (weekday: MeetingSlot['weekday'], start: string, durationMinutes = 90): MeetingSlot => ({ weekday, start, durationMinutes });
const plan = (timeZone: string, slots: MeetingSlot[], rest: Partial<MeetingPlan> = {}): MeetingPlan => ({
  meetingSlots: slots,
  meetingFrequency: 'weekly',
  cycleStart: null,
  timeZone,
  ...rest,
});
const next = (meetings: MeetingPlan, now: string) => nextSessionStart(meetings, new Date(now));
const starts = (meetings: MeetingPlan, from: string, count: number) =>
  sessionsFrom(meetings, new Date(from), count).map((session) => session.start.toISO({ suppressMilliseconds: true }));

describe('time of day', () => {
  it('is morning before noon, evening from 5 PM and afternoon between', () => {
    expect(['00:00', '06:30', '11:59'].map(timeOfDayOf)).toEqual(['morning', 'morning', 'morning']);
    expect(['12:00', '14:15', '16:59'].map(timeOfDayOf)).toEqual(['afternoon', 'afternoon', 'afternoon']);
    expect(['17:00', '19:00', '23:59'].map(timeOfDayOf)).toEqual(['evening', 'evening', 'evening']);
  });
});

describe('the filter bits', () => {
  const matches = (
    slots: MeetingSlot[],
    format: Parameters<typeof meetingFilterBits>[1],
    filter: MeetingFilter,
    language: MeetingLanguage = 'en',
  ) => {
    const bits = meetingFilterBits(slots, format, language);
    const masks = meetingFilterMasks(filter);
    return (masks.slots === null || (bits & masks.slots) !== 0) && (masks.every === null || (bits & masks.every) === masks.every);
  };

  it('match a day and a time of day only when one slot has both', () => {
    const tuesdayEvening = [slot('tuesday', '19:00')];
    expect(matches(tuesdayEvening, null, { day: 'tuesday', time: 'evening' })).toBe(true);
    expect(matches(tuesdayEvening, null, { day: 'tuesday' })).toBe(true);
    expect(matches(tuesdayEvening, null, { time: 'evening' })).toBe(true);
    expect(matches(tuesdayEvening, null, { day: 'tuesday', time: 'morning' })).toBe(false);
    expect(matches(tuesdayEvening, null, { day: 'wednesday' })).toBe(false);

    const tuesdayMorningWednesdayEvening = [slot('tuesday', '09:00'), slot('wednesday', '18:00')];
    expect(matches(tuesdayMorningWednesdayEvening, null, { day: 'tuesday', time: 'evening' })).toBe(false);
    expect(matches(tuesdayMorningWednesdayEvening, null, { day: 'wednesday', time: 'evening' })).toBe(true);
  });

  it('count a hybrid club as in person and as online, and a club without a format as neither', () => {
    const sunday = [slot('sunday', '10:00')];
    expect(matches(sunday, 'hybrid', { format: 'in-person' })).toBe(true);
    expect(matches(sunday, 'hybrid', { format: 'online' })).toBe(true);
    expect(matches(sunday, 'hybrid', { format: 'hybrid' })).toBe(true);
    expect(matches(sunday, 'online', { format: 'in-person' })).toBe(false);
    expect(matches(sunday, 'online', { format: 'hybrid' })).toBe(false);
    expect(matches(sunday, 'in-person', { format: 'online' })).toBe(false);
    expect(matches(sunday, null, { format: 'in-person' })).toBe(false);
    expect(matches(sunday, 'online', { day: 'sunday', time: 'morning', format: 'online' })).toBe(true);
  });

  it('find a bilingual club in a search for English and in one for Spanish, and another language only for itself', () => {
    const monday = [slot('monday', '18:00')];
    expect(matches(monday, null, { language: 'es' }, 'en-and-es')).toBe(true);
    expect(matches(monday, null, { language: 'en' }, 'en-and-es')).toBe(true);
    expect(matches(monday, null, { language: 'en-and-es' }, 'en-and-es')).toBe(true);
    expect(matches(monday, null, { language: 'es' }, 'es')).toBe(true);
    expect(matches(monday, null, { language: 'en-and-es' }, 'es')).toBe(false);
    expect(matches(monday, null, { language: 'es' }, 'en')).toBe(false);
    expect(matches(monday, null, { language: 'other' }, 'other')).toBe(true);
    expect(matches(monday, null, { language: 'en' }, 'other')).toBe(false);
    expect(matches(monday, null, { language: 'other' }, 'en-and-es')).toBe(false);
    expect(matches(monday, 'online', { day: 'monday', format: 'online', language: 'es' }, 'es')).toBe(true);
    expect(matches(monday, 'online', { day: 'monday', format: 'in-person', language: 'es' }, 'es')).toBe(false);
  });

  it('hold only the language without slots or format, and no filter masks nothing', () => {
    expect(meetingFilterBits([], null, 'en')).toBe(1 << 23);
    expect(meetingFilterMasks({})).toEqual({ slots: null, every: null });
  });
});

describe('the next session', () => {
  it('keeps 7 PM in Chicago across the change to daylight time and back', () => {
    const tuesdays = plan('America/Chicago', [slot('tuesday', '19:00')]);
    // Daylight time begins on Sunday, March 14, 2027, and ends on Sunday, November 7, 2027.
    expect(next(tuesdays, '2027-03-03T12:00:00Z')).toBe('2027-03-10T01:00:00.000Z');
    expect(next(tuesdays, '2027-03-10T12:00:00Z')).toBe('2027-03-17T00:00:00.000Z');
    expect(next(tuesdays, '2027-11-03T12:00:00Z')).toBe('2027-11-10T01:00:00.000Z');
  });

  it('is the session starting now, then the one after it', () => {
    const tuesdays = plan('America/Chicago', [slot('tuesday', '19:00')]);
    expect(next(tuesdays, '2027-03-10T01:00:00Z')).toBe('2027-03-10T01:00:00.000Z');
    expect(next(tuesdays, '2027-03-10T01:00:01Z')).toBe('2027-03-17T00:00:00.000Z');
  });

  it('falls on the day the clocks change in New York, at the new offset', () => {
    const sundays = plan('America/New_York', [slot('sunday', '10:00')]);
    expect(next(sundays, '2027-03-13T12:00:00Z')).toBe('2027-03-14T14:00:00.000Z');
    expect(next(sundays, '2027-11-06T12:00:00Z')).toBe('2027-11-07T15:00:00.000Z');
  });

  it('never moves in Phoenix, which keeps standard time all year', () => {
    const tuesdays = plan('America/Phoenix', [slot('tuesday', '18:00')]);
    expect(next(tuesdays, '2027-01-01T00:00:00Z')).toBe('2027-01-06T01:00:00.000Z');
    expect(next(tuesdays, '2027-07-01T00:00:00Z')).toBe('2027-07-07T01:00:00.000Z');
  });

  it('is the last Friday of the month in Los Angeles, across a month boundary and the end of daylight time', () => {
    const lastFridays = plan('America/Los_Angeles', [slot('friday', '19:00')], { meetingFrequency: 'last' });
    expect(starts(lastFridays, '2027-10-01T00:00:00Z', 3)).toEqual([
      '2027-10-29T19:00:00-07:00',
      '2027-11-26T19:00:00-08:00',
      '2027-12-31T19:00:00-08:00',
    ]);
  });

  it('is the nth weekday of the month', () => {
    const secondSaturdays = plan('America/Denver', [slot('saturday', '10:00')], { meetingFrequency: 'second' });
    expect(starts(secondSaturdays, '2027-01-01T00:00:00Z', 3)).toEqual([
      '2027-01-09T10:00:00-07:00',
      '2027-02-13T10:00:00-07:00',
      '2027-03-13T10:00:00-07:00',
    ]);
  });

  it('is every other week from the cycle start, over several slots in order', () => {
    const biweekly = plan('America/Chicago', [slot('saturday', '10:00'), slot('tuesday', '19:00')], {
      meetingFrequency: 'biweekly',
      cycleStart: '2027-03-01',
    });
    expect(starts(biweekly, '2027-03-01T06:00:00Z', 4)).toEqual([
      '2027-03-02T19:00:00-06:00',
      '2027-03-06T10:00:00-06:00',
      '2027-03-16T19:00:00-05:00',
      '2027-03-20T10:00:00-05:00',
    ]);
  });

  // Issue 30: a club's page named 2026-11-29 as its next session while its calendar began with the cycle start, December 6.
  it('begins at the cycle start when that is still to come', () => {
    const sundays = plan('America/Chicago', [slot('sunday', '10:00')], { cycleStart: '2026-12-06' });
    expect(starts(sundays, '2026-11-27T12:00:00Z', 2)).toEqual(['2026-12-06T10:00:00-06:00', '2026-12-13T10:00:00-06:00']);
    expect(next(sundays, '2026-11-27T12:00:00Z')).toBe('2026-12-06T16:00:00.000Z');
    // Once it has begun, the next session is the next one.
    expect(starts(sundays, '2026-12-07T12:00:00Z', 1)).toEqual(['2026-12-13T10:00:00-06:00']);
  });

  it('is none without slots, without a time zone, or every other week without a cycle start', () => {
    expect(next(plan('America/Chicago', []), '2027-01-01T00:00:00Z')).toBeNull();
    expect(next({ ...plan('America/Chicago', [slot('monday', '19:00')]), timeZone: null }, '2027-01-01T00:00:00Z')).toBeNull();
    expect(next(plan('America/Chicago', [slot('monday', '19:00')], { meetingFrequency: 'biweekly' }), '2027-01-01T00:00:00Z')).toBeNull();
  });
});

describe('the meeting times in words', () => {
  it('say the days, the times, the zone as people say it, and how often', () => {
    expect(describeMeetings(plan('America/Chicago', [slot('tuesday', '19:00')]))).toBe('Tuesdays, 7:00 PM CT, every week');
    expect(
      describeMeetings(plan('America/Los_Angeles', [slot('monday', '18:30'), slot('saturday', '09:00')], { meetingFrequency: 'biweekly' })),
    ).toBe('Mondays, 6:30 PM and Saturdays, 9:00 AM PT, every two weeks');
    expect(describeMeetings(plan('America/New_York', [slot('thursday', '12:00')], { meetingFrequency: 'first' }))).toBe(
      '1st Thursday of the month, 12:00 PM ET',
    );
    expect(describeMeetings(plan('America/New_York', [slot('friday', '20:00')], { meetingFrequency: 'last' }))).toBe(
      'Last Friday of the month, 8:00 PM ET',
    );
    expect(describeMeetings(plan('America/Chicago', []))).toBeNull();
  });
});

describe('what a club reads at a session', () => {
  const reading: ReadingPlan = {
    weeks: ['Awakening', 'Reflection', 'Clarity', 'Integration', 'Expression', 'Connection', 'Service', 'Becoming'].map((theme, index) => ({
      week: index + 1,
      theme,
    })),
    months: ['Core 1', 'Core 2', 'Starlight Bond', 'Nexus Awakened', 'Eternal Flame', 'Mirror', 'Threads', 'Spiral'].map(
      (title, index) => ({
        month: index + 1,
        title,
      }),
    ),
  };
  /** The titles read at sessions on these days (none cancelled), in a cycle from `cycleStart`. */
  const at = (cycleStart: string, frequency: MeetingFrequency, days: string[]) =>
    readingsFor(
      reading,
      cycleStart,
      frequency,
      days.map((day) => ({ day, cancelled: false })),
    ).map((read) => read?.title ?? null);

  it('gives each week of a weekly club the next step: the 8 weeks, then four weeks for each month from month 3', () => {
    const tuesdays = Array.from({ length: 34 }, (_, index) => new Date(Date.UTC(2026, 11, 1 + 7 * index)).toISOString().slice(0, 10));
    const titles = at('2026-12-01', 'weekly', tuesdays);
    expect(titles.slice(0, 9)).toEqual([
      'Week 1 — Awakening',
      'Week 2 — Reflection',
      'Week 3 — Clarity',
      'Week 4 — Integration',
      'Week 5 — Expression',
      // Across the turn of the year.
      'Week 6 — Connection',
      'Week 7 — Service',
      'Week 8 — Becoming',
      'Month 3 — Starlight Bond',
    ]);
    expect(titles.slice(8, 12)).toEqual(Array(4).fill('Month 3 — Starlight Bond'));
    expect(titles[12]).toBe('Month 4 — Nexus Awakened');
    expect(titles[31]).toBe('Month 8 — Spiral');
    expect(titles.slice(32)).toEqual([null, null]);
  });

  it('counts the weeks from the cycle start’s own weekday, so two days of one week share a step', () => {
    // A Wednesday cycle start: Saturday the 5th and Tuesday the 8th are its first week.
    expect(at('2026-12-02', 'weekly', ['2026-12-05', '2026-12-08', '2026-12-09'])).toEqual([
      'Week 1 — Awakening',
      'Week 1 — Awakening',
      'Week 2 — Reflection',
    ]);
  });

  it('gives a monthly club one step a calendar month, whatever day the cycle starts', () => {
    expect(at('2026-12-15', 'first', ['2027-01-05', '2027-01-09', '2027-02-02'])).toEqual([
      'Week 1 — Awakening',
      'Week 1 — Awakening',
      'Week 2 — Reflection',
    ]);
  });

  it('is nothing before the cycle begins, for a cancelled session, or after the plan ends', () => {
    expect(at('2026-12-01', 'weekly', ['2026-11-24'])).toEqual([null]);
    expect(readingsFor(reading, '2026-12-01', 'weekly', [{ day: '2026-12-01', cancelled: true }])).toEqual([null]);
  });

  it('follows sessions in their own time zone across a change of the clocks', () => {
    const sessions = sessionsFrom(
      plan('America/Chicago', [slot('sunday', '19:00')], { cycleStart: '2027-02-28' }),
      new Date('2027-02-28T06:00:00Z'),
      3,
    );
    expect(
      at(
        '2027-02-28',
        'weekly',
        sessions.map((session) => session.start.toISODate()!),
      ),
    ).toEqual(['Week 1 — Awakening', 'Week 2 — Reflection', 'Week 3 — Clarity']);
    expect(sessions.map((session) => session.start.offset)).toEqual([-360, -360, -300]);
  });
});
