import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { upsertAdmin } from '#server/auth/users.ts';
import { issueHostSetCodes } from '#server/codes/host-set-codes.ts';
import { connect, type Sql } from '#server/platform/db/db.ts';
import { migrate } from '#server/platform/db/migrate.ts';
import { notifyAdmins, sendDigests } from '#server/notifications/admin-notifications.ts';
import {
  asUser,
  createLoadedTestDatabase,
  registerHost,
  registration,
  request,
  sessionTokenFrom,
  signInAdmin,
  TEST_ADMIN,
} from '../support/api.ts';
import { runJobsCommand } from '../support/jobs-command.ts';
import { startApiTestServer } from '../support/api-setup.ts';
import type { ServerProcess } from '../support/server-process.ts';
import { startSmtpStub, type SmtpStub } from '../support/smtp-stub.ts';
import { useFreshDatabase, type TestDatabase } from '../support/test-database.ts';

// The admins', hosts' and contact form senders' emails, delivered through an SMTP stub by two instances on a database
// of their own (the file's server would send from the same outbox, and its tests would meet these admins), and the
// setting's endpoint on the file's server.

const DAY_MS = 24 * 3_600_000;
const contactPage = load(fs.readFileSync(new URL('../../src/content/contact.yaml', import.meta.url), 'utf8')) as {
  responseTimes: { label: string; time: string }[];
  supportEmail: string;
};
/** An email's Reply-To header, or null. */
const replyToOf = (mail: string) => /^Reply-To: (.+)$/im.exec(mail.split(/\r?\n\r?\n/)[0]!)?.[1]?.trim() ?? null;
const longDate = (isoDay: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(isoDay));

/** The site's links in an email's plain text (http://localhost:{port}/…, the origin of a server without SITE_URL). */
const linksIn = (mail: string) => [...mail.matchAll(/(http:\/\/localhost:\d+\/\S+)/g)].map((match) => match[1]!);
const pathOf = (link: string) => link.replace(/^http:\/\/localhost:\d+/, '');

describe('notification emails with two instances', () => {
  let database: TestDatabase;
  let sql: Sql;
  let stub: SmtpStub;
  const servers: ServerProcess[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fk-notify-'));
  const quietAdmin = {
    email: `quiet.admin.${Date.now()}@example.com`,
    username: `quiet${Date.now()}`,
    password: 'a quiet admin password 1',
  };
  const digestAdmin = {
    email: `digest.admin.${Date.now()}@example.com`,
    username: `digest${Date.now()}`,
    password: 'a digest admin password 1',
  };
  const tokens = new Map<string, string>();

  const call = (server: ServerProcess, route: string, init: { method?: string; json?: unknown; token?: string } = {}) =>
    fetch(new URL(route, server.url), {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.method && init.method !== 'GET' ? { origin: server.url } : {}),
        ...(init.token ? { cookie: `fk_session=${init.token}` } : {}),
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
  const signIn = async (server: ServerProcess, account: { email: string; password: string }) => {
    const response = await call(server, '/api/login', {
      method: 'POST',
      json: { emailOrUsername: account.email, password: account.password },
    });
    expect(response.status).toBe(200);
    return sessionTokenFrom(response)!;
  };
  const a = () => servers[0]!;
  const b = () => servers[1]!;
  const admin = () => tokens.get(TEST_ADMIN.email)!;

  /** The messages the stub took for `to` that contain `text`. */
  const mailsTo = (to: string, text = '') =>
    stub.received.filter((mail) => mail.to.includes(to) && mail.text.includes(text)).map((mail) => mail.text);
  /** Waits until the outbox is empty (both instances deliver from it), then returns mailsTo. */
  async function deliveredTo(to: string, text = ''): Promise<string[]> {
    await vi.waitFor(async () => expect((await sql`select 1 from outbox where sent_at is null`).length).toBe(0), {
      timeout: 60_000,
      interval: 100,
    });
    return mailsTo(to, text);
  }

  beforeAll(async () => {
    database = await createLoadedTestDatabase();
    stub = await startSmtpStub({ acceptDelayMs: 50 });
    for (let i = 0; i < 2; i++) servers.push(await startApiTestServer(database, dataDir, { SMTP_URL: stub.url }));
    sql = connect(database.url, { max: database.poolMax });
    await upsertAdmin(quietAdmin, sql);
    await upsertAdmin(digestAdmin, sql);
    for (const account of [TEST_ADMIN, quietAdmin, digestAdmin]) tokens.set(account.email, await signIn(a(), account));
    const choose = (account: { email: string }, notify: string) =>
      call(b(), '/api/admin/notification-setting', { method: 'PUT', json: { notify }, token: tokens.get(account.email) });
    expect(await (await choose(quietAdmin, 'none')).json()).toEqual({ notify: 'none', siteDefault: 'each' });
    expect((await choose(digestAdmin, 'digest')).status).toBe(200);
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await stub?.close();
    await sql?.end();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  let host: ReturnType<typeof registration>;
  let clubId: number;

  it('a registration emails the admins who take each notification, once, linking to the club on Admin Clubs', async () => {
    host = registration((await issueHostSetCodes(1, 'notifications test', sql))[0]!, { clubName: `Notify Circle ${Date.now()}` });
    const response = await call(a(), '/api/clubs/register', { method: 'POST', json: host });
    expect(response.status).toBe(201);
    clubId = ((await response.json()) as { clubId: number }).clubId;

    const notices = await deliveredTo(TEST_ADMIN.email, `New club awaiting verification: ${host.clubName}`);
    expect(notices).toHaveLength(1);
    const [notice] = notices;
    expect(notice).toContain('You receive this because you administer FlameKeeper Clubs');
    const link = linksIn(notice!).find((url) => url.includes('/admin-clubs'))!;
    expect(pathOf(link)).toBe(`/admin-clubs?club=${clubId}`);
    expect((await call(b(), pathOf(link), { token: admin() })).status).toBe(200);
    // Neither the admin who chose no emails nor the one who takes the digest gets it by email.
    expect(mailsTo(quietAdmin.email)).toEqual([]);
    expect(mailsTo(digestAdmin.email)).toEqual([]);
    expect(await deliveredTo(host.email, 'Thank you for registering')).toHaveLength(1);
    const [recorded] = await sql`select kind, link, club_id from admin_notifications where club_id = ${clubId}`;
    expect(recorded).toEqual({ kind: 'club-registered', link: `/admin-clubs?club=${clubId}`, clubId });
  });

  it("a contact form message emails the admins and acknowledges the sender with the contact page's response times", async () => {
    const sender = { name: 'Jordan Vale', email: `jordan.${Date.now()}@example.com` };
    const response = await call(b(), '/api/contact-requests', {
      method: 'POST',
      json: {
        ...sender,
        phone: '5550001111',
        coachName: 'Coach Rivera',
        message: 'When does the Tuesday circle meet?',
        contactReason: 'question',
      },
    });
    expect(response.status).toBe(201);

    const notices = await deliveredTo(TEST_ADMIN.email, `New visitor question from ${sender.name}`);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('When does the Tuesday circle meet?');
    // The admin's reply to the copy goes to the visitor; the visitor's reply to the acknowledgement goes to the team
    // (SUPPORT_EMAIL unset: the contact page's support address), not to the no-reply sender.
    expect(replyToOf(notices[0]!)).toBe(sender.email);
    const link = linksIn(notices[0]!).find((url) => url.includes('/admin-notifications'))!;
    expect(pathOf(link)).toBe('/admin-notifications');
    expect((await call(a(), pathOf(link), { token: admin() })).status).toBe(200);
    expect(mailsTo(quietAdmin.email)).toEqual([]);

    const acknowledgements = mailsTo(sender.email);
    expect(acknowledgements).toHaveLength(1);
    for (const { label, time } of contactPage.responseTimes) expect(acknowledgements[0]).toContain(`${label}: ${time}`);
    expect(acknowledgements[0]).toContain('You receive this because this address sent a message ("General question")');
    expect(replyToOf(acknowledgements[0]!)).toBe(contactPage.supportEmail);
    // "Coach Rivera" is no listed guide: the team passes the message on.
    expect(acknowledgements[0]).toContain('if it is for a coach, we will pass it on to them');
    expect((await call(a(), pathOf(linksIn(acknowledgements[0]!)[0]!))).status).toBe(200);
    // The sender's words are not carried to an address anyone may type.
    expect(acknowledgements[0]).not.toContain('Tuesday circle');
  });

  it('tells the host once per real change: verified, yearly with its renewal date, lifetime, unverified with the reason', async () => {
    const verified = await call(b(), `/api/admin/clubs/${clubId}`, { method: 'PUT', json: { isVerified: true }, token: admin() });
    expect(verified.status).toBe(200);
    const verifiedMails = await deliveredTo(host.email, 'is verified and listed');
    expect(verifiedMails).toHaveLength(1);
    expect(replyToOf(verifiedMails[0]!)).toBeNull();
    const publicPage = linksIn(verifiedMails[0]!).find((url) => url.includes('/flamekeeper-clubs/'))!;
    expect((await call(a(), pathOf(publicPage))).status).toBe(200);
    expect(linksIn(verifiedMails[0]!).map(pathOf)).toContain(`/club-profile/${clubId}`);

    // Verifying a verified club changes nothing and tells nobody.
    expect((await call(a(), `/api/clubs/${clubId}/verify`, { method: 'POST', token: admin() })).status).toBe(200);

    expect((await call(b(), `/api/clubs/${clubId}/set-yearly`, { method: 'POST', token: admin() })).status).toBe(200);
    const [{ renewal } = { renewal: '' }] = await sql<{ renewal: string }[]>`
      select to_char(renewal_date, 'YYYY-MM-DD') as renewal from clubs where id = ${clubId}`;
    const yearly = await deliveredTo(host.email, 'now has a yearly membership');
    expect(yearly).toHaveLength(1);
    expect(yearly[0]).toContain(`It renews on ${longDate(renewal)}.`);

    expect((await call(a(), `/api/clubs/${clubId}/set-lifetime`, { method: 'POST', token: admin() })).status).toBe(200);
    expect(await deliveredTo(host.email, 'now has a lifetime membership')).toHaveLength(1);

    const tooLong = await call(a(), `/api/clubs/${clubId}/unverify`, { method: 'POST', json: { reason: 'x'.repeat(501) }, token: admin() });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ error: { fieldErrors: { reason: ['Reason must be at most 500 characters'] } } });
    const reason = 'Nobody has met at the library since October.';
    expect((await call(b(), `/api/clubs/${clubId}/unverify`, { method: 'POST', json: { reason }, token: admin() })).status).toBe(200);
    // Without a body, as the profile's Club Management card sends it: still unverified, nothing more to tell.
    expect((await call(a(), `/api/clubs/${clubId}/unverify`, { method: 'POST', token: admin() })).status).toBe(200);
    const unverified = await deliveredTo(host.email, 'is no longer listed');
    expect(unverified).toHaveLength(1);
    expect(unverified[0]).toContain(reason);
    // It says "Reply to this email": the reply reaches the team.
    expect(replyToOf(unverified[0]!)).toBe(contactPage.supportEmail);

    // Welcome, the email confirmation link, verified, yearly, lifetime, unverified: one each.
    expect(await deliveredTo(host.email)).toHaveLength(6);
  });

  it('both instances delivered, and every message exactly once', async () => {
    await deliveredTo(TEST_ADMIN.email);
    const rows = await sql<{ recipient: string }[]>`select recipient from outbox`;
    expect(stub.received.flatMap((mail) => mail.to).sort()).toEqual(rows.map((row) => row.recipient).sort());
    for (const server of servers) expect(server.output()).toContain('"msg":"email sent"');
  });

  /** `npm run jobs:run -- --now <now>` on this block's database and mail stub. */
  const jobsRun = async (now: Date, ...options: string[]) => {
    const env = { DATABASE_URL: database.url, DATABASE_POOL_MAX: String(database.poolMax), SMTP_URL: stub.url };
    return (await runJobsCommand(['--now', now.toISOString(), ...options], env)).output;
  };

  it('the daily digest lists what came in to the admin who chose it, once, even run by two instances at once', async () => {
    // The instances ran the digest when they started (nothing to send): it is due again a day later. On PostgreSQL the
    // two runs race; embedded PGlite has one session, which two processes at once would interleave (docs/decisions/003).
    const dueAgain = new Date(Date.now() + DAY_MS + 120_000);
    const runs = process.env.TEST_DATABASE_URL
      ? await Promise.all([jobsRun(dueAgain), jobsRun(dueAgain)])
      : [await jobsRun(dueAgain), await jobsRun(dueAgain)];
    expect(runs.filter((output) => output.includes('admin-digest: 1 sent'))).toHaveLength(1);
    const digests = await deliveredTo(digestAdmin.email, 'FlameKeeper Clubs daily digest');
    expect(digests).toHaveLength(1);
    expect(digests[0]).toContain(`New club awaiting verification: ${host.clubName}`);
    expect(digests[0]).toContain('New visitor question from Jordan Vale');
    expect(linksIn(digests[0]!).map(pathOf)).toEqual(expect.arrayContaining([`/admin-clubs?club=${clubId}`, '/admin-notifications']));
    expect(digests[0]).toContain('multipart/alternative');
    expect(digests[0]).toContain(`href="${linksIn(digests[0]!).find((url) => url.includes('/admin-clubs'))}"`);
    expect(mailsTo(quietAdmin.email)).toEqual([]);
    expect(mailsTo(TEST_ADMIN.email, 'FlameKeeper Clubs daily digest')).toEqual([]);

    // A re-run finds nothing new: no second email.
    expect(await jobsRun(new Date(Date.now() + 3 * DAY_MS))).toContain('admin-digest: 0 sent');
    expect(await deliveredTo(digestAdmin.email, 'FlameKeeper Clubs daily digest')).toHaveLength(1);
  });

  it('a day with new alerts and no new notification still makes a digest, opening with the new alerts (issue 39)', async () => {
    const runAt = new Date(Date.now() + 5 * DAY_MS);
    for (const hoursBefore of [1, 2, 30]) {
      const confirmedAt = new Date(runAt.getTime() - hoursBefore * 3_600_000);
      await sql`
        insert into alerts (email, mailbox_hash, place_label, latitude, longitude, confirmed_at, expires_at)
        values (${`digest.alert.${hoursBefore}@example.com`}, ${createHash('sha256').update(`digest ${hoursBefore}`).digest('hex')},
          'Billings, MT 59101', 45.78, -108.5, ${confirmedAt}, ${new Date(confirmedAt.getTime() + 365 * DAY_MS)})`;
    }
    const output = await jobsRun(runAt, '--job', 'admin-digest');
    expect(output).toContain('admin-digest: 1 sent');
    const digests = await deliveredTo(digestAdmin.email, 'FlameKeeper Clubs daily digest');
    const latest = digests.find((mail) => mail.includes('New alerts today'));
    // The two confirmed in the day before the run, not the one of the day before that.
    expect(latest).toContain('New alerts today: 2 (visitors who confirmed an email alert in the last 24 hours)');
    expect(latest).toContain('Nothing needed the admins since your last digest.');
    expect(linksIn(latest!).map(pathOf)).toContain('/admin-demand');
  });

  it('two digests running at once over new notifications write one email', async () => {
    // Two pools stand for two instances on PostgreSQL. On embedded PGlite's one session two pools would interleave
    // each other's transactions (docs/decisions/003): there the three runs queue on the one connection.
    const other = process.env.TEST_DATABASE_URL ? connect(database.url, { max: database.poolMax }) : sql;
    try {
      await notifyAdmins(
        sql,
        {
          kind: 'question',
          summary: 'A digest race question',
          paragraphs: ['Race.'],
          action: { label: 'Open', path: '/admin-notifications' },
        },
        'http://localhost:4321',
      );
      const now = new Date(Date.now() + 120_000);
      const summaries = await Promise.all([sendDigests({ sql, now }), sendDigests({ sql: other, now }), sendDigests({ sql, now })]);
      expect(summaries.sort()).toEqual(['0 sent', '0 sent', '1 sent']);
      expect(await deliveredTo(digestAdmin.email, 'A digest race question')).toHaveLength(1);
    } finally {
      if (other !== sql) await other.end();
    }
  });
});

describe('a notification email while the mail server refuses', () => {
  const fresh = useFreshDatabase((sql) => migrate(sql));
  let stub: SmtpStub;
  beforeAll(async () => {
    stub = await startSmtpStub({ mode: 'refuse' });
  });
  afterAll(() => stub.close());

  const jobsRun = async (now?: Date) => {
    const env = { DATABASE_URL: fresh.database.url, DATABASE_POOL_MAX: String(fresh.database.poolMax), SMTP_URL: stub.url };
    return (await runJobsCommand(now ? ['--now', now.toISOString()] : [], env)).output;
  };

  it('stays queued with its error and is delivered later, its HTML part with the same link', async () => {
    const to = `refused.admin.${Date.now()}@example.com`;
    await fresh.sql`insert into users (email, password_hash, role) values (${to}, 'not-a-real-hash', 'admin')`;
    await notifyAdmins(
      fresh.sql,
      {
        kind: 'club-registered',
        summary: 'New club awaiting verification: Refused Circle',
        paragraphs: ['A new club.'],
        action: { label: 'Verify it', path: '/admin-clubs?club=7' },
      },
      'http://localhost:4321',
    );

    expect(await jobsRun()).toContain('deliver-emails: 0 sent, 1 failed');
    const [failed] = await fresh.sql<{ lastError: string; sentAt: Date | null; html: string | null; nextAttemptAt: Date }[]>`
      select last_error, sent_at, html, next_attempt_at from outbox where recipient = ${to}`;
    expect(failed!.lastError).toMatch(/451/);
    expect(failed!.sentAt).toBeNull();
    expect(failed!.html).toContain('href="http://localhost:4321/admin-clubs?club=7"');

    stub.setMode('answer');
    expect(await jobsRun(failed!.nextAttemptAt)).toContain('deliver-emails: 1 sent, 0 failed');
    expect(stub.received.map((mail) => mail.to)).toEqual([[to]]);
    const [mail] = stub.received;
    expect(mail!.text).toContain('multipart/alternative');
    expect(mail!.text).toContain('Verify it: http://localhost:4321/admin-clubs?club=7');
    expect(mail!.text).toContain('href="http://localhost:4321/admin-clubs?club=7"');
    const [sent] = await fresh.sql`select sent_at, body, html from outbox where recipient = ${to}`;
    expect(sent).toMatchObject({ body: null, html: null });
  });
});

describe('PUT /api/admin/notification-setting', () => {
  const put = (json: unknown, token?: string) =>
    request('/api/admin/notification-setting', { method: 'PUT', json, headers: asUser(token) });

  it('is for the admin only', async () => {
    expect((await put({ notify: 'none' })).status).toBe(401);
    const { token } = await registerHost();
    expect((await put({ notify: 'none' }, token)).status).toBe(403);
  });

  it('refuses a value that is not a choice with the field message', async () => {
    const response = await put({ notify: 'weekly' }, await signInAdmin());
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { fieldErrors: { notify: ['Choose an email for each notification, a daily digest or no emails'] } },
    });
  });
});
