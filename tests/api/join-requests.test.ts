import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clubPagePath } from '#lib/clubs/pages.ts';
import type { JoinOptions, JoinRequest, JoinRequestList } from '#lib/clubs/join-request-types.ts';
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
import { askToJoinPayload } from '../support/clubs.ts';
import type { ServerProcess } from '../support/server-process.ts';

// Issue 28, "Ask to join": a visitor's request to join a listed club is stored and emailed to the host once (Reply-To
// the visitor), acknowledged, answered from the email's single-use links or the host's card, and refused politely
// when repeated, too frequent, or while the host takes no new members.

const unique = () => randomBytes(4).toString('hex');
const HOUR_MS = 3_600_000;

/** A registered host's club, verified and meeting every Tuesday at 7 PM in Chicago, with a cycle start unless told. */
async function listedClub(cycleStart: string | null = '2026-09-01') {
  const host = await registerHost({ clubName: `Join Circle ${unique()}` });
  await testSql()`
    update clubs set is_verified = true, meeting_frequency = 'weekly', time_zone = 'America/Chicago', cycle_start = ${cycleStart},
      meeting_slots = ${testSql().json([{ weekday: 'tuesday', start: '19:00', durationMinutes: 90 }])}
    where id = ${host.clubId}`;
  return { ...host, clubName: host.payload.clubName as string, hostEmail: host.payload.email as string };
}

const ask = (clubId: number | string, json: unknown, base?: string) =>
  base
    ? fetch(new URL(`/api/clubs/${clubId}/join-requests`, base), {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify(json),
      })
    : request(`/api/clubs/${clubId}/join-requests`, { method: 'POST', json });

async function optionsOf(clubId: number): Promise<JoinOptions> {
  const response = await request(`/api/clubs/${clubId}/join-requests/options`);
  expect(response.status).toBe(200);
  return (await response.json()) as JoinOptions;
}

async function fieldErrors(response: Response): Promise<Record<string, string[]>> {
  expect(response.status).toBe(400);
  return ((await response.json()) as { error: { fieldErrors: Record<string, string[]> } }).error.fieldErrors;
}

/** The outbox rows queued to `recipient`, oldest first. */
const outboxTo = (recipient: string) =>
  testSql()<{ subject: string; replyTo: string | null }[]>`
    select subject, reply_to from outbox where lower(recipient) = lower(${recipient}) order by id`;

const storedRequests = (clubId: number) =>
  testSql()<
    {
      id: number;
      name: string;
      email: string;
      phone: string | null;
      startAt: Date | null;
      message: string | null;
      status: string;
      tokenHash: string | null;
      tokenExpiresAt: Date | null;
      answeredAt: Date | null;
      closedAt: Date | null;
    }[]
  >`select id, name, email, phone, start_at, message, status, token_hash, token_expires_at, answered_at, closed_at
    from join_requests where club_id = ${clubId} order by id`;

/** The header block of an .eml file, unfolded. */
const headersOf = (mail: string) => mail.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
const isTo = (recipient: string) => (mail: string) => new RegExp(`^To: ${recipient.replace(/[.+]/g, '\\$&')}$`, 'm').test(headersOf(mail));

/** The token of the links in the host's email about `visitorEmail`'s request. */
async function linkToken(hostEmail: string, visitorEmail: string): Promise<string> {
  const mail = await waitForEmail((m) => isTo(hostEmail)(m) && m.includes(visitorEmail));
  return /\/join-request\?token=([A-Za-z0-9_-]{43})&answer=replied/.exec(mail)![1]!;
}

const answerByLink = (token: string, answer: string) => request('/api/join-requests/answer', { method: 'POST', json: { token, answer } });
const linkPage = (token: string, answer: string) => request(`/join-request?${new URLSearchParams({ token, answer })}`);

describe('POST /api/clubs/{id}/join-requests', () => {
  let club: Awaited<ReturnType<typeof listedClub>>;
  beforeAll(async () => {
    club = await listedClub();
  });

  it('offers the club’s next sessions and the next new cycle', async () => {
    const options = await optionsOf(club.clubId);
    expect(options.acceptingMembers).toBe(true);
    expect(options.nextCycle).toBe(true);
    expect(options.starts).toHaveLength(4);
    for (const { startAt, label } of options.starts) {
      expect(Date.parse(startAt)).toBeGreaterThan(Date.now());
      // Tuesdays at 7 PM in Chicago: 00:00 or 01:00 UTC on Wednesday.
      expect(new Date(startAt).getUTCDay()).toBe(3);
      expect(label).toMatch(/^Tue, [A-Z][a-z]{2} \d{1,2}, 7:00 PM C[DS]T$/);
    }
  });

  it('words the sessions in Spanish for a Spanish page (X-Page-Language), at the same instants', async () => {
    const response = await request(`/api/clubs/${club.clubId}/join-requests/options`, { headers: { 'x-page-language': 'es' } });
    expect(response.status).toBe(200);
    const spanish = (await response.json()) as JoinOptions;
    expect(spanish.starts.map(({ startAt }) => startAt)).toEqual((await optionsOf(club.clubId)).starts.map(({ startAt }) => startAt));
    for (const { label } of spanish.starts) expect(label).toMatch(/^mar \d{1,2} [a-z]{3}, 7:00 p\.\s?m\. C[DS]T$/);
  });

  it('stores the request and emails the host once with Reply-To the visitor, and acknowledges it', async () => {
    const start = (await optionsOf(club.clubId)).starts[0]!.startAt;
    const payload = askToJoinPayload({ start });
    const response = await ask(club.clubId, payload);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };

    const [stored] = (await storedRequests(club.clubId)).filter((row) => row.id === id);
    expect(stored).toMatchObject({
      name: payload.name,
      email: payload.email,
      phone: payload.phone,
      message: payload.message,
      status: 'new',
      answeredAt: null,
      closedAt: null,
    });
    expect(stored!.startAt!.toISOString()).toBe(new Date(start!).toISOString());
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.tokenExpiresAt!.getTime() - Date.now()).toBeGreaterThan(29.9 * 24 * HOUR_MS);
    expect(stored!.tokenExpiresAt!.getTime() - Date.now()).toBeLessThan(30.1 * 24 * HOUR_MS);

    expect(await outboxTo(club.hostEmail)).toContainEqual({
      subject: `Jordan Ellis asks to join ${club.clubName}`,
      replyTo: payload.email,
    });
    const mail = await waitForEmail((m) => isTo(club.hostEmail)(m) && m.includes(payload.message));
    expect(headersOf(mail)).toMatch(new RegExp(`^Reply-To: ${payload.email.replace(/[.+]/g, '\\$&')}$`, 'm'));
    expect(mail).toContain("I've replied");
    expect(mail).toContain("They've joined");
    expect(mail).toContain('Not a fit');
    expect(mail).toMatch(/Wants to start:? .*Tuesday/);

    const ack = await waitForEmail(isTo(payload.email));
    expect(ack).toContain(`Subject: Your request to join ${club.clubName} was sent`);
    expect(ack).not.toContain(club.hostEmail);
    expect(ack).not.toContain(payload.message);

    // Give a late duplicate the time to show.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sentEmails().filter((m) => isTo(club.hostEmail)(m) && m.includes(payload.message))).toHaveLength(1);
  });

  it('stores the next new cycle as no session, and a request without phone or message', async () => {
    const response = await ask(club.clubId, askToJoinPayload({ phone: '', message: '' }));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    expect((await storedRequests(club.clubId)).find((row) => row.id === id)).toMatchObject({ startAt: null, phone: null, message: null });
  });

  it('accepts only a start the club offers', async () => {
    const { starts } = await optionsOf(club.clubId);
    const later = new Date(Date.parse(starts[3]!.startAt) + 7 * 24 * HOUR_MS).toISOString();
    expect((await fieldErrors(await ask(club.clubId, askToJoinPayload({ start: later })))).start).toEqual([
      "That start is not one of the club's next sessions. Please choose again",
    ]);
    const past = new Date(Date.parse(starts[0]!.startAt) - 7 * 24 * HOUR_MS).toISOString();
    expect((await fieldErrors(await ask(club.clubId, askToJoinPayload({ start: past })))).start).toHaveLength(1);

    const noCycle = await listedClub(null);
    expect((await optionsOf(noCycle.clubId)).nextCycle).toBe(false);
    expect((await fieldErrors(await ask(noCycle.clubId, askToJoinPayload({ start: 'next-cycle' })))).start).toHaveLength(1);
    expect((await ask(noCycle.clubId, askToJoinPayload({ start: (await optionsOf(noCycle.clubId)).starts[1]!.startAt }))).status).toBe(201);
  });

  it('offers the next new cycle alone for a club without meeting times', async () => {
    const host = await registerHost();
    await testSql()`update clubs set is_verified = true where id = ${host.clubId}`;
    expect(await optionsOf(host.clubId)).toEqual({ acceptingMembers: true, starts: [], nextCycle: true });
    expect((await ask(host.clubId, askToJoinPayload())).status).toBe(201);
  });

  it('answers the same visitor asking the same club again within a day, and sends and stores nothing', async () => {
    const payload = askToJoinPayload();
    expect((await ask(club.clubId, payload)).status).toBe(201);
    await waitForEmail(isTo(payload.email));
    const before = (await storedRequests(club.clubId)).length;

    const again = await ask(club.clubId, { ...payload, email: payload.email.toUpperCase(), message: 'Did you get my request?' });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ success: true, duplicate: true, message: 'You already asked; the host has your request' });
    expect(await storedRequests(club.clubId)).toHaveLength(before);
    expect(await outboxTo(payload.email)).toHaveLength(1);
    expect((await outboxTo(club.hostEmail)).filter((row) => row.replyTo?.toLowerCase() === payload.email)).toHaveLength(1);

    // A day later the visitor may ask again.
    await testSql()`update join_requests set created_at = now() - interval '25 hours' where lower(email) = ${payload.email}`;
    expect((await ask(club.clubId, payload)).status).toBe(201);
  });

  it('answers 409 with the reason while the host takes no new members, and the page says so', async () => {
    const host = await listedClub();
    const switchTo = (acceptingMembers: boolean) =>
      request(`/api/clubs/${host.clubId}/accepting-members`, { method: 'PUT', json: { acceptingMembers }, headers: asUser(host.token) });
    expect(await (await switchTo(false)).json()).toEqual({ acceptingMembers: false });

    const refused = await ask(host.clubId, askToJoinPayload());
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: { message: 'Not taking new members right now' } });
    expect(await storedRequests(host.clubId)).toEqual([]);
    expect((await optionsOf(host.clubId)).acceptingMembers).toBe(false);
    const page = await (await request(clubPagePath({ id: host.clubId, clubName: host.clubName }))).text();
    expect(page).toContain('Not taking new members right now');
    expect(page).not.toContain('Ask to join');

    expect((await switchTo(true)).status).toBe(200);
    expect((await ask(host.clubId, askToJoinPayload())).status).toBe(201);
    expect(await (await request(clubPagePath({ id: host.clubId, clubName: host.clubName }))).text()).toContain('Ask to join');
  });

  it('does not know unknown, pending and inactive clubs', async () => {
    expect((await ask(999_999_999, askToJoinPayload())).status).toBe(404);
    expect((await ask('abc', askToJoinPayload())).status).toBe(404);
    const pending = await registerHost();
    expect(await (await ask(pending.clubId, askToJoinPayload())).json()).toEqual({ error: { message: 'Club not found.' } });
    expect((await request(`/api/clubs/${pending.clubId}/join-requests/options`)).status).toBe(404);
    const inactive = await listedClub();
    await testSql()`update clubs set inactive_since = now() where id = ${inactive.clubId}`;
    expect((await ask(inactive.clubId, askToJoinPayload())).status).toBe(404);
    expect(await storedRequests(pending.clubId)).toEqual([]);
  });

  it('refuses bad input with each field’s message', async () => {
    const errors = await fieldErrors(
      await ask(club.clubId, { name: 'J', email: 'not an email', phone: '12', start: 'tomorrow', message: 'x'.repeat(2001) }),
    );
    expect(errors).toEqual({
      name: ['Name must be at least 2 characters'],
      email: ['Please enter a valid email address'],
      phone: ['Please enter a valid phone number'],
      start: ['Choose when you would like to start'],
      message: ['Message must be at most 2000 characters'],
    });
    expect(Object.keys(await fieldErrors(await ask(club.clubId, {})))).toEqual(expect.arrayContaining(['name', 'email', 'start']));
    expect((await ask(club.clubId, askToJoinPayload({ message: 'x'.repeat(2000) }))).status).toBe(201);
  });

  it('answers a request from a Spanish page in Spanish, with the same field keys', async () => {
    const spanish = (clubId: number | string, json: unknown) =>
      request(`/api/clubs/${clubId}/join-requests`, { method: 'POST', json, headers: { 'x-page-language': 'es' } });
    const refused = await spanish(club.clubId, {
      name: 'J',
      email: 'not an email',
      phone: '12',
      start: 'tomorrow',
      message: 'x'.repeat(2001),
    });
    expect(await refused.clone().json()).toMatchObject({ error: { message: 'Corrige los campos señalados.' } });
    expect(await fieldErrors(refused)).toEqual({
      name: ['El nombre debe tener al menos 2 caracteres'],
      email: ['Escribe un correo electrónico válido'],
      phone: ['Escribe un número de teléfono válido'],
      start: ['Elige cuándo te gustaría empezar'],
      message: ['El mensaje debe tener como máximo 2000 caracteres'],
    });
    expect(await (await spanish(999_999_999, askToJoinPayload())).json()).toEqual({ error: { message: 'Club no encontrado.' } });
    // A page in another language, or a header naming none, is answered in English.
    const other = await request(`/api/clubs/${club.clubId}/join-requests`, {
      method: 'POST',
      json: {},
      headers: { 'x-page-language': 'fr' },
    });
    expect((await fieldErrors(other)).start).toEqual(['Choose when you would like to start']);
  });
});

describe('the host’s email links', () => {
  let club: Awaited<ReturnType<typeof listedClub>>;
  beforeAll(async () => {
    club = await listedClub();
  });

  /** A new request to the club and its links' token. */
  async function asked() {
    const payload = askToJoinPayload({ name: 'Robin Hale' });
    const response = await ask(club.clubId, payload);
    const { id } = (await response.json()) as { id: number };
    return { id, token: await linkToken(club.hostEmail, payload.email) };
  }
  const stored = async (id: number) => (await storedRequests(club.clubId)).find((row) => row.id === id)!;

  it('show the request and change nothing until the host confirms; then work once', async () => {
    const { id, token } = await asked();
    const page = await linkPage(token, 'joined');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    const html = await page.text();
    expect(html).toContain(`Robin's request to join ${club.clubName}`);
    expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/api\/join-requests\/answer"/);
    expect(html).toMatch(/<button type="submit"[^>]*>They&#39;ve joined<\/button>/);
    expect(await stored(id)).toMatchObject({ status: 'new', answeredAt: null, closedAt: null });

    const answered = await answerByLink(token, 'joined');
    expect(answered.status).toBe(200);
    expect(await answered.json()).toEqual({ answer: 'joined', status: 'joined', club: { id: club.clubId, clubName: club.clubName } });
    const after = await stored(id);
    expect(after.status).toBe('joined');
    expect(after.answeredAt).not.toBeNull();
    expect(after.closedAt).toEqual(after.answeredAt);

    const again = await answerByLink(token, 'declined');
    expect(again.status).toBe(409);
    expect((await stored(id)).status).toBe('joined');
    expect(await (await linkPage(token, 'declined')).text()).toContain("Thank you: Robin's request is answered");
  });

  it('answer a form sent without JavaScript by sending the browser back to its page', async () => {
    const { id, token } = await asked();
    const response = await request('/api/join-requests/answer', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, answer: 'replied' }).toString(),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/join-request?${new URLSearchParams({ token, answer: 'replied' })}`);
    expect((await stored(id)).status).toBe('replied');
  });

  it('expire after 30 days, and an unknown or malformed token answers nothing', async () => {
    const { id, token } = await asked();
    await testSql()`update join_requests set token_expires_at = now() - interval '1 minute' where id = ${id}`;
    const expired = await answerByLink(token, 'replied');
    expect(expired.status).toBe(410);
    expect((await stored(id)).status).toBe('new');
    expect(await (await linkPage(token, 'replied')).text()).toContain('This link has expired');

    const changed = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await answerByLink(changed, 'replied')).status).toBe(404);
    const unknownPage = await linkPage(changed, 'replied');
    expect(unknownPage.status).toBe(404);
    expect(await unknownPage.text()).toContain('This link is not valid');
    expect((await answerByLink('short', 'replied')).status).toBe(400);
    expect((await answerByLink(token, 'maybe')).status).toBe(400);
  });
});

describe('the club’s requests on its profile', () => {
  it('are listed with counts for the host and the admin, who answer them; for anyone else the club does not exist', async () => {
    const club = await listedClub();
    const other = await listedClub();
    const admin = await signInAdmin();
    const first = askToJoinPayload({ name: 'Avery First' });
    const second = askToJoinPayload({ name: 'Blake Second', phone: '', start: (await optionsOf(club.clubId)).starts[0]!.startAt });
    for (const payload of [first, second]) expect((await ask(club.clubId, payload)).status).toBe(201);

    const list = async (token: string) => request(`/api/clubs/${club.clubId}/join-requests`, { headers: asUser(token) });
    const listed = (await (await list(club.token)).json()) as JoinRequestList;
    expect(listed.counts).toEqual({ new: 2, replied: 0, joined: 0, declined: 0 });
    expect(listed.acceptingMembers).toBe(true);
    expect(listed.requests.map((r) => r.name)).toEqual(['Blake Second', 'Avery First']);
    expect(listed.requests[0]).toMatchObject({
      email: second.email,
      phone: null,
      message: second.message,
      status: 'new',
      answeredAt: null,
    });
    expect(listed.requests[0]!.startAt).toBe(new Date(second.start!).toISOString());
    expect(listed.requests[1]!.startAt).toBeNull();
    expect((await list(admin)).status).toBe(200);

    const mark = (id: number, answer: string, token: string) =>
      request(`/api/clubs/${club.clubId}/join-requests/${id}/${answer}`, { method: 'POST', headers: asUser(token) });
    const id = listed.requests[0]!.id;
    const replied = (await (await mark(id, 'replied', club.token)).json()) as JoinRequest;
    expect(replied.status).toBe('replied');
    expect(replied.answeredAt).not.toBeNull();
    const joined = (await (await mark(id, 'joined', admin)).json()) as JoinRequest;
    expect(joined).toMatchObject({ status: 'joined', answeredAt: replied.answeredAt });
    const [row] = await testSql()<
      { closedAt: Date; answeredAt: Date }[]
    >`select closed_at, answered_at from join_requests where id = ${id}`;
    expect(row!.closedAt.getTime()).toBeGreaterThanOrEqual(row!.answeredAt.getTime());
    expect(((await (await list(club.token)).json()) as JoinRequestList).counts).toEqual({ new: 1, replied: 0, joined: 1, declined: 0 });
    expect((await mark(id, 'new', club.token)).status).toBe(404);

    // Another host: neither the list, nor an answer, nor the switch; and not this club's request through their own club.
    expect((await list(other.token)).status).toBe(404);
    expect((await mark(id, 'declined', other.token)).status).toBe(404);
    expect(
      (await request(`/api/clubs/${other.clubId}/join-requests/${id}/declined`, { method: 'POST', headers: asUser(other.token) })).status,
    ).toBe(404);
    expect(
      (
        await request(`/api/clubs/${club.clubId}/accepting-members`, {
          method: 'PUT',
          json: { acceptingMembers: false },
          headers: asUser(other.token),
        })
      ).status,
    ).toBe(404);
    expect((await request(`/api/clubs/${club.clubId}/join-requests`)).status).toBe(401);
    expect((await storedRequests(club.clubId)).find((r) => r.id === id)!.status).toBe('joined');
    expect((await optionsOf(club.clubId)).acceptingMembers).toBe(true);

    const badSwitch = await request(`/api/clubs/${club.clubId}/accepting-members`, {
      method: 'PUT',
      json: { acceptingMembers: 'no' },
      headers: asUser(club.token),
    });
    expect((await fieldErrors(badSwitch)).acceptingMembers).toHaveLength(1);
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

  it('store each request once, the same visitor at once on both stores one, and the two workers send each email once', async () => {
    const club = await listedClub();
    const payloads = Array.from({ length: 4 }, () => askToJoinPayload());
    const twice = askToJoinPayload();
    const responses = await Promise.all([
      ...payloads.map((payload, i) => ask(club.clubId, payload, i % 2 ? second.url : undefined)),
      ask(club.clubId, twice),
      ask(club.clubId, twice, second.url),
    ]);
    expect(responses.slice(0, 4).map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(
      responses
        .slice(4)
        .map((r) => r.status)
        .sort(),
    ).toEqual([200, 201]);
    expect(await storedRequests(club.clubId)).toHaveLength(5);

    const hostEmails = (payload: { email: string }) => sentEmails().filter((m) => isTo(club.hostEmail)(m) && m.includes(payload.email));
    await vi.waitFor(
      () => {
        for (const payload of [...payloads, twice]) expect(hostEmails(payload)).toHaveLength(1);
      },
      { timeout: 60_000, interval: 200 },
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const payload of [...payloads, twice]) {
      expect(hostEmails(payload)).toHaveLength(1);
      expect(sentEmails().filter(isTo(payload.email))).toHaveLength(1);
    }
  });
});

describe('limits on join requests', () => {
  const realLimits = useRealLimitsServer();

  /** A verified club straight in the limits server's database. */
  async function limitsClub(): Promise<number> {
    const [owner] = await realLimits.sql<{ id: string }[]>`
      insert into users (email, password_hash) values (${`host.${unique()}@example.com`}, 'not-a-real-hash') returning id`;
    const code = `HOST-LIMIT-${unique().toUpperCase()}`;
    await realLimits.sql`insert into host_set_codes (code, note, redeemed_at) values (${code}, 'limits', now())`;
    const [club] = await realLimits.sql<{ id: number }[]>`
      insert into clubs (owner_id, host_name, email, club_name, city, state, zip_code, is_verified, membership_type, host_set_code)
      values (${owner!.id}, 'Limit Host', ${`club.${unique()}@example.com`}, ${`Limit Circle ${unique()}`}, 'Austin', 'TX', '78704',
        true, 'lifetime', ${code})
      returning id`;
    return club!.id;
  }

  it('allow 5 requests an hour from one visitor, to any clubs, then 429 with Retry-After', async () => {
    const clubs = [await limitsClub(), await limitsClub()];
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await ask(clubs[i % 2]!, askToJoinPayload(), realLimits.server.url)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    const limited = await ask(clubs[1]!, askToJoinPayload(), realLimits.server.url);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(await limited.json()).toEqual({ error: { message: 'Too many requests. Please try again later.' } });
  });

  it('allow 10 failed link answers in 15 minutes, then 429', async () => {
    const answer = () =>
      fetch(new URL('/api/join-requests/answer', realLimits.server.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: realLimits.server.url },
        body: JSON.stringify({ token: randomBytes(32).toString('base64url'), answer: 'replied' }),
      });
    const statuses = [];
    for (let i = 0; i < 10; i++) statuses.push((await answer()).status);
    expect(statuses).toEqual(Array(10).fill(404));
    const limited = await answer();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
