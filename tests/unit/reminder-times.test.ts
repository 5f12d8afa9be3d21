import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { reminderDue, summaryDue } from '#lib/members/reminder-times.ts';

// Issue 40, decision 035: when a session's reminder and the host's summary go, on the club's own clock, on either side
// of a daylight-saving change (US: March 14 and November 7, 2027).

const ZONE = 'America/Chicago';
const at = (local: string) => DateTime.fromISO(local, { zone: ZONE });
const utc = (time: DateTime) => time.toUTC().toISO();

describe('the reminder of a session', () => {
  it('goes the day before at 9:00 in the club’s zone, the day after daylight saving time begins', () => {
    // Monday March 15, 7 PM CDT: Sunday March 14, 9 AM CDT, is 14:00 UTC (9 AM CST would have been 15:00 UTC).
    expect(utc(reminderDue(at('2027-03-15T19:00'), 'day-before'))).toBe('2027-03-14T14:00:00.000Z');
  });

  it('goes the day before at 9:00 in the club’s zone, the day after daylight saving time ends', () => {
    // Monday November 8, 7 PM CST: Sunday November 7, 9 AM CST, is 15:00 UTC.
    expect(utc(reminderDue(at('2027-11-08T19:00'), 'day-before'))).toBe('2027-11-07T15:00:00.000Z');
  });

  it('goes 2 hours before by the clock, even across the change in the night', () => {
    expect(utc(reminderDue(at('2027-03-15T19:00'), 'two-hours'))).toBe('2027-03-15T22:00:00.000Z');
    // A session at 3:30 AM on the night the clocks go forward: 2 hours of real time before it.
    expect(utc(reminderDue(at('2027-03-14T03:30'), 'two-hours'))).toBe('2027-03-14T06:30:00.000Z');
  });
});

describe('the host’s summary', () => {
  it('goes at 8:00 on the day of the session, or 2 hours before a session earlier than 10:00', () => {
    expect(utc(summaryDue(at('2027-03-15T19:00')))).toBe('2027-03-15T13:00:00.000Z');
    expect(utc(summaryDue(at('2027-03-15T09:00')))).toBe('2027-03-15T12:00:00.000Z');
  });
});
