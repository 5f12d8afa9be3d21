import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { licenceTerms } from '#lib/licensing/terms.ts';
import type { ServerProcess } from '../support/server-process.ts';
import { asUser, request, sentEmails, startServerOnTestDatabase, testSql } from '../support/api.ts';
import { confirmationToken, emailSubjects, pickArea, registerGuide, reserve, reserveOk, runTransitions } from '../support/licensing.ts';

// The second security review's findings 1 and 2 (issue 26), each as it was reproduced: free nationwide reservations
// by an unconfirmed account, and mail bombing through reserve/cancel cycles. Each test works in states of its own.

const limits = licenceTerms.reservationLimits;
const DAY_MS = 86_400_000;

const cancel = (token: string, id: number) => request(`/api/licences/${id}/cancel`, { method: 'POST', headers: asUser(token) });

/** The admins' reservation notifications recorded since `since`. */
async function reservationNotices(since: Date): Promise<string[]> {
  const rows = await testSql()<{ summary: string }[]>`
    select summary from admin_notifications where kind = 'licence-reserved' and created_at >= ${since} order by id`;
  return rows.map((row) => row.summary);
}

/** How many licence rows the account has, whatever their status. */
async function licencesOf(email: string): Promise<number> {
  const [row] = await testSql()<{ count: number }[]>`
    select count(*)::int as count from licences l join users u on u.id = l.guide_id where u.email = ${email}`;
  return row!.count;
}

describe('free nationwide reservations (finding 1)', () => {
  it('an unconfirmed account reserves nothing and gets one confirmation email, however many states it tries', async () => {
    const since = new Date();
    const guide = await registerGuide({}, { confirmed: false });
    for (const state of ['AL', 'AK', 'AZ', 'AR', 'CO', 'CT']) {
      const response = await reserve(guide.token, `state-${state}`, 'exclusive');
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        error: {
          message: `Please confirm your email address first: we sent a link to ${guide.email}. Open it, then reserve.`,
          fieldErrors: { email: [`Please confirm your email address first: we sent a link to ${guide.email}. Open it, then reserve.`] },
        },
      });
    }
    expect(await licencesOf(guide.email)).toBe(0);
    expect(await emailSubjects(guide.email)).toEqual(['Confirm your email for FlameKeeper Clubs']);
    expect(await reservationNotices(since)).toEqual([]);
  });

  it('the link brings the guide back to the area card, confirmed, and each link works once', async () => {
    // Registered on the card, as the area search's account step does: the registration's link leads back to it.
    const guide = await registerGuide({ areaId: 'zip-59801' }, { confirmed: false });
    expect((await reserve(guide.token, 'zip-59801', 'shared')).status).toBe(403);
    const token = await confirmationToken(guide.email);
    const mail = sentEmails().find((text) => text.includes(token))!;
    expect(mail).toContain('within 24 hours');

    // Opening the link changes nothing: a mail scanner that follows it confirms nobody.
    const page = await request(`/confirm-email?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(await page.text()).toContain('Confirm my email');
    expect((await reserve(guide.token, 'zip-59801', 'shared')).status).toBe(403);

    const confirmed = await request('/api/auth/confirm-email', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
    });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe('/area-search?area=zip-59801&email=confirmed');
    expect((await reserve(guide.token, 'zip-59801', 'shared')).status).toBe(201);

    const again = await request('/api/auth/confirm-email', { method: 'POST', json: { token } });
    expect(again.status).toBe(410);
    expect(await (await request(`/confirm-email?token=${token}`)).text()).toContain('Your email address is confirmed');
    expect((await request(`/confirm-email?token=${'x'.repeat(43)}`)).status).toBe(404);
    const sendAgain = await request('/api/auth/email-confirmation', { method: 'POST', json: {}, headers: asUser(guide.token) });
    expect(sendAgain.status).toBe(409);
  });

  it('a link expires after 24 hours, and "Send the link again" sends a new one back to the card', async () => {
    const guide = await registerGuide({}, { confirmed: false });
    expect((await reserve(guide.token, 'zip-59802', 'shared')).status).toBe(403);
    const first = await confirmationToken(guide.email);
    await testSql()`update email_confirmations set expires_at = now() - interval '1 second'`;
    expect(await (await request(`/confirm-email?token=${first}`)).text()).toContain('This confirmation link has expired');
    expect((await request('/api/auth/confirm-email', { method: 'POST', json: { token: first } })).status).toBe(410);

    const sent = await request('/api/auth/email-confirmation', {
      method: 'POST',
      json: { areaId: 'zip-59802' },
      headers: asUser(guide.token),
    });
    expect(sent.status).toBe(202);
    expect(await sent.json()).toEqual({ sentTo: guide.email });
    await expect.poll(() => sentEmails().filter((mail) => mail.includes(`To: ${guide.email}`)).length, { timeout: 60_000 }).toBe(2);
    const second = await confirmationToken(guide.email);
    expect(second).not.toBe(first);
    const confirmed = await request('/api/auth/confirm-email', { method: 'POST', json: { token: second } });
    expect(await confirmed.json()).toEqual({ confirmed: true, returnTo: '/area-search?area=zip-59802' });
  });

  it(`a confirmed account holds at most ${limits.unpaidPerAccount} unpaid reservations at once`, async () => {
    const since = new Date();
    const guide = await registerGuide();
    const states = ['DE', 'RI', 'VT', 'NH'];
    const statuses = [];
    for (const state of states) statuses.push((await reserve(guide.token, `state-${state}`, 'exclusive')).status);
    expect(statuses).toEqual([201, 201, 201, 409]);
    const refused = await reserve(guide.token, 'state-NH', 'exclusive');
    expect((await refused.json()).error.message).toBe(
      `You already have ${limits.unpaidPerAccount} reservations awaiting payment. Pay for one or cancel one on My Licences before you reserve another area.`,
    );
    expect(await licencesOf(guide.email)).toBe(3);
    expect(await reservationNotices(since)).toHaveLength(3);
  });

  it('the account cannot reserve again an area whose reservation it let lapse, for 30 days; another guide can', async () => {
    const { zip } = await pickArea('MT');
    const guide = await registerGuide();
    const { licence } = await reserveOk(guide.token, zip, 'exclusive');
    await testSql()`update licence_orders set due_at = now() - interval '1 minute' where licence_id = ${licence.id}`;
    await runTransitions(new Date());
    const lapsedAt = new Date();

    const again = await reserve(guide.token, zip, 'exclusive');
    expect(again.status).toBe(409);
    const day = (date: Date) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
    expect((await again.json()).error.message).toBe(
      `Your reservation of ZIP ${zip.slice(4)} lapsed unpaid on ${day(lapsedAt)}. You can reserve it again from ${day(new Date(lapsedAt.getTime() + 30 * DAY_MS))}.`,
    );
    // Once the block has passed, the area is theirs to reserve again.
    await testSql()`update licences set status_changed_at = now() - interval '30 days 1 minute' where id = ${licence.id}`;
    await reserveOk(guide.token, zip, 'shared');
    const other = await registerGuide();
    await reserveOk(other.token, zip, 'shared');
  });

  it(`a burst of reservations tells the admins of the first ${limits.adminNoticesPerAccountPerHour}, then once`, async () => {
    const since = new Date();
    const guide = await registerGuide({ name: 'Burst Ember' });
    const areas = ['ID', 'UT', 'NV', 'OR', 'WA', 'NM'].map((state) => `state-${state}`);
    for (const area of areas) {
      const { licence } = await reserveOk(guide.token, area, 'shared');
      expect((await cancel(guide.token, licence.id)).status).toBe(200);
    }
    const notices = await reservationNotices(since);
    expect(notices).toHaveLength(limits.adminNoticesPerAccountPerHour + 1);
    expect(notices.at(-1)).toBe(`Burst Ember has made more than ${limits.adminNoticesPerAccountPerHour} reservations in an hour`);
  });
});

describe('mail bombing through reserve/cancel cycles (finding 2)', () => {
  it('20 reserve/cancel cycles on one area email the guide once and notify the admins once', async () => {
    const since = new Date();
    const guide = await registerGuide();
    const { zip } = await pickArea('WY');
    for (let cycle = 0; cycle < 20; cycle++) {
      const response = await reserve(guide.token, zip, 'exclusive');
      expect(response.status).toBe(201);
      const reservation = (await response.json()) as { licence: { id: number }; emailed: boolean };
      expect(reservation.emailed).toBe(cycle === 0);
      expect((await cancel(guide.token, reservation.licence.id)).status).toBe(200);
    }
    const subjects = await emailSubjects(guide.email);
    expect(subjects.filter((subject) => subject.includes('licence reservation'))).toHaveLength(1);
    expect(await reservationNotices(since)).toHaveLength(1);
  });

  describe('with the real limits', () => {
    let server: ServerProcess;
    beforeAll(async () => {
      server = await startServerOnTestDatabase({ RATE_LIMIT_MULTIPLIER: '1' });
    });
    afterAll(async () => {
      await server.stop();
    });
    beforeEach(async () => {
      await testSql()`delete from rate_limits`;
    });
    const post = (path: string, token: string, json?: unknown) =>
      fetch(new URL(path, server.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url, ...asUser(token) },
        body: json === undefined ? undefined : JSON.stringify(json),
      });

    it(`allow ${limits.reservesAndCancelsPerAccountPerHour} reservations and cancellations an hour per account, then 429`, async () => {
      const guide = await registerGuide();
      const { zip } = await pickArea('SD');
      const statuses: number[] = [];
      for (let change = 0; change < limits.reservesAndCancelsPerAccountPerHour / 2; change++) {
        const reserved = await post('/api/licences', guide.token, { areaId: zip, kind: 'shared' });
        statuses.push(reserved.status);
        statuses.push(
          (await post(`/api/licences/${((await reserved.json()) as { licence: { id: number } }).licence.id}/cancel`, guide.token)).status,
        );
      }
      expect(statuses).toEqual(Array.from({ length: limits.reservesAndCancelsPerAccountPerHour }, (_, i) => (i % 2 ? 200 : 201)));
      const limited = await post('/api/licences', guide.token, { areaId: zip, kind: 'shared' });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await limited.json()).error.message).toBe(
        'You have reserved and cancelled many times in the last hour. Please try again later.',
      );
    });

    it(`allow ${limits.perClientPerDay} reservations a day from one client address, across accounts`, async () => {
      const guides = [await registerGuide(), await registerGuide()];
      const { zip } = await pickArea('ND');
      const statuses: number[] = [];
      for (let n = 0; n < limits.perClientPerDay + 1; n++) {
        const guide = guides[n % 2]!;
        const response = await post('/api/licences', guide.token, { areaId: zip, kind: 'shared' });
        statuses.push(response.status);
        if (response.status === 201)
          await post(`/api/licences/${((await response.json()) as { licence: { id: number } }).licence.id}/cancel`, guide.token);
      }
      expect(statuses).toEqual([...Array<number>(limits.perClientPerDay).fill(201), 429]);
    });

    it('send at most 3 confirmation links an hour on request', async () => {
      const guide = await registerGuide({}, { confirmed: false });
      const statuses: number[] = [];
      for (let n = 0; n < 4; n++) statuses.push((await post('/api/auth/email-confirmation', guide.token, {})).status);
      expect(statuses).toEqual([202, 202, 202, 429]);
    });
  });
});
