import { describe, expect, it } from 'vitest';
import { fillTemplate, formatDollars, formatNumber } from '#lib/shared/format.ts';

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
