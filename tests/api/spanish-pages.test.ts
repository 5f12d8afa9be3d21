import { createHash } from 'node:crypto';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { Language } from '#lib/shared/languages.ts';
import type { AreaCard, AreaSuggestions } from '#lib/licensing/types.ts';
import { asUser, baseUrl, request, testSql } from '../support/api.ts';
import { alternatesOf, contentTexts, expectTwins, servedPage } from '../support/twin-pages.ts';
import { insertClub } from '../support/clubs.ts';
import { insertListedGuide } from '../support/guides.ts';
import { pickArea, registerGuide, reserve, reserveOk } from '../support/licensing.ts';

// The Spanish twins of the pages rendered on demand (docs/decisions/041), which tests/build/spanish-pages.test.ts
// cannot read from the build: each in its language, the two naming each other, the Spanish words on the Spanish page
// only, and what the page does (a form, a link's token) the same in both languages.

/** A join request to a new club, its links' token (as the host's email carries it) and the club's name. */
async function joinRequestLink(label: string): Promise<{ id: number; token: string; clubName: string }> {
  const club = await insertClub(testSql(), { clubName: `Círculo ${label}` });
  const token = `es-${label}`.padEnd(43, 'x');
  const [row] = await testSql()<{ id: number }[]>`
    insert into join_requests (club_id, name, email, start_at, message, token_hash, token_expires_at)
    values (${club.id}, 'Lucía Romero', ${`lucia.${label}@example.com`}, null, 'Me gustaría unirme al próximo ciclo.',
      ${createHash('sha256').update(token).digest('hex')}, now() + interval '14 days')
    returning id`;
  return { id: row!.id, token, clubName: `Círculo ${label}` };
}

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

const ZONE = 'America/Chicago';

/** The next Tuesday at 7 PM in Chicago at least a day away (ISO instant): a session of the clubs memberLink makes. */
function nextSession(): string {
  let day = DateTime.now().setZone(ZONE).plus({ days: 1 }).set({ hour: 19, minute: 0, second: 0, millisecond: 0 });
  while (day.weekday !== 2) day = day.plus({ days: 1 });
  return day.toUTC().toISO()!;
}

/**
 * A member of a new club meeting on Tuesdays at 7 PM in Chicago (its reading plan begun two weeks ago) and the token of
 * one of the links of the club's emails to them (`purpose`; an RSVP link's for the session at `sessionStart`).
 */
async function memberLink(
  purpose: 'club' | 'not-me' | 'reminders-off' | 'coming' | 'not-coming',
  label: string,
  sessionStart: string | null = null,
): Promise<{ token: string; clubName: string; clubId: number; memberId: string }> {
  const clubName = `Círculo ${label}`;
  const club = await insertClub(testSql(), {
    clubName,
    meetings: { meetingFrequency: 'weekly', timeZone: ZONE, meetingSlots: [{ weekday: 'tuesday', start: '19:00', durationMinutes: 90 }] },
  });
  await testSql()`update clubs set cycle_start = ${DateTime.now().minus({ weeks: 2 }).toISODate()} where id = ${club.id}`;
  const token = `es-${purpose}-${label}`.padEnd(43, 'x');
  const [member] = await testSql()<{ id: string }[]>`
    insert into club_members (club_id, name, email, mailbox_hash, source)
    values (${club.id}, 'Mateo Ruiz', ${`mateo.${label}@example.com`}, ${sha256(`mateo.${label}@example.com`)}, 'host') returning id`;
  await testSql()`
    insert into member_links (token_hash, member_id, purpose, session_start)
    values (${sha256(token)}, ${member!.id}, ${purpose}, ${sessionStart})`;
  return { token, clubName, clubId: club.id, memberId: member!.id };
}

/** A plain form posted from `pagePath` (its Referer), as a browser without JavaScript sends it. */
const postForm = (action: string, pagePath: string, fields: Record<string, string>) =>
  request(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', referer: new URL(pagePath, baseUrl).href },
    body: new URLSearchParams(fields).toString(),
  });

/** A visitor's message to a new guide, sent on 20 November 2026, and the token of its "I've replied" link. */
async function replyLink(label: string): Promise<{ id: number; token: string }> {
  const guide = await insertListedGuide(testSql(), `Guía ${label}`);
  const token = `es-reply-${label}`.padEnd(43, 'x');
  const [row] = await testSql()<{ id: number }[]>`
    insert into guide_messages (guide_id, name, email, reason, message, source, token_hash, token_expires_at, created_at)
    values (${guide.userId}, 'Sofía Díaz', ${`sofia.${label}@example.com`}, 'question', '¿Cuándo empieza el próximo círculo?',
      'guide-page', ${sha256(token)}, now() + interval '14 days', '2026-11-20T15:00:00Z')
    returning id`;
  return { id: row!.id, token };
}

const ON_DEMAND_TWINS: [route: string, query: () => Promise<string>][] = [
  ['/contact-us', async () => ''],
  ['/join-request', async () => `?${new URLSearchParams({ token: (await joinRequestLink('twins')).token, answer: 'joined' })}`],
  ['/message-replied', async () => `?token=${(await replyLink('twins')).token}`],
  ['/your-club', async () => `?token=${(await memberLink('club', 'twins')).token}`],
  ['/your-club/not-me', async () => `?token=${(await memberLink('not-me', 'twins')).token}`],
  ['/your-club/rsvp', async () => `?token=${(await memberLink('coming', 'twins', nextSession())).token}`],
  ['/your-club/stop-reminders', async () => `?token=${(await memberLink('reminders-off', 'twins')).token}`],
];

/** The props an island was rendered with, as Astro writes them (HTML-escaped JSON). */
function islandProps(html: string, island: string): string {
  const match = new RegExp(`<astro-island[^>]*component-url="/_astro/${island}\\.[^"]+"[^>]*props="([^"]*)"`).exec(html);
  expect(match, island).not.toBeNull();
  return match![1]!.replaceAll('&quot;', '"').replaceAll('&amp;', '&');
}

describe('the Spanish twins of the pages rendered on demand', () => {
  it.each(ON_DEMAND_TWINS)('%s and its twin are each in their language and name each other both ways', async (route, queryOf) => {
    await expectTwins(route, await queryOf());
  });

  it('/es/contact-us says its words, its form and its toasts in Spanish; /contact-us keeps none of them', async () => {
    const spanish = (await servedPage('/es/contact-us')).html;
    for (const words of [
      'Contáctanos',
      'Envía un mensaje',
      'Motivo del mensaje',
      'Tiempos de respuesta',
      'Lee nuestra política de privacidad',
    ])
      expect(spanish).toContain(words);
    // The reasons, and the schema's messages the island shows before sending, handed in from the server's catalogue.
    expect(spanish).toMatch(/<option value="schedule"[^>]*>Agendar una sesión<\/option>/);
    expect(spanish).toContain('>Queja</option>');
    const form = islandProps(spanish, 'ContactForm');
    expect(form).toContain('"Message must be at least 10 characters":[0,"El mensaje debe tener al menos 10 caracteres"]');
    expect(form).toContain('"Please enter a valid email address":[0,"Escribe un correo electrónico válido"]');
    expect(islandProps(spanish, 'Toaster')).toContain('"close":[0,"Cerrar"]');
    expect(spanish).toContain('href="/es/privacy-terms"');

    const english = (await servedPage('/contact-us')).html;
    expect(english).toContain('>Schedule a session</option>');
    expect(islandProps(english, 'ContactForm')).not.toContain('"messages"');
    expect(islandProps(english, 'Toaster')).toBe('{}');
    const spanishOnly = contentTexts('es/contact.yaml').filter(
      (text) => /[a-z]{4}/i.test(text) && !contentTexts('contact.yaml').includes(text),
    );
    expect(spanishOnly.length).toBeGreaterThan(20);
    for (const text of spanishOnly) expect(english, text).not.toContain(text);
  });

  it('a message sent from /es/contact-us is refused in Spanish with the same status and field keys as in English', async () => {
    const invalid = { name: 'A', email: 'nope', phone: '1', coachName: '', message: 'short', contactReason: 'question' };
    const send = (language: Language) =>
      request('/api/contact-requests', { method: 'POST', json: invalid, headers: { 'x-page-language': language } });
    const [english, spanish] = await Promise.all([send('en'), send('es')]);
    expect(spanish.status).toBe(english.status);
    const fieldsOf = async (response: Response) =>
      ((await response.json()) as { error: { fieldErrors: Record<string, string[]> } }).error.fieldErrors;
    const [englishFields, spanishFields] = await Promise.all([fieldsOf(english), fieldsOf(spanish)]);
    expect(Object.keys(spanishFields).sort()).toEqual(Object.keys(englishFields).sort());
    expect(spanishFields.message).toEqual(['El mensaje debe tener al menos 10 caracteres']);
  });

  it('/es/join-request asks the host in Spanish, and its button answers as the English one does, back to the Spanish page', async () => {
    const { id, token, clubName } = await joinRequestLink('answer');
    const query = (answer: string) => `?${new URLSearchParams({ token, answer })}`;
    const spanish = await servedPage(`/es/join-request${query('replied')}`);
    expect(spanish.status).toBe(200);
    // The address carries the token: no shared cache may keep the page, in either language.
    expect(spanish.cacheControl).toBe('private, no-store');
    expect(spanish.html).toContain(`Solicitud de Lucía para unirse a ${clubName}`);
    expect(spanish.html).toContain('Confirma que ya le respondiste a Lucía.');
    expect(spanish.html).toContain('Estado actual: Nueva');
    expect(spanish.html).toMatch(/<button type="submit"[^>]*>Ya le respondí<\/button>/);
    expect(spanish.html).toContain(`href="/es/join-request${query('joined').replace('&', '&amp;')}"`);
    expect(spanish.html).not.toContain('Status now');

    const answered = await request('/api/join-requests/answer', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        referer: new URL(`/es/join-request${query('replied')}`, baseUrl).href,
      },
      body: new URLSearchParams({ token, answer: 'replied' }).toString(),
    });
    expect(answered.status).toBe(303);
    expect(answered.headers.get('location')).toBe(`/es/join-request${query('replied')}`);
    const [stored] = await testSql()<{ status: string }[]>`select status from join_requests where id = ${id}`;
    expect(stored!.status).toBe('replied');
    const after = await servedPage(answered.headers.get('location')!);
    expect(after.html).toContain('Gracias: la solicitud de Lucía ya tiene respuesta');
    expect(after.html).toContain('está marcada como "Respondida"');
  });

  it('/es/join-request says a bad or expired link is unusable in Spanish, with the status the English page answers', async () => {
    for (const token of ['never-sent', 'x'.repeat(43)]) {
      const query = `?${new URLSearchParams({ token, answer: 'joined' })}`;
      const [english, spanish] = await Promise.all([servedPage(`/join-request${query}`), servedPage(`/es/join-request${query}`)]);
      expect(english.status).toBe(404);
      expect(spanish.status).toBe(english.status);
      expect(spanish.cacheControl).toBe('private, no-store');
      expect(english.html).toContain('This link is not valid');
      expect(spanish.html).toContain('Este enlace no es válido');
    }
    const { id, token } = await joinRequestLink('expired');
    await testSql()`update join_requests set token_expires_at = now() - interval '1 minute' where id = ${id}`;
    const query = `?${new URLSearchParams({ token, answer: 'joined' })}`;
    const [english, spanish] = await Promise.all([servedPage(`/join-request${query}`), servedPage(`/es/join-request${query}`)]);
    expect(spanish.status).toBe(english.status);
    expect(english.html).toContain('The links of a join request work for 30 days.');
    expect(spanish.html).toContain('Los enlaces de una solicitud para unirse funcionan durante 30 días.');
  });

  it('/es/your-club/not-me asks in Spanish, and its button removes the member as the English one does, back in Spanish', async () => {
    const { token, clubName } = await memberLink('not-me', 'remove');
    const spanish = await servedPage(`/es/your-club/not-me?token=${token}`);
    expect(spanish.status).toBe(200);
    expect(spanish.cacheControl).toBe('private, no-store');
    expect(spanish.html).toContain(`Quitarme de ${clubName}`);
    expect(spanish.html).toMatch(/<button type="submit"[^>]*>Quitarme<\/button>/);

    const removed = await request('/api/members/not-me', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        referer: new URL(`/es/your-club/not-me?token=${token}`, baseUrl).href,
      },
      body: new URLSearchParams({ token }).toString(),
    });
    expect(removed.status).toBe(303);
    expect(removed.headers.get('location')).toBe('/es/your-club/not-me?removed=true');
    expect(await testSql()`select 1 from member_links where token_hash = ${sha256(token)}`).toHaveLength(0);
    expect((await servedPage('/es/your-club/not-me?removed=true')).html).toContain('Ya no estás en el club');

    const [english, again] = await Promise.all([
      servedPage(`/your-club/not-me?token=${token}`),
      servedPage(`/es/your-club/not-me?token=${token}`),
    ]);
    expect(english.status).toBe(404);
    expect(again.status).toBe(english.status);
    expect(again.html).toContain('Este enlace no es válido');
  });

  it('/es/your-club/stop-reminders asks in Spanish, and its button stops the reminders as the English one does, back in Spanish', async () => {
    const { token, clubName } = await memberLink('reminders-off', 'stop');
    const spanish = await servedPage(`/es/your-club/stop-reminders?token=${token}`);
    expect(spanish.status).toBe(200);
    expect(spanish.cacheControl).toBe('private, no-store');
    expect(spanish.html).toContain(`¿Dejar de recibir los recordatorios de ${clubName}?`);

    const stopped = await request(`/api/members/unsubscribe?token=${token}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        referer: new URL(`/es/your-club/stop-reminders?token=${token}`, baseUrl).href,
      },
      body: '',
    });
    expect(stopped.status).toBe(303);
    expect(stopped.headers.get('location')).toBe(`/es/your-club/stop-reminders?token=${token}&stopped=true`);
    const after = await servedPage(stopped.headers.get('location')!);
    expect(after.html).toContain('Ya no recibirás recordatorios');
    expect(after.html).toContain(`Sigues siendo miembro de ${clubName}.`);

    const [english, unknown] = await Promise.all([
      servedPage('/your-club/stop-reminders?token=nope'),
      servedPage('/es/your-club/stop-reminders?token=nope'),
    ]);
    expect(english.status).toBe(404);
    expect(unknown.status).toBe(english.status);
    expect(unknown.cacheControl).toBe('private, no-store');
    expect(unknown.html).toContain('Este enlace no es válido');
  });

  it('/es/your-club/rsvp asks in Spanish with the day and reading in Spanish; its button answers as the English one does, back in Spanish', async () => {
    const start = nextSession();
    const { token, clubName, clubId, memberId } = await memberLink('coming', 'rsvp', start);
    const day = DateTime.fromISO(start, { zone: ZONE, locale: 'es-US' }).toFormat("cccc, d 'de' LLLL");
    const pagePath = `/es/your-club/rsvp?token=${token}`;
    const spanish = await servedPage(pagePath);
    expect(spanish.status).toBe(200);
    expect(spanish.cacheControl).toBe('private, no-store');
    expect(spanish.html).toContain(`¿Vas a ir a ${clubName}?`);
    expect(spanish.html).toMatch(new RegExp(`La sesión del ${day}, 7:00 p\\.m\\. C[SD]T, con la lectura Semana \\d — `));
    expect(spanish.html).toMatch(/<button type="submit"[^>]*>Sí, ahí estaré<\/button>/);
    expect(spanish.html).not.toContain('The session of');

    const answered = await postForm('/api/members/rsvp', pagePath, { token });
    expect(answered.status).toBe(303);
    expect(answered.headers.get('location')).toBe(`${pagePath}&saved=true`);
    const stored = await testSql()<{ answer: string }[]>`select answer from member_rsvps where member_id = ${memberId}`;
    expect(stored).toEqual([{ answer: 'coming' }]);
    const after = await servedPage(answered.headers.get('location')!);
    expect(after.html).toContain('¡Nos vemos ahí!');
    expect(after.html).toContain(`Test Host ya sabe que vas a ir a ${clubName} el ${day}, 7:00 p.m.`);
    expect((await servedPage(`/your-club/rsvp?token=${token}`)).html).toContain('See you there');

    // A JSON call from the Spanish page is refused in Spanish: a session cancelled (409), an unknown link (404).
    await testSql()`insert into club_session_changes (club_id, occurrence, kind, note) values (${clubId}, ${start}, 'cancelled', 'Día de nieve')`;
    const answer = (body: { token: string }) =>
      request('/api/members/rsvp', { method: 'POST', json: body, headers: { 'x-page-language': 'es' } });
    const [cancelled, unknown] = await Promise.all([answer({ token }), answer({ token: 'x'.repeat(43) })]);
    expect(cancelled.status).toBe(409);
    expect(((await cancelled.json()) as { error: { message: string } }).error.message).toBe(
      'Esta sesión está cancelada: no hay nada que responder.',
    );
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toBe(
      'Este enlace no es válido, o ya dejaste el club.',
    );
    // The host's note ends its sentence, in both languages.
    expect((await servedPage(pagePath)).html).toContain(
      `Test Host canceló la sesión de ${clubName}: Día de nieve. No hay nada que responder.`,
    );
    expect((await servedPage(`/your-club/rsvp?token=${token}`)).html).toContain(
      `the session of ${clubName}: Día de nieve. There is nothing to answer.`,
    );
  });

  it('/es/your-club shows the club in Spanish, readings from the Spanish plan; its forms act as the English ones, back in Spanish', async () => {
    const { token, clubName, memberId } = await memberLink('club', 'mine');
    const pagePath = `/es/your-club?token=${token}`;
    const spanish = await servedPage(pagePath);
    expect(spanish.status).toBe(200);
    expect(spanish.cacheControl).toBe('private, no-store');
    expect(spanish.html).toContain('Hola, Mateo Ruiz: eres miembro desde el ');
    expect(spanish.html).toContain('>Próximas sesiones<');
    expect(spanish.html).toMatch(/<p class="text-stone-700">Semana \d — /);
    expect(spanish.html).toContain('Tu respuesta: <strong class="text-ember-900">todavía no respondes</strong>');
    expect(spanish.html).toContain(`Sí, dejar ${clubName}`);
    expect(spanish.html).not.toMatch(/Week \d|Next sessions|Leave the club/);
    const english = await servedPage(`/your-club?token=${token}`);
    expect(english.html).toMatch(/<p class="text-stone-700">Week \d — /);

    const occurrence = nextSession();
    const answered = await postForm('/api/members/rsvps', pagePath, { token, occurrence, answer: 'coming' });
    expect(answered.status).toBe(303);
    expect(answered.headers.get('location')).toBe(`${pagePath}#your-club-sessions`);
    expect(await testSql()`select answer from member_rsvps where member_id = ${memberId}`).toEqual([{ answer: 'coming' }]);
    expect((await servedPage(pagePath)).html).toContain('Tu respuesta: <strong class="text-ember-900">Vas a ir</strong>');

    const off = await postForm('/api/members/reminders', pagePath, { token, reminders: 'off' });
    expect(off.headers.get('location')).toBe(`${pagePath}#your-club-reminders`);
    expect((await servedPage(pagePath)).html).toContain('Ya no recibes los correos de recordatorio');

    const refused = await request('/api/members/rsvps', {
      method: 'POST',
      json: { token, occurrence: '2020-01-07T01:00:00.000Z', answer: 'coming' },
      headers: { 'x-page-language': 'es' },
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'No se puede responder a esta sesión: está cancelada, ya empezó o no es del club.',
    );

    const left = await postForm('/api/members/leave', pagePath, { token });
    expect(left.headers.get('location')).toBe('/es/your-club?left=true');
    expect(await testSql()`select 1 from club_members where id = ${memberId}`).toHaveLength(0);
    const after = await servedPage('/es/your-club?left=true');
    expect(after.html).toContain('Dejaste el club');
    expect(after.html).toContain('href="/es/flamekeeper-clubs"');
    const [unknown, again] = await Promise.all([
      servedPage(pagePath),
      request('/api/members/leave', { method: 'POST', json: { token }, headers: { 'x-page-language': 'es' } }),
    ]);
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('Este enlace no es válido');
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      'Este enlace no es válido, o ya habías dejado el club.',
    );
  });

  it('/es/message-replied asks the guide in Spanish with a Spanish date, and its button marks the message as the English one does', async () => {
    const { id, token } = await replyLink('mark');
    const spanish = await servedPage(`/es/message-replied?token=${token}`);
    expect(spanish.status).toBe(200);
    expect(spanish.cacheControl).toBe('private, no-store');
    expect(spanish.html).toContain('¿Le respondiste a Sofía Díaz?');
    expect(spanish.html).toContain(
      'Confirma que respondiste el mensaje que Sofía Díaz te envió el <time datetime="2026-11-20T15:00:00.000Z">20 de noviembre de 2026</time>.',
    );
    expect(spanish.html).toMatch(/<button type="submit"[^>]*>Ya le respondí<\/button>/);

    const marked = await request('/api/message-replies', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        referer: new URL(`/es/message-replied?token=${token}`, baseUrl).href,
      },
      body: new URLSearchParams({ token }).toString(),
    });
    expect(marked.status).toBe(303);
    expect(marked.headers.get('location')).toBe(`/es/message-replied?token=${token}`);
    const [stored] = await testSql()<{ replied: boolean }[]>`select replied_at is not null as replied from guide_messages where id = ${id}`;
    expect(stored!.replied).toBe(true);
    const after = await servedPage(marked.headers.get('location')!);
    expect(after.html).toContain('Gracias: el mensaje quedó marcado como respondido');
    expect(after.html).toContain('>Tus mensajes</a>');

    const [english, unknown] = await Promise.all([servedPage('/message-replied?token=nope'), servedPage('/es/message-replied?token=nope')]);
    expect(english.status).toBe(404);
    expect(unknown.status).toBe(english.status);
    expect(unknown.html).toContain('Este enlace no es válido');
  });
});

describe('a page without a twin', () => {
  it('has no alternates, its switch leading to the Spanish home', async () => {
    const { status, html } = await servedPage('/club-registration');
    expect(status).toBe(200);
    expect(alternatesOf(html)).toEqual({});
    expect(html).toMatch(/<a[^>]*href="\/es"[^>]*hreflang="es"[^>]*data-language-switch="home"/);
  });
});

// /es/area-search's island asks the same API as the English one, naming its page's language (X-Page-Language): the
// answers keep their shape and keys, and say in Spanish what the server words (docs/decisions/041).
describe('the area search from a Spanish page', () => {
  const inSpanish = { 'x-page-language': 'es' };
  const suggest = async (q: string, headers: Record<string, string> = inSpanish) => {
    const response = await request(`/api/areas/suggest?q=${encodeURIComponent(q)}`, { headers });
    expect(response.status).toBe(200);
    // A shared cache keeps each language's answer apart.
    expect(response.headers.get('vary')).toMatch(/x-page-language/i);
    return (await response.json()) as AreaSuggestions;
  };

  it('suggests a state by its Spanish name and says in Spanish why nothing can be licensed', async () => {
    expect((await suggest('new york')).areas[0]).toMatchObject({ id: 'state-NY', label: 'Nueva York' });
    expect((await suggest('new york', {})).areas[0]).toMatchObject({ id: 'state-NY', label: 'New York' });
    expect(await suggest('zzqx')).toEqual({ areas: [], message: 'Ningún código postal, condado o estado coincide con "zzqx".' });
    expect(await suggest('20001')).toEqual({
      areas: [],
      message: 'El código postal 20001 está en el Distrito de Columbia, que no admite licencias.',
    });
    expect(await suggest('zzqx', {})).toEqual({ areas: [], message: 'No ZIP code, county or state matches "zzqx".' });
  });

  it("gives an area's card with its state and map in Spanish, the rest as in English, and refuses an unknown area in Spanish", async () => {
    const [english, spanish] = await Promise.all(
      [{}, inSpanish].map(async (headers) => {
        const response = await request('/api/areas/state-NY', { headers });
        expect(response.status).toBe(200);
        return (await response.json()) as AreaCard;
      }),
    );
    expect(spanish).toMatchObject({ name: 'Nueva York', label: 'Nueva York', state: { code: 'NY', name: 'Nueva York' } });
    expect(english).toMatchObject({ name: 'New York', label: 'New York', state: { code: 'NY', name: 'New York' } });
    expect(spanish.mapSvg).toContain('<title>Mapa: Nueva York</title>');
    expect(english.mapSvg).toContain('<title>Map: New York</title>');
    const { name: _name, label: _label, state: _state, mapSvg: _map, ...rest } = spanish;
    expect(english).toMatchObject(rest);

    const unknown = await request('/api/areas/zip-00000', { headers: inSpanish });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: { message: 'Ningún código postal, condado o estado tiene este identificador.' } });
    const dc = await request('/api/areas/state-DC', { headers: inSpanish });
    expect(dc.status).toBe(404);
    expect(await dc.json()).toEqual({ error: { message: 'El Distrito de Columbia no admite licencias.' } });
  });

  it('says in Spanish, on the card and in a refusal, why a licence is not available', async () => {
    // Mississippi is this test's own: no other test licenses anything there.
    const { zip } = await pickArea('MS');
    const first = await registerGuide();
    const held = await reserveOk(first.token, zip, 'exclusive');

    const response = await request('/api/areas/state-MS', { headers: inSpanish });
    const card = (await response.json()) as AreaCard;
    expect(card.state.name).toBe('Misisipi');
    const reason = card.availability.exclusive.available ? '' : card.availability.exclusive.reason;
    expect(reason).toMatch(
      new RegExp(
        `^${held.licence.area.label}, dentro de esta zona, tiene una reserva exclusiva \\(pendiente de pago hasta el \\d{1,2} de [a-z]+ de \\d{4}\\)$`,
      ),
    );
    expect(card.availability.shared).toEqual({ available: false, reason });

    const second = await registerGuide();
    const refused = await request('/api/licences', {
      method: 'POST',
      json: { areaId: 'state-MS', kind: 'shared' },
      headers: { ...asUser(second.token), ...inSpanish },
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(reason);
    // In English, the same refusal as ever.
    const english = await reserve(second.token, 'state-MS', 'shared');
    expect(english.status).toBe(409);
    expect(((await english.json()) as { error: { message: string } }).error.message).toMatch(/, inside this area, is reserved exclusively/);
  });
});
