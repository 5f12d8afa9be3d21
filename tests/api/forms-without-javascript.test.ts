import { describe, expect, it } from 'vitest';
import { TEST_ADMIN, baseUrl, registerHost, request, sessionTokenFrom, testSql, useRealLimitsServer } from '../support/api.ts';

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
    expect(club).toEqual({ host_name: 'Nojs Renamed' });
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
    expect(club).toEqual({ host_name: 'Avery Quinn' });
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
