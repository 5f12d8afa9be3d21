import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { messageReplies } from '#lib/follow-ups/message-replies.ts';
import {
  asUser,
  baseUrl,
  registerHost,
  request,
  runJobs,
  signInAdmin,
  testDataDir,
  testSql,
  TEST_ADMIN,
  waitForEmail,
} from '../support/api.ts';
import { registerListedGuide } from '../support/licensing.ts';

// Issue 41 item 17: the notifications sent to accounts (an admin's email for each notification and daily digest, a
// host's morning summary, a host's or a guide's reminder of an unanswered message) carry List-Unsubscribe with
// List-Unsubscribe-Post (RFC 8058) and Auto-Submitted; the mail reader's one-click POST, without cookies or Origin,
// turns off that kind of email for that person, and the next one is not sent. A GET of the link only leads to a page
// whose button asks. The jobs' other emails (check-ins, licence notices) are Auto-Submitted without an unsubscribe.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const unique = () => randomBytes(4).toString('hex');

/**
 * The emails written to `address` whose subject starts with `subject`, as written (headers are not quoted-printable:
 * decoding would change a token's "=4F"), oldest first.
 */
function rawMailsTo(address: string, subject: string): string[] {
  const dir = path.join(testDataDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((file) => fs.readFileSync(path.join(dir, file), 'latin1'))
    .filter((mail) => mail.includes(`To: ${address}`) && mail.split(/\r?\n/).some((line) => line.startsWith(`Subject: ${subject}`)));
}

const headersOf = (mail: string) => mail.split(/\r?\n\r?\n/)[0]!;
const unsubscribeUrlOf = (mail: string) => new URL(/^List-Unsubscribe:\s*<([^>]+)>/m.exec(headersOf(mail))![1]!);

/** The headers every notification to an account carries, and its one-click address. */
function expectOneClickHeaders(mail: string): URL {
  const headers = headersOf(mail);
  expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  expect(headers).toMatch(/^Auto-Submitted: auto-generated$/m);
  const url = unsubscribeUrlOf(mail);
  expect(url.pathname).toBe('/api/email-settings/unsubscribe');
  expect(url.searchParams.get('token')).toMatch(/^[a-z-]+\.[0-9a-f-]+\.[A-Za-z0-9_-]{43}$/);
  return url;
}

/** The POST a mail reader sends (RFC 8058): form-encoded, no cookie, no Origin. */
const oneClick = (url: URL) =>
  fetch(new URL(url.pathname + url.search, baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });

/** Opened as a link, the address changes nothing and leads to the page that asks, with its button. */
async function expectPageAsks(url: URL, question: string) {
  const opened = await request(url.pathname + url.search);
  expect(opened.status).toBe(303);
  const page = opened.headers.get('location')!;
  expect(page).toMatch(/^\/unsubscribe\?token=/);
  const html = await (await request(page)).text();
  expect(html).toContain(question);
  expect(html).toMatch(/<form [^>]*method="post"[^>]*action="\/api\/email-settings\/unsubscribe\?token=/);
  expect(html).toMatch(/<button type="submit"[^>]*>\s*Stop these emails\s*<\/button>/);
}

const contactMessage = (name: string) =>
  request('/api/contact-requests', {
    method: 'POST',
    json: {
      name,
      email: `sender.${unique()}@example.com`,
      phone: '5550001111',
      coachName: 'Coach Rivera',
      message: 'When does the Tuesday circle meet?',
      contactReason: 'question',
    },
  });

const adminNotify = async () => {
  const [row] = await testSql()<{ notify: string | null }[]>`select notify from users where email = ${TEST_ADMIN.email}`;
  return row!.notify;
};

describe("the admin's notification emails", () => {
  it('each carries one-click unsubscribe, whose POST turns the email for each notification off', async () => {
    const first = `Avery ${unique()}`;
    expect((await contactMessage(first)).status).toBe(201);
    await waitForEmail((mail) => mail.includes(`To: ${TEST_ADMIN.email}`) && mail.includes(`New visitor question from ${first}`));
    const [mail] = rawMailsTo(TEST_ADMIN.email, `New visitor question from ${first}`);
    const url = expectOneClickHeaders(mail!);
    await expectPageAsks(url, 'Stop the email for each admin notification?');
    expect(await adminNotify()).toBeNull();

    const response = await oneClick(url);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ unsubscribed: true, kind: 'admin-each' });
    expect(await adminNotify()).toBe('none');

    // The next notification is listed, and emailed to nobody.
    const second = `Blake ${unique()}`;
    expect((await contactMessage(second)).status).toBe(201);
    const summary = `New visitor question from ${second}%`;
    expect(await testSql()`select 1 from admin_notifications where summary like ${summary}`).toHaveLength(1);
    expect(await testSql()`select 1 from outbox where subject like ${summary} and recipient = ${TEST_ADMIN.email}`).toHaveLength(0);
  });

  it('the daily digest carries one-click unsubscribe, whose POST stops the digest: the next run sends none', async () => {
    const admin = await signInAdmin();
    const chosen = await request('/api/admin/notification-setting', { method: 'PUT', headers: asUser(admin), json: { notify: 'digest' } });
    expect(chosen.status).toBe(200);
    const digestRun = async (name: string) => {
      expect((await contactMessage(name)).status).toBe(201);
      // Two days on, where the server's own worker (as of now) has not run the daily job, and the notification is
      // older than the minute a digest waits.
      return runJobs('--now', new Date(Date.now() + 2 * DAY_MS).toISOString(), '--job', 'admin-digest');
    };
    expect(await digestRun(`Casey ${unique()}`)).toContain('admin-digest: 1 sent');
    await waitForEmail((mail) => mail.includes(`To: ${TEST_ADMIN.email}`) && mail.includes('FlameKeeper Clubs daily digest'));
    const [digest] = rawMailsTo(TEST_ADMIN.email, 'FlameKeeper Clubs daily digest');
    const url = expectOneClickHeaders(digest!);
    await expectPageAsks(url, 'Stop the daily digest of admin notifications?');

    expect((await oneClick(url)).status).toBe(200);
    expect(await adminNotify()).toBe('none');
    expect(await digestRun(`Dana ${unique()}`)).toContain('admin-digest: 0 sent');
  });

  it('a link stops only its own kind: an old digest link leaves the email for each notification on', async () => {
    const admin = await signInAdmin();
    await request('/api/admin/notification-setting', { method: 'PUT', headers: asUser(admin), json: { notify: 'digest' } });
    const name = `Emery ${unique()}`;
    expect((await contactMessage(name)).status).toBe(201);
    expect(await runJobs('--now', new Date(Date.now() + 2 * DAY_MS).toISOString(), '--job', 'admin-digest')).toContain(
      'admin-digest: 1 sent',
    );
    await waitForEmail((mail) => mail.includes(`To: ${TEST_ADMIN.email}`) && mail.includes(`New visitor question from ${name}`));
    const url = unsubscribeUrlOf(rawMailsTo(TEST_ADMIN.email, 'FlameKeeper Clubs daily digest').at(-1)!);

    await request('/api/admin/notification-setting', { method: 'PUT', headers: asUser(admin), json: { notify: 'each' } });
    expect((await oneClick(url)).status).toBe(200);
    expect(await adminNotify()).toBe('each');
  });
});

describe('links that are not this site’s', () => {
  it('a token with another signature, or the same signature for another person or kind, is refused with 404', async () => {
    const name = `Finley ${unique()}`;
    expect((await contactMessage(name)).status).toBe(201);
    await waitForEmail((mail) => mail.includes(`To: ${TEST_ADMIN.email}`) && mail.includes(`New visitor question from ${name}`));
    const url = unsubscribeUrlOf(rawMailsTo(TEST_ADMIN.email, `New visitor question from ${name}`)[0]!);
    const [kind, subject, mac] = url.searchParams.get('token')!.split('.');
    const forged = [
      `${kind}.${subject}.${'A'.repeat(43)}`,
      `${kind}.${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.${mac}`,
      `admin-digest.${subject}.${mac}`,
    ];
    for (const token of forged) {
      const address = new URL(`/api/email-settings/unsubscribe?${new URLSearchParams({ token })}`, baseUrl);
      expect((await oneClick(address)).status, token).toBe(404);
      expect((await request(`/unsubscribe?${new URLSearchParams({ token })}`)).status, token).toBe(404);
    }
    expect((await oneClick(new URL('/api/email-settings/unsubscribe?token=nonsense', baseUrl))).status).toBe(400);
    // The admin's choice, 'each' since the test before, is as it was.
    expect(await adminNotify()).toBe('each');
  });
});

describe('a host’s reminder of an unanswered join request', () => {
  const joinRequestDue = async (clubId: number) => {
    const name = `Riley ${unique()}`;
    const createdAt = new Date(Date.now() - messageReplies.promisedReplyHours.joinRequest * HOUR_MS - HOUR_MS);
    const [row] = await testSql()<{ id: number }[]>`
      insert into join_requests (club_id, name, email, phone, message, created_at)
      values (${clubId}, ${name}, ${`joiner.${unique()}@example.com`}, null, 'Is there room?', ${createdAt})
      returning id`;
    return { id: row!.id, subject: `Reminder: ${name} asked to join` };
  };
  // An hour on, where the server's own worker (as of now) has not run the job.
  const runFollowUps = () => runJobs('--now', new Date(Date.now() + HOUR_MS).toISOString(), '--job', 'message-follow-ups');
  const remindedAt = async (id: number) =>
    (await testSql()<{ remindedAt: Date | null }[]>`select reminded_at from join_requests where id = ${id}`)[0]!.remindedAt;

  it('carries one-click unsubscribe, whose POST stops the reminders; /account turns them back on', async () => {
    const host = await registerHost();
    const email = host.payload.email as string;
    const first = await joinRequestDue(host.clubId);
    await runFollowUps();
    await waitForEmail((mail) => mail.includes(`To: ${email}`) && mail.includes(first.subject));
    const url = expectOneClickHeaders(rawMailsTo(email, first.subject)[0]!);
    await expectPageAsks(url, 'Stop the reminders of join requests and messages you have not answered?');

    expect((await oneClick(url)).status).toBe(200);
    const setting = async () =>
      (await testSql()<{ replyReminders: boolean }[]>`select reply_reminders from users where lower(email) = lower(${email})`)[0]!
        .replyReminders;
    expect(await setting()).toBe(false);
    // The page the button leads back to says so, and where to turn them on again.
    const done = await request(`/unsubscribe?${new URLSearchParams({ token: url.searchParams.get('token')!, stopped: 'true' })}`);
    expect(await done.text()).toContain('href="/account#emails"');

    // The next request past its time is stamped reminded (the team's follow-up counts from it), and nothing is sent.
    const second = await joinRequestDue(host.clubId);
    await runFollowUps();
    expect(await remindedAt(second.id)).not.toBeNull();
    expect(await testSql()`select 1 from outbox where subject like ${`${second.subject}%`}`).toHaveLength(0);

    // The account page has the setting, and turns it back on.
    const account = await (await request('/account', { headers: asUser(host.token) })).text();
    expect(account).toContain('Remind me of a join request or a message I have not answered');
    const on = await request('/api/account/email-settings', { method: 'PUT', headers: asUser(host.token), json: { replyReminders: true } });
    expect(await on.json()).toEqual({ replyReminders: true });
    expect(await setting()).toBe(true);
    const bad = await request('/api/account/email-settings', {
      method: 'PUT',
      headers: asUser(host.token),
      json: { replyReminders: 'yes' },
    });
    expect(bad.status).toBe(400);
    expect((await request('/api/account/email-settings', { method: 'PUT', json: { replyReminders: true } })).status).toBe(401);
  });
});

describe('a guide’s reminder of an unanswered message', () => {
  it('carries one-click unsubscribe, whose POST stops the reminders: the next message past its time is not reminded', async () => {
    const guide = await registerListedGuide(await signInAdmin(), `Maya ${unique()}`);
    const messageDue = async () => {
      const name = `Jordan ${unique()}`;
      const sent = await request(`/api/guides/${guide.publicId}/messages`, {
        method: 'POST',
        json: {
          name,
          email: `visitor.${unique()}@example.com`,
          phone: '(828) 555-0199',
          reason: 'schedule',
          message: 'Could we meet next Tuesday?',
        },
      });
      expect(sent.status).toBe(201);
      const { id } = (await sent.json()) as { id: number };
      const createdAt = new Date(Date.now() - messageReplies.promisedReplyHours.guideMessage * HOUR_MS - HOUR_MS);
      await testSql()`update guide_messages set created_at = ${createdAt} where id = ${id}`;
      return { id, subject: `Reminder: ${name} is waiting for your reply` };
    };
    const runFollowUps = () => runJobs('--now', new Date(Date.now() + HOUR_MS).toISOString(), '--job', 'message-follow-ups');

    const first = await messageDue();
    await runFollowUps();
    await waitForEmail((mail) => mail.includes(`To: ${guide.email}`) && mail.includes(first.subject));
    const url = expectOneClickHeaders(rawMailsTo(guide.email, first.subject)[0]!);
    expect((await oneClick(url)).status).toBe(200);

    const second = await messageDue();
    await runFollowUps();
    const [row] = await testSql()<{ remindedAt: Date | null }[]>`select reminded_at from guide_messages where id = ${second.id}`;
    expect(row!.remindedAt).not.toBeNull();
    expect(await testSql()`select 1 from outbox where subject = ${second.subject}`).toHaveLength(0);
  });
});

describe('a host’s morning summary of who is coming', () => {
  it('carries one-click unsubscribe, whose POST turns the summary off: the next session’s morning sends none', async () => {
    const host = await registerHost({ clubName: `Summary Circle ${unique()}` });
    const hostEmail = host.payload.email as string;
    // Mondays at 7 PM in Chicago from Monday March 1, 2027, with one member; the summary is on by default.
    await testSql()`
      update clubs set is_verified = true, meeting_frequency = 'weekly', time_zone = 'America/Chicago', cycle_start = '2027-03-01',
        meeting_format = 'in-person', venue_name = 'Oak Room', venue_address = '12 Elm St',
        meeting_slots = ${testSql().json([{ weekday: 'monday', start: '19:00', durationMinutes: 90 }])}
      where id = ${host.clubId}`;
    const added = await request(`/api/clubs/${host.clubId}/members`, {
      method: 'POST',
      headers: asUser(host.token),
      json: { name: 'Avery Stone', email: `avery.${unique()}@example.com` },
    });
    expect(added.status).toBe(201);
    const summaries = () => testSql()`select 1 from outbox where recipient = ${hostEmail} and subject like 'Today at %'`;

    // 8:00 AM CDT on Monday March 15, 2027.
    expect(await runJobs('--now', '2027-03-15T13:00:00Z', '--job', 'club-reminders')).toContain('1 summaries to hosts');
    await waitForEmail((mail) => mail.includes(`To: ${hostEmail}`) && mail.includes('Today at'));
    const url = expectOneClickHeaders(rawMailsTo(hostEmail, 'Today at')[0]!);
    await expectPageAsks(url, 'Stop the morning summary of who is coming to your club?');

    expect((await oneClick(url)).status).toBe(200);
    const [club] = await testSql()<{ rsvpSummary: boolean }[]>`select rsvp_summary from clubs where id = ${host.clubId}`;
    expect(club!.rsvpSummary).toBe(false);
    // The Reminders card, where it turns back on, shows it off.
    const settings = await request(`/api/clubs/${host.clubId}/reminders`, { headers: asUser(host.token) });
    expect(await settings.json()).toMatchObject({ rsvpSummary: false });

    // 8:00 AM CDT on Monday March 22: no summary (the member's reminder, a day before, went as before).
    expect(await runJobs('--now', '2027-03-22T13:00:00Z', '--job', 'club-reminders')).toContain('0 summaries to hosts');
    expect(await summaries()).toHaveLength(1);
  });
});

describe('the jobs’ emails that are not notifications', () => {
  it('a check-in request is Auto-Submitted, with no unsubscribe: it is what keeps a club listed', async () => {
    const host = await registerHost({ clubName: `Check-in Circle ${unique()}` });
    const hostEmail = host.payload.email as string;
    // Listed and last confirmed 91 days ago: the check-in job asks.
    await testSql()`update clubs set is_verified = true, confirmed_at = now() - interval '91 days' where id = ${host.clubId}`;
    await runJobs('--now', new Date(Date.now() + 2 * HOUR_MS).toISOString(), '--job', 'club-check-ins');
    await waitForEmail((mail) => mail.includes(`To: ${hostEmail}`) && mail.includes('Is your club still meeting?'));
    const headers = headersOf(rawMailsTo(hostEmail, 'Is your club still meeting?')[0]!);
    expect(headers).toMatch(/^Auto-Submitted: auto-generated$/m);
    expect(headers).not.toMatch(/^List-Unsubscribe/m);
  });
});
