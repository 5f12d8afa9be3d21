import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { startServerOnTestDatabase, testSql } from '../support/api.ts';
import { faultOf, inFlightAt, startKeepAliveLoad, type PlannedRequest } from '../support/keep-alive-load.ts';

const CONNECTIONS = 40;

// Back-to-back directory reads, state searches and contact messages.
function plan(n: number): PlannedRequest {
  if (n % 3 === 0) return { method: 'GET', path: '/api/clubs' };
  if (n % 3 === 1) return { method: 'GET', path: '/api/clubs/search?state=CA' };
  const message = {
    name: 'Drain Test',
    email: 'drain@example.com',
    phone: '5550001111',
    coachName: 'Coach Name',
    message: `Message ${n} of the drain.`,
  };
  return { method: 'POST', path: '/api/contact-requests', json: message };
}

describe('graceful shutdown under load', () => {
  it('SIGTERM under load loses no in-flight request', async () => {
    const server = await startServerOnTestDatabase();
    const load = startKeepAliveLoad(server.url, plan, CONNECTIONS);
    try {
      await Promise.all([load.answered(600), sleep(1_000)]);
      const signalledAt = performance.now();
      const exitCode = server.stop('SIGTERM');
      // Each connection keeps sending until the server, no longer listening, refuses it.
      const attempts = await load.finished;

      expect(inFlightAt(attempts, signalledAt).length, 'requests in flight when SIGTERM was sent').toBeGreaterThan(0);
      expect(attempts.map(faultOf).filter(Boolean)).toEqual([]);
      expect(await exitCode).toBe(0);

      const acknowledged = attempts.flatMap(({ request, outcome }) =>
        request.method === 'POST' && outcome.kind === 'answered' && outcome.status === 201
          ? [(JSON.parse(outcome.body) as { id: number }).id]
          : [],
      );
      expect(acknowledged.length).toBeGreaterThan(0);
      const stored = await testSql()<{ id: number }[]>`select id from contact_requests where id = any(${acknowledged})`;
      expect(stored.map((row) => row.id).sort((a, b) => a - b)).toEqual(acknowledged.sort((a, b) => a - b));
    } finally {
      load.stop();
      await server.stop('SIGKILL');
    }
  });
});
