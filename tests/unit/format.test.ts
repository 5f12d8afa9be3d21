import { describe, expect, it } from 'vitest';
import { fillTemplate, formatDollars, formatNumber, timeAgo } from '#lib/shared/format.ts';

describe('number and template formatting', () => {
  it('writes populations with thousands separators, as the area card shows them', () => {
    expect(formatNumber(1290188)).toBe('1,290,188');
    expect(formatNumber(258037)).toBe('258,037');
    expect(formatDollars(199)).toBe('$199');
  });
  it("fills a content template's placeholders and leaves unknown ones as written", () => {
    expect(fillTemplate('{population} people · {source}', { population: '49,197', source: 'US Census 2020' })).toBe(
      '49,197 people · US Census 2020',
    );
    expect(fillTemplate('Tier {tier} of {max}', { tier: 3 })).toBe('Tier 3 of {max}');
  });
  it('inserts a value holding $ patterns literally', () => {
    expect(fillTemplate('Pay {amount}', { amount: "$&$'" })).toBe("Pay $&$'");
  });
});

describe('timeAgo', () => {
  const now = new Date('2026-12-07T12:00:00Z');
  const before = (milliseconds: number) => new Date(now.getTime() - milliseconds);
  it('says roughly how long ago, in whole units, as the sessions card does', () => {
    expect(timeAgo(before(20_000), now)).toBe('just now');
    expect(timeAgo(before(60_000), now)).toBe('1 minute ago');
    expect(timeAgo(before(150_000), now)).toBe('2 minutes ago');
    expect(timeAgo(before(3 * 3_600_000 + 59 * 60_000), now)).toBe('3 hours ago');
    expect(timeAgo(before(30 * 3_600_000), now)).toBe('yesterday');
    expect(timeAgo(before(5 * 86_400_000), now)).toBe('5 days ago');
  });
  it('takes a moment a little ahead (another clock) as just now', () => {
    expect(timeAgo(new Date(now.getTime() + 5_000), now)).toBe('just now');
  });
});
