import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerOnTestDatabase } from '../support/api.ts';
import { startServer } from '../support/server-process.ts';

describe('graceful shutdown', () => {
  it('answers a request still in flight when SIGTERM arrives, then exits 0', async () => {
    const server = await startServerOnTestDatabase();
    const body = JSON.stringify({ emailOrUsername: 'slow@example.com', password: 'a slowly sent password' });
    const url = new URL('/api/login', server.url);

    // The body is sent in two halves with the SIGTERM in between, so the request is mid-flight for certain.
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: server.url },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      });
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(async () => {
        const exit = server.stop('SIGTERM');
        await new Promise((r) => setTimeout(r, 500));
        expect(server.child.exitCode).toBeNull();
        req.end(body.slice(10));
        void exit;
      }, 200);
    });

    const answer = await response;
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.text)).toEqual({ error: { message: 'Invalid credentials' } });
    expect(await server.stop()).toBe(0);
    expect(server.output()).toContain('shutting down');
  });
});

// Each test starts the site two or three times on embedded PGlite, the first time loading the ZIP codes and census
// into an empty database: 138 s idle on a slow machine, and past the suite's 300 s a test with the machine overloaded
// (helpers and a suite beside it). A hang guard for a machine five times slower than that idle run.
describe('the embedded database (npm start with no DATABASE_URL)', { timeout: 900_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fk-embedded-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env = { DATABASE_URL: '', DATA_DIR: dataDir, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' };

  it('creates an admin with a printed password, seeds demo data, and keeps both across a restart', async () => {
    const first = await startServer(env);
    const printed = /password: (\S+)/.exec(first.output());
    expect(printed, first.output()).not.toBeNull();
    expect(first.output()).toContain('demo data added');

    // A second instance on the same data folder would corrupt it: it must refuse to start.
    await expect(startServer(env)).rejects.toThrow(/is in use by process/);
    expect(await first.stop()).toBe(0);

    const second = await startServer(env);
    try {
      expect(second.output()).not.toContain('password:');
      expect(second.output()).not.toContain('demo data added');
      const login = await fetch(new URL('/api/login', second.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: second.url },
        body: JSON.stringify({ emailOrUsername: 'admin', password: printed![1] }),
      });
      expect(login.status).toBe(200);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });

  it('loses no acknowledged write when killed with SIGKILL mid-write, and starts again on the same data', async () => {
    const killDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fk-embedded-kill-'));
    const admin = { ADMIN_EMAIL: 'kill-admin@example.com', ADMIN_PASSWORD: 'kill-test-password' };
    const killEnv = { ...env, DATA_DIR: killDir, SEED_DEMO_DATA: 'false', RATE_LIMIT_MULTIPLIER: '1000', ...admin };
    try {
      const victim = await startServer(killEnv);
      const post = (i: number) =>
        fetch(new URL('/api/contact-requests', victim.url), {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: victim.url },
          body: JSON.stringify({
            name: `Kill ${i}`,
            email: 'kill@example.com',
            phone: '5550001111',
            coachName: 'Coach Name',
            message: `Write number ${i} of the kill test.`,
            contactReason: 'question',
          }),
        });
      let killed = false;
      const acknowledged: string[] = [];
      await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          post(i).then(
            (response) => {
              if (response.status !== 201) return;
              acknowledged.push(`Kill ${i}`);
              // Killed as the first write is acknowledged: the others are queued or being written at that moment.
              if (!killed) killed = victim.child.kill('SIGKILL');
            },
            () => undefined,
          ),
        ),
      );
      await victim.stop();
      expect(acknowledged.length).toBeGreaterThan(0);
      expect(acknowledged.length).toBeLessThan(60);

      const restarted = await startServer(killEnv);
      try {
        const login = await fetch(new URL('/api/login', restarted.url), {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: restarted.url },
          body: JSON.stringify({ emailOrUsername: admin.ADMIN_EMAIL, password: admin.ADMIN_PASSWORD }),
        });
        const cookie = login.headers
          .getSetCookie()
          .find((c) => c.startsWith('fk_session='))!
          .split(';')[0]!;
        // Every page of the question list: it comes 20 at a time.
        const stored = new Set<string>();
        for (let page = 1; ; page++) {
          const url = new URL(`/api/admin/club-questions?page=${page}`, restarted.url);
          const questions = (await (await fetch(url, { headers: { cookie } })).json()) as { name: string }[];
          if (questions.length === 0) break;
          for (const question of questions) stored.add(question.name);
        }
        expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
      } finally {
        expect(await restarted.stop()).toBe(0);
      }
    } finally {
      fs.rmSync(killDir, { recursive: true, force: true });
    }
  });
});
