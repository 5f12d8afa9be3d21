import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AdminLicence } from '#lib/licensing/types.ts';
import { WRONG_CURRENT_PASSWORD } from '#server/auth/password-changes.ts';
import type { AccountDataExport } from '#server/app/account-data.ts';
import { accountDataCopy, deletionEffectsFor } from '#lib/app/account-data-copy.ts';
import {
  asUser,
  baseUrl,
  registerHost,
  request,
  sessionTokenFrom,
  signInAdmin,
  TEST_ADMIN,
  testSql,
  waitForEmail,
} from '../support/api.ts';
import { adminAction, card, confirmEmail, pickArea, registerListedGuide, reserveOk } from '../support/licensing.ts';

// Issue 29 item 3: a host or guide downloads everything the site keeps about them, and deletes their account: the club
// leaves the directory, reservations are cancelled and held licences released (audited, the admins told), the orders
// stay without the person, and everything else of theirs is erased.

const unique = () => randomBytes(4).toString('hex');

/**
 * A person who is host and guide with something in every part of their data: a listed club with a join request, a
 * paid exclusive licence, a reservation awaiting payment, a certified guide profile with a photo and a visitor's
 * message. Signed in.
 */
async function personWithEverything(admin: string, state: string) {
  const tag = unique();
  const hostName = `Rowan Ashgrove ${tag}`;
  const host = await registerHost({ hostName, clubName: `Ashgrove Circle ${tag}` });
  const email = host.payload.email as string;
  const clubName = host.payload.clubName as string;
  await confirmEmail({ email, token: host.token });
  const sql = testSql();
  await sql`
    update clubs set is_verified = true, meeting_frequency = 'weekly', time_zone = 'America/New_York', cycle_start = '2026-09-01',
      meeting_slots = ${sql.json([{ weekday: 'tuesday', start: '19:00', durationMinutes: 90 }])}
    where id = ${host.clubId}`;

  const [held, reserved] = [await pickArea(state), await pickArea(state, 1)];
  const paid = await reserveOk(host.token, held.zip, 'exclusive');
  await adminAction(admin, paid.licence.id, 'mark-paid');
  const open = await reserveOk(host.token, reserved.zip, 'shared');

  const [account] = await sql<{ id: string; publicId: number }[]>`
    select u.id, g.public_id as "publicId" from users u join guides g on g.user_id = u.id where u.email = ${email}`;
  const certified = await request(`/api/admin/guides/${account!.id}/certification`, {
    method: 'PUT',
    json: { certifiedOn: '2026-03-02' },
    headers: asUser(admin),
  });
  expect(certified.status).toBe(200);
  await sql`insert into guide_photos (guide_id, image) values (${account!.id}, ${Buffer.from('RIFF-not-really-a-webp')})`;

  const message = `Could we meet on Thursday? (${tag})`;
  const sent = await request(`/api/guides/${account!.publicId}/messages`, {
    method: 'POST',
    json: { name: 'Jordan Ellis', email: `visitor.${tag}@example.com`, phone: '', reason: 'schedule', message },
  });
  expect(sent.status, await sent.clone().text()).toBe(201);
  const joinMessage = `We would love to join. (${tag})`;
  const asked = await request(`/api/clubs/${host.clubId}/join-requests`, {
    method: 'POST',
    json: { name: 'Casey Reed', email: `joiner.${tag}@example.com`, phone: '', start: 'next-cycle', message: joinMessage },
  });
  expect(asked.status, await asked.clone().text()).toBe(201);

  return {
    ...host,
    id: account!.id,
    email,
    hostName,
    clubName,
    message,
    joinMessage,
    paid: { ...paid, area: held.zip },
    open: { ...open, area: reserved.zip },
  };
}

async function exportOf(token: string): Promise<{ response: Response; data: AccountDataExport }> {
  const response = await request('/api/account/export', { headers: asUser(token) });
  expect(response.status, await response.clone().text()).toBe(200);
  return { response, data: (await response.json()) as AccountDataExport };
}

const deleteAccount = (token: string, currentPassword: string) =>
  request('/api/account/delete', { method: 'POST', json: { currentPassword }, headers: asUser(token) });

/** Whether a club's name is in the public directory's search of its state. */
async function inDirectory(state: string, clubName: string): Promise<boolean> {
  const response = await request(`/api/clubs/search?state=${state}`);
  expect(response.status).toBe(200);
  return (await response.text()).includes(clubName);
}

describe('GET /api/account/export', () => {
  it('is for a signed-in host or guide: 401 without a session, 403 for the admin', async () => {
    expect((await request('/api/account/export')).status).toBe(401);
    expect((await request('/api/account/export', { headers: asUser(await signInAdmin()) })).status).toBe(403);
  });

  it("gives the person their account, club, meetings, requests, guide profile, messages, licences, orders and audit entries, and nobody else's", async () => {
    const admin = await signInAdmin();
    const person = await personWithEverything(admin, 'ME');
    // A second account with a club, a listed guide's licence and a message of its own.
    const otherHost = await registerHost({ clubName: `Other Circle ${unique()}` });
    const otherGuide = await registerListedGuide(admin, `Other Guide ${unique()}`);
    const otherMessage = `A message for someone else (${unique()})`;
    const sent = await request(`/api/guides/${otherGuide.publicId}/messages`, {
      method: 'POST',
      json: { name: 'Jordan Ellis', email: `visitor.${unique()}@example.com`, phone: '', reason: 'question', message: otherMessage },
    });
    expect(sent.status).toBe(201);
    const [otherOrder] = await testSql()<{ reference: string }[]>`
      select o.reference from licence_orders o join licences l on l.id = o.licence_id
      join users u on u.id = l.guide_id where u.email = ${otherGuide.email}`;

    const { response, data } = await exportOf(person.token);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="flamekeeper-data-${new Date().toISOString().slice(0, 10)}.json"`,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');

    expect(data.account).toMatchObject({ id: person.id, email: person.email, role: 'host' });
    expect(data.sessions).toEqual([expect.objectContaining({ current: true })]);
    expect(data.club).toMatchObject({
      id: person.clubId,
      hostName: person.hostName,
      clubName: person.clubName,
      meetingSlots: [{ weekday: 'tuesday', start: '19:00', durationMinutes: 90 }],
      meetingLanguage: 'en',
      joinRequests: [expect.objectContaining({ name: 'Casey Reed', message: person.joinMessage, status: 'new' })],
      reports: [],
    });
    expect(data.guide?.profile).toMatchObject({ name: person.hostName, certifiedOn: '2026-03-02' });
    expect(data.guide?.photo).toBe(`data:image/webp;base64,${Buffer.from('RIFF-not-really-a-webp').toString('base64')}`);
    expect(data.guide?.messages).toEqual([expect.objectContaining({ name: 'Jordan Ellis', message: person.message })]);
    expect(data.licences.map(({ id, status, orders }) => ({ id, status, orders: orders.map((order) => order.reference) }))).toEqual([
      { id: person.open.licence.id, status: 'reserved', orders: [person.open.order.reference] },
      { id: person.paid.licence.id, status: 'active', orders: [person.paid.order.reference] },
    ]);
    // The admin's payment and certification are about the person; the admin is named only as the team.
    expect(data.auditLog).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'licence.mark-paid', by: 'FlameKeeper team', subject: expect.stringContaining(person.email) }),
        expect.objectContaining({ action: 'guide.certification', by: 'FlameKeeper team' }),
      ]),
    );

    const text = JSON.stringify(data);
    for (const secret of ['password', 'passwordHash', 'password_hash', 'token_hash', 'tokenHash', '$argon2'])
      expect(text).not.toContain(secret);
    for (const others of [otherHost.payload.clubName as string, otherHost.payload.email as string, otherGuide.email, otherGuide.name]) {
      expect(text).not.toContain(others);
    }
    expect(text).not.toContain(otherMessage);
    expect(text).not.toContain(otherOrder!.reference);
    expect(text).not.toContain(TEST_ADMIN.email);
  });

  it('gives every column of the account but its password hash and the admin-only settings', async () => {
    const host = await registerHost();
    const { data } = await exportOf(host.token);
    const columns = await testSql()<{ name: string }[]>`
      select column_name as name from information_schema.columns where table_name = 'users' and table_schema = current_schema()`;
    const fields = columns
      .map(({ name }) => name)
      .filter((name) => !['password_hash', 'notify', 'digest_through'].includes(name))
      .map((name) => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()));
    expect(Object.keys(data.account).sort()).toEqual(fields.sort());
  });
});

const DELETED_SUBJECT = 'Your FlameKeeper Clubs account has been deleted';

describe('POST /api/account/delete', () => {
  it('refuses a missing or wrong current password with a field message, changing nothing: the email, which the session can read, no longer deletes', async () => {
    const host = await registerHost();
    const email = host.payload.email as string;
    const wrong = await deleteAccount(host.token, 'not-the-password');
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      error: { message: 'Please correct the highlighted fields.', fieldErrors: { currentPassword: [WRONG_CURRENT_PASSWORD] } },
    });
    expect(await (await deleteAccount(host.token, '')).json()).toEqual({
      error: { message: 'Please correct the highlighted fields.', fieldErrors: { currentPassword: ['Enter your current password'] } },
    });
    const byEmail = await request('/api/account/delete', { method: 'POST', json: { email }, headers: asUser(host.token) });
    expect(byEmail.status).toBe(400);
    expect(await testSql()`select 1 from clubs where id = ${host.clubId}`).toHaveLength(1);
    expect((await request('/api/auth/user', { headers: asUser(host.token) })).status).toBe(200);
  });

  it('is for a signed-in host or guide: 401 without a session, 403 for the admin', async () => {
    expect((await request('/api/account/delete', { method: 'POST', json: { currentPassword: TEST_ADMIN.password } })).status).toBe(401);
    const admin = await signInAdmin();
    expect((await deleteAccount(admin, TEST_ADMIN.password)).status).toBe(403);
    expect((await request('/api/auth/user', { headers: asUser(admin) })).status).toBe(200);
  });

  it("emails a host who is no guide what deleting did, without the licences' effects, also when deleted without JavaScript", async () => {
    const host = await registerHost();
    const email = host.payload.email as string;
    const response = await request('/api/account/delete', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', referer: new URL('/account', baseUrl).href, ...asUser(host.token) },
      body: new URLSearchParams({ currentPassword: host.payload.password as string }).toString(),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/account');
    const deleted = response.headers.getSetCookie().find((cookie) => cookie.startsWith('fk_account_deleted=1;'));
    expect(deleted).toBeDefined();
    // /account, where the browser goes, says it once; the browser is signed out, and nobody is named.
    const page = await request('/account', { headers: { cookie: deleted!.split(';')[0]! } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(accountDataCopy.delete.notice);
    expect(html).not.toContain(email);
    expect(page.headers.getSetCookie()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^fk_account_deleted=[^;]*; Path=\/; Expires=Thu, 01 Jan 1970/)]),
    );
    const without = await request('/account');
    expect(without.status).toBe(401);
    expect(await without.text()).not.toContain(accountDataCopy.delete.notice);

    const mail = await waitForEmail((text) => text.includes(`To: ${email}`) && text.includes(`Subject: ${DELETED_SUBJECT}`));
    const effects = deletionEffectsFor({ clubId: host.clubId, isGuide: false }, { inEmail: true });
    for (const effect of effects) expect(mail).toContain(`- ${effect}`);
    for (const effect of accountDataCopy.delete.effects.filter(({ text }) => !effects.includes(text)))
      expect(mail).not.toContain(effect.text);
  });

  it('removes the club from the directory, ends the licences with audit rows and a notice, keeps the orders without the person, erases the rest and ends every session', async () => {
    const admin = await signInAdmin();
    const person = await personWithEverything(admin, 'NH');
    const sql = testSql();
    const secondSession = sessionTokenFrom(
      await request('/api/clubs/signin', { method: 'POST', json: { email: person.email, password: person.payload.password } }),
    )!;
    expect((await request('/api/auth/user', { headers: asUser(secondSession) })).status).toBe(200);
    expect(await inDirectory('NC', person.clubName)).toBe(true);
    const [message] = await sql<{ id: number }[]>`select id from guide_messages where guide_id = ${person.id}`;

    const response = await deleteAccount(person.token, person.payload.password as string);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect(response.headers.getSetCookie()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^fk_session=[^;]*;.*(Expires=Thu, 01 Jan 1970|Max-Age=0)/i),
        // For /account to say "Your account has been deleted", once, within a minute; it names nobody.
        expect.stringMatching(/^fk_account_deleted=1; Max-Age=60; Path=\/; HttpOnly; SameSite=Lax$/),
      ]),
    );

    // Every session of the account has ended.
    for (const token of [person.token, secondSession])
      expect((await request('/api/auth/user', { headers: asUser(token) })).status).toBe(401);
    expect(await inDirectory('NC', person.clubName)).toBe(false);

    // The person's rows are gone.
    const clubId = person.clubId;
    const gone = await sql<{ rows: number }[]>`
      select (select count(*) from users where id = ${person.id} or lower(email) = ${person.email})
        + (select count(*) from user_sessions where user_id = ${person.id})
        + (select count(*) from password_reset_tokens where user_id = ${person.id})
        + (select count(*) from email_confirmations where user_id = ${person.id})
        + (select count(*) from clubs where id = ${clubId} or owner_id = ${person.id})
        + (select count(*) from join_requests where club_id = ${clubId})
        + (select count(*) from guides where user_id = ${person.id})
        + (select count(*) from guide_photos where guide_id = ${person.id})
        + (select count(*) from guide_messages where id = ${message!.id})
        + (select count(*) from rate_limits where key like ${`%${person.id}%`}) as rows`;
    expect(Number(gone[0]!.rows)).toBe(0);
    // Of the emails to the address, one is left: the last, saying what was deleted and what was kept (issue 41 item 8).
    const outbox = await sql<{ subject: string }[]>`select subject from outbox where lower(recipient) = ${person.email}`;
    expect(outbox).toEqual([{ subject: DELETED_SUBJECT }]);
    const mail = await waitForEmail((text) => text.includes(`To: ${person.email}`) && text.includes(`Subject: ${DELETED_SUBJECT}`));
    expect(mail).toContain(`The FlameKeeper Clubs account of ${person.email} has been deleted`);
    for (const effect of accountDataCopy.delete.effects) {
      if (effect.inEmail) expect(mail).toContain(`- ${effect.text}`);
      else expect(mail).not.toContain(effect.text);
    }
    expect(mail).toContain(accountDataCopy.delete.keptBecause);
    expect(mail).toContain('/privacy-terms');

    // The reservation is cancelled and the held licence released; both stay, with their orders, without the guide.
    const licences = await sql<{ id: number; status: string; guideId: string | null }[]>`
      select id, status, guide_id from licences where id in ${sql([person.open.licence.id, person.paid.licence.id])} order by id`;
    expect(licences).toEqual([
      { id: person.paid.licence.id, status: 'released', guideId: null },
      { id: person.open.licence.id, status: 'cancelled', guideId: null },
    ]);
    const orders = await sql<{ reference: string; status: string; amount: number }[]>`
      select reference, status, amount from licence_orders where licence_id in ${sql([person.open.licence.id, person.paid.licence.id])} order by id`;
    expect(orders).toEqual([
      { reference: person.paid.order.reference, status: 'paid', amount: person.paid.order.amount },
      { reference: person.open.order.reference, status: 'cancelled', amount: person.open.order.amount },
    ]);
    expect((await card(person.paid.area)).availability.exclusive).toEqual({ available: true });

    // Each licence's end is audited; no audit entry keeps the person's email or name.
    const licenceAudit = await sql<{ action: string; actorEmail: string; subject: string; after: { status: string } }[]>`
      select action, actor_email, subject, after from audit_log
      where subject like ${`Licence ${person.paid.licence.id}:%`} or subject like ${`Licence ${person.open.licence.id}:%`}
      order by id`;
    expect(
      licenceAudit
        .slice(-2)
        .map(({ action, actorEmail, subject, after }) => [action, actorEmail, subject.endsWith(', deleted account'), after.status]),
    ).toEqual([
      ['licence.give-up', 'deleted account', true, 'released'],
      ['licence.cancel', 'deleted account', true, 'cancelled'],
    ]);
    const clubAudit = await sql<{ action: string; actorEmail: string }[]>`
      select action, actor_email from audit_log where club_id = ${clubId} order by id`;
    expect(clubAudit.map(({ action, actorEmail }) => [action, actorEmail])).toEqual([
      ['club.delete', 'deleted account'],
      ['account.delete', 'deleted account'],
    ]);
    const traces = await sql`
      select id from audit_log
      where concat_ws(' ', actor_email, subject, before::text, after::text) ilike ${`%${person.email}%`}
        or concat_ws(' ', subject, before::text, after::text) like ${`%${person.hostName}%`}
        or actor_id = ${person.id}`;
    expect(traces).toHaveLength(0);

    // The admins are told, without the person.
    const [notice] = await sql<{ summary: string }[]>`
      select summary from admin_notifications where kind = 'licences-given-up' order by id desc limit 1`;
    expect(notice?.summary).toBe('A guide deleted their account: 2 licences released');

    // The admin's licence screens and export still list the licences, with no guide.
    const listed = await request(`/api/admin/licences?q=${encodeURIComponent(person.paid.order.reference)}`, { headers: asUser(admin) });
    expect(((await listed.json()) as AdminLicence[]).map(({ id, guide, status }) => ({ id, guide, status }))).toEqual([
      { id: person.paid.licence.id, guide: null, status: 'released' },
    ]);
    const csv = await request(`/api/admin/export/licences.csv?q=${encodeURIComponent(person.paid.order.reference)}`, {
      headers: asUser(admin),
    });
    expect(await csv.text()).toContain(`\n"${person.paid.licence.id}","Deleted account","","",`);
  });
});
