import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClubQuestion } from '#lib/clubs/types.ts';
import type { GuideInbox, GuideMessage, GuideName } from '#lib/guides/types.ts';
import {
  asUser,
  registerHost,
  request,
  sentEmails,
  signInAdmin,
  startServerOnTestDatabase,
  testSql,
  useRealLimitsServer,
  waitForEmail,
} from '../support/api.ts';
import { insertListedGuide } from '../support/guides.ts';
import { registerGuide, registerListedGuide } from '../support/licensing.ts';
import type { ServerProcess } from '../support/server-process.ts';

// Issue 27: messages that reach the coach. A message from a guide's page, or a contact-page message naming a listed
// guide, is stored and emailed to the guide at once (Reply-To the visitor); the guide's address is in no public answer.

const unique = () => randomBytes(4).toString('hex');

const messageTo = (guideId: number | string, json: unknown, base?: string) =>
  base
    ? fetch(new URL(`/api/guides/${guideId}/messages`, base), {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify(json),
      })
    : request(`/api/guides/${guideId}/messages`, { method: 'POST', json });

const visitorMessage = (overrides: Record<string, unknown> = {}) => ({
  name: 'Jordan Ellis',
  email: `visitor.${unique()}@example.com`,
  phone: '(828) 555-0199',
  reason: 'schedule',
  message: `Could we meet next Tuesday evening? (${unique()})`,
  ...overrides,
});

const contactMessage = (overrides: Record<string, unknown> = {}) => ({
  name: 'Jordan Ellis',
  email: `visitor.${unique()}@example.com`,
  phone: '(828) 555-0199',
  coachName: 'Nobody In Particular',
  message: `I would like to join a circle near Asheville. (${unique()})`,
  contactReason: 'question',
  ...overrides,
});

const contact = (json: unknown) => request('/api/contact-requests', { method: 'POST', json });

async function fieldErrors(response: Response): Promise<Record<string, string[]>> {
  expect(response.status).toBe(400);
  return ((await response.json()) as { error: { fieldErrors: Record<string, string[]> } }).error.fieldErrors;
}

/** The outbox rows queued to `recipient`, oldest first. */
const outboxTo = (recipient: string) =>
  testSql()<{ subject: string; body: string | null; replyTo: string | null; sentAt: Date | null }[]>`
    select subject, body, reply_to, sent_at from outbox where recipient = ${recipient} order by id`;

/** The header block of an .eml file, unfolded. */
const headersOf = (mail: string) => mail.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
/** Whether an .eml file is addressed to `recipient` (its To header, not its Reply-To). */
const isTo = (recipient: string) => (mail: string) => new RegExp(`^To: ${recipient.replace(/[.+]/g, '\\$&')}$`, 'm').test(headersOf(mail));

/** The .eml files written to `recipient` that contain `text`. */
const emailsTo = (recipient: string, text: string) => sentEmails().filter((mail) => isTo(recipient)(mail) && mail.includes(text));

let admin: string;
/** A guide made listed the way the admin does it: registered, reserved, paid, certified. Signed in. */
let maya: { email: string; token: string; publicId: number; userId: string; name: string };

beforeAll(async () => {
  admin = await signInAdmin();
  maya = await registerListedGuide(admin, 'Maya Lopez');
});

describe('POST /api/guides/{id}/messages', () => {
  it('stores the message, emails it to the guide at once with Reply-To the visitor, and acknowledges it without the guide’s address', async () => {
    const message = visitorMessage();
    const response = await messageTo(maya.publicId, message);
    expect(response.status).toBe(201);
    const body = (await response.json()) as { success: boolean; id: number; guide: GuideName };
    expect(body).toEqual({ success: true, id: expect.any(Number), guide: { id: maya.publicId, name: 'Maya Lopez' } });
    expect(JSON.stringify(body)).not.toContain(maya.email);

    const [stored] = await testSql()`select guide_id, name, email, phone, reason, message, source, contact_request_id, read_at
      from guide_messages where id = ${body.id}`;
    expect(stored).toEqual({
      guideId: maya.userId,
      name: message.name,
      email: message.email,
      phone: message.phone,
      reason: 'schedule',
      message: message.message,
      source: 'guide-page',
      contactRequestId: null,
      readAt: null,
    });

    const [queued] = await outboxTo(maya.email).then((rows) => rows.filter((row) => row.subject.startsWith('Message from')));
    expect(queued).toMatchObject({ subject: 'Message from Jordan Ellis: Schedule a session', replyTo: message.email });

    const mail = await waitForEmail((m) => isTo(maya.email)(m) && m.includes(message.message));
    const headers = headersOf(mail);
    expect(headers).toMatch(new RegExp(`^Reply-To: ${message.email.replace(/\./g, '\\.')}$`, 'm'));
    expect(headers).toMatch(/^From: FlameKeeper Clubs <no-reply@flamekeeperclubs\.com>$/m);
    for (const text of ['Jordan Ellis', message.phone, 'Schedule a session', 'Your guide page', '/my-licences#messages']) {
      expect(mail).toContain(text);
    }

    const ack = await waitForEmail(isTo(message.email));
    expect(ack).toContain('Subject: Your message to Maya Lopez was sent');
    expect(ack).toContain(`/guides/${maya.publicId}-maya-lopez`);
    expect(ack).not.toContain(maya.email);
    expect(ack).not.toContain(message.message);
    expect(headersOf(ack)).not.toMatch(/^Reply-To:/m);
  });

  it.each([[''], [null], [undefined]])('takes the phone %j as none', async (phone) => {
    const response = await messageTo(maya.publicId, visitorMessage({ phone, reason: 'other' }));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const [stored] = await testSql()`select phone, reason from guide_messages where id = ${id}`;
    expect(stored).toEqual({ phone: null, reason: 'other' });
  });

  it('answers 404 for an unknown, malformed or unlisted guide, and stores nothing', async () => {
    const unlisted = await registerGuide({ name: 'Unlisted Guide' }, { confirmed: false });
    const [unlistedRow] = await testSql()<{ publicId: number }[]>`
      select public_id as "publicId" from guides g join users u on u.id = g.user_id where u.email = ${unlisted.email}`;
    const hidden = await insertListedGuide(testSql(), 'Hidden Guide');
    await testSql()`update guides set profile_hidden = true where user_id = ${hidden.userId}`;
    const [before] = await testSql()<{ n: number }[]>`select count(*)::int as n from guide_messages`;
    for (const id of ['2147483647', 'abc', '0', String(unlistedRow!.publicId), String(hidden.publicId)]) {
      const response = await messageTo(id, visitorMessage());
      expect(response.status, id).toBe(404);
      expect(await response.json()).toEqual({ error: { message: 'Guide not found.' } });
    }
    const [after] = await testSql()<{ n: number }[]>`select count(*)::int as n from guide_messages`;
    expect(after!.n).toBe(before!.n);
  });

  it.each([
    ['name', 'J', 'Name must be at least 2 characters'],
    ['name', 'x'.repeat(101), 'Name must be at most 100 characters'],
    ['name', 'Jordan\tEllis', 'Use one line of text: no line breaks, tabs or other control characters.'],
    ['name', 'Jordan\nEllis', 'Use one line of text: no line breaks, tabs or other control characters.'],
    ['email', 'not-an-email', 'Please enter a valid email address'],
    ['phone', '12345', 'Please enter a valid phone number'],
    ['phone', '5550001111\u0007', 'Use one line of text: no line breaks, tabs or other control characters.'],
    ['reason', 'complaint', 'Please select a reason for contact'],
    ['message', 'Too short', 'Message must be at least 10 characters'],
    ['message', 'x'.repeat(2001), 'Message must be at most 2000 characters'],
    ['message', 'Hello there,\tcoach', 'Use plain text: line breaks are fine, but no tabs or other control characters.'],
  ])('answers 400 for a bad %s (%j) with "%s"', async (field, value, message) => {
    expect((await fieldErrors(await messageTo(maya.publicId, visitorMessage({ [field]: value }))))[field]).toEqual([message]);
  });

  it('names every missing field, and refuses what is not a message', async () => {
    expect(Object.keys(await fieldErrors(await messageTo(maya.publicId, {}))).sort()).toEqual(['email', 'message', 'name', 'reason']);
    expect((await messageTo(maya.publicId, 'hello')).status).toBe(400);
    expect((await messageTo(maya.publicId, visitorMessage({ name: 'Jo\u0000rdan' }))).status).toBe(400);
  });

  it('keeps line breaks in the message', async () => {
    const response = await messageTo(maya.publicId, visitorMessage({ message: 'First line.\nSecond line, still fine.' }));
    expect(response.status).toBe(201);
  });
});

describe('GET /api/guides/names', () => {
  let listed: Awaited<ReturnType<typeof insertListedGuide>>[];
  beforeAll(async () => {
    listed = [];
    for (const name of ['Mara Quill', 'Ana Marsh', 'Tomas Mari-Lund']) listed.push(await insertListedGuide(testSql(), name));
    const hidden = await insertListedGuide(testSql(), 'Marcel Hidden');
    await testSql()`update guides set admin_hidden_at = now(), admin_hidden_reason = 'Testing the names' where user_id = ${hidden.userId}`;
  });

  const names = async (q: string) => {
    const response = await request(`/api/guides/names?q=${encodeURIComponent(q)}`);
    expect(response.status).toBe(200);
    return (await response.json()) as GuideName[];
  };

  it('suggests listed guides whose name has a word starting with the text, case aside, names and public ids only', async () => {
    const found = await names('MAR');
    expect(found.map((g) => g.name)).toEqual(['Ana Marsh', 'Mara Quill', 'Tomas Mari-Lund']);
    for (const guide of found) expect(Object.keys(guide).sort()).toEqual(['id', 'name']);
    expect(found.find((g) => g.name === 'Mara Quill')!.id).toBe(listed[0]!.publicId);
    expect(JSON.stringify(found)).not.toMatch(/@/);
    expect((await names('lund')).map((g) => g.name)).toEqual(['Tomas Mari-Lund']);
    expect((await names('  maya   lo ')).map((g) => g.name)).toEqual(['Maya Lopez']);
    expect(await names('aya')).toEqual([]);
    expect(await names('%')).toEqual([]);
    expect(await names('Marcel')).toEqual([]);
  });

  it('suggests at most 8', async () => {
    for (let i = 0; i < 9; i++) await insertListedGuide(testSql(), `Zed Number ${i}`);
    expect(await names('zed')).toHaveLength(8);
  });

  it('is cacheable briefly and sets no cookie, even for a signed-in guide', async () => {
    const response = await request('/api/guides/names?q=ma', { headers: asUser(maya.token) });
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('answers 400 for an empty or overlong text', async () => {
    expect(await fieldErrors(await request('/api/guides/names?q=%20'))).toEqual({ q: ['Type the start of a name'] });
    expect((await request(`/api/guides/names?q=${'a'.repeat(101)}`)).status).toBe(400);
    expect((await request('/api/guides/names')).status).toBe(400);
  });
});

describe('the guide’s inbox', () => {
  it('answers 401 without a session and 404 for an account that is no guide', async () => {
    expect((await request('/api/guides/messages')).status).toBe(401);
    const host = await registerHost();
    expect((await request('/api/guides/messages', { headers: asUser(host.token) })).status).toBe(404);
  });

  it('lists the guide’s messages newest first with the unread count; read and replied marks are the owner’s alone', async () => {
    const guide = await registerGuide({ name: 'Inbox Owner' }, { confirmed: false });
    const [account] = await testSql()<{ userId: string }[]>`select id as "userId" from users where email = ${guide.email}`;
    const userId = account!.userId;
    const ids: number[] = [];
    for (const [i, source] of (['guide-page', 'contact-page', 'guide-page'] as const).entries()) {
      const [row] = await testSql()<{ id: number }[]>`
        insert into guide_messages (guide_id, name, email, reason, message, source, created_at)
        values (${userId}, ${`Visitor ${i}`}, 'visitor@example.com', 'question', 'A question for the guide.', ${source},
          now() - ${3 - i} * interval '1 hour')
        returning id`;
      ids.push(row!.id);
    }
    const inbox = async () => {
      const response = await request('/api/guides/messages', { headers: asUser(guide.token) });
      expect(response.status).toBe(200);
      return (await response.json()) as GuideInbox;
    };
    const first = await inbox();
    expect(first.unread).toBe(3);
    expect(first.messages.map((m) => m.id)).toEqual([...ids].reverse());
    expect(first.messages[1]).toMatchObject({ name: 'Visitor 1', source: 'contact-page', readAt: null, repliedAt: null });
    expect(first.messages[0]!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const mark = (id: number, what: string, token?: string) =>
      request(`/api/guides/messages/${id}/${what}`, { method: 'POST', headers: asUser(token) });
    expect((await mark(ids[0]!, 'replied')).status).toBe(401);
    expect((await mark(ids[0]!, 'replied', maya.token)).status).toBe(404);
    expect((await mark(ids[0]!, 'replied', admin)).status).toBe(404);
    expect((await mark(ids[0]!, 'archive', guide.token)).status).toBe(404);
    expect((await mark(2147483647, 'read', guide.token)).status).toBe(404);

    const read = await mark(ids[1]!, 'read', guide.token);
    expect(read.status).toBe(200);
    expect((await read.json()) as GuideMessage).toMatchObject({ id: ids[1], readAt: expect.any(String), repliedAt: null });
    const replied = await mark(ids[0]!, 'replied', guide.token);
    const repliedMessage = (await replied.json()) as GuideMessage;
    expect(repliedMessage).toMatchObject({ id: ids[0], readAt: expect.any(String), repliedAt: expect.any(String) });
    // Marking again keeps the first time.
    expect(((await (await mark(ids[0]!, 'replied', guide.token)).json()) as GuideMessage).repliedAt).toBe(repliedMessage.repliedAt);
    expect((await inbox()).unread).toBe(1);
    // Another guide's inbox does not show them.
    const other = (await (await request('/api/guides/messages', { headers: asUser(maya.token) })).json()) as GuideInbox;
    expect(other.messages.map((m) => m.id)).not.toContain(ids[0]);
  });
});

describe('the contact page forwards coach messages to listed guides', () => {
  let sam1: Awaited<ReturnType<typeof insertListedGuide>>;
  let sam2: Awaited<ReturnType<typeof insertListedGuide>>;
  beforeAll(async () => {
    sam1 = await insertListedGuide(testSql(), 'Sam Rivers');
    sam2 = await insertListedGuide(testSql(), 'Sam Rivers');
  });

  const forwardsOf = (contactRequestId: number) =>
    testSql()<{ guideId: string; source: string; reason: string }[]>`
      select guide_id, source, reason from guide_messages where contact_request_id = ${contactRequestId}`;

  async function send(json: Record<string, unknown>) {
    const response = await contact(json);
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as { id: number; forwardedTo: GuideName | null };
  }

  it('forwards a picked guide’s message once, to that guide, Reply-To the visitor, and says so to the visitor and the admin', async () => {
    const payload = contactMessage({ coachName: 'Maya Lopez', coachId: maya.publicId, contactReason: 'schedule' });
    const { id, forwardedTo } = await send(payload);
    expect(forwardedTo).toEqual({ id: maya.publicId, name: 'Maya Lopez' });
    expect(await forwardsOf(id)).toEqual([{ guideId: maya.userId, source: 'contact-page', reason: 'schedule' }]);

    const mail = await waitForEmail((m) => isTo(maya.email)(m) && m.includes(payload.message));
    expect(headersOf(mail)).toMatch(new RegExp(`^Reply-To: ${payload.email.replace(/\./g, '\\.')}$`, 'm'));
    expect(mail).toContain('Forwarded from the contact page');
    expect(mail).toContain('/my-licences#messages');

    const ack = await waitForEmail(isTo(payload.email));
    expect(ack).toContain('Subject: Your message was forwarded to Maya Lopez');
    expect(ack).toContain('Your message was forwarded to Maya Lopez');
    expect(ack).not.toContain('Coach messages');
    expect(ack).toContain('General questions');
    expect(ack).not.toContain(maya.email);

    const queue = await request('/api/admin/club-questions', { headers: asUser(admin) });
    const entry = ((await queue.json()) as ClubQuestion[]).find((q) => q.kind === 'question' && q.email === payload.email);
    expect(entry).toMatchObject({
      kind: 'question',
      forwarded: { guide: { id: maya.publicId, name: 'Maya Lopez' }, at: expect.any(String) },
    });

    // Once: the unique contact request id refuses a second forward.
    await expect(
      testSql()`insert into guide_messages (guide_id, name, email, reason, message, source, contact_request_id)
        values (${maya.userId}, 'Again', 'again@example.com', 'schedule', 'A second forward.', 'contact-page', ${id})`,
    ).rejects.toThrow(/unique/);
  });

  it('forwards a message typed with the exact name of one listed guide, case and spaces aside', async () => {
    const { id, forwardedTo } = await send(contactMessage({ coachName: '  maya   LOPEZ ' }));
    expect(forwardedTo).toEqual({ id: maya.publicId, name: 'Maya Lopez' });
    expect(await forwardsOf(id)).toHaveLength(1);
  });

  it('leaves a name two listed guides share to the admin, unless one of them was picked', async () => {
    const payload = contactMessage({ coachName: 'Sam Rivers' });
    const ambiguous = await send(payload);
    expect(ambiguous.forwardedTo).toBeNull();
    expect(await forwardsOf(ambiguous.id)).toEqual([]);
    const ack = await waitForEmail(isTo(payload.email));
    expect(ack).toContain('Subject: We received your message to FlameKeeper Clubs');
    expect(ack).toContain('if it is for a coach, we will pass it on to them');
    expect(ack).toContain('Coach messages');

    const picked = await send(contactMessage({ coachName: 'Sam Rivers', coachId: sam2.publicId }));
    expect(picked.forwardedTo).toEqual({ id: sam2.publicId, name: 'Sam Rivers' });
    expect(await forwardsOf(picked.id)).toEqual([{ guideId: sam2.userId, source: 'contact-page', reason: 'question' }]);
    expect(sam1.publicId).not.toBe(sam2.publicId);
  });

  it('does not forward when the picked guide’s name was changed, the guide is not listed, or the message is a complaint', async () => {
    const unlisted = await registerGuide({ name: 'Quinn Unlisted' }, { confirmed: false });
    const cases = [
      contactMessage({ coachName: 'Someone Else', coachId: maya.publicId }),
      contactMessage({ coachName: 'Quinn Unlisted' }),
      contactMessage({ coachName: 'Maya Lopez', coachId: maya.publicId, contactReason: 'complaint' }),
      contactMessage({ coachName: 'Maya' }),
    ];
    for (const payload of cases) {
      const { id, forwardedTo } = await send(payload);
      expect(forwardedTo, payload.coachName as string).toBeNull();
      expect(await forwardsOf(id)).toEqual([]);
    }
    const queue = await request('/api/admin/club-questions', { headers: asUser(admin) });
    const entry = ((await queue.json()) as ClubQuestion[]).find((q) => q.email === cases[0]!.email);
    expect(entry).toMatchObject({ kind: 'question', forwarded: null });
    expect(unlisted.email).not.toBe('');
  });

  it.each([
    ['abc', 'Pick a coach from the suggestions, or type their name'],
    [0, 'Pick a coach from the suggestions, or type their name'],
    [1.5, 'Pick a coach from the suggestions, or type their name'],
    [-3, 'Pick a coach from the suggestions, or type their name'],
    [2 ** 31, 'Pick a coach from the suggestions, or type their name'],
  ])('answers 400 for the coachId %j', async (coachId, message) => {
    expect((await fieldErrors(await contact(contactMessage({ coachId }))))['coachId']).toEqual([message]);
  });

  it('keeps the spec’s Coach Name rule: required, at least 2 characters', async () => {
    expect((await fieldErrors(await contact(contactMessage({ coachName: 'M', coachId: maya.publicId }))))['coachName']).toEqual([
      'Coach name is required',
    ]);
    const { coachName: _, ...withoutCoach } = contactMessage();
    expect((await fieldErrors(await contact(withoutCoach)))['coachName']).toEqual(['Coach name is required']);
  });
});

describe('two instances on the file’s database', () => {
  let second: ServerProcess;
  beforeAll(async () => {
    second = await startServerOnTestDatabase();
  });
  afterAll(async () => {
    await second?.stop();
  });

  it('forward each contact request once, and the two workers send each forward once', async () => {
    const payloads = Array.from({ length: 6 }, () => contactMessage({ coachName: 'Maya Lopez', coachId: maya.publicId }));
    const servers = [second.url, undefined];
    const responses = await Promise.all(
      payloads.map((json, i) =>
        servers[i % 2]
          ? fetch(new URL('/api/contact-requests', second.url), {
              method: 'POST',
              headers: { 'content-type': 'application/json', origin: second.url },
              body: JSON.stringify(json),
            })
          : contact(json),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(6).fill(201));
    const sentTo = (payload: (typeof payloads)[number]) => emailsTo(maya.email, payload.message);
    await vi.waitFor(
      () => {
        for (const payload of payloads) expect(sentTo(payload)).toHaveLength(1);
      },
      { timeout: 60_000, interval: 200 },
    );
    // Give a late duplicate the time to show.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const payload of payloads) {
      expect(sentTo(payload)).toHaveLength(1);
      const [forwards] = await testSql()<{ n: number }[]>`
        select count(*)::int as n from guide_messages where email = ${payload.email} and source = 'contact-page'`;
      expect(forwards!.n).toBe(1);
    }
  });
});

describe('limits on messages to guides', () => {
  const realLimits = useRealLimitsServer();

  it('allow 5 messages an hour from one visitor, to any guides, then 429 with Retry-After', async () => {
    const a = await insertListedGuide(realLimits.sql, 'Limit One');
    const b = await insertListedGuide(realLimits.sql, 'Limit Two');
    const statuses = [];
    for (const guide of [a, b, a, b, a]) statuses.push((await messageTo(guide.publicId, visitorMessage(), realLimits.server.url)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    const limited = await messageTo(b.publicId, visitorMessage(), realLimits.server.url);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(await limited.json()).toEqual({ error: { message: 'Too many messages. Please try again later.' } });
  });

  it('count a contact-page forward as a message to the guide: past the limit the message stays with the team', async () => {
    const guide = await insertListedGuide(realLimits.sql, 'Forward Limit');
    const contactTo = (base: string) =>
      fetch(new URL('/api/contact-requests', base), {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify(contactMessage({ coachName: 'Forward Limit', coachId: guide.publicId })),
      });
    for (let i = 0; i < 4; i++) expect((await messageTo(guide.publicId, visitorMessage(), realLimits.server.url)).status).toBe(201);
    const forwarded = await contactTo(realLimits.server.url);
    expect(await forwarded.json()).toMatchObject({ forwardedTo: { id: guide.publicId, name: 'Forward Limit' } });
    const kept = await contactTo(realLimits.server.url);
    expect(kept.status).toBe(201);
    const { id } = (await kept.json()) as { id: number; forwardedTo: null };
    const [forwards] = await realLimits.sql<
      { n: number }[]
    >`select count(*)::int as n from guide_messages where contact_request_id = ${id}`;
    expect(forwards!.n).toBe(0);
    const [queued] = await realLimits.sql<{ n: number }[]>`select count(*)::int as n from club_questions where contact_request_id = ${id}`;
    expect(queued!.n).toBe(1);
  });

  it('allow 20 messages a day to one guide from one visitor, hour after hour, while others still reach other guides', async () => {
    const a = await insertListedGuide(realLimits.sql, 'Daily One');
    const b = await insertListedGuide(realLimits.sql, 'Daily Two');
    for (let hour = 0; hour < 4; hour++) {
      for (let i = 0; i < 5; i++) expect((await messageTo(a.publicId, visitorMessage(), realLimits.server.url)).status).toBe(201);
      // An hour passes: the hourly window ends, the day's goes on.
      await realLimits.sql`delete from rate_limits where key like 'guide-message:%'`;
    }
    const limited = await messageTo(a.publicId, visitorMessage(), realLimits.server.url);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3600);
    expect((await messageTo(b.publicId, visitorMessage(), realLimits.server.url)).status).toBe(201);
  });
});
