import { describe, expect, it } from 'vitest';
import { shownCount, shownCountText } from '#lib/demand/counts.ts';

describe('demand counts as the public sees them', () => {
  it('rounds every count down to a multiple of 5', () => {
    expect(shownCount(5)).toBe(5);
    expect(shownCount(9)).toBe(5);
    expect(shownCount(10)).toBe(10);
    expect(shownCount(144)).toBe(140);
    expect(shownCount(1_253)).toBe(1_250);
  });

  it('hides a count below 5, as "fewer than 5"', () => {
    for (const count of [0, 1, 2, 3, 4]) expect(shownCount(count)).toBeNull();
    expect(shownCount(-3)).toBeNull();
    expect(shownCountText(shownCount(4), 'fewer than 5')).toBe('fewer than 5');
  });

  it('writes a shown count with thousands separators', () => {
    expect(shownCountText(shownCount(25), 'fewer than 5')).toBe('25');
    expect(shownCountText(shownCount(12_347), 'fewer than 5')).toBe('12,345');
  });
});
