import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { clubPagePath } from '#lib/clubs/pages.ts';
import { guidePagePath } from '#lib/guides/types.ts';
import { localizedHref } from '#lib/shared/languages.ts';
import { messageReplies } from '#lib/follow-ups/message-replies.ts';
import { followUpMessages } from '#server/follow-ups/follow-up-job.ts';
import { baseUrl, newCode, registration, request, testSql, waitForParsedEmail } from '../support/api.ts';
import { runAlertJob, tokenIn } from '../support/alerts.ts';
import { askToJoinPayload, insertClub } from '../support/clubs.ts';
import { insertListedGuide } from '../support/guides.ts';
import type { ParsedEmail } from '../support/mail.ts';

// Issue 42: "Emails go out in the language of the person who receives them: a join request sent from a Spanish page
// reaches the visitor's acknowledgement in Spanish and the host in the host's language." A visitor without an account
// gets the language of the page they wrote from (X-Page-Language); an account holder the one their account stores.
// An English email stays exactly as it was, byte for byte.

const unique = () => randomBytes(4).toString('hex');
const SPANISH = { 'x-page-language': 'es' };
/** Links in emails come from the site's origin: on the test server, localhost at its port (site-origin.ts). */
const origin = `http://localhost:${new URL(baseUrl).port}`;

/** A host registered from a page in `language`, with a listed club meeting every Tuesday at 7 PM in Chicago. */
async function listedClub(language: 'en' | 'es') {
  const payload = registration(await newCode(), { clubName: `Círculo Quinn ${unique()}` });
  const response = await request('/api/clubs/register', { method: 'POST', json: payload, headers: language === 'es' ? SPANISH : {} });
  expect(response.status).toBe(201);
  const { clubId } = (await response.json()) as { clubId: number };
  await testSql()`
    update clubs set is_verified = true, meeting_frequency = 'weekly', time_zone = 'America/Chicago', cycle_start = '2026-09-01',
      meeting_slots = ${testSql().json([{ weekday: 'tuesday', start: '19:00', durationMinutes: 90 }])}
    where id = ${clubId}`;
  const [account] = await testSql()<{ language: string }[]>`select language from users where lower(email) = lower(${payload.email})`;
  expect(account!.language).toBe(language);
  return { id: clubId, clubName: payload.clubName, hostName: payload.hostName, hostEmail: payload.email };
}

const askToJoin = (clubId: number, json: unknown, headers: Record<string, string> = {}) =>
  request(`/api/clubs/${clubId}/join-requests`, { method: 'POST', json, headers });

/** The email to `recipient` whose text `includes` (the request's own words, to tell two emails to one host apart). */
const emailTo = (recipient: string, includes = '') =>
  waitForParsedEmail((mail) => mail.to.toLowerCase() === recipient.toLowerCase() && mail.text.includes(includes));

const htmlLanguage = (mail: ParsedEmail) => /<html lang="([a-z]+)">/.exec(mail.html ?? '')?.[1];

/** The token of the answer links in a host's email. */
const answerToken = (mail: ParsedEmail) => /\/join-request\?token=([A-Za-z0-9_-]{43})&answer=replied/.exec(mail.text)![1]!;

describe('Ask to join: each email in its recipient’s language', () => {
  it('acknowledges a request from a Spanish page in Spanish, and writes to an English host in English', async () => {
    const club = await listedClub('en');
    const asker = askToJoinPayload();
    expect((await askToJoin(club.id, asker, SPANISH)).status).toBe(201);

    const acknowledgement = await emailTo(asker.email);
    expect(acknowledgement.subject).toBe(`Enviamos tu solicitud para unirte a ${club.clubName}`);
    expect(acknowledgement.text).toBe(
      [
        'Hola:',
        `Gracias por querer unirte a ${club.clubName}. Enviamos tu solicitud a su anfitrión, ${club.hostName}, que te responderá a esta dirección.`,
        `Página de ${club.clubName}: ${origin}${localizedHref(clubPagePath(club), 'es')}`,
        'El equipo de FlameKeeper Clubs',
        `--\nRecibes este correo porque esta dirección pidió unirse a ${club.clubName} en FlameKeeper Clubs. Si no fuiste tú, ignora este correo.\n`,
      ].join('\n\n'),
    );
    expect(htmlLanguage(acknowledgement)).toBe('es');
    expect(acknowledgement.html).toContain('Gracias por querer unirte');
    expect(acknowledgement.html).toContain('El equipo de FlameKeeper Clubs');
    expect(acknowledgement.html).not.toContain('Thank you');

    const host = await emailTo(club.hostEmail, asker.message);
    expect(host.subject).toBe(`${asker.name} asks to join ${club.clubName}`);
    expect(host.text).toContain(`Hello ${club.hostName},`);
    expect(host.text).toContain('  Wants to start: The next new cycle');
    expect(host.text).toContain('The FlameKeeper Clubs team');
    expect(htmlLanguage(host)).toBe('en');
  });

  it('writes to a host whose account is in Spanish in Spanish, with the chosen start in Spanish, whatever the page', async () => {
    const club = await listedClub('es');
    const options = (await (await request(`/api/clubs/${club.id}/join-requests/options`)).json()) as { starts: { startAt: string }[] };
    const asker = askToJoinPayload({ start: options.starts[0]!.startAt, phone: null });
    expect((await askToJoin(club.id, asker)).status).toBe(201);

    const host = await emailTo(club.hostEmail, asker.message);
    expect(host.subject).toBe(`${asker.name} quiere unirse a ${club.clubName}`);
    expect(host.headers.get('reply-to')).toBe(asker.email);
    const token = answerToken(host);
    const [greeting, asked, message, links, details, actions, signature, foot] = host.text.split('\n\n');
    expect({ greeting, asked, message, links, signature, foot }).toEqual({
      greeting: `Hola, ${club.hostName}:`,
      asked: `${asker.name} pidió unirse a ${club.clubName} a través de FlameKeeper Clubs. Responde a este correo para contestarle: tu respuesta le llegará a ${asker.email}.`,
      message: asker.message,
      links:
        'Cuando le hayas respondido, avísanos con uno de los enlaces de abajo: cada uno abre una página que te pide confirmarlo con un clic, sin iniciar sesión. Cada enlace sirve una sola vez, durante 30 días; en el perfil de tu club están todas las solicitudes.',
      signature: 'El equipo de FlameKeeper Clubs',
      foot: `--\nRecibes este correo porque organizas ${club.clubName} en el directorio de FlameKeeper Clubs y alguien pidió unirse. Esa persona todavía no ha visto tu dirección de correo; la verá cuando le respondas.\n`,
    });
    // Tuesday at 7 PM in Chicago, in es-US: "martes, 8 de diciembre, 7:00 p.m. CST".
    expect(details).toMatch(
      new RegExp(
        `^  De: ${asker.name} <${asker.email.replace(/\./g, '\\.')}>\n  Teléfono: No lo indicó\n  Quiere empezar: martes, \\d{1,2} de [a-z]+, 7:00 p\\.\\s?m\\.\\sC[DS]T$`,
      ),
    );
    const answerLink = (answer: string) => `${origin}/join-request?token=${token}&answer=${answer}`;
    expect(actions).toBe(
      [
        `Ya le respondí: ${answerLink('replied')}`,
        `Se unió al club: ${answerLink('joined')}`,
        `No es para este club: ${answerLink('declined')}`,
        `Tus solicitudes para unirse: ${origin}${localizedHref(`/club-profile/${club.id}#join-requests`, 'es')}`,
      ].join('\n'),
    );
    expect(htmlLanguage(host)).toBe('es');
    expect(host.html).toContain('Quiere empezar');

    // The visitor wrote from an English page: their acknowledgement is English.
    const acknowledgement = await emailTo(asker.email);
    expect(acknowledgement.subject).toBe(`Your request to join ${club.clubName} was sent`);
    expect(htmlLanguage(acknowledgement)).toBe('en');
  });

  it('leaves a request from an English page to an English host exactly as it was, both emails', async () => {
    const club = await listedClub('en');
    const asker = askToJoinPayload();
    expect((await askToJoin(club.id, asker)).status).toBe(201);

    const acknowledgement = await emailTo(asker.email);
    expect(acknowledgement.subject).toBe(`Your request to join ${club.clubName} was sent`);
    expect(acknowledgement.text).toBe(
      `Hello,

Thank you for asking to join ${club.clubName}. We sent your request to its host, ${club.hostName}, who will reply to this address.

${club.clubName}'s page: ${origin}${clubPagePath(club)}

The FlameKeeper Clubs team

--
You receive this because this address asked to join ${club.clubName} on FlameKeeper Clubs. If it was not you, ignore this email.
`,
    );
    expect(htmlLanguage(acknowledgement)).toBe('en');

    const host = await emailTo(club.hostEmail, asker.message);
    const answerLink = (answer: string) => `${origin}/join-request?token=${answerToken(host)}&answer=${answer}`;
    expect(host.subject).toBe(`${asker.name} asks to join ${club.clubName}`);
    expect(host.text).toBe(
      `Hello ${club.hostName},

${asker.name} asked to join ${club.clubName} through FlameKeeper Clubs. Reply to this email to answer them: your reply goes to ${asker.email}.

${asker.message}

Once you have answered, tell us with one of the links below: each opens a page that asks you to confirm with one click, without signing in. The links work once, for 30 days; your club profile lists every request.

  From: ${asker.name} <${asker.email}>
  Phone: ${asker.phone}
  Wants to start: The next new cycle

I've replied: ${answerLink('replied')}
They've joined: ${answerLink('joined')}
Not a fit: ${answerLink('declined')}
Your join requests: ${origin}/club-profile/${club.id}#join-requests

The FlameKeeper Clubs team

--
You receive this because you host ${club.clubName} in the FlameKeeper Clubs directory and a visitor asked to join it. The visitor has not seen your email address; they will when you reply.
`,
    );
    expect(htmlLanguage(host)).toBe('en');
  });
});

const contactMessage = (overrides: Record<string, unknown> = {}) => ({
  name: 'Jordan Ellis',
  email: `visitor.${unique()}@example.com`,
  phone: '(828) 555-0199',
  coachName: 'Nobody Listed',
  message: `I would like to join a Tuesday circle. (${unique()})`,
  contactReason: 'question',
  ...overrides,
});

const contact = (json: unknown, headers: Record<string, string> = {}) =>
  request('/api/contact-requests', { method: 'POST', json, headers });

describe('The contact form’s acknowledgement in the language of the page it was sent from', () => {
  it('acknowledges a message from a Spanish page in Spanish, with the Spanish contact page’s response times', async () => {
    const sender = contactMessage();
    expect((await contact(sender, SPANISH)).status).toBe(201);

    const acknowledgement = await emailTo(sender.email);
    expect(acknowledgement.subject).toBe('Recibimos tu mensaje en FlameKeeper Clubs');
    expect(acknowledgement.text).toBe(
      [
        'Hola:',
        'Gracias por escribir a FlameKeeper Clubs. Una persona real de nuestro equipo leerá tu mensaje y te responderá a esta dirección; si es para un coach, se lo haremos llegar.',
        'Lo que tardamos en responder:',
        '  Mensajes para coaches: En menos de 2 horas\n  Preguntas generales: En menos de 24 horas\n  Asuntos urgentes: El mismo día',
        `Nuestra página de contacto: ${origin}${localizedHref('/contact-us', 'es')}`,
        'El equipo de FlameKeeper Clubs',
        '--\nRecibes este correo porque esta dirección envió un mensaje ("Pregunta general") con el formulario de contacto en FlameKeeper Clubs. Si no fuiste tú, ignora este correo.\n',
      ].join('\n\n'),
    );
    expect(htmlLanguage(acknowledgement)).toBe('es');
    expect(acknowledgement.html).toContain('Mensajes para coaches');
  });

  it('names the guide a Spanish message was forwarded to in Spanish, and writes to the guide in the guide’s language', async () => {
    const english = await insertListedGuide(testSql(), `Maya Brooks ${unique()}`);
    const sender = contactMessage({ coachName: english.name, contactReason: 'schedule' });
    expect((await contact(sender, SPANISH)).status).toBe(201);

    const acknowledgement = await emailTo(sender.email);
    expect(acknowledgement.subject).toBe(`Reenviamos tu mensaje a ${english.name}`);
    expect(acknowledgement.text).toContain(
      `Reenviamos tu mensaje a ${english.name}, guía de FlameKeeper con certificación, que te responderá a esta dirección.`,
    );
    expect(acknowledgement.text).toContain('  Preguntas generales: En menos de 24 horas');
    expect(acknowledgement.text).not.toContain('Mensajes para coaches');
    expect(acknowledgement.text).toContain(
      `Página de Maya: ${origin}${localizedHref(guidePagePath({ id: english.publicId, name: english.name }), 'es')}`,
    );
    expect(acknowledgement.text).toContain('envió un mensaje ("Reservar una sesión") con el formulario de contacto');
    const toEnglishGuide = await emailTo(english.email, sender.message);
    expect(toEnglishGuide.subject).toBe(`Message from ${sender.name}: Schedule a session`);
    expect(htmlLanguage(toEnglishGuide)).toBe('en');

    const spanish = await insertListedGuide(testSql(), `Lucía Ramos ${unique()}`);
    await testSql()`update users set language = 'es' where id = ${spanish.userId}`;
    const second = contactMessage({ coachName: spanish.name, contactReason: 'schedule' });
    expect((await contact(second)).status).toBe(201);
    const toSpanishGuide = await emailTo(spanish.email, second.message);
    expect(toSpanishGuide.subject).toBe(`Mensaje de ${second.name}: Reservar una sesión`);
    expect(toSpanishGuide.text).toContain(
      `${second.name} escribió a la página de contacto de FlameKeeper Clubs con un mensaje para ti, así que te lo reenviamos.`,
    );
    expect(toSpanishGuide.text).toContain('  Enviado desde: Reenviado desde la página de contacto');
    expect(htmlLanguage(toSpanishGuide)).toBe('es');
    expect((await emailTo(second.email)).subject).toBe(`Your message was forwarded to ${spanish.name}`);
  });

  it('leaves a message from an English page acknowledged exactly as it was', async () => {
    const sender = contactMessage();
    expect((await contact(sender)).status).toBe(201);

    const acknowledgement = await emailTo(sender.email);
    expect(acknowledgement.subject).toBe('We received your message to FlameKeeper Clubs');
    expect(acknowledgement.text).toBe(
      `Hello,

Thank you for writing to FlameKeeper Clubs. A real person on our team will read your message and reply to this address; if it is for a coach, we will pass it on to them.

How soon we answer:

  Coach messages: Within 2 hours
  General questions: Within 24 hours
  Urgent issues: Same day

Our contact page: ${origin}/contact-us

The FlameKeeper Clubs team

--
You receive this because this address sent a message ("General question") with the contact form on FlameKeeper Clubs. If it was not you, ignore this email.
`,
    );
    expect(htmlLanguage(acknowledgement)).toBe('en');
  });
});

describe('A message to a guide: each email in its recipient’s language', () => {
  const message = (overrides: Record<string, unknown> = {}) => ({
    name: 'Jordan Ellis',
    email: `visitor.${unique()}@example.com`,
    phone: '(828) 555-0199',
    reason: 'question',
    message: `Could we talk about your next circle? (${unique()})`,
    ...overrides,
  });
  const send = (publicId: number, json: unknown, headers: Record<string, string> = {}) =>
    request(`/api/guides/${publicId}/messages`, { method: 'POST', json, headers });

  it('acknowledges a message from a Spanish page in Spanish; the English guide reads it in English, the Spanish one in Spanish', async () => {
    const english = await insertListedGuide(testSql(), `Robin Vale ${unique()}`);
    const first = message();
    expect((await send(english.publicId, first, SPANISH)).status).toBe(201);
    const acknowledgement = await emailTo(first.email);
    expect(acknowledgement.subject).toBe(`Enviamos tu mensaje a ${english.name}`);
    expect(acknowledgement.text).toContain(
      `Gracias por escribir. Enviamos tu mensaje a ${english.name}, guía de FlameKeeper con certificación, que te responderá a esta dirección.`,
    );
    expect(acknowledgement.text).toContain(
      `Recibes este correo porque esta dirección envió un mensaje a ${english.name} en FlameKeeper Clubs.`,
    );
    expect(htmlLanguage(acknowledgement)).toBe('es');
    const toEnglishGuide = await emailTo(english.email, first.message);
    expect(toEnglishGuide.subject).toBe(`Message from ${first.name}: A question`);
    expect(toEnglishGuide.text).toContain('Hello Robin,');

    const spanish = await insertListedGuide(testSql(), `Lucía Ramos ${unique()}`);
    await testSql()`update users set language = 'es' where id = ${spanish.userId}`;
    const second = message({ phone: null });
    expect((await send(spanish.publicId, second)).status).toBe(201);
    const toSpanishGuide = await emailTo(spanish.email, second.message);
    expect(toSpanishGuide.subject).toBe(`Mensaje de ${second.name}: Una pregunta`);
    expect(toSpanishGuide.text).toContain('Hola, Lucía:');
    expect(toSpanishGuide.text).toContain(`${second.name} te escribió desde tu página de guía en FlameKeeper Clubs.`);
    expect(toSpanishGuide.text).toContain('  Teléfono: No lo indicó\n  Motivo: Una pregunta\n  Enviado desde: Tu página de guía');
    expect(toSpanishGuide.text).toMatch(/^Ya respondí: http/m);
    expect(htmlLanguage(toSpanishGuide)).toBe('es');
    expect((await emailTo(second.email)).subject).toBe(`Your message to ${spanish.name} was sent`);
  });
});

describe('Alerts: every email of an alert in the language of the page it was set up from', () => {
  const newAddress = () => `alert.${unique()}@example.com`;

  it('writes the confirmation, the matches and "Keep this alert?" of an alert set up on a Spanish page in Spanish', async () => {
    const email = newAddress();
    const response = await request('/api/alerts', {
      method: 'POST',
      json: { email, place: '78704', distance: 25, includeOnline: false },
      headers: SPANISH,
    });
    expect(response.status).toBe(202);
    const [stored] = await testSql()<{ language: string }[]>`select language from alerts where email = ${email}`;
    expect(stored!.language).toBe('es');

    const confirmation = await emailTo(email);
    expect(confirmation.subject).toBe('Confirma tu alerta de clubes para Austin, TX 78704');
    expect(confirmation.text).toContain(
      'Alguien, esperamos que tú, pidió a FlameKeeper Clubs que escriba a esta dirección cuando empiece un club nuevo a 25 millas o menos de Austin, TX 78704.',
    );
    // Its links lead to the Spanish twins of the alert pages (docs/decisions/041).
    expect(confirmation.text).toMatch(/^Confirmar la alerta: http:\/\/[^/\s]+\/es\/alerts\/confirm\?token=/m);
    expect(htmlLanguage(confirmation)).toBe('es');
    const token = tokenIn(confirmation.text, '/alerts/confirm');
    expect((await request('/api/alerts/confirm', { method: 'POST', json: { token } })).status).toBe(200);

    // A club starts 2.4 miles away, meeting on Tuesdays at 7 PM in Denver: 8 PM at the alert's place.
    const clubName = `Círculo Alerta ${unique()}`;
    await insertClub(testSql(), {
      clubName,
      city: 'Austin',
      zipCode: '78701',
      isVerified: true,
      meetings: {
        meetingSlots: [{ weekday: 'tuesday', start: '19:00', durationMinutes: 90 }],
        meetingFrequency: 'weekly',
        meetingFormat: 'in-person',
        venueName: 'Main Library',
        timeZone: 'America/Denver',
      },
    });
    await runAlertJob();
    const matches = await waitForParsedEmail((mail) => mail.to === email && mail.subject.startsWith('Un club nuevo'));
    expect(matches.subject).toBe(`Un club nuevo cerca de Austin, TX 78704: ${clubName}`);
    expect(matches.text).toContain('Un club de FlameKeeper acepta ahora miembros nuevos a 25 millas o menos de Austin, TX 78704:');
    expect(matches.text).toMatch(
      new RegExp(`${clubName}: en Austin, TX, a \\d+\\.\\d millas de Austin, TX 78704\\.\nPróxima sesión: [^\n]+ tu hora\\.`),
    );
    expect(matches.text).toContain(`- Pedir unirte a ${clubName}`);
    expect(matches.text).toContain('Te enviamos como mucho un correo así al día.');
    expect(matches.text).toMatch(/^Tus alertas: http:\/\/[^/\s]+\/es\/alerts\?token=/m);
    expect(matches.headers.get('list-unsubscribe')).toMatch(/^<http/);
    expect(htmlLanguage(matches)).toBe('es');

    await testSql()`update alerts set expires_at = now() + interval '10 days' where email = ${email}`;
    await runAlertJob();
    const keep = await waitForParsedEmail((mail) => mail.to === email && mail.subject.startsWith('¿Quieres mantener'));
    expect(keep.subject).toBe('¿Quieres mantener tu alerta de clubes para Austin, TX 78704?');
    expect(keep.text).toMatch(
      /^Tu alerta, un correo cuando empiece un club nuevo a 25 millas o menos de Austin, TX 78704, termina el \d{1,2} de [a-z]+ de \d{4}\.$/m,
    );
    expect(keep.text).toMatch(/^Mantener esta alerta: http:\/\/[^/\s]+\/es\/alerts\/keep\?token=/m);
    expect(keep.text).toMatch(/^Tus alertas: http:\/\/[^/\s]+\/es\/alerts\?token=/m);
  });

  it('takes the language of a form posted without JavaScript from the page it was posted from, and of a guide alert', async () => {
    const email = newAddress();
    const posted = await request('/api/alerts', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', referer: new URL('/es/flamekeeper-clubs', baseUrl).href },
      body: new URLSearchParams({ email, place: '78704', distance: '10', includeOnline: 'on' }).toString(),
    });
    expect(posted.status).toBe(303);
    const confirmation = await emailTo(email);
    expect(confirmation.subject).toBe('Confirma tu alerta de clubes para Austin, TX 78704');
    expect(confirmation.text).toContain(
      'cuando empiece un club nuevo a 10 millas o menos de Austin, TX 78704, o en línea desde cualquier lugar.',
    );

    const guides = newAddress();
    expect(
      (await request('/api/alerts/guides', { method: 'POST', json: { email: guides, place: '59901' }, headers: SPANISH })).status,
    ).toBe(202);
    const guideConfirmation = await emailTo(guides);
    expect(guideConfirmation.subject).toMatch(/^Confirma tu alerta de guías para .+ 59901$/);
    expect(guideConfirmation.text).toContain('cuando un guía trabaje en');
    expect(guideConfirmation.text).toMatch(/^Confirmar la alerta: http:\/\/[^/\s]+\/es\/alerts\/confirm\?token=/m);
    expect(htmlLanguage(guideConfirmation)).toBe('es');

    const english = newAddress();
    expect(
      (await request('/api/alerts', { method: 'POST', json: { email: english, place: '78704', distance: 25, includeOnline: false } }))
        .status,
    ).toBe(202);
    const englishConfirmation = await emailTo(english);
    expect(englishConfirmation.subject).toBe('Confirm your club alert for Austin, TX 78704');
    expect(englishConfirmation.text).toContain(
      'Someone, we hope you, asked FlameKeeper Clubs to email this address when a new club starts within 25 miles of Austin, TX 78704.',
    );
    expect(htmlLanguage(englishConfirmation)).toBe('en');
    expect(englishConfirmation.text).toMatch(/^Confirm the alert: http:\/\/[^/\s]+\/alerts\/confirm\?token=/m);
  });
});

describe('An account’s emails in the language it stores', () => {
  it('welcomes a host registered on a Spanish page, asks them to confirm their email and resets their password in Spanish', async () => {
    const club = await listedClub('es');
    const welcome = await waitForParsedEmail((mail) => mail.to === club.hostEmail && mail.subject.startsWith('Tu FlameKeeper Club'));
    expect(welcome.subject).toBe(`Tu FlameKeeper Club "${club.clubName}" está registrado`);
    expect(welcome.text).toContain(`Hola, ${club.hostName}:`);
    expect(welcome.text).toMatch(/^Iniciar sesión en tu club: http\S+\/club-registration\?signin=true$/m);
    expect(htmlLanguage(welcome)).toBe('es');

    const confirmation = await waitForParsedEmail((mail) => mail.to === club.hostEmail && mail.subject.startsWith('Confirma tu correo'));
    expect(confirmation.subject).toBe('Confirma tu correo para FlameKeeper Clubs');
    expect(confirmation.text).toContain(
      `Confirma que ${club.hostEmail} es tu dirección de correo. Es la dirección de tu cuenta de anfitrión: te escribimos ahí sobre tu club y te enviamos los enlaces para restablecer tu contraseña.`,
    );
    expect(confirmation.text).toContain('El enlace sirve una sola vez y te lleva de vuelta al perfil de tu club.');
    expect(confirmation.text).toMatch(/^Confirmar mi correo: http\S+\/confirm-email\?token=/m);

    expect((await request('/api/clubs/forgot-password', { method: 'POST', json: { email: club.hostEmail } })).status).toBe(200);
    const reset = await waitForParsedEmail((mail) => mail.to === club.hostEmail && mail.subject.startsWith('Restablece'));
    expect(reset.subject).toBe('Restablece tu contraseña de FlameKeeper Clubs');
    expect(reset.text).toMatch(/^Elegir una contraseña nueva: http\S+\?token=/m);
    expect(htmlLanguage(reset)).toBe('es');

    // An English account's stay English.
    const english = await listedClub('en');
    const englishWelcome = await waitForParsedEmail(
      (mail) => mail.to === english.hostEmail && mail.subject.startsWith('Your FlameKeeper Club'),
    );
    expect(englishWelcome.text).toContain(`Hello ${english.hostName},`);
    const englishConfirmation = await waitForParsedEmail(
      (mail) => mail.to === english.hostEmail && mail.subject.startsWith('Confirm your email'),
    );
    expect(htmlLanguage(englishConfirmation)).toBe('en');
  });
});

describe('The reminders of an unanswered request or message in the account’s language', () => {
  const HOUR_MS = 3_600_000;
  /** Runs the follow-ups as of a minute after a message sent now has waited `hours`. */
  const runFollowUpsAfter = (hours: number) => followUpMessages({ sql: testSql(), now: new Date(Date.now() + hours * HOUR_MS + 60_000) });

  it('reminds a Spanish host of a join request in Spanish, and a Spanish guide of a message', async () => {
    const club = await listedClub('es');
    const options = (await (await request(`/api/clubs/${club.id}/join-requests/options`)).json()) as { starts: { startAt: string }[] };
    const asker = askToJoinPayload({ start: options.starts[0]!.startAt });
    expect((await askToJoin(club.id, asker)).status).toBe(201);
    const english = await listedClub('en');
    const englishAsker = askToJoinPayload({ start: options.starts[0]!.startAt });
    expect((await askToJoin(english.id, englishAsker)).status).toBe(201);
    await runFollowUpsAfter(messageReplies.promisedReplyHours.joinRequest);
    const hostReminder = await waitForParsedEmail((mail) => mail.to === club.hostEmail && mail.subject.startsWith('Recordatorio'));
    expect(hostReminder.subject).toBe(`Recordatorio: ${asker.name} pidió unirse a ${club.clubName}`);
    expect(hostReminder.text).toContain(`Hola, ${club.hostName.split(' ')[0]}:`);
    // A chosen start, in the club's zone (a dateStyle given with timeZoneName used to make the job throw here).
    expect(hostReminder.text).toMatch(/^ {2}Quiere empezar: martes, \d{1,2} de [a-z]+ de \d{4}, 7:00 p\.\s?m\.\sC[DS]T$/m);
    // The link opens the Spanish page of the one-click unsubscribe; the mail reader's own stays the one-click address.
    expect(hostReminder.text).toMatch(/^- No quiero más recordatorios\n {2}http:\/\/[^/\s]+\/es\/unsubscribe\?token=/m);
    expect(hostReminder.headers.get('list-unsubscribe')).toMatch(/^<http:\/\/[^/\s]+\/api\/email-settings\/unsubscribe\?token=/);
    expect(htmlLanguage(hostReminder)).toBe('es');
    const englishReminder = await waitForParsedEmail((mail) => mail.to === english.hostEmail && mail.subject.startsWith('Reminder'));
    expect(englishReminder.subject).toBe(`Reminder: ${englishAsker.name} asked to join ${english.clubName}`);
    expect(englishReminder.text).toMatch(/^- Stop these reminders\n {2}http:\/\/[^/\s]+\/api\/email-settings\/unsubscribe\?token=/m);
    expect(englishReminder.text).toMatch(/^ {2}Would like to start: Tuesday, [A-Z][a-z]+ \d{1,2}, \d{4} at 7:00\sPM\sC[DS]T$/m);
    expect(htmlLanguage(englishReminder)).toBe('en');

    const guide = await insertListedGuide(testSql(), `Lucía Ramos ${unique()}`);
    await testSql()`update users set language = 'es' where id = ${guide.userId}`;
    const message = {
      name: 'Jordan Ellis',
      email: `visitor.${unique()}@example.com`,
      phone: null,
      reason: 'question',
      message: `Hola (${unique()})`,
    };
    expect((await request(`/api/guides/${guide.publicId}/messages`, { method: 'POST', json: message })).status).toBe(201);
    await runFollowUpsAfter(messageReplies.promisedReplyHours.guideMessage);
    const guideReminder = await waitForParsedEmail((mail) => mail.to === guide.email && mail.subject.startsWith('Recordatorio'));
    expect(guideReminder.subject).toBe(`Recordatorio: ${message.name} espera tu respuesta`);
    expect(guideReminder.text).toContain('  Teléfono: No lo indicó\n  Motivo: Una pregunta');
    expect(guideReminder.text).toMatch(/^Ya respondí: http/m);
    expect(htmlLanguage(guideReminder)).toBe('es');
  });
});
