import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connect, type Sql } from '#server/platform/db/db.ts';
import { issueHostSetCodes } from '#server/codes/host-set-codes.ts';
import { MAX_ATTEMPTS, enqueueEmail } from '#server/platform/email/outbox.ts';
import type { Job } from '#server/app/schedule.ts';
import { runDueJobs } from '#server/app/worker.ts';
import { migrate } from '#server/platform/db/migrate.ts';
import { createLoadedTestDatabase, registration } from '../support/api.ts';
import { runJobsCommand } from '../support/jobs-command.ts';
import { startApiTestServer } from '../support/api-setup.ts';
import type { ServerProcess } from '../support/server-process.ts';
import { startSmtpStub, type SmtpStub } from '../support/smtp-stub.ts';
import { useFreshDatabase, type TestDatabase } from '../support/test-database.ts';

// Each block has a database of its own: the file's server (api.ts) would deliver these messages too.

interface OutboxRow {
  id: string;
  recipient: string;
  body: string | null;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  sentAt: Date | null;
  failedAt: Date | null;
}
const outboxRowsTo = (sql: Sql, recipient: string) => sql<OutboxRow[]>`select * from outbox where recipient = ${recipient} order by id`;

/** A server on `database` whose mail goes to `smtpUrl`. */
function startMailingServer(database: TestDatabase, smtpUrl: string, dataDir: string): Promise<ServerProcess> {
  return startApiTestServer(database, dataDir, { SMTP_URL: smtpUrl, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
}

describe('registering while the mail server hangs', () => {
  let database: TestDatabase;
  let sql: Sql;
  let stub: SmtpStub;
  let server: ServerProcess;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fk-outbox-'));

  beforeAll(async () => {
    database = await createLoadedTestDatabase();
    stub = await startSmtpStub({ mode: 'silent' });
    server = await startMailingServer(database, stub.url, dataDir);
    sql = connect(database.url, { max: database.poolMax });
  });
  afterAll(async () => {
    await server?.stop();
    await stub?.close();
    await sql?.end();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const register = (payload: object) =>
    fetch(new URL('/api/clubs/register', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(payload),
    });

  it('answers at once, records the failed attempt, and delivers the email once the server answers', async () => {
    const [code] = await issueHostSetCodes(1, 'outbox test', sql);
    const payload = registration(code!);
    const response = await register(payload);
    expect(response.status).toBe(201);
    // Answered while the mail server had not said a word to anyone, and before any delivery attempt had ended.
    expect(stub.greetings()).toBe(0);
    const [queued] = await outboxRowsTo(sql, payload.email);
    expect(queued).toMatchObject({ lastError: null, sentAt: null, failedAt: null });

    // The worker's attempt hangs on the silent server until its SMTP timeout, then is recorded with a retry time.
    const failed = await vi.waitFor(
      async () => {
        const [row] = await outboxRowsTo(sql, payload.email);
        if (!row?.lastError) throw new Error('no failed attempt yet');
        return row;
      },
      { timeout: 60_000, interval: 250 },
    );
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toMatch(/ETIMEDOUT/);
    expect(failed.sentAt).toBeNull();
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(queued!.nextAttemptAt.getTime());
    expect(stub.greetings()).toBe(0);

    stub.setMode('answer');
    // The welcome and the email confirmation link.
    await vi.waitFor(() => expect(stub.received.filter((mail) => mail.to.includes(payload.email))).toHaveLength(2), {
      timeout: 60_000,
      interval: 250,
    });
    const mail = stub.received.find((m) => m.to.includes(payload.email) && m.text.includes('Thank you for registering'));
    expect(mail!.text).toContain(`Thank you for registering ${payload.clubName} with FlameKeeper Clubs.`);
    expect(mail!.text).toContain('/club-registration?signin=true');

    await vi.waitFor(async () => expect((await outboxRowsTo(sql, payload.email))[0]!.sentAt).toBeInstanceOf(Date), {
      timeout: 60_000,
      interval: 250,
    });
    const [sent] = await outboxRowsTo(sql, payload.email);
    // Sent on the second attempt; the text (which for a reset email holds a live link) is gone from the database.
    expect(sent).toMatchObject({ attempts: 2, body: null, failedAt: null });
  });

  it('queues no email for a refused registration', async () => {
    const payload = registration('HOST-NOT-ISSUED');
    expect((await register(payload)).status).toBe(409);
    expect(await outboxRowsTo(sql, payload.email)).toEqual([]);
  });
});

describe('two instances sending from one outbox', () => {
  let database: TestDatabase;
  let sql: Sql;
  let stub: SmtpStub;
  const servers: ServerProcess[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fk-outbox-'));

  beforeAll(async () => {
    database = await createLoadedTestDatabase();
    // Each message takes the stub 100 ms to accept, so one instance alone cannot empty the outbox between two ticks
    // of the other's worker: both are sending at the same time.
    stub = await startSmtpStub({ acceptDelayMs: 100 });
    // One after the other: on embedded PGlite two starting at once would share its one session (instances.test.ts).
    for (let i = 0; i < 2; i++) servers.push(await startMailingServer(database, stub.url, dataDir));
    sql = connect(database.url, { max: database.poolMax });
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await stub?.close();
    await sql?.end();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('send each message exactly once', async () => {
    const count = 40;
    const recipients = Array.from({ length: count }, (_, i) => `reader.${i}.${Date.now()}@example.com`);
    await sql.begin(async (tx) => {
      for (const to of recipients) await enqueueEmail(tx, { to, subject: 'Outbox test', text: `Hello ${to}` });
    });

    await vi.waitFor(async () => expect((await sql`select 1 from outbox where sent_at is null`).length).toBe(0), {
      timeout: 60_000,
      interval: 250,
    });
    const delivered = stub.received.flatMap((mail) => mail.to).sort();
    expect(delivered).toEqual([...recipients].sort());
    // Both workers took part, so the claims were contended rather than taken in turn.
    for (const server of servers) expect(server.output()).toContain('"msg":"email sent"');
  });
});

describe('failed sends and `npm run jobs:run`', () => {
  const fresh = useFreshDatabase((sql) => migrate(sql));
  let stub: SmtpStub;
  beforeAll(async () => {
    stub = await startSmtpStub({ mode: 'refuse' });
  });
  afterAll(() => stub.close());

  /** Runs `npm run jobs:run` against the block's database and mail stub, as of `now` when given, with more `options`. */
  function jobsRun(now?: Date, ...options: string[]) {
    const env = { DATABASE_URL: fresh.database.url, DATABASE_POOL_MAX: String(fresh.database.poolMax), SMTP_URL: stub.url };
    return runJobsCommand([...(now ? ['--now', now.toISOString()] : []), ...options], env);
  }

  it('records a refused send with its error and retries it when due', async () => {
    const to = `retry.${Date.now()}@example.com`;
    await enqueueEmail(fresh.sql, { to, subject: 'Retry test', text: 'Hello again' });

    const first = await jobsRun();
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain('deliver-emails: 0 sent, 1 failed');
    expect(first.output).toContain('Outbox: 0 waiting, 1 to be retried after an error, 0 failed for good.');
    const [failed] = await outboxRowsTo(fresh.sql, to);
    expect(failed).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(failed!.lastError).toMatch(/451 .*Mailbox busy, try again later/);

    // The mail server is back, but the message is not due yet as of just before its retry time...
    stub.setMode('answer');
    const early = await jobsRun(new Date(failed!.nextAttemptAt.getTime() - 1_000));
    expect(early.output).toContain('deliver-emails: nothing to do');
    expect(stub.received).toEqual([]);

    // ...and is sent as of that time.
    const due = await jobsRun(failed!.nextAttemptAt);
    expect(due.output).toContain('deliver-emails: 1 sent, 0 failed');
    expect(stub.received.map((mail) => mail.to)).toEqual([[to]]);
    const [sent] = await outboxRowsTo(fresh.sql, to);
    expect(sent).toMatchObject({ attempts: 2, body: null, failedAt: null });
    expect(sent!.sentAt).toBeInstanceOf(Date);
  });

  it('marks a message failed after the last attempt, keeps it, and tries it no more', async () => {
    const to = `gives-up.${Date.now()}@example.com`;
    await enqueueEmail(fresh.sql, { to, subject: 'Give up test', text: 'Nobody home' });
    await fresh.sql`update outbox set attempts = ${MAX_ATTEMPTS - 1} where recipient = ${to}`;
    stub.setMode('refuse');

    expect((await jobsRun()).output).toContain('deliver-emails: 0 sent, 1 failed');
    const [failed] = await outboxRowsTo(fresh.sql, to);
    expect(failed).toMatchObject({ attempts: MAX_ATTEMPTS, sentAt: null, body: 'Nobody home' });
    expect(failed!.failedAt).toBeInstanceOf(Date);
    expect(failed!.lastError).toMatch(/451/);

    const later = await jobsRun(new Date(Date.now() + 7 * 24 * 3_600_000));
    expect(later.output).toContain('deliver-emails: nothing to do');
    expect(later.output).toContain('1 failed for good');
    expect((await outboxRowsTo(fresh.sql, to))[0]!.attempts).toBe(MAX_ATTEMPTS);
  });

  it('prunes messages sent more than 30 days before the time it runs as, and keeps failed ones', async () => {
    const [{ sent } = { sent: 0 }] = await fresh.sql<
      { sent: number }[]
    >`select count(*)::int as sent from outbox where sent_at is not null`;
    expect(sent).toBeGreaterThan(0);
    const run = await jobsRun(new Date(Date.now() + 31 * 24 * 3_600_000));
    expect(run.output).toContain(`prune-sent-emails: ${sent} deleted`);
    const left = await fresh.sql<{ failedAt: Date | null }[]>`select failed_at from outbox`;
    expect(left.length).toBeGreaterThan(0);
    for (const row of left) expect(row.failedAt).toBeInstanceOf(Date);
  });

  it('runs only the jobs named with --job, leaving the others to their own time, and refuses a name it does not know', async () => {
    const to = `named-job.${Date.now()}@example.com`;
    await enqueueEmail(fresh.sql, { to, subject: 'Named job test', text: 'Only this' });
    stub.setMode('answer');
    const monthLater = new Date(Date.now() + 31 * 24 * 3_600_000);

    const run = await jobsRun(monthLater, '--job', 'deliver-emails');
    expect(run.code, run.output).toBe(0);
    // As of a month later other jobs are due (licence transitions, every minute, at least): only the one named runs.
    const ranJobs = run.output.split('\n').filter((line) => /^ {2}[a-z-]+: /.test(line));
    expect(ranJobs).toEqual(['  deliver-emails: 1 sent, 0 failed']);
    expect(await outboxRowsTo(fresh.sql, to)).toHaveLength(1);

    const unknown = await jobsRun(undefined, '--job', 'deliver-emails', '--job', 'water-the-plants');
    expect(unknown.code).toBe(2);
    expect(unknown.output).toContain('No job is named "water-the-plants".');
    expect(unknown.output).toContain('prune-ended-sessions');
  });

  it('refuses a --now that is not an ISO timestamp', async () => {
    const run = await runJobsCommand(['--now', 'next tuesday'], { DATABASE_URL: fresh.database.url });
    expect(run.code).toBe(2);
    expect(run.output).toContain('--now must be an ISO timestamp');
  });
});

describe('a job that runs on one instance', () => {
  const fresh = useFreshDatabase((sql) => migrate(sql));

  it('runs once per due time, however many instances ask at once', async () => {
    const ran: Date[] = [];
    const job: Job = { name: `test-once-${Date.now()}`, every: 60_000, runsOn: 'one-instance', run: async ({ now }) => void ran.push(now) };
    // Two pools stand for two instances, each asking twice at the same moment.
    const other = connect(fresh.database.url, { max: fresh.database.poolMax });
    try {
      const now = new Date();
      const instances = [fresh.sql, other, fresh.sql, other];
      await Promise.all(instances.map((sql) => runDueJobs(sql, { jobs: [job], now })));
      expect(ran).toEqual([now]);

      // Not due again within the minute; due as of a time after it (as `jobs:run --now` asks).
      await Promise.all(instances.map((sql) => runDueJobs(sql, { jobs: [job], now: new Date(now.getTime() + 30_000) })));
      expect(ran).toHaveLength(1);
      const later = new Date(now.getTime() + 61_000);
      expect(await runDueJobs(other, { jobs: [job], now: later })).toEqual([{ name: job.name, summary: undefined }]);
      expect(ran).toEqual([now, later]);
    } finally {
      await other.end();
    }
  });

  it('keeps the error of a failed run where an operator can see it', async () => {
    const job: Job = {
      name: `test-fails-${Date.now()}`,
      every: 60_000,
      runsOn: 'one-instance',
      run: () => Promise.reject(new Error('the licence server said no')),
    };
    const [outcome] = await runDueJobs(fresh.sql, { jobs: [job] });
    expect(outcome).toEqual({ name: job.name, error: 'the licence server said no' });
    const [row] = await fresh.sql`select last_error, last_finished_at from scheduled_jobs where name = ${job.name}`;
    expect(row!.lastError).toBe('the licence server said no');
    expect(row!.lastFinishedAt).toBeInstanceOf(Date);
  });
});
