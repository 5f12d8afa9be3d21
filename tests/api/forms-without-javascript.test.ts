import { describe, expect, it } from 'vitest';
import {
  TEST_ADMIN,
  asUser,
  baseUrl,
  newCode,
  registerHost,
  registration,
  request,
  sentEmails,
  sessionTokenFrom,
  testSql,
  useRealLimitsServer,
  waitForEmail,
} from '../support/api.ts';
import { registerGuide } from '../support/licensing.ts';

// Issue 37, F11: every form of the site posts (never a GET with its fields in the address), and the forms that work
// without JavaScript post form-encoded to the JSON endpoint their island calls, which answers with a redirect (303) and
// the outcome in a one-minute flash cookie that carries no field value (docs/decisions/030).

const SECRET = 'Secret-Pass-123';

/** A form post from one of the site's pages, as a browser without JavaScript sends it. */
function postForm(
  path: string,
  fields: Record<string, string>,
  { from = '/', headers = {} as Record<string, string>, server = baseUrl } = {},
) {
  return fetch(new URL(path, server), {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: server,
      referer: new URL(from, server).href,
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The flash cookie a response sets, decoded (the `name=value` part alone for sending it back). */
function flashOf(response: Response): { cookie: string; flash: Record<string, unknown> } {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith('fk_flash='));
  expect(header, 'a flash cookie').toBeDefined();
  expect(header).toMatch(/HttpOnly/i);
  expect(header).toMatch(/SameSite=Lax/i);
  const cookie = header!.split(';')[0]!;
  return {
    cookie,
    flash: JSON.parse(Buffer.from(cookie.slice('fk_flash='.length), 'base64url').toString('utf8')) as Record<string, unknown>,
  };
}

/** The page a redirect leads to, opened with the cookies given. */
const follow = (response: Response, cookie: string) => request(response.headers.get('location')!, { headers: { cookie } });

describe('forms posted without JavaScript', () => {
  it('a host signing in without JavaScript is signed in and sent to the club profile, the password in no address', async () => {
    const host = await registerHost();
    const response = await postForm(
      '/api/clubs/signin',
      { email: host.payload.email, password: host.payload.password },
      { from: '/club-registration?signin=true' },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/club-profile/${host.clubId}`);
    const token = sessionTokenFrom(response);
    expect(token).toBeTruthy();
    const profile = await request(`/club-profile/${host.clubId}`, { headers: { cookie: `fk_session=${token}` } });
    expect(profile.status).toBe(200);
  });

  it('a refused sign-in goes back to its page, which says the spec words once, and the flash holds no field value', async () => {
    const response = await postForm(
      '/api/clubs/signin',
      { email: 'nobody@example.com', password: SECRET },
      { from: '/club-registration?signin=true' },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/club-registration?signin=true');
    const { cookie, flash } = flashOf(response);
    expect(flash).toMatchObject({
      form: 'hostSignIn',
      tone: 'error',
      title: 'Sign In Failed',
      message: 'Invalid email or password. Please try again.',
    });
    expect(JSON.stringify(flash)).not.toContain(SECRET);
    expect(JSON.stringify(flash)).not.toContain('nobody@example.com');

    const page = await follow(response, cookie);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    // Shown once: the page clears the cookie.
    expect(page.headers.getSetCookie().find((set) => set.startsWith('fk_flash='))).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i);
    const html = await page.text();
    expect(html).toContain('Sign In Failed');
    expect(html).toContain('Invalid email or password. Please try again.');
  });

  it('the admin signs in on /login without JavaScript; bad input comes back with the schema messages, not a 500', async () => {
    const signedIn = await postForm(
      '/api/login',
      { emailOrUsername: TEST_ADMIN.username, password: TEST_ADMIN.password },
      { from: '/login' },
    );
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('location')).toBe('/admin-clubs');
    expect(sessionTokenFrom(signedIn)).toBeTruthy();

    const empty = await postForm('/api/login', { emailOrUsername: '', password: '' }, { from: '/login' });
    expect(empty.status).toBe(303);
    expect(empty.headers.get('location')).toBe('/login');
    const { cookie, flash } = flashOf(empty);
    expect(flash).toMatchObject({
      form: 'adminSignIn',
      title: 'Login Failed',
      fieldErrors: { emailOrUsername: ['Email or username is required'], password: ['Password is required'] },
    });
    const html = await (await follow(empty, cookie)).text();
    expect(html).toContain('Login Failed');
    expect(html).toContain('Email or username is required');
    expect(html).toContain('Password is required');
  });

  it('the contact form without JavaScript stores the message and says so; a short message gets its field message', async () => {
    const short = await postForm(
      '/api/contact-requests',
      {
        name: 'Nora Nojs',
        email: 'nora.nojs@example.com',
        phone: '555-010-0199',
        coachName: 'Any Coach',
        message: 'Too short',
        contactReason: 'question',
      },
      { from: '/contact-us' },
    );
    expect(short.status).toBe(303);
    const refused = flashOf(short);
    expect(refused.flash).toMatchObject({
      form: 'contact',
      title: 'Error Sending Message',
      fieldErrors: { message: ['Message must be at least 10 characters'] },
    });
    expect(await (await follow(short, refused.cookie)).text()).toContain('Message must be at least 10 characters');

    const sent = await postForm(
      '/api/contact-requests',
      {
        name: 'Nora Nojs',
        email: 'nora.nojs@example.com',
        phone: '555-010-0199',
        coachName: 'Any Coach',
        message: 'A message sent without JavaScript.',
        contactReason: 'question',
      },
      { from: '/contact-us' },
    );
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/contact-us');
    expect(flashOf(sent).flash).toMatchObject({ form: 'contact', tone: 'success', title: 'Message Sent Successfully' });
    const [stored] = await testSql()`select message from contact_requests where email = 'nora.nojs@example.com'`;
    expect(stored).toEqual({ message: 'A message sent without JavaScript.' });
  });

  it('the contact form posted from /es/contact-us comes back there with Spanish words: the refusal, its field message, the thanks', async () => {
    const fields = {
      name: 'Nuria Sinjs',
      email: 'nuria.sinjs@example.com',
      phone: '555-010-0198',
      coachName: 'Cualquier guía',
      message: 'Muy corto',
      contactReason: 'question',
    };
    const short = await postForm('/api/contact-requests', fields, { from: '/es/contact-us' });
    expect(short.status).toBe(303);
    expect(short.headers.get('location')).toBe('/es/contact-us');
    const refused = flashOf(short);
    expect(refused.flash).toMatchObject({
      form: 'contact',
      tone: 'error',
      title: 'No se pudo enviar el mensaje',
      message: 'Hubo un problema al enviar tu mensaje. Inténtalo de nuevo.',
      fieldErrors: { message: ['El mensaje debe tener al menos 10 caracteres'] },
    });
    const shown = await follow(short, refused.cookie);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain('<html lang="es"');
    expect(html).toContain('No se pudo enviar el mensaje');
    expect(html).toContain('El mensaje debe tener al menos 10 caracteres');

    const sent = await postForm(
      '/api/contact-requests',
      { ...fields, message: 'Un mensaje enviado sin JavaScript.' },
      { from: '/es/contact-us' },
    );
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/es/contact-us');
    const thanked = flashOf(sent);
    expect(thanked.flash).toMatchObject({ form: 'contact', tone: 'success', title: 'Mensaje enviado' });
    expect(await (await follow(sent, thanked.cookie)).text()).toContain('Gracias por escribirnos. Te responderemos lo antes posible.');
    const [stored] = await testSql()`select message from contact_requests where email = 'nuria.sinjs@example.com'`;
    expect(stored).toEqual({ message: 'Un mensaje enviado sin JavaScript.' });
  });

  it('a host registers a club without JavaScript: the verified code opens the club form, which creates the club', async () => {
    const code = await newCode();
    const verified = await postForm(
      '/api/clubs/verify-code',
      { hostSetCode: ` ${code.toLowerCase()} ` },
      { from: `/club-registration?code=${code}` },
    );
    expect(verified.status).toBe(303);
    expect(verified.headers.get('location')).toBe('/club-registration');
    const step1 = flashOf(verified);
    expect(step1.flash).toMatchObject({ form: 'verifyCode', tone: 'success', hostSetCode: code });
    const step2 = await (await follow(verified, step1.cookie)).text();
    expect(step2).toContain('Register Your Club');
    expect(step2).toMatch(new RegExp(`<input type="hidden" name="hostSetCode" value="${code}"`));
    expect(step2).toContain('Meeting time 1');
    expect(step2).not.toContain('Verify Your HOST SET');

    // The form's flat fields, as a browser without JavaScript posts them: one meeting-time row, a ticked checkbox.
    const host = registration(code);
    const registered = await postForm(
      '/api/clubs/register',
      {
        ...host,
        'meetingSlots.0.weekday': 'thursday',
        'meetingSlots.0.start': '18:30',
        'meetingSlots.0.durationMinutes': '90',
        meetingFrequency: 'weekly',
        meetingFormat: 'in-person',
        venueName: 'Pack Library',
        venueAddress: '67 Haywood Street',
        venuePrivate: 'on',
        cycleStart: '',
        timeZone: '',
      },
      { from: '/club-registration' },
    );
    expect(registered.status).toBe(303);
    expect(registered.headers.get('location')).toBe('/club-registration');
    const done = flashOf(registered);
    expect(done.flash).toMatchObject({
      form: 'registerClub',
      tone: 'success',
      title: 'Registration Successful',
      message: 'Your FlameKeeper Club has been registered! You can now sign in to manage your club.',
    });
    expect(JSON.stringify(done.flash)).not.toContain(host.password);
    const success = await (await follow(registered, done.cookie)).text();
    expect(success).toContain('Your Club Is Registered!');
    expect(success).toContain('Registration Successful');

    const [club] = await testSql()`
      select club_name, host_set_code, meeting_slots, meeting_format, venue_name, venue_private, dial_in
      from clubs where email = ${host.email}`;
    expect(club).toEqual({
      clubName: host.clubName,
      hostSetCode: code,
      meetingSlots: [{ weekday: 'thursday', start: '18:30', durationMinutes: 90 }],
      meetingFormat: 'in-person',
      venueName: 'Pack Library',
      venuePrivate: true,
      dialIn: null,
    });
    const signIn = await request('/api/clubs/signin', { method: 'POST', json: { email: host.email, password: host.password } });
    expect(((await signIn.json()) as { success: boolean }).success).toBe(true);
  });

  it('a refused code and a refused club form come back to their step with the messages, never a 500 nor a typed value', async () => {
    const unknown = await postForm('/api/clubs/verify-code', { hostSetCode: 'HOST-NOPE-0000' }, { from: '/club-registration' });
    expect(unknown.status).toBe(303);
    expect(unknown.headers.get('location')).toBe('/club-registration');
    const refusedCode = flashOf(unknown);
    expect(refusedCode.flash).toMatchObject({
      form: 'verifyCode',
      tone: 'error',
      title: 'Invalid Code',
      message: 'The HOST SET code you entered is not valid. Please check and try again.',
    });
    expect(refusedCode.flash).not.toHaveProperty('hostSetCode');
    const step1 = await (await follow(unknown, refusedCode.cookie)).text();
    expect(step1).toContain('Verify Your HOST SET');
    expect(step1).toContain('The HOST SET code you entered is not valid.');

    const empty = await postForm('/api/clubs/verify-code', { hostSetCode: '' }, { from: '/club-registration' });
    const required = flashOf(empty);
    expect(required.flash).toMatchObject({ title: 'Verification Failed', fieldErrors: { hostSetCode: ['HOST SET code is required'] } });
    expect(await (await follow(empty, required.cookie)).text()).toContain('HOST SET code is required');

    // A bad ZIP code and a meeting time without its start: the club form again, with the code and the messages only.
    const code = await newCode();
    const host = registration(code, { zipCode: '2880' });
    const refused = await postForm(
      '/api/clubs/register',
      { ...host, 'meetingSlots.0.weekday': 'monday', 'meetingSlots.0.start': '', 'meetingSlots.0.durationMinutes': '' },
      { from: '/club-registration' },
    );
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe('/club-registration');
    const again = flashOf(refused);
    expect(again.flash).toMatchObject({
      form: 'registerClub',
      tone: 'error',
      title: 'Registration Failed',
      hostSetCode: code,
      fieldErrors: {
        zipCode: ['ZIP code must be 5 digits'],
        'meetingSlots.0.start': ['Start time must be a time such as 19:00'],
        'meetingSlots.0.durationMinutes': ['Length must be 15 to 480 minutes'],
      },
    });
    for (const typed of [host.password, host.email, host.clubName]) expect(JSON.stringify(again.flash)).not.toContain(typed);
    const step2 = await (await follow(refused, again.cookie)).text();
    expect(step2).toContain('Register Your Club');
    expect(step2).toContain(`value="${code}"`);
    expect(step2).toContain('ZIP code must be 5 digits');
    expect(step2).toContain('Start time must be a time such as 19:00');
    for (const typed of [host.password, host.email, host.clubName]) expect(step2).not.toContain(typed);
    expect(await testSql()`select 1 from clubs where email = ${host.email}`).toHaveLength(0);

    // A code used meanwhile sends the host back to step 1, saying so.
    const taken = await registerHost();
    const used = await postForm('/api/clubs/register', registration(taken.payload.hostSetCode), { from: '/club-registration' });
    expect(used.status).toBe(303);
    const usedFlash = flashOf(used);
    expect(usedFlash.flash).toMatchObject({
      form: 'registerClub',
      title: 'Registration Failed',
      message: 'This HOST SET code is not valid or has already been used.',
    });
    expect(usedFlash.flash).not.toHaveProperty('hostSetCode');
    expect(await (await follow(used, usedFlash.cookie)).text()).toContain('Verify Your HOST SET');
  });

  it('the account details form without JavaScript changes the name (the PATCH of the account page)', async () => {
    const host = await registerHost();
    const response = await postForm(
      '/api/account',
      { name: 'Nojs Renamed', phone: '' },
      { from: '/account', headers: { cookie: `fk_session=${host.token}` } },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/account');
    expect(flashOf(response).flash).toMatchObject({ form: 'accountDetails', tone: 'success', title: 'Details Saved' });
    const [club] = await testSql()`select host_name from clubs where id = ${host.clubId}`;
    expect(club).toEqual({ hostName: 'Nojs Renamed' });
  });

  it('a confirmed account changes its email without JavaScript: a wrong password or a taken address is refused, then the new address gets the link', async () => {
    const guide = await registerGuide();
    const other = await registerGuide();
    const newEmail = `nojs.new.${Date.now()}@example.net`;
    const ask = (fields: Record<string, string>) =>
      postForm('/api/account/email', fields, { from: '/account', headers: asUser(guide.token) });
    const pending = () => testSql()`select email from email_confirmations where changes_email and email = ${newEmail}`;

    const wrong = await ask({ newEmail, currentPassword: SECRET });
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get('location')).toBe('/account');
    const refused = flashOf(wrong);
    expect(refused.flash).toMatchObject({
      form: 'emailChange',
      tone: 'error',
      title: 'Could not change your email',
      fieldErrors: { currentPassword: ['Your current password is not right.'] },
    });
    expect(JSON.stringify(refused.flash)).not.toContain(SECRET);
    expect(JSON.stringify(refused.flash)).not.toContain(newEmail);
    // The server renders the card's form, with the field's message, for a page without JavaScript.
    const refusedPage = await (await follow(wrong, `${refused.cookie}; fk_session=${guide.token}`)).text();
    expect(refusedPage).toContain('action="/api/account/email"');
    expect(refusedPage).toContain('Your current password is not right.');
    expect(await pending()).toEqual([]);

    const taken = await ask({ newEmail: other.email, currentPassword: 'kindling-42' });
    expect(flashOf(taken).flash).toMatchObject({
      form: 'emailChange',
      fieldErrors: { newEmail: ['Another account already uses this email.'] },
    });

    const asked = await ask({ newEmail, currentPassword: 'kindling-42' });
    expect(asked.status).toBe(303);
    expect(asked.headers.get('location')).toBe('/account');
    const sent = flashOf(asked);
    expect(sent.flash).toMatchObject({ form: 'emailChange', tone: 'success', title: 'Check your new inbox' });
    expect(JSON.stringify(sent.flash)).not.toContain(newEmail);
    await waitForEmail((mail) => mail.includes(`To: ${newEmail}`) && /\/confirm-email\?token=/.test(mail));
    const page = await (await follow(asked, `${sent.cookie}; fk_session=${guide.token}`)).text();
    expect(page).toContain('Check your new inbox');
    expect(page).toContain('Waiting for confirmation of');
    expect(page).toContain(newEmail);
    expect(await pending()).toEqual([{ email: newEmail }]);
  });

  it('"Send the link again" without JavaScript sends a new confirmation link and comes back to /account saying where', async () => {
    const host = await registerHost();
    const page = await (await request('/account', { headers: asUser(host.token) })).text();
    expect(page).toContain('Not confirmed yet');
    expect(page).toContain('action="/api/auth/email-confirmation"');
    const links = () =>
      sentEmails().filter((mail) => mail.includes(`To: ${host.payload.email}`) && mail.includes('/confirm-email?token=')).length;
    await waitForEmail(() => links() === 1);

    const response = await postForm('/api/auth/email-confirmation', { from: 'account' }, { from: '/account', headers: asUser(host.token) });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/account');
    expect(flashOf(response).flash).toMatchObject({
      form: 'confirmationLink',
      tone: 'success',
      title: 'Link sent',
      message: `We sent a new confirmation link to ${host.payload.email}.`,
    });
    await waitForEmail(() => links() === 2);
  });

  it('deleting the account without JavaScript: a wrong password is refused with its message and deletes nothing; the right one deletes it and signs out', async () => {
    const host = await registerHost();
    const remove = (currentPassword: string) =>
      postForm('/api/account/delete', { currentPassword }, { from: '/account', headers: asUser(host.token) });
    const accounts = () => testSql()`select count(*)::int as count from users where email = ${host.payload.email}`;

    const wrong = await remove(SECRET);
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get('location')).toBe('/account');
    const refused = flashOf(wrong);
    expect(refused.flash).toMatchObject({
      form: 'accountDeletion',
      tone: 'error',
      fieldErrors: { currentPassword: ['Your current password is not correct.'] },
    });
    expect(JSON.stringify(refused.flash)).not.toContain(SECRET);
    const page = await (await follow(wrong, `${refused.cookie}; fk_session=${host.token}`)).text();
    expect(page).toMatch(/<details open[^>]*>/);
    expect(page).toContain('Your current password is not correct.');
    expect(await accounts()).toEqual([{ count: 1 }]);

    const deleted = await remove(host.payload.password);
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get('location')).toBe('/account');
    expect(deleted.headers.getSetCookie().find((set) => set.startsWith('fk_session='))).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i);
    expect(await accounts()).toEqual([{ count: 0 }]);
    expect((await request('/api/auth/user', { headers: asUser(host.token) })).status).toBe(401);
  });

  it('a cross-site form post is refused and changes nothing', async () => {
    const host = await registerHost();
    const cookie = `fk_session=${host.token}`;
    const fromOrigin = await postForm('/api/account', { name: 'Cross Site' }, { headers: { cookie, origin: 'https://evil.example' } });
    expect(fromOrigin.status).toBe(403);
    const bySecFetch = await fetch(new URL('/api/account', baseUrl), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site', cookie },
      body: new URLSearchParams({ name: 'Cross Site' }).toString(),
    });
    expect(bySecFetch.status).toBe(403);
    const [club] = await testSql()`select host_name from clubs where id = ${host.clubId}`;
    expect(club).toEqual({ hostName: 'Avery Quinn' });
  });

  it("goes back only to the site's own pages, whatever the Referer says", async () => {
    const foreign = await postForm(
      '/api/guides/signin',
      { email: 'nobody@example.com', password: SECRET },
      { from: 'https://evil.example/phish' },
    );
    expect(foreign.headers.get('location')).toBe('/my-licences');
    const doubleSlash = await postForm(
      '/api/guides/signin',
      { email: 'nobody@example.com', password: SECRET },
      { from: `${baseUrl}//evil.example/phish` },
    );
    expect(doubleSlash.headers.get('location')).toBe('/evil.example/phish');
  });

  it('a form that needs JavaScript, posted anyway, goes back to its page saying so, and nothing else happens', async () => {
    const response = await postForm('/api/needs-javascript', { hostSetCode: 'HOST-SECRET' }, { from: '/club-registration' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/club-registration');
    const { cookie, flash } = flashOf(response);
    expect(flash).toMatchObject({ form: 'needsJavaScript', title: 'This form needs JavaScript' });
    expect(await (await follow(response, cookie)).text()).toContain('This form needs JavaScript');
  });

  it('a flash is shown by the page it was meant for alone, never on another page opened within the minute', async () => {
    // The directory is prerendered: it cannot show the flash, which must not turn up on the next page instead.
    const response = await postForm('/api/needs-javascript', {}, { from: '/flamekeeper-clubs' });
    expect(response.headers.get('location')).toBe('/flamekeeper-clubs');
    const { cookie } = flashOf(response);
    const elsewhere = await request('/contact-us', { headers: { cookie } });
    expect(await elsewhere.text()).not.toContain('This form needs JavaScript');
    expect(elsewhere.headers.getSetCookie().some((set) => set.startsWith('fk_flash='))).toBe(false);
  });
});

describe('forms posted without JavaScript, with the real limits', () => {
  const realLimits = useRealLimitsServer();

  it('the contact form counts against the same limit as the JSON call and says the same refusal past it', async () => {
    const message = (n: number) => ({
      name: 'Lim Nojs',
      email: 'limit.nojs@example.com',
      phone: '555-010-0199',
      coachName: 'Any Coach',
      message: `Message number ${n} without JavaScript.`,
      contactReason: 'question',
    });
    const server = realLimits.server.url;
    for (let n = 1; n <= 4; n += 1)
      expect((await postForm('/api/contact-requests', message(n), { from: '/contact-us', server })).status).toBe(303);
    const json = await fetch(new URL('/api/contact-requests', server), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server },
      body: JSON.stringify(message(5)),
    });
    expect(json.status).toBe(201);

    const past = await postForm('/api/contact-requests', message(6), { from: '/contact-us', server });
    expect(past.status).toBe(303);
    expect(flashOf(past).flash).toMatchObject({ tone: 'error', title: 'Error Sending Message' });
    const rows = await realLimits.sql`select count(*)::int as count from contact_requests where email = 'limit.nojs@example.com'`;
    expect(rows[0]).toEqual({ count: 5 });
  });
});
