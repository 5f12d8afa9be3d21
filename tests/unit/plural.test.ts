import { describe, expect, it } from 'vitest';
import { countOf, plural } from '#lib/shared/plural.ts';

const CLUB = { one: 'club', other: 'clubs' };

describe('counts in words', () => {
  it('says one club, and clubs for every other count, zero included', () => {
    expect([0, 1, 2, 1250].map((count) => countOf(count, CLUB))).toEqual(['0 clubs', '1 club', '2 clubs', '1,250 clubs']);
  });

  it('chooses any words by the count', () => {
    expect(plural(1, { one: 'needs a check-in', other: 'need a check-in' })).toBe('needs a check-in');
    expect(plural(3, { one: 'needs a check-in', other: 'need a check-in' })).toBe('need a check-in');
  });
});
