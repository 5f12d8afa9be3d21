import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sentEmails, startServerOnTestDatabase, testSql, waitForEmail } from '../support/api.ts';
import { insertClub } from '../support/clubs.ts';
import { insertListedGuide } from '../support/guides.ts';
import type { ServerProcess } from '../support/server-process.ts';

// Acknowledgements as a mail cannon (issue 37, F2): a guide's page, "Ask to join" and the contact form each email
// the address typed into them. One address gets at most 3 a day, whichever forms typed it and from however many
// clients, and none quotes what the sender typed. A server of this file's own with the real limits, behind a proxy,
// so that each request names its client (X-Forwarded-For) as the proxy would; its emails go to the file's folder.

const unique = () => randomBytes(4).toString('hex');

/** What the review typed into the forms. */
const SPAM_NAME = 'Call +1-555-0100 now to claim your refund';
const SPAM_MESSAGE = 'Your refund of $950 is waiting: call +1-555-0100 now and give us your card number.';

let server: ServerProcess;
let guide: Awaited<ReturnType<typeof insertListedGuide>>;
let club: { id: number; email: string; clubName: string };

beforeAll(async () => {
  server = await startServerOnTestDatabase({ RATE_LIMIT_MULTIPLIER: '1', TRUSTED_PROXIES: '1' });
  guide = await insertListedGuide(testSql(), 'Maya Lopez');
  const clubName = `Ember Circle ${unique()}`;
  club = { ...(await insertClub(testSql(), { clubName })), clubName };
});
afterAll(async () => {
  await server?.stop();
});

const post = (path: string, json: unknown, client: string) =>
  fetch(new URL(path, server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': client },
    body: JSON.stringify(json),
  });

/** The four forms that acknowledge, each sending `email`'s message from `client`. */
const forms = {
  guidePage: (email: string, client: string) =>
    post(`/api/guides/${guide.publicId}/messages`, { name: SPAM_NAME, email, phone: '', reason: 'other', message: SPAM_MESSAGE }, client),
  joinRequest: (email: string, client: string) =>
    post(`/api/clubs/${club.id}/join-requests`, { name: SPAM_NAME, email, phone: '', start: 'next-cycle', message: SPAM_MESSAGE }, client),
  contactForwarded: (email: string, client: string) =>
    post(
      '/api/contact-requests',
      { name: SPAM_NAME, email, phone: '5550100000', coachName: 'Maya Lopez', message: SPAM_MESSAGE, contactReason: 'question' },
      client,
    ),
  contactTeam: (email: string, client: string) =>
    post(
      '/api/contact-requests',
      { name: SPAM_NAME, email, phone: '5550100000', coachName: 'Nobody In Particular', message: SPAM_MESSAGE, contactReason: 'question' },
      client,
    ),
};

/** The outbox's emails to any spelling of `local`@example.com, oldest first. */
const queuedTo = (local: string) =>
  testSql()<{ recipient: string; subject: string }[]>`
    select recipient, subject from outbox where lower(recipient) like ${`${local}%@example.com`} order by id`;

/** The header block of an .eml file, unfolded. */
const headersOf = (mail: string) => mail.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
const isTo = (recipient: string) => (mail: string) => new RegExp(`^To: ${recipient.replace(/[.+]/g, '\\$&')}$`, 'm').test(headersOf(mail));

describe('acknowledgements', () => {
  it('reach one address at most 3 times a day across the forms, from any clients and spellings, while every message is still delivered', async () => {
    const victim = `victim.${unique()}`;
    const responses = [
      await forms.guidePage(`${victim}@example.com`, '198.51.100.1'),
      await forms.joinRequest(`${victim.toUpperCase()}@Example.com`, '198.51.100.2'),
      await forms.contactForwarded(`${victim}+refund@example.com`, '2001:db8:1::1'),
      await forms.contactTeam(`${victim}@example.com`, '203.0.113.4'),
    ];
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201]);

    expect((await queuedTo(victim)).map((mail) => mail.subject)).toEqual([
      'Your message to Maya Lopez was sent',
      `Your request to join ${club.clubName} was sent`,
      'Your message was forwarded to Maya Lopez',
    ]);
    // Every message reached its recipient: the guide both of theirs, the host the request, the team the last one.
    const toGuide = await testSql()<{ source: string }[]>`
      select source from guide_messages where guide_id = ${guide.userId} and lower(email) like ${`${victim}%`} order by id`;
    expect(toGuide.map((row) => row.source)).toEqual(['guide-page', 'contact-page']);
    const [toHost] =
      await testSql()`select count(*)::int as n from outbox where recipient = ${club.email} and subject like ${'%asks to join%'}`;
    expect(toHost!.n).toBe(1);
    const { id } = (await responses[3]!.json()) as { id: number };
    const queue = await testSql()`select status from club_questions where contact_request_id = ${id}`;
    expect(queue).toEqual([{ status: 'pending' }]);
  });

  it('quote nothing the sender typed: no name in the greeting, no message; they name the site, the recipient and how they answer', async () => {
    const expected: [keyof typeof forms, string][] = [
      ['guidePage', 'We sent your message to Maya Lopez, a certified FlameKeeper guide, who will reply to this address.'],
      ['joinRequest', `We sent your request to its host, Test Host, who will reply to this address.`],
      ['contactForwarded', 'Your message was forwarded to Maya Lopez, a certified FlameKeeper guide, who will reply to this address.'],
      ['contactTeam', 'A real person on our team will read your message and reply to this address'],
    ];
    for (const [index, [form, says]] of expected.entries()) {
      const email = `reader.${unique()}@example.com`;
      expect((await forms[form](email, `198.51.100.${10 + index}`)).status).toBe(201);
      const ack = await waitForEmail(isTo(email));
      const body = ack.slice(headersOf(ack).length);
      expect(body, form).toContain('Hello,');
      expect(body, form).toContain('FlameKeeper Clubs');
      expect(body.replace(/\s+/g, ' '), form).toContain(says);
      for (const typed of [SPAM_NAME, 'Call +1-555-0100', SPAM_MESSAGE, '555-0100', '5550100000']) {
        expect(ack, `${form}: ${typed}`).not.toContain(typed);
      }
    }
    expect(sentEmails().filter((mail) => mail.includes('Hello Call'))).toEqual([]);
  });
});
