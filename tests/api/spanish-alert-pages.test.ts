import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { unsubscribeToken } from '#server/platform/email/unsubscribe-links.ts';
import { baseUrl, request, testSql } from '../support/api.ts';
import { expectTwins, servedPage } from '../support/twin-pages.ts';

// Issue 42: the Spanish twins of the pages of the alert emails' links (/es/alerts, /es/alerts/confirm, /es/alerts/keep)
// and of the notifications' "Stop …" link (/es/unsubscribe), rendered on demand (docs/decisions/041): each in its
// language, the two naming each other, the Spanish words on the Spanish page only, the buttons' forms back on the page
// they were pressed on, and an unknown link answered with the English page's status.

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** 43 characters, as a link token; `label` keeps the tests' links apart. */
const tokenOf = (label: string) => `es-${label}`.replace(/[^A-Za-z0-9_-]/g, '-').padEnd(43, 'x');

/**
 * An address with two alerts on Asheville, NC 28801 (one confirmed, ending on 20 January 2027, one not), and the
 * tokens of its links as its emails carry them: "Your alerts", the unconfirmed one's confirmation, the confirmed one's
 * "Keep this alert?".
 */
async function alertLinks(label: string): Promise<{ alerts: string; confirm: string; keep: string; ids: [number, number] }> {
  const mailbox = sha256(`alerts.${label}@example.com`);
  const insert = (confirmed: boolean) => testSql()<{ id: string }[]>`
    insert into alerts (email, mailbox_hash, place_label, zip_code, state, latitude, longitude, time_zone, confirmed_at, expires_at, language)
    values (${`alerts.${label}@example.com`}, ${mailbox}, 'Asheville, NC 28801', '28801', 'NC', 35.59, -82.56, 'America/New_York',
      ${confirmed ? '2026-01-20T12:00:00Z' : null}, ${confirmed ? '2027-01-20T12:00:00Z' : null}, 'es')
    returning id`;
  const [[confirmed], [unconfirmed]] = [await insert(true), await insert(false)];
  const links = { alerts: tokenOf(`${label}-alerts`), confirm: tokenOf(`${label}-confirm`), keep: tokenOf(`${label}-keep`) };
  for (const [token, alertId] of [
    [links.alerts, null],
    [links.confirm, unconfirmed!.id],
    [links.keep, confirmed!.id],
  ] as const)
    await testSql()`insert into alert_links (token_hash, mailbox_hash, alert_id) values (${sha256(token)}, ${mailbox}, ${alertId})`;
  return { ...links, ids: [Number(confirmed!.id), Number(unconfirmed!.id)] };
}

/** A guide's account and the signed link that stops its reminders of unanswered messages. */
async function unsubscribeLink(label: string): Promise<{ userId: string; token: string }> {
  const [user] = await testSql()<{ id: string }[]>`
    insert into users (email, password_hash, role) values (${`guide.${label}@example.com`}, 'not-a-real-hash', 'guide') returning id`;
  return { userId: user!.id, token: await unsubscribeToken('reply-reminders', user!.id, testSql()) };
}

/** A plain form (a page's button, no JavaScript) posted from the page at `from`. */
const pressOn = (from: string, action: string, fields: Record<string, string>) =>
  request(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', referer: new URL(from, baseUrl).href },
    body: new URLSearchParams(fields).toString(),
  });

const TWINS: [route: string, query: () => Promise<string>][] = [
  ['/alerts', async () => ''],
  ['/alerts', async () => `?token=${(await alertLinks('twins-alerts')).alerts}`],
  ['/alerts/confirm', async () => `?token=${(await alertLinks('twins-confirm')).confirm}`],
  ['/alerts/keep', async () => `?token=${(await alertLinks('twins-keep')).keep}`],
  ['/unsubscribe', async () => `?${new URLSearchParams({ token: (await unsubscribeLink('twins')).token })}`],
];

describe('the Spanish twins of the alert and unsubscribe pages', () => {
  it.each(TWINS)('%s and its twin are each in their language and name each other both ways', async (route, queryOf) => {
    const pages = await expectTwins(route, await queryOf());
    // The address carries a token: no shared cache may keep the page, in either language.
    for (const { cacheControl } of Object.values(pages)) expect(cacheControl).toBe('private, no-store');
  });

  it("/es/alerts lists the address's alerts in Spanish, with Spanish dates; /alerts keeps its English words", async () => {
    const { alerts } = await alertLinks('list');
    const spanish = (await servedPage(`/es/alerts?token=${alerts}`)).html;
    expect(spanish).toContain('<h1 class="text-3xl font-bold text-ember-900">Tus alertas</h1>');
    expect(spanish).toContain('>Clubes nuevos a 25 millas o menos de Asheville, NC 28801</p>');
    expect(spanish).toContain('Confirmada; termina el 20 de enero de 2027, a menos que la mantengas.');
    expect(spanish).toContain('Todavía sin confirmar: abre el enlace de su correo de confirmación.');
    expect(spanish).toMatch(/>Borrar<span class="sr-only"> la alerta de Asheville, NC 28801<\/span><\/button>/);
    expect(spanish).toContain('Borrar todas mis alertas');
    expect(spanish).toContain('Sí, borrar las 2 alertas');
    for (const english of ['Your alerts', 'New clubs within', 'Delete all my alerts', 'unless you keep it'])
      expect(spanish).not.toContain(english);

    const english = (await servedPage(`/alerts?token=${alerts}`)).html;
    expect(english).toContain('<h1 class="text-3xl font-bold text-ember-900">Your alerts</h1>');
    expect(english).toContain('>New clubs within 25 miles of Asheville, NC 28801</p>');
    expect(english).toContain('Confirmed; ends on January 20, 2027 unless you keep it.');
    expect(english).toContain('Delete<span class="sr-only"> the alert for Asheville, NC 28801</span></button>');
    expect(english).toContain('Yes, delete all 2 alerts');
    for (const spanishWords of ['Tus alertas', 'Clubes nuevos', 'Borrar', 'termina el']) expect(english).not.toContain(spanishWords);
  });

  it('/es/alerts/confirm confirms as the English page does, and goes on to "Your alerts" in Spanish', async () => {
    const { confirm, ids } = await alertLinks('confirm');
    const before = await servedPage(`/es/alerts/confirm?token=${confirm}`);
    expect(before.html).toContain('>Confirma tu alerta</h1>');
    expect(before.html).toContain(
      'Te escribiremos a esta dirección, como mucho una vez al día, cuando empiece un club nuevo a 25 millas o menos de Asheville, NC 28801.',
    );
    expect(before.html).toMatch(/<button type="submit" class="btn-primary">Confirmar la alerta<\/button>/);

    const confirmed = await pressOn(`/es/alerts/confirm?token=${confirm}`, '/api/alerts/confirm', { token: confirm });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`/es/alerts?token=${confirm}&confirmed=${ids[1]}`);
    const [stored] = await testSql()<
      { confirmed: boolean }[]
    >`select confirmed_at is not null as confirmed from alerts where id = ${ids[1]}`;
    expect(stored!.confirmed).toBe(true);
    const after = (await servedPage(confirmed.headers.get('location')!)).html;
    expect(after).toContain(
      '<strong>Tu alerta está confirmada.</strong> Te escribiremos, como mucho una vez al día, cuando empiece un club nuevo a 25 millas o menos de Asheville, NC 28801.',
    );
    const again = (await servedPage(`/es/alerts/confirm?token=${confirm}`)).html;
    expect(again).toContain('>Tu alerta está confirmada</h1>');
    expect(again).toContain(`href="/es/alerts?token=${confirm}">Tus alertas</a>`);
  });

  it('/es/alerts/keep keeps the alert as the English page does, and goes on to "Your alerts" in Spanish', async () => {
    const { keep, ids } = await alertLinks('keep');
    const before = (await servedPage(`/es/alerts/keep?token=${keep}`)).html;
    expect(before).toContain('>¿Quieres mantener tu alerta?</h1>');
    expect(before).toContain(
      'Tu alerta, un correo cuando empiece un club nuevo a 25 millas o menos de Asheville, NC 28801, termina el 20 de enero de 2027.',
    );
    expect(before).toContain(`href="/es/alerts?token=${keep}">Tus alertas</a>`);

    const kept = await pressOn(`/es/alerts/keep?token=${keep}`, '/api/alerts/keep', { token: keep });
    expect(kept.status).toBe(303);
    expect(kept.headers.get('location')).toBe(`/es/alerts?token=${keep}&kept=${ids[0]}`);
    expect((await servedPage(kept.headers.get('location')!)).html).toContain('<strong>Mantendremos tu alerta</strong> otros 12 meses.');
    // Pressed on the English page, the same button goes on to the English page.
    const english = await pressOn(`/alerts/keep?token=${keep}`, '/api/alerts/keep', { token: keep });
    expect(english.headers.get('location')).toBe(`/alerts?token=${keep}&kept=${ids[0]}`);
    // The one-click unsubscribe address of a Spanish alert's emails, opened rather than posted: its alerts, in Spanish.
    const opened = await request(`/api/alerts/unsubscribe?token=${keep}`);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`/es/alerts?token=${keep}`);
  });

  it('deletes from /es/alerts as from /alerts, back in Spanish, and refuses a link gone in Spanish with the same status', async () => {
    const { alerts, ids } = await alertLinks('delete');
    const from = `/es/alerts?token=${alerts}`;
    const one = await pressOn(from, '/api/alerts/delete', { token: alerts, alertId: String(ids[1]) });
    expect(one.status).toBe(303);
    expect(one.headers.get('location')).toBe(`/es/alerts?token=${alerts}&deleted=1`);
    expect((await servedPage(one.headers.get('location')!)).html).toContain('Borramos la alerta, y con ella tu dirección de correo.');

    const all = await pressOn(from, '/api/alerts/delete', { token: alerts, all: 'true' });
    expect(all.headers.get('location')).toBe(`/es/alerts?token=${alerts}&deleted=1`);
    expect(await testSql()`select 1 from alerts where id in ${testSql()(ids)}`).toHaveLength(0);

    // The address is gone, and its links with it.
    const [english, spanish] = await Promise.all([
      pressOn(`/alerts?token=${alerts}`, '/api/alerts/delete', { token: alerts, all: 'true' }),
      pressOn(from, '/api/alerts/delete', { token: alerts, all: 'true' }),
    ]);
    expect(english.status).toBe(404);
    expect(spanish.status).toBe(english.status);
    expect(((await english.json()) as { error: { message: string } }).error.message).toBe('This link is not valid.');
    expect(((await spanish.json()) as { error: { message: string } }).error.message).toBe('Este enlace no es válido.');
  });

  it('says in Spanish that an unknown link is not valid, with the status the English page answers', async () => {
    const { keep } = await alertLinks('ended');
    await testSql()`delete from alerts where mailbox_hash = ${sha256('alerts.ended@example.com')} and confirmed_at is not null`;
    const cases: [path: string, english: string, spanish: string][] = [
      ['/alerts?token=never-sent', 'This link is not valid', 'Este enlace no es válido'],
      [`/alerts?token=${'x'.repeat(43)}`, 'This link is not valid', 'Este enlace no es válido'],
      [`/alerts/confirm?token=${'x'.repeat(43)}`, 'This confirmation link is not valid', 'Este enlace de confirmación no es válido'],
      ['/alerts/keep?token=never-sent', 'This alert has ended', 'Esta alerta terminó'],
      [`/alerts/keep?token=${keep}`, 'This alert has ended', 'Esta alerta terminó'],
      ['/unsubscribe?token=never-sent', 'This link is not valid', 'Este enlace no es válido'],
    ];
    for (const [path, englishWords, spanishWords] of cases) {
      const [english, spanish] = await Promise.all([servedPage(path), servedPage(`/es${path}`)]);
      expect(english.status, path).toBe(404);
      expect(spanish.status, path).toBe(english.status);
      expect(spanish.cacheControl, path).toBe('private, no-store');
      expect(english.html, path).toContain(englishWords);
      expect(spanish.html, path).toContain(spanishWords);
      expect(spanish.html, path).toContain('<html lang="es"');
    }
  });

  it('/es/alerts shows the alert form in Spanish, and a form posted without JavaScript comes back to it in Spanish', async () => {
    const spanish = (await servedPage('/es/alerts')).html;
    expect(spanish).toContain('>Alertas de clubes</h1>');
    expect(spanish).toMatch(/<astro-island[^>]*component-url="\/_astro\/AlertFormEs\.[^"]+"/);
    expect(spanish).toContain('Recibe un correo cuando empiece un club nuevo cerca de ti');
    const english = (await servedPage('/alerts')).html;
    expect(english).toMatch(/<astro-island[^>]*component-url="\/_astro\/AlertForm\.[^"]+"/);
    expect(english).not.toContain('AlertFormEs');

    const refused = await pressOn('/es/alerts', '/api/alerts', { email: 'nope', place: '28801', distance: '25' });
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe('/es/alerts');
    const cookie = refused.headers
      .getSetCookie()
      .find((each) => each.startsWith('fk_flash='))!
      .split(';')[0]!;
    const shown = await (await request('/es/alerts', { headers: { cookie } })).text();
    expect(shown).toContain('No se creó la alerta');
    expect(shown).toContain('Se necesita un correo electrónico válido');
  });

  it('/es/unsubscribe stops the emails as /unsubscribe does, back in Spanish', async () => {
    const { userId, token } = await unsubscribeLink('stop');
    const query = new URLSearchParams({ token });
    const spanish = await servedPage(`/es/unsubscribe?${query}`);
    expect(spanish.html).toContain(
      '>¿Dejar de recibir los recordatorios de las solicitudes para unirse y los mensajes que no has respondido?</h1>',
    );
    expect(spanish.html).toContain('Puedes volver a activar estos correos en tu cuenta.');
    expect(spanish.html).toMatch(/<button type="submit" class="btn-primary">Dejar de recibir estos correos<\/button>/);
    const english = (await servedPage(`/unsubscribe?${query}`)).html;
    expect(english).toContain('>Stop the reminders of join requests and messages you have not answered?</h1>');
    expect(english).not.toContain('Dejar de recibir');

    const stopped = await pressOn(`/es/unsubscribe?${query}`, `/api/email-settings/unsubscribe?${query}`, {});
    expect(stopped.status).toBe(303);
    expect(stopped.headers.get('location')).toBe(`/es/unsubscribe?${query}&stopped=true`);
    const [guide] = await testSql()<{ replyReminders: boolean }[]>`select reply_reminders from users where id = ${userId}`;
    expect(guide!.replyReminders).toBe(false);
    const after = (await servedPage(stopped.headers.get('location')!)).html;
    expect(after).toContain('>Ya no recibirás los recordatorios de las solicitudes para unirse y los mensajes que no has respondido</h1>');
    expect(after).toContain(
      'Para volver a recibir estos correos, actívalos en <a class="font-semibold text-flame-800 underline" href="/account#emails">tu cuenta</a>.',
    );
  });
});
