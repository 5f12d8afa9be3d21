import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, retryDelayMs } from '#server/platform/email/outbox.ts';

describe('the outbox retry schedule', () => {
  it('waits 10 s after the first failure and doubles the wait, up to an hour', () => {
    const delays = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => retryDelayMs(i + 1) / 1000);
    expect(delays).toEqual([10, 20, 40, 80, 160, 320, 640, 1280, 2560, 3600, 3600]);
  });

  it('keeps retrying for about three and a half hours before a message is marked failed', () => {
    const total = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => retryDelayMs(i + 1)).reduce((a, b) => a + b, 0);
    expect(total / 3_600_000).toBeCloseTo(3.4, 1);
  });

  it('refuses a count that is not a positive whole number', () => {
    for (const count of [0, -1, 1.5, Number.NaN]) expect(() => retryDelayMs(count)).toThrow(RangeError);
  });
});
