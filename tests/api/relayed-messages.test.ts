import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { clubPagePath } from '#lib/clubs/pages.ts';
import { guidePagePath } from '#lib/guides/types.ts';
import { messageReplies } from '#lib/follow-ups/message-replies.ts';
import type { UnansweredMessage } from '#lib/follow-ups/unanswered-types.ts';
import { followUpMessages } from '#server/follow-ups/follow-up-job.ts';
import { asUser, registerHost, request, runJobs, sentEmails, signInAdmin, testSql, waitForEmail } from '../support/api.ts';
import { insertClub } from '../support/clubs.ts';
import { insertListedGuide } from '../support/guides.ts';
import { registerListedGuide } from '../support/licensing.ts';

// Issue 28, "Every message answered": the follow-ups job reminds the recipient of a message not answered within its
// promised time, escalates it to the admin's Unanswered queue a day later and tells the visitor, and deletes a closed
// message's personal details after the deletion period. As in check-ins.test.ts, the file's tests share one database,
// so each test's messages fall due a day from now (their times are moved back, the job is never run far ahead of
// them), where neither the server's worker (as of now) nor another test's run can reach them first.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const unique = () => randomBytes(4).toString('hex');
const at = (instant: Date, ms: number) => new Date(instant.getTime() + ms);
const aDayFromNow = () => at(new Date(), DAY_MS);
const run = (now: Date) => followUpMessages({ sql: testSql(), now });

const GUIDE_PROMISE_MS = messageReplies.promisedReplyHours.guideMessage * HOUR_MS;
const JOIN_PROMISE_MS = messageReplies.promisedReplyHours.joinRequest * HOUR_MS;
const ESCALATION_MS = messageReplies.escalationHours * HOUR_MS;
const DELETION_MS = messageReplies.deletionDays * DAY_MS;

interface Follow {
  remindedAt: Date | null;
  escalatedAt: Date | null;
  closedAt: Date | null;
  scrubbedAt: Date | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  message: string | null;
}
const guideMessage = async (id: number) =>
  (
    await testSql()<(Follow & { reason: string | null; repliedAt: Date | null; createdAt: Date })[]>`
    select reminded_at, escalated_at, closed_at, scrubbed_at, name, email, phone, message, reason, replied_at, created_at
    from guide_messages where id = ${id}`
  )[0]!;
const joinRequest = async (id: number) =>
  (
    await testSql()<(Follow & { status: string; answeredAt: Date | null })[]>`
    select reminded_at, escalated_at, closed_at, scrubbed_at, name, email, phone, message, status, answered_at
    from join_requests where id = ${id}`
  )[0]!;
const subjectsTo = async (recipient: string) =>
  (await testSql()<{ subject: string }[]>`select subject from outbox where recipient = ${recipient} order by id`).map((row) => row.subject);

const visitorMessage = () => ({
  name: 'Jordan Ellis',
  email: `visitor.${unique()}@example.com`,
  phone: '(828) 555-0199',
  reason: 'schedule',
  message: `Could we meet next Tuesday evening? (${unique()})`,
});

/** Sends a visitor's message to the guide through the API, then dates it so that its promised time ends at `due`. */
async function messageDueAt(guidePublicId: number, due: Date) {
  const visitor = visitorMessage();
  const response = await request(`/api/guides/${guidePublicId}/messages`, { method: 'POST', json: visitor });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: number };
  await testSql()`update guide_messages set created_at = ${at(due, -GUIDE_PROMISE_MS)} where id = ${id}`;
  return { id, visitor };
}

/** A join request stored as helper A's form stores it (straight into the table here), its promised time ending at `due`. */
async function joinRequestDueAt(clubId: number, due: Date) {
  const visitor = {
    name: 'Riley Park',
    email: `joiner.${unique()}@example.com`,
    phone: '(512) 555-0142',
    message: `Is there room? ${unique()}`,
  };
  const [row] = await testSql()<{ id: number }[]>`
    insert into join_requests (club_id, name, email, phone, message, created_at)
    values (${clubId}, ${visitor.name}, ${visitor.email}, ${visitor.phone}, ${visitor.message}, ${at(due, -JOIN_PROMISE_MS)})
    returning id`;
  return { id: row!.id, visitor };
}

/** The host's answer, as helper A's one-click links and Join requests card record it. */
const answerJoinRequest = (id: number, status: 'replied' | 'joined' | 'declined', now = new Date()) =>
  testSql()`update join_requests set status = ${status}, answered_at = coalesce(answered_at, ${now}), closed_at = ${now} where id = ${id}`;

/** The "I've replied" tokens emailed to `email`, oldest first. */
const replyTokens = (email: string) =>
  sentEmails()
    .filter((mail) => mail.includes(`To: ${email}`))
    .flatMap((mail) => /message-replied\?token=([A-Za-z0-9_-]{43})/.exec(mail)?.[1] ?? []);

async function waitForReplyTokens(email: string, count: number): Promise<string[]> {
  await waitForEmail(() => replyTokens(email).length >= count);
  return replyTokens(email);
}

const confirmReplied = (token: string) => request('/api/message-replies', { method: 'POST', json: { token } });

let admin: string;
const unanswered = async () => {
  const response = await request('/api/admin/unanswered-messages', { headers: asUser(admin) });
  expect(response.status).toBe(200);
  return (await response.json()) as UnansweredMessage[];
};
const followUp = (kind: string, id: number, token?: string) =>
  request(`/api/admin/unanswered-messages/${kind}/${id}/followed-up`, { method: 'POST', headers: asUser(token) });

/** A listed guide who can sign in (for the inbox), made listed the way the admin does it. */
let maya: { email: string; token: string; publicId: number; userId: string; name: string };

beforeAll(async () => {
  admin = await signInAdmin();
  maya = await registerListedGuide(admin, 'Maya Lopez');
});

describe('a message to a guide', () => {
  it('reminds the guide at the promised time and not before, once; escalates a day later, once, telling the visitor and the admin', async () => {
    const due = aDayFromNow();
    const { id, visitor } = await messageDueAt(maya.publicId, due);

    await run(at(due, -1_000));
    expect((await guideMessage(id)).remindedAt).toBeNull();

    await run(due);
    expect(await guideMessage(id)).toMatchObject({ remindedAt: due, escalatedAt: null, closedAt: null });
    const reminders = (await subjectsTo(maya.email)).filter((subject) => subject === `Reminder: ${visitor.name} is waiting for your reply`);
    expect(reminders).toHaveLength(1);
    const reminder = await waitForEmail((mail) => mail.includes(`To: ${maya.email}`) && mail.includes('Reminder: Jordan Ellis'));
    expect(reminder).toContain('/my-licences#messages');
    expect(reminder).toMatch(/message-replied\?token=[A-Za-z0-9_-]{43}/);
    expect(reminder).toContain(`Reply-To: ${visitor.email}`);

    await run(at(due, 60_000));
    expect((await subjectsTo(maya.email)).filter((subject) => subject.startsWith('Reminder:'))).toHaveLength(1);

    await run(at(due, ESCALATION_MS - 1_000));
    expect((await guideMessage(id)).escalatedAt).toBeNull();
    expect(await subjectsTo(visitor.email)).not.toContain('We are following up your message to Maya Lopez');

    const escalation = at(due, ESCALATION_MS);
    await run(escalation);
    await run(at(escalation, 60_000));
    expect(await guideMessage(id)).toMatchObject({ escalatedAt: escalation, closedAt: null });
    expect(
      (await subjectsTo(visitor.email)).filter((subject) => subject === 'We are following up your message to Maya Lopez'),
    ).toHaveLength(1);
    // Sent to whatever address was typed, it quotes nothing the visitor typed.
    const followingUp = await waitForEmail((mail) => mail.includes(`To: ${visitor.email}`) && mail.includes('We are following up'));
    expect(followingUp).toContain('Hello,');
    expect(followingUp).not.toContain(visitor.name);
    expect(followingUp).not.toContain(visitor.message);

    const entry = (await unanswered()).find((e) => e.kind === 'guide-message' && e.id === id);
    expect(entry).toEqual({
      kind: 'guide-message',
      id,
      visitor: { name: visitor.name, email: visitor.email, phone: visitor.phone },
      message: visitor.message,
      recipient: { kind: 'guide', name: 'Maya Lopez', pagePath: guidePagePath({ id: maya.publicId, name: 'Maya Lopez' }) },
      createdAt: at(due, -GUIDE_PROMISE_MS).toISOString(),
      remindedAt: due.toISOString(),
      escalatedAt: escalation.toISOString(),
    });

    // Marking it replied from the inbox closes the escalation: it leaves the queue.
    const marked = await request(`/api/guides/messages/${id}/replied`, { method: 'POST', headers: asUser(maya.token) });
    expect(marked.status).toBe(200);
    expect((await guideMessage(id)).closedAt).not.toBeNull();
    expect((await unanswered()).some((e) => e.kind === 'guide-message' && e.id === id)).toBe(false);
    expect((await followUp('guide-message', id, admin)).status).toBe(409);
  });

  it('is marked replied by the email’s one-click link only after the confirming click, once, and not after it expires', async () => {
    const guide = await insertListedGuide(testSql(), 'Sam Rivera');
    const due = aDayFromNow();
    const { id } = await messageDueAt(guide.publicId, due);
    const [token] = await waitForReplyTokens(guide.email, 1);

    // Opening the link changes nothing: a mail scanner marks nothing.
    const page = await request(`/message-replied?${new URLSearchParams({ token: token! })}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(await page.text()).toContain('Did you reply to Jordan Ellis?');
    expect((await guideMessage(id)).repliedAt).toBeNull();

    const confirmed = await confirmReplied(token!);
    expect(confirmed.status).toBe(200);
    const replied = await guideMessage(id);
    expect(replied.repliedAt).not.toBeNull();
    expect(replied.closedAt).toEqual(replied.repliedAt);

    expect((await confirmReplied(token!)).status).toBe(409);
    expect(await (await request(`/message-replied?${new URLSearchParams({ token: token! })}`)).text()).toContain(
      'the message is marked replied',
    );
    // Replied before its time: no reminder ever.
    await run(due);
    expect((await guideMessage(id)).remindedAt).toBeNull();

    // An expired link marks nothing; an unknown one is not found; a malformed one is a 400.
    const { id: second } = await messageDueAt(guide.publicId, due);
    const [, secondToken] = await waitForReplyTokens(guide.email, 2);
    await testSql()`update guide_messages set token_expires_at = now() - interval '1 second' where id = ${second}`;
    expect((await confirmReplied(secondToken!)).status).toBe(410);
    expect(await (await request(`/message-replied?${new URLSearchParams({ token: secondToken! })}`)).text()).toContain(
      'This link has expired',
    );
    expect((await guideMessage(second)).repliedAt).toBeNull();
    expect((await confirmReplied('A'.repeat(43))).status).toBe(404);
    const malformed = await confirmReplied('short');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { fieldErrors: Record<string, string[]> } }).error.fieldErrors.token).toEqual([
      'This link is not valid.',
    ]);
  });

  it('gets a fresh link in the reminder, which replaces the first, and the form of the link’s page answers with the page', async () => {
    const guide = await insertListedGuide(testSql(), 'Ana Brooks');
    const due = aDayFromNow();
    const { id } = await messageDueAt(guide.publicId, due);
    const [first] = await waitForReplyTokens(guide.email, 1);
    await run(due);
    const [, fresh] = await waitForReplyTokens(guide.email, 2);
    expect(fresh).not.toBe(first);
    expect((await confirmReplied(first!)).status).toBe(404);

    const form = await request('/api/message-replies', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: fresh! }).toString(),
      redirect: 'manual',
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe(`/message-replied?${new URLSearchParams({ token: fresh! })}`);
    expect((await guideMessage(id)).repliedAt).not.toBeNull();
  });
});

describe('a join request', () => {
  it('reminds the host after 48 hours, once; escalates a day later, once; the host’s answer closes the escalation', async () => {
    const club = await insertClub(testSql(), { clubName: `Harbor Readers ${unique()}` });
    const [{ clubName }] = await testSql()<{ clubName: string }[]>`select club_name as "clubName" from clubs where id = ${club.id}`;
    const due = aDayFromNow();
    const { id, visitor } = await joinRequestDueAt(club.id, due);

    await run(at(due, -1_000));
    expect((await joinRequest(id)).remindedAt).toBeNull();
    await run(due);
    await run(at(due, 60_000));
    expect((await joinRequest(id)).remindedAt).toEqual(due);
    expect(await subjectsTo(club.email)).toEqual([`Reminder: ${visitor.name} asked to join ${clubName}`]);
    const reminder = await waitForEmail((mail) => mail.includes(`To: ${club.email}`) && mail.includes('Reminder:'));
    expect(reminder).toContain(`/club-profile/${club.id}#join-requests`);
    expect(reminder).toContain(visitor.email);
    expect(reminder).toContain('The next new cycle');

    await run(at(due, ESCALATION_MS - 1_000));
    expect((await joinRequest(id)).escalatedAt).toBeNull();
    const escalation = at(due, ESCALATION_MS);
    await run(escalation);
    await run(at(escalation, 60_000));
    expect(await joinRequest(id)).toMatchObject({ escalatedAt: escalation, closedAt: null, status: 'new' });
    expect(await subjectsTo(visitor.email)).toEqual([`We are following up your request to join ${clubName}`]);
    expect((await unanswered()).find((e) => e.kind === 'join-request' && e.id === id)?.recipient).toEqual({
      kind: 'club',
      name: clubName,
      pagePath: clubPagePath({ id: club.id, clubName }),
      adminPath: `/admin-clubs?club=${club.id}`,
      requestsPath: `/club-profile/${club.id}#join-requests`,
    });

    await answerJoinRequest(id, 'joined');
    expect((await unanswered()).some((e) => e.kind === 'join-request' && e.id === id)).toBe(false);
  });

  it('is closed by the admin’s "Followed up", its status kept new; anyone else is refused', async () => {
    const club = await insertClub(testSql());
    const due = aDayFromNow();
    const { id } = await joinRequestDueAt(club.id, due);
    // Not escalated yet: not in the queue, so nothing to follow up.
    expect((await followUp('join-request', id, admin)).status).toBe(404);
    await run(due);
    await run(at(due, ESCALATION_MS));

    const host = await registerHost();
    expect((await followUp('join-request', id)).status).toBe(401);
    expect((await followUp('join-request', id, host.token)).status).toBe(403);
    expect((await request('/api/admin/unanswered-messages', { headers: asUser(host.token) })).status).toBe(403);
    expect((await followUp('club-question', id, admin)).status).toBe(404);
    expect((await followUp('join-request', 0, admin)).status).toBe(404);

    const closed = await followUp('join-request', id, admin);
    expect(closed.status).toBe(200);
    expect(await closed.json()).toEqual({ kind: 'join-request', id, closed: true });
    expect(await joinRequest(id)).toMatchObject({ status: 'new', answeredAt: null, closedAt: expect.any(Date) });
    expect((await unanswered()).some((e) => e.kind === 'join-request' && e.id === id)).toBe(false);
    expect((await followUp('join-request', id, admin)).status).toBe(409);
  });
});

describe('"Usually replies within"', () => {
  /** Answered join requests of `clubId`, one per delay in hours, answered `daysAgo` days ago. */
  const answered = (clubId: number, delays: number[], daysAgo = 1) =>
    Promise.all(
      delays.map((hours) => {
        const answeredAt = new Date(Date.now() - daysAgo * DAY_MS);
        return testSql()`
          insert into join_requests (club_id, name, email, status, created_at, answered_at, closed_at)
          values (${clubId}, 'Riley Park', ${`joiner.${unique()}@example.com`}, 'replied', ${at(answeredAt, -hours * HOUR_MS)}, ${answeredAt}, ${answeredAt})`;
      }),
    );
  const responseTime = async (clubId: number) =>
    ((await (await request(`/api/clubs/${clubId}/response-time`)).json()) as { responseTime: string | null }).responseTime;
  const clubPage = async (clubId: number) => {
    const [{ clubName }] = await testSql()<{ clubName: string }[]>`select club_name as "clubName" from clubs where id = ${clubId}`;
    return (await request(clubPagePath({ id: clubId, clubName }))).text();
  };

  it('shows a club’s median reply time only after 3 answers within 90 days, from the last 10', async () => {
    const club = await insertClub(testSql());
    await answered(club.id, [1, 30]);
    await answered(club.id, [2, 2, 2], 91);
    expect(await responseTime(club.id)).toBeNull();
    expect(await clubPage(club.id)).not.toContain('Usually replies within');

    await answered(club.id, [3]);
    expect(await responseTime(club.id)).toBe('Usually replies within a few hours');
    expect(await clubPage(club.id)).toContain('Usually replies within a few hours');

    // The median of 1, 3, 30, 20, 22 hours is 20: "a day".
    await answered(club.id, [20, 22]);
    expect(await responseTime(club.id)).toBe('Usually replies within a day');

    // Ten newer answers of 70 hours push every older one out of the last 10: 3 days.
    await answered(club.id, Array<number>(10).fill(70), 0.5);
    expect(await responseTime(club.id)).toBe('Usually replies within 3 days');
    // The Spanish directory's dialog asks in its page's language, and a cache keeps the two answers apart.
    const spanish = await request(`/api/clubs/${club.id}/response-time`, { headers: { 'x-page-language': 'es' } });
    expect(((await spanish.json()) as { responseTime: string }).responseTime).toBe('Suele responder en 3 días');
    expect(spanish.headers.get('vary')).toMatch(/x-page-language/i);

    const pending = await insertClub(testSql(), { isVerified: false });
    expect((await request(`/api/clubs/${pending.id}/response-time`)).status).toBe(404);
  });

  it('shows a guide’s median on the guide’s page once 3 messages are marked replied', async () => {
    const guide = await insertListedGuide(testSql(), 'Lee Carter');
    const page = async () => (await request(guidePagePath({ id: guide.publicId, name: guide.name }))).text();
    const replied = (hours: number) => {
      const repliedAt = new Date(Date.now() - DAY_MS);
      return testSql()`
        insert into guide_messages (guide_id, name, email, reason, message, source, created_at, read_at, replied_at, closed_at)
        values (${guide.userId}, 'Jordan Ellis', 'jordan@example.com', 'schedule', 'Hello there, guide.', 'guide-page',
          ${at(repliedAt, -hours * HOUR_MS)}, ${repliedAt}, ${repliedAt}, ${repliedAt})`;
    };
    await replied(1);
    await replied(40);
    expect(await page()).not.toContain('Usually replies within');
    await replied(50);
    // The median of 1, 40 and 50 hours is 40: 2 days.
    expect(await page()).toContain('Usually replies within 2 days');
  });
});

describe('deletion', () => {
  it('deletes a closed message’s personal details after 180 days, keeping the row and its times, and not before', async () => {
    const guide = await insertListedGuide(testSql(), 'Kim Ortega');
    const due = aDayFromNow();
    const { id } = await messageDueAt(guide.publicId, due);
    const club = await insertClub(testSql());
    const { id: requestId } = await joinRequestDueAt(club.id, due);
    const closedAt = at(due, -DELETION_MS);
    await testSql()`update guide_messages set replied_at = ${closedAt}, closed_at = ${closedAt} where id = ${id}`;
    await answerJoinRequest(requestId, 'declined', closedAt);

    await run(at(due, -1_000));
    expect((await guideMessage(id)).scrubbedAt).toBeNull();
    expect((await joinRequest(requestId)).email).not.toBeNull();

    // Through the CLI, as an operator runs it.
    const stdout = await runJobs('--now', due.toISOString());
    expect(stdout).toMatch(/message-follow-ups: \d+ reminded, \d+ escalated, [1-9]\d* deleted/);
    const message = await guideMessage(id);
    expect(message).toMatchObject({ scrubbedAt: due, name: null, email: null, phone: null, message: null, reason: null });
    expect(message.repliedAt).toEqual(closedAt);
    expect(message.createdAt).toEqual(at(due, -GUIDE_PROMISE_MS));
    expect(await joinRequest(requestId)).toMatchObject({
      scrubbedAt: due,
      name: null,
      email: null,
      phone: null,
      message: null,
      status: 'declined',
      answeredAt: closedAt,
    });
  });

  it('is the period the privacy policy states, as the coach messages’ time is the contact page’s promise', () => {
    const policy = fs.readFileSync(new URL('../../src/content/policy/privacy.md', import.meta.url), 'utf8');
    expect(policy).toContain(`${messageReplies.deletionDays} days after that`);
    const contact = fs.readFileSync(new URL('../../src/content/contact.yaml', import.meta.url), 'utf8');
    expect(contact).toContain(`Coach messages are forwarded within ${messageReplies.promisedReplyHours.guideMessage} hours`);
  });
});
