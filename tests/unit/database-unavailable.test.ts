import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '#server/platform/db/db.ts';

describe('isDatabaseUnavailable', () => {
  it('counts every connection-class, refused-connection and database-missing error as an outage', () => {
    for (const code of ['ECONNREFUSED', 'CONNECT_TIMEOUT', '08006', '08001', '57P01', '57P03', '3D000', '53300', '55000']) {
      expect(isDatabaseUnavailable(Object.assign(new Error(code), { code })), code).toBe(true);
    }
  });

  it('leaves errors of the query itself alone', () => {
    for (const code of ['23505', '42P01', '22P02', '40001']) {
      expect(isDatabaseUnavailable(Object.assign(new Error(code), { code })), code).toBe(false);
    }
    expect(isDatabaseUnavailable(new Error('no code'))).toBe(false);
  });
});
