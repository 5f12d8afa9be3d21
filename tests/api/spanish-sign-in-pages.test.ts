import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, pathIn, type Language } from '#lib/shared/languages.ts';
import {
  TEST_ADMIN,
  asUser,
  baseUrl,
  newCode,
  registerHost,
  registration,
  request,
  signInAdmin,
  testSql,
  waitForParsedEmail,
} from '../support/api.ts';
import { contentTexts, expectTwins, servedPage } from '../support/twin-pages.ts';

// The Spanish twins of the admin's sign-in, the password reset and the pages of an account's email links
// (docs/decisions/041): each in its language, the two naming each other, the Spanish words on the Spanish page only,
// a link's status the same in both languages, the API's refusals in Spanish for a Spanish page, and a Spanish
// account's confirmation and reset emails linking to the Spanish pages.

const unique = () => randomBytes(4).toString('hex');
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
const SPANISH = { 'x-page-language': 'es' };
/** Links in emails come from the site's origin: on the test server, localhost at its port (site-origin.ts). */
const origin = `http://localhost:${new URL(baseUrl).port}`;

/** A new host's account (English), its id and the club profile its links lead back to. */
async function newAccount(): Promise<{ userId: string; clubId: number; email: string; token: string }> {
  const host = await registerHost({ email: `cuenta.${unique()}@example.com` });
  const email = host.payload.email as string;
  const [user] = await testSql()<{ id: string }[]>`select id from users where email = ${email}`;
  return { userId: user!.id, clubId: host.clubId, email, token: host.token };
}

/** A confirmation link of the account's email, as the email would carry its token, leading back to its club profile. */
async function confirmationLink(account: { userId: string; clubId: number; email: string }): Promise<string> {
  const token = `es-confirm-${unique()}`.padEnd(43, 'x');
  await testSql()`
    insert into email_confirmations (token_hash, user_id, email, return_to, expires_at)
    values (${sha256(token)}, ${account.userId}, ${account.email}, ${`/club-profile/${account.clubId}`}, now() + interval '1 day')`;
  return token;
}

/** An email change of the account to a new address, waiting, and the token of its "This wasn't me" link. */
async function emailChangeAlarm(account: { userId: string }): Promise<string> {
  const token = `es-cancel-${unique()}`.padEnd(43, 'x');
  await testSql()`
    insert into email_confirmations (token_hash, user_id, email, return_to, changes_email, expires_at, password_digest, cancel_token_hash)
    select ${sha256(`${token}-change`)}, u.id, ${`nueva.${unique()}@example.org`}, '/account', true, now() + interval '1 hour',
      sha256(convert_to(u.password_hash, 'UTF8')), ${sha256(token)}
    from users u where u.id = ${account.userId}`;
  return token;
}

/** The texts of a Spanish file that its English twin does not have, long enough to tell, placeholders aside. */
const spanishOnly = (file: string) =>
  contentTexts(`es/${file}`)
    .filter((text) => !contentTexts(file).includes(text))
    .map((text) => text.split(/\{\w+\}/).reduce((longest, part) => (part.length > longest.length ? part : longest), ''))
    .filter((part) => part.trim().length >= 12);

/** The flash cookie of a form's redirect, as `name=value` to send back. */
const flashCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('fk_flash='))!
    .split(';')[0]!;

/** A form posted without JavaScript from `from`, a page of the site. */
const postForm = (path: string, fields: Record<string, string>, from: string) =>
  request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', referer: new URL(from, baseUrl).href },
    body: new URLSearchParams(fields).toString(),
  });

const TWINS: [route: string, query: () => Promise<string>][] = [
  ['/login', async () => ''],
  ['/reset-password', async () => ''],
  ['/confirm-email', async () => `?token=${await confirmationLink(await newAccount())}`],
  ['/cancel-email-change', async () => `?token=${await emailChangeAlarm(await newAccount())}`],
];

describe('the Spanish twins of the sign-in, the password reset and the account email links', () => {
  it.each(TWINS)('%s and its twin are each in their language and name each other both ways', async (route, queryOf) => {
    const query = await queryOf();
    const pages = await expectTwins(route, query);
    // An address with a token: no shared cache may keep the page, in either language.
    if (query) for (const { cacheControl } of Object.values(pages)) expect(cacheControl).toBe('private, no-store');
  });

  it('/es/login says its words and its form in Spanish, with no words in the island’s props; /login keeps none of them', async () => {
    const spanish = (await servedPage('/es/login')).html;
    for (const words of ['Acceso de administración', '¿Olvidaste tu contraseña?', 'Inicia sesión para administrar tu club']) {
      expect(spanish).toContain(words);
    }
    // The island's words, rendered by the server from its Spanish entry, which no prop carries.
    expect(spanish).toContain('Correo electrónico o nombre de usuario');
    expect(spanish).toContain('Acceso solo para administración');
    expect(spanish).toMatch(/<button type="submit"[^>]*>Iniciar sesión<\/button>/);
    expect(spanish).toMatch(/component-url="\/_astro\/AdminLoginEs\.[^"]+"/);
    expect(/<astro-island[^>]*AdminLoginEs[^>]*props="([^"]*)"/.exec(spanish)![1]).not.toContain('Correo');
    expect(spanish).toContain('href="/es/reset-password"');
    // Pages without a twin yet stay English addresses.
    expect(spanish).toContain('href="/club-registration?signin=true"');

    const english = (await servedPage('/login')).html;
    expect(english).toMatch(/component-url="\/_astro\/AdminLoginEn\.[^"]+"/);
    expect(english).toContain('Email or Username');
    expect(english).toContain('href="/reset-password"');
    for (const text of [...spanishOnly('login-page.yaml'), ...spanishOnly('sign-in-form.json')]) expect(english, text).not.toContain(text);
  });

  it('a sign-in from /es/login is refused in Spanish with the same status and field keys as in English', async () => {
    const signIn = (json: unknown, language: Language) =>
      request('/api/login', { method: 'POST', json, headers: { 'x-page-language': language } });
    const wrong = { emailOrUsername: TEST_ADMIN.email, password: 'not the password' };
    const [english, spanish] = await Promise.all([signIn(wrong, 'en'), signIn(wrong, 'es')]);
    expect(english.status).toBe(401);
    expect(spanish.status).toBe(english.status);
    expect(((await english.json()) as { error: { message: string } }).error.message).toBe('Invalid credentials');
    expect(((await spanish.json()) as { error: { message: string } }).error.message).toBe('Los datos de acceso no son correctos');

    const empty = { emailOrUsername: '', password: '' };
    const [englishEmpty, spanishEmpty] = await Promise.all([signIn(empty, 'en'), signIn(empty, 'es')]);
    expect(spanishEmpty.status).toBe(englishEmpty.status);
    const fieldsOf = async (response: Response) =>
      ((await response.json()) as { error: { fieldErrors: Record<string, string[]> } }).error.fieldErrors;
    const [englishFields, spanishFields] = await Promise.all([fieldsOf(englishEmpty), fieldsOf(spanishEmpty)]);
    expect(Object.keys(spanishFields).sort()).toEqual(Object.keys(englishFields).sort());
    expect(spanishFields).toEqual({
      emailOrUsername: ['Escribe tu correo electrónico o tu nombre de usuario'],
      password: ['Escribe tu contraseña'],
    });
  });

  it('a sign-in posted without JavaScript from /es/login comes back to it in Spanish, and keeps its return page', async () => {
    const refused = await postForm('/api/login', { emailOrUsername: TEST_ADMIN.email, password: 'not the password' }, '/es/login');
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe('/es/login');
    const shown = (await servedPage('/es/login', { cookie: flashCookie(refused) })).html;
    expect(shown).toContain('No se pudo iniciar sesión');
    expect(shown).toContain('Los datos de acceso no son correctos');

    const returnTo = '/admin-clubs?club=1';
    const form = (await servedPage(`/es/login?return=${encodeURIComponent(returnTo)}`)).html;
    expect(form).toContain(`<input type="hidden" name="return" value="${returnTo}"`);
    const signedIn = await postForm(
      '/api/login',
      { emailOrUsername: TEST_ADMIN.username, password: TEST_ADMIN.password, return: returnTo },
      `/es/login?return=${encodeURIComponent(returnTo)}`,
    );
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('location')).toBe(returnTo);
  });

  it('sends an admin already signed in straight to the return page from either language; Admin Clubs otherwise', async () => {
    const admin = await signInAdmin();
    for (const path of ['/login', '/es/login']) {
      const response = await request(`${path}?return=%2Fadmin-licences`, { headers: asUser(admin) });
      expect(response.status, path).toBe(303);
      expect(response.headers.get('location')).toBe('/admin-licences');
      // Without a return page the sign-in page shows, and its island goes on to Admin Clubs (English: no twin).
      expect((await request(path, { headers: asUser(admin) })).status).toBe(200);
    }
  });

  it('/es/reset-password asks for a link in Spanish; a bad, used or expired link keeps the English page’s status', async () => {
    const spanish = (await servedPage('/es/reset-password')).html;
    expect(spanish).toContain('Restablece tu contraseña');
    expect(spanish).toContain('Escribe el correo de tu cuenta y te enviaremos un enlace');
    expect(spanish).toMatch(/<button type="submit"[^>]*>Enviar enlace<\/button>/);
    expect(spanish).toContain('href="/es/login"');
    const english = (await servedPage('/reset-password')).html;
    expect(english).toContain('Send Reset Link');
    for (const text of [
      ...spanishOnly('reset-password-page.yaml'),
      ...spanishOnly('forgot-password-form.json'),
      ...spanishOnly('reset-password-form.json'),
    ])
      expect(english, text).not.toContain(text);

    for (const token of ['never-sent-to-anyone-at-all', 'x'.repeat(43)]) {
      const [en, es] = await Promise.all([servedPage(`/reset-password?token=${token}`), servedPage(`/es/reset-password?token=${token}`)]);
      expect(en.status).toBe(404);
      expect(es.status).toBe(en.status);
      expect(es.cacheControl).toBe('private, no-store');
      expect(es.html).toContain('Este enlace para restablecer la contraseña no es válido');
    }

    // A working link, then the same link expired and used: the same status in both languages.
    const account = await newAccount();
    const token = `es-reset-${unique()}`.padEnd(43, 'x');
    await testSql()`
      insert into password_reset_tokens (token_hash, user_id, expires_at) values (${sha256(token)}, ${account.userId}, now() + interval '30 minutes')`;
    const open = await servedPage(`/es/reset-password?token=${token}`);
    expect(open.status).toBe(200);
    expect(open.html).toContain('Elige una contraseña nueva');
    expect(open.html).toContain('Contraseña nueva');
    expect(open.html).toMatch(/<button type="submit"[^>]*>Guardar contraseña nueva<\/button>/);
    await testSql()`update password_reset_tokens set expires_at = now() - interval '1 minute' where token_hash = ${sha256(token)}`;
    const [expiredEn, expiredEs] = await Promise.all([
      servedPage(`/reset-password?token=${token}`),
      servedPage(`/es/reset-password?token=${token}`),
    ]);
    expect(expiredEs.status).toBe(expiredEn.status);
    expect(expiredEs.html).toContain('funcionan durante 30 minutos');
    await testSql()`update password_reset_tokens set used_at = now() where token_hash = ${sha256(token)}`;
    const [usedEn, usedEs] = await Promise.all([
      servedPage(`/reset-password?token=${token}`),
      servedPage(`/es/reset-password?token=${token}`),
    ]);
    expect(usedEs.status).toBe(usedEn.status);
    expect(usedEs.html).toContain('Este enlace para restablecer la contraseña ya se usó');
  });

  it('a new password from /es/reset-password is refused in Spanish; set without JavaScript, the page says so in Spanish', async () => {
    const account = await newAccount();
    const token = `es-newpass-${unique()}`.padEnd(43, 'x');
    await testSql()`
      insert into password_reset_tokens (token_hash, user_id, expires_at) values (${sha256(token)}, ${account.userId}, now() + interval '30 minutes')`;
    const mismatched = { token, password: 'ember-lantern-77', confirmPassword: 'ember-lantern-78' };
    const [english, spanish] = await Promise.all(
      (['en', 'es'] as const).map((language) =>
        request('/api/clubs/reset-password', { method: 'POST', json: mismatched, headers: { 'x-page-language': language } }),
      ),
    );
    expect(spanish.status).toBe(english.status);
    expect(((await spanish.json()) as { error: { fieldErrors: Record<string, string[]> } }).error.fieldErrors).toEqual({
      confirmPassword: ['Las contraseñas no coinciden'],
    });

    const set = await postForm(
      '/api/clubs/reset-password',
      { token, password: 'ember-lantern-77', confirmPassword: 'ember-lantern-77' },
      `/es/reset-password?token=${token}`,
    );
    expect(set.status).toBe(303);
    expect(set.headers.get('location')).toBe(`/es/reset-password?token=${token}`);
    const done = (await servedPage(set.headers.get('location')!, { cookie: flashCookie(set) })).html;
    expect(done).toContain('Tu contraseña nueva ya está lista');
    expect(done).toContain('Contraseña actualizada');
    // The host signs in on the club's sign-in, which has no Spanish twin yet.
    expect(done).toContain('href="/club-registration?signin=true"');
  });

  it('/es/confirm-email asks in Spanish, and its button confirms as the English one does; a bad link keeps the status', async () => {
    const account = await newAccount();
    const token = await confirmationLink(account);
    const spanish = await servedPage(`/es/confirm-email?token=${token}`);
    expect(spanish.status).toBe(200);
    expect(spanish.html).toContain('Confirma tu dirección de correo');
    expect(spanish.html).toContain(`Confirma que <strong class="break-all">${account.email}</strong> es tu dirección de correo.`);
    expect(spanish.html).toContain('Después te llevaremos de vuelta al perfil de tu club.');
    expect(spanish.html).toMatch(/<button type="submit"[^>]*>Confirmar mi correo<\/button>/);

    const pressed = await postForm('/api/auth/confirm-email', { token }, `/es/confirm-email?token=${token}`);
    expect(pressed.status).toBe(303);
    // The club profile has no Spanish twin: the browser goes on to the English page, as from the English button.
    expect(pressed.headers.get('location')).toBe(`/club-profile/${account.clubId}?email=confirmed`);
    const [stored] = await testSql()<{ confirmed: boolean }[]>`
      select email_confirmed_at is not null as confirmed from users where id = ${account.userId}`;
    expect(stored!.confirmed).toBe(true);
    const used = await servedPage(`/es/confirm-email?token=${token}`);
    expect(used.html).toContain('Tu dirección de correo está confirmada');
    expect(used.html).toContain('Cada enlace funciona una sola vez.');
    expect(used.html).toContain('Volver al perfil de tu club');

    for (const bad of ['never-sent-to-anyone-at-all', 'x'.repeat(43)]) {
      const [en, es] = await Promise.all([servedPage(`/confirm-email?token=${bad}`), servedPage(`/es/confirm-email?token=${bad}`)]);
      expect(en.status).toBe(404);
      expect(es.status).toBe(en.status);
      expect(es.cacheControl).toBe('private, no-store');
      expect(es.html).toContain('Este enlace de confirmación no es válido');
      expect(es.html).toContain('href="/es"');
    }
    const refused = await request('/api/auth/confirm-email', { method: 'POST', json: { token: 'x'.repeat(43) }, headers: SPANISH });
    expect(refused.status).toBe(410);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'Este enlace de confirmación ya se usó o ya caducó.',
    );
  });

  it('/es/cancel-email-change asks in Spanish, and its button leads on to /es/reset-password; a bad link keeps the status', async () => {
    const account = await newAccount();
    const token = await emailChangeAlarm(account);
    const spanish = await servedPage(`/es/cancel-email-change?token=${token}`);
    expect(spanish.status).toBe(200);
    expect(spanish.html).toContain('¿Cancelar el cambio de tu correo para iniciar sesión?');
    expect(spanish.html).toContain('n***@e***.org');
    expect(spanish.html).toMatch(/<button type="submit"[^>]*>No fui yo<\/button>/);

    const pressed = await postForm('/api/auth/cancel-email-change', { token }, `/es/cancel-email-change?token=${token}`);
    expect(pressed.status).toBe(303);
    const location = new URL(pressed.headers.get('location')!, baseUrl);
    expect(location.pathname).toBe('/es/reset-password');
    expect(location.searchParams.get('from')).toBe('email-change');
    const reset = await servedPage(`${location.pathname}${location.search}`);
    expect(reset.status).toBe(200);
    expect(reset.html).toContain('El cambio de tu correo quedó cancelado');
    expect((await servedPage(`/es/cancel-email-change?token=${token}`)).html).toContain('Este cambio está cancelado');

    for (const bad of ['short', 'x'.repeat(43)]) {
      const [en, es] = await Promise.all([
        servedPage(`/cancel-email-change?token=${bad}`),
        servedPage(`/es/cancel-email-change?token=${bad}`),
      ]);
      expect(en.status).toBe(404);
      expect(es.status).toBe(en.status);
      expect(es.html).toContain('Este enlace no es válido');
      expect(es.html).toContain('href="/es/reset-password"');
    }
  });

  it('a Spanish account’s confirmation and reset emails link to the Spanish pages; an English account’s to the English ones', async () => {
    for (const language of LANGUAGES) {
      const payload = registration(await newCode(), { email: `enlaces.${language}.${unique()}@example.com` });
      const registered = await request('/api/clubs/register', {
        method: 'POST',
        json: payload,
        headers: { 'x-page-language': language },
      });
      expect(registered.status).toBe(201);
      const toAccount = (subject: string) => waitForParsedEmail((mail) => mail.to === payload.email && mail.subject.startsWith(subject));
      const confirmation = await toAccount(language === 'es' ? 'Confirma tu correo' : 'Confirm your email');
      const confirmUrl = /(http\S+\/confirm-email\?token=[A-Za-z0-9_-]{43})/.exec(confirmation.text)![1]!;
      expect(confirmUrl.startsWith(`${origin}${pathIn(language, '/confirm-email')}?token=`), confirmUrl).toBe(true);

      expect((await request('/api/clubs/forgot-password', { method: 'POST', json: { email: payload.email } })).status).toBe(200);
      const reset = await toAccount(language === 'es' ? 'Restablece' : 'Reset your');
      const resetUrl = /(http\S+\/reset-password\?token=[A-Za-z0-9_-]{43})/.exec(reset.text)![1]!;
      expect(resetUrl.startsWith(`${origin}${pathIn(language, '/reset-password')}?token=`), resetUrl).toBe(true);

      // Each opens its page in the email's language.
      const opened = await servedPage(new URL(resetUrl).pathname + new URL(resetUrl).search);
      expect(opened.status).toBe(200);
      expect(opened.html).toContain(`<html lang="${language}"`);
    }
  });
});
