import { describe, expect, it } from 'vitest';
import { confirmedActive } from '#lib/check-ins/types.ts';

describe('confirmedActive', () => {
  it('names the month of the confirmation in UTC, the same on the server and in every browser', () => {
    expect(confirmedActive('2026-11-30T23:30:00.000Z')).toBe('Confirmed active November 2026');
    expect(confirmedActive(new Date('2026-12-01T00:30:00.000Z'))).toBe('Confirmed active December 2026');
  });
});
