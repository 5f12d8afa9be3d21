import { describe, expect, it } from 'vitest';
import { clockTime, endTime, meetingSummary, slotText } from '#lib/clubs/meetings/text.ts';

describe('meeting text', () => {
  it('reads 24-hour starts as 12-hour clock times', () => {
    expect(['00:00', '09:05', '12:00', '12:30', '19:00', '23:59'].map(clockTime)).toEqual([
      '12:00 AM',
      '9:05 AM',
      '12:00 PM',
      '12:30 PM',
      '7:00 PM',
      '11:59 PM',
    ]);
  });

  it('names a slot by its weekday, or by its weekday of the month for a monthly frequency', () => {
    const slot = { weekday: 'tuesday', start: '19:00', durationMinutes: 90 } as const;
    expect(slotText(slot)).toBe('Tuesdays 7:00 PM (90 min)');
    expect(slotText(slot, 'third')).toBe('3rd Tuesday of the month 7:00 PM (90 min)');
    expect(slotText(slot, 'last')).toBe('Last Tuesday of the month 7:00 PM (90 min)');
  });

  it('sums up the slots, how often, the format and the time zone, leaving out what is not given', () => {
    const tuesday = { weekday: 'tuesday', start: '19:00', durationMinutes: 90 } as const;
    const saturday = { weekday: 'saturday', start: '09:30', durationMinutes: 60 } as const;
    expect(
      meetingSummary({ meetingSlots: [tuesday], meetingFrequency: 'weekly', meetingFormat: 'online', timeZone: 'America/Chicago' }),
    ).toBe('Tuesdays 7:00 PM (90 min) · every week · Online · America/Chicago');
    expect(meetingSummary({ meetingSlots: [tuesday, saturday], meetingFrequency: 'biweekly', meetingFormat: null, timeZone: null })).toBe(
      'Tuesdays 7:00 PM (90 min) and Saturdays 9:30 AM (60 min) · every two weeks',
    );
    expect(
      meetingSummary({ meetingSlots: [tuesday], meetingFrequency: 'first', meetingFormat: 'in-person', timeZone: 'America/Denver' }),
    ).toBe('1st Tuesday of the month 7:00 PM (90 min) · In person · America/Denver');
    // A format alone is worth saying; a time zone alone is not.
    expect(meetingSummary({ meetingSlots: [], meetingFrequency: 'weekly', meetingFormat: 'hybrid', timeZone: 'America/Chicago' })).toBe(
      'Hybrid (in person and online)',
    );
    expect(meetingSummary({ meetingSlots: [], meetingFrequency: 'weekly', meetingFormat: null, timeZone: 'America/Chicago' })).toBeNull();
  });
});

describe('the end of a meeting', () => {
  it('adds the length to the start, past midnight too', () => {
    expect(endTime({ start: '19:00', durationMinutes: 90 })).toBe('20:30');
    expect(endTime({ start: '23:30', durationMinutes: 60 })).toBe('00:30');
  });
});
