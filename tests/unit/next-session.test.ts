import { describe, expect, it, vi } from 'vitest';
import { formatNextSession } from '#lib/client/next-session.ts';

// Tuesday, December 1, 2026, 7:00 PM in Austin (CST, UTC−6).
const AUSTIN_SEVEN_PM = '2026-12-02T01:00:00.000Z';

describe("a club's next session in the directory", () => {
  // Issue 30: a visitor in Los Angeles read "Tuesdays, 7:00 PM … Next: Tue, Dec 1, 5:00 PM" for an Austin club.
  it("says the club's own time with its zone, and the visitor's when it differs", () => {
    expect(formatNextSession(AUSTIN_SEVEN_PM, 'America/Chicago', 'America/Los_Angeles')).toBe(
      'Tue, Dec 1, 7:00 PM CST · 5:00 PM your time',
    );
  });

  it('says the club time alone to a visitor in its zone', () => {
    expect(formatNextSession(AUSTIN_SEVEN_PM, 'America/Chicago', 'America/Chicago')).toBe('Tue, Dec 1, 7:00 PM CST');
  });

  it("names the visitor's day when it is another", () => {
    expect(formatNextSession(AUSTIN_SEVEN_PM, 'America/Chicago', 'Asia/Tokyo')).toBe('Tue, Dec 1, 7:00 PM CST · Wed 10:00 AM your time');
  });

  it("is the visitor's own time for a club without a zone", () => {
    expect(formatNextSession(AUSTIN_SEVEN_PM, null, 'America/Chicago')).toBe('Tue, Dec 1, 7:00 PM');
  });

  // Issue 43: a search's 25 cards made 125 formatters, most of what its click cost on a phone's CPU (INP).
  it('makes each formatter once, however many sessions it formats', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    const sessions = Array.from({ length: 25 }, (_, day) => new Date(Date.parse(AUSTIN_SEVEN_PM) + day * 86_400_000).toISOString());
    const texts = sessions.map((start) => formatNextSession(start, 'America/Denver', 'Europe/Lisbon'));
    expect(texts[0]).toBe('Tue, Dec 1, 6:00 PM MST · Wed 1:00 AM your time');
    expect(new Set(texts).size).toBe(25);
    expect(made.mock.calls.length).toBeLessThanOrEqual(5);
    made.mockRestore();
  });
});
