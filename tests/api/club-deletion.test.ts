import { describe, expect, it } from 'vitest';
import { asUser, registerHost, request, sessionTokenFrom, signInAdmin, testSql, TEST_ADMIN } from '../support/api.ts';
import { adminAction, card, confirmEmail, myLicence, pickArea, registerGuide, reserveOk, runTransitions } from '../support/licensing.ts';

// Security review, issue 26 item 6: deleting a host's club deleted the person's account and with it their paid
// exclusive licence and its payment records; the audit log showed only `club.delete`, and the area was free again.

interface AuditRow {
  action: string;
  actorEmail: string;
  subject: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The audit entries about one licence, oldest first. */
const licenceAudit = (id: number) =>
  testSql()<AuditRow[]>`
    select action, actor_email, subject, before, after from audit_log where subject like ${`Licence ${id}:%`} order by id`;

describe('deleting a club whose host holds a licence', () => {
  it('deletes the club but keeps the account, its paid exclusive licence and its orders; the area stays held; all audited', async () => {
    const { zip } = await pickArea('VT');
    const host = await registerHost();
    await confirmEmail({ email: host.payload.email, token: host.token });
    const { licence, order } = await reserveOk(host.token, zip, 'exclusive');
    const admin = await signInAdmin();
    await adminAction(admin, licence.id, 'mark-paid');

    // The review's request.
    const response = await request(`/api/admin/clubs/${host.clubId}`, { method: 'DELETE', headers: asUser(admin) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, accountKept: true });

    const sql = testSql();
    expect(await sql`select 1 from clubs where id = ${host.clubId}`).toHaveLength(0);
    const [account] = await sql<{ id: string; role: string }[]>`select id, role from users where email = ${host.payload.email}`;
    expect(account?.role).toBe('guide');
    expect(await sql`select status from licences where id = ${licence.id}`).toEqual([{ status: 'active' }]);
    expect(await sql`select reference, status from licence_orders where licence_id = ${licence.id}`).toEqual([
      { reference: order.reference, status: 'paid' },
    ]);
    expect((await card(zip)).availability.exclusive).toMatchObject({ available: false });

    // The club's history says what became of the account; the account was signed out, as the deletion did before.
    const clubAudit = await sql<AuditRow[]>`
      select action, actor_email, subject, before, after from audit_log where club_id = ${host.clubId} order by id`;
    expect(clubAudit.map(({ action, actorEmail }) => [action, actorEmail])).toEqual([
      ['club.delete', TEST_ADMIN.email],
      ['account.keep', TEST_ADMIN.email],
    ]);
    expect(clubAudit[1]).toMatchObject({ subject: host.payload.email, before: { role: 'host' }, after: { role: 'guide' } });
    expect((await request('/api/auth/user', { headers: asUser(host.token) })).status).toBe(401);

    // The person signs in again as a guide and finds the licence they paid for.
    const signIn = await request('/api/guides/signin', {
      method: 'POST',
      json: { email: host.payload.email, password: host.payload.password },
    });
    expect(await signIn.json()).toEqual({ success: true, home: '/my-licences' });
    expect(await myLicence(sessionTokenFrom(signIn)!, licence.id)).toMatchObject({ status: 'active' });
  });

  it('never lets a cascade remove licences or orders, nor leave a held licence without its guide', async () => {
    const { zip } = await pickArea('NH');
    const guide = await registerGuide();
    const { licence } = await reserveOk(guide.token, zip, 'shared');
    const sql = testSql();
    const [account] = await sql<{ id: string }[]>`select id from users where email = ${guide.email}`;

    // A licence is never deleted: PostgreSQL 15 names the refusal foreign_key_violation (23503), PGlite's 17
    // restrict_violation (23001). The account holding it cannot go either (check_violation, 23514, migration 031):
    // deleting an account ends its licences first (tests/api/account-data.test.ts).
    await expect(sql`delete from licences where id = ${licence.id}`).rejects.toMatchObject({
      code: expect.stringMatching(/^23(503|001)$/),
    });
    const held = { code: '23514', constraint_name: 'licences_ended_without_guide' };
    await expect(sql`delete from users where id = ${account!.id}`).rejects.toMatchObject(held);
    await expect(sql`delete from guides where user_id = ${account!.id}`).rejects.toMatchObject(held);
    expect(await sql`select guide_id from licences where id = ${licence.id}`).toEqual([{ guideId: account!.id }]);
    expect(await sql`select 1 from licence_orders where licence_id = ${licence.id}`).toHaveLength(1);
  });

  it("keeps the admin's own account when the admin's club is deleted, signed in", async () => {
    const admin = await signInAdmin();
    const host = await registerHost();
    const sql = testSql();
    const [adminAccount] = await sql<{ id: string }[]>`select id from users where email = ${TEST_ADMIN.email}`;
    // A club whose host account was later made the admin (upsertAdmin on the host's email does this).
    const [other] = await sql<{ id: string }[]>`select owner_id as id from clubs where id = ${host.clubId}`;
    await sql`update clubs set owner_id = ${adminAccount!.id} where id = ${host.clubId}`;
    await sql`delete from users where id = ${other!.id}`;

    const response = await request(`/api/admin/clubs/${host.clubId}`, { method: 'DELETE', headers: asUser(admin) });
    expect(await response.json()).toEqual({ success: true, accountKept: true });
    expect(await sql`select role from users where id = ${adminAccount!.id}`).toEqual([{ role: 'admin' }]);
    expect((await request('/api/auth/user', { headers: asUser(admin) })).status).toBe(200);
  });
});

describe('every licence that ends is audited', () => {
  it("a guide's cancelled reservation, as the guide's change", async () => {
    const { zip } = await pickArea('ME');
    const guide = await registerGuide();
    const { licence, order } = await reserveOk(guide.token, zip, 'exclusive');

    const response = await request(`/api/licences/${licence.id}/cancel`, { method: 'POST', headers: asUser(guide.token) });
    expect(response.status).toBe(200);

    expect(await licenceAudit(licence.id)).toEqual([
      {
        action: 'licence.cancel',
        actorEmail: guide.email,
        subject: expect.stringContaining(guide.email),
        before: { status: 'reserved', endsAt: null, openOrder: order.reference },
        after: { status: 'cancelled', endsAt: null, openOrder: null },
      },
    ]);
  });

  it("a reservation lapsing unpaid, as the system's change", async () => {
    const { zip } = await pickArea('RI');
    const guide = await registerGuide();
    const { licence, order } = await reserveOk(guide.token, zip, 'exclusive');
    await testSql()`update licence_orders set due_at = now() - interval '1 minute' where licence_id = ${licence.id}`;

    await runTransitions(new Date());

    expect(await licenceAudit(licence.id)).toEqual([
      {
        action: 'licence.lapse',
        actorEmail: 'system',
        subject: expect.stringContaining(guide.email),
        before: { status: 'reserved', endsAt: null, openOrder: order.reference },
        after: { status: 'lapsed', endsAt: null, openOrder: null },
      },
    ]);
  });

  it("a licence expiring at the end of its term, as the system's change", async () => {
    const { zip } = await pickArea('DE');
    const guide = await registerGuide();
    const { licence } = await reserveOk(guide.token, zip, 'shared');
    await adminAction(await signInAdmin(), licence.id, 'mark-paid');
    await testSql()`update licences set ends_at = now() - interval '1 minute' where id = ${licence.id}`;

    await runTransitions(new Date());

    const entries = await licenceAudit(licence.id);
    expect(entries.map((entry) => [entry.action, entry.actorEmail])).toEqual([
      ['licence.mark-paid', TEST_ADMIN.email],
      ['licence.expire', 'system'],
    ]);
    expect(entries[1]).toMatchObject({ before: { status: 'active' }, after: { status: 'expired' } });
  });
});
