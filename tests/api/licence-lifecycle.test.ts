import { describe, expect, it } from 'vitest';
import { asUser, request, runJobs, signInAdmin, testSql, waitForEmail } from '../support/api.ts';
import {
  DAY_MS,
  adminAction,
  card,
  emailSubjects,
  endOf,
  myLicence,
  pickArea,
  registerGuide,
  reserveOk,
  runTransitions,
} from '../support/licensing.ts';

// The licence's life as time passes, applied by the transitions job. Time passes by moving a licence's stored times
// back, not by running the job as of a later instant: the file's tests share one database, and a later instant would
// move every other test's licences (and end their sessions) too. Each test works in a state of its own.

const renew = (token: string, id: number) => request(`/api/licences/${id}/renew`, { method: 'POST', headers: asUser(token) });
const renewalNotices = async (email: string) => (await emailSubjects(email)).filter((subject) => subject.startsWith('Renew your licence'));

/** Moves a licence's term so that it ends `interval` from now (a PostgreSQL interval, negative for the past). */
const endIn = (id: number, interval: string) => testSql()`update licences set ends_at = now() + ${interval}::interval where id = ${id}`;

describe('licence life', () => {
  it('a reservation unpaid after 14 days lapses, frees the area and tells the guide', async () => {
    const { zip } = await pickArea('NE');
    const guide = await registerGuide();
    const { licence } = await reserveOk(guide.token, zip, 'exclusive');
    await testSql()`update licence_orders set due_at = now() + interval '1 day' where licence_id = ${licence.id}`;
    await runTransitions(new Date());
    expect((await myLicence(guide.token, licence.id))?.status).toBe('reserved');

    await testSql()`update licence_orders set due_at = now() - interval '1 minute' where licence_id = ${licence.id}`;
    await runTransitions(new Date());
    expect(await myLicence(guide.token, licence.id)).toMatchObject({ status: 'lapsed', openOrder: null });
    expect((await card(zip)).availability.exclusive).toEqual({ available: true });
    expect(await emailSubjects(guide.email)).toContainEqual(expect.stringMatching(/is no longer held/));
  });

  it('marked paid, a licence is active for a year at the reserved price', async () => {
    const { zip } = await pickArea('IA');
    const guide = await registerGuide();
    const { licence, order } = await reserveOk(guide.token, zip, 'shared');
    const admin = await signInAdmin();
    const paid = await adminAction(admin, licence.id, 'mark-paid');
    expect(paid).toMatchObject({ status: 'active', pricePaid: order.amount, openOrder: null, renewalDue: false });
    const days = (Date.parse(paid.endsAt!) - Date.parse(paid.startsAt!)) / DAY_MS;
    expect(days).toBeGreaterThanOrEqual(365);
    expect(days).toBeLessThanOrEqual(366);
    // Paid once: nothing more to mark.
    expect((await request(`/api/admin/licences/${licence.id}/mark-paid`, { method: 'POST', headers: asUser(admin) })).status).toBe(409);
    // The reservation email promised "Once we record your payment, your licence is active for one year": the guide is told, with the dates.
    const until = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(paid.endsAt!));
    const paidEmails = (await emailSubjects(guide.email)).filter((subject) => subject.includes('is active until'));
    expect(paidEmails).toEqual([`Your licence for ${paid.area.label} is active until ${until}`]);
    const mail = await waitForEmail((text) => text.includes(guide.email) && text.includes('We recorded your payment'));
    expect(mail).toContain('Active from');
    expect(mail).toContain(until);
  });

  it('sends the renewal notice once, 30 days before the end; renewing and paying extends by a year from the old end', async () => {
    const { zip } = await pickArea('NM');
    const guide = await registerGuide();
    const { licence } = await reserveOk(guide.token, zip, 'shared');
    const admin = await signInAdmin();
    await adminAction(admin, licence.id, 'mark-paid');

    await endIn(licence.id, '31 days');
    await runTransitions(new Date());
    expect(await renewalNotices(guide.email)).toHaveLength(0);
    expect((await renew(guide.token, licence.id)).status).toBe(409);

    await endIn(licence.id, '29 days');
    await runTransitions(new Date());
    await runTransitions(new Date());
    expect(await renewalNotices(guide.email)).toHaveLength(1);
    // Sent by the job of itself: Auto-Submitted, with no unsubscribe, since it is the licence's terms (issue 41 item 17).
    const notice = await waitForEmail((mail) => mail.includes(`To: ${guide.email}`) && mail.includes('Subject: Renew your licence'));
    const head = notice.split(/\r?\n\r?\n/)[0]!;
    expect(head).toMatch(/^Auto-Submitted: auto-generated$/m);
    expect(head).not.toMatch(/^List-Unsubscribe/m);

    const oldEnd = await endOf(licence.id);
    const renewal = await renew(guide.token, licence.id);
    expect(renewal.status).toBe(200);
    const renewed = (await renewal.json()) as { openOrder: { isRenewal: boolean; amount: number } | null; renewalDue: boolean };
    expect(renewed.openOrder).toMatchObject({ isRenewal: true, amount: (await card(zip)).prices.shared });
    expect(renewed.renewalDue).toBe(false);
    expect((await renew(guide.token, licence.id)).status).toBe(409);

    const paid = await adminAction(admin, licence.id, 'mark-paid');
    expect(paid.status).toBe('active');
    const extended = (Date.parse(paid.endsAt!) - oldEnd.getTime()) / DAY_MS;
    expect(extended).toBeGreaterThanOrEqual(365);
    expect(extended).toBeLessThanOrEqual(366);
    // A new term, a new notice when its time comes.
    await endIn(licence.id, '20 days');
    await runTransitions(new Date());
    expect(await renewalNotices(guide.email)).toHaveLength(2);
  });

  it('at its end a shared licence expires', async () => {
    const { zip } = await pickArea('OK');
    const guide = await registerGuide();
    const { licence } = await reserveOk(guide.token, zip, 'shared');
    await adminAction(await signInAdmin(), licence.id, 'mark-paid');
    await endIn(licence.id, '-1 minute');
    await runTransitions(new Date());
    expect((await myLicence(guide.token, licence.id))?.status).toBe('expired');
  });

  it('an exclusive licence enters a 30-day grace period, still held and renewable, then expires and is released', async () => {
    const { zip } = await pickArea('UT');
    const guide = await registerGuide();
    const { licence } = await reserveOk(guide.token, zip, 'exclusive');
    await adminAction(await signInAdmin(), licence.id, 'mark-paid');
    await endIn(licence.id, '-1 day');
    await runTransitions(new Date());
    const inGrace = await myLicence(guide.token, licence.id);
    expect(inGrace).toMatchObject({ status: 'grace', renewalDue: true });
    expect((Date.parse(inGrace!.graceEndsAt!) - Date.parse(inGrace!.endsAt!)) / DAY_MS).toBe(30);
    expect(await emailSubjects(guide.email)).toContainEqual(expect.stringMatching(/has ended: 30 days to renew/));
    const other = await registerGuide();
    expect(
      (await request('/api/licences', { method: 'POST', json: { areaId: zip, kind: 'shared' }, headers: asUser(other.token) })).status,
    ).toBe(409);
    expect((await card(zip)).availability.shared).toEqual({ available: false, reason: expect.stringMatching(/^Held exclusively until/) });

    await endIn(licence.id, '-30 days -1 minute');
    await runTransitions(new Date());
    expect((await myLicence(guide.token, licence.id))?.status).toBe('expired');
    expect((await card(zip)).availability.exclusive).toEqual({ available: true });
    await reserveOk(other.token, zip, 'exclusive');
  });

  it('`npm run jobs:run -- --now` applies the transitions as of that instant', async () => {
    const { zip } = await pickArea('WV');
    const guide = await registerGuide();
    const { licence } = await reserveOk(guide.token, zip, 'shared');
    await testSql()`update licence_orders set due_at = now() + interval '1 hour' where licence_id = ${licence.id}`;
    const now = new Date(Date.now() + 2 * 3_600_000).toISOString();
    const stdout = await runJobs('--now', now);
    expect(stdout).toMatch(/licence-transitions: [1-9]\d* lapsed/);
    expect((await myLicence(guide.token, licence.id))?.status).toBe('lapsed');
  });
});
