// The Spanish words of the API's messages (docs/decisions/041, "Messages of the API"), each under the English message
// it stands for, byte for byte as the schemas and endpoints write it. Server-only: no island imports it, so no Spanish
// reaches an English page's JavaScript. A message missing here is answered in English.
import { FORM_MESSAGES_ES } from '#lib/shared/form-messages-es.ts';
import { countOf } from '#lib/shared/plural.ts';

/** Spanish for a message written the same every time. */
export const SPANISH_MESSAGES: ReadonlyMap<string, string> = new Map([
  // Every endpoint (platform/http/endpoint.ts, the middleware).
  ['Please correct the highlighted fields.', 'Corrige los campos señalados.'],
  ['Send the request body as application/json.', 'Envía el cuerpo de la solicitud como application/json.'],
  ['The request body is not valid JSON.', 'El cuerpo de la solicitud no es JSON válido.'],
  ['The request body could not be read.', 'No se pudo leer el cuerpo de la solicitud.'],
  ['The request body is larger than 16 KB.', 'El cuerpo de la solicitud ocupa más de 16 KB.'],
  ['Text cannot contain NUL characters.', 'El texto no puede contener caracteres NUL.'],
  ['Not found.', 'No encontrado.'],
  ['Too many attempts. Please try again later.', 'Demasiados intentos. Inténtalo de nuevo más tarde.'],
  [
    'The service is temporarily unavailable. Please try again in a moment.',
    'El servicio no está disponible en este momento. Inténtalo de nuevo en un momento.',
  ],
  ['Cross-site requests are not allowed.', 'No se permiten solicitudes desde otros sitios.'],
  // The account (schemas/account.ts).
  ['Choose English or Spanish', 'Elige inglés o español'],
  // The forms' field messages, which the Spanish islands also show from their own checks (#lib/shared/form-messages-es.ts).
  ...Object.entries(FORM_MESSAGES_ES),
  ['Too many messages. Please try again later.', 'Demasiados mensajes. Inténtalo de nuevo más tarde.'],
  // The contact form's reasons (schemas/contact.ts' CONTACT_REASON_LABELS), which a Spanish /es/contact-us hands its island.
  ['Schedule a session', 'Agendar una sesión'],
  ['General question', 'Pregunta general'],
  ['Complaint', 'Queja'],
  ['Other', 'Otro'],
  // Ask to join (the endpoint).
  [
    "That start is not one of the club's next sessions. Please choose again",
    'Ese comienzo no es una de las próximas sesiones del club. Elige de nuevo',
  ],
  ['Club not found.', 'Club no encontrado.'],
  ['Too many requests. Please try again later.', 'Demasiadas solicitudes. Inténtalo de nuevo más tarde.'],
  // Alerts (the endpoint, alerts' place); the fields' messages are in FORM_MESSAGES_ES.
  ['Choose a club', 'Elige un club'],
  ['Too many alerts from here. Please try again in an hour.', 'Demasiadas alertas desde aquí. Inténtalo de nuevo dentro de una hora.'],
  [
    'Type a ZIP code or a city in the state: a whole state is too large for an alert',
    'Escribe un código postal o una ciudad del estado: un estado entero es demasiado grande para una alerta',
  ],
  ['We could not find that place. Type a ZIP code or "City, ST"', 'No encontramos ese lugar. Escribe un código postal o "Ciudad, ST"'],
  // A club member's links and their pages' buttons (api/members/*).
  ['This link is not valid.', 'Este enlace no es válido.'],
  ['This link is not valid, or you have left the club.', 'Este enlace no es válido, o ya dejaste el club.'],
  ['This link is not valid, or you have left the club already.', 'Este enlace no es válido, o ya habías dejado el club.'],
  ['This link is not valid, or you were removed already.', 'Este enlace no es válido, o ya te habían quitado del club.'],
  ['This session is cancelled: there is nothing to answer.', 'Esta sesión está cancelada: no hay nada que responder.'],
  ['This session has begun: it can no longer be answered.', 'Esta sesión ya empezó: ya no se puede responder.'],
  ['This session is no longer on the club’s schedule.', 'Esta sesión ya no está en el calendario del club.'],
  [
    'This session cannot be answered: it is cancelled, has begun, or is not the club’s.',
    'No se puede responder a esta sesión: está cancelada, ya empezó o no es del club.',
  ],
  ['Choose one of the club’s next sessions', 'Elige una de las próximas sesiones del club'],
  ['Choose coming or can’t make it', 'Elige si vas a ir o no puedes ir'],
  ['Choose on or off', 'Elige activar o desactivar'],
  // The area search (schemas/licensing.ts, /api/areas, /api/licences, licensing's reservations, auth's email confirmation).
  ['Choose an area from the suggestions', 'Elige una zona de las sugerencias'],
  ['Type a ZIP code, county or state', 'Escribe un código postal, un condado o un estado'],
  ['Type at most 100 characters', 'Escribe como máximo 100 caracteres'],
  ['Choose a shared or exclusive licence', 'Elige una licencia compartida o exclusiva'],
  ['No ZIP code, county or state has this id.', 'Ningún código postal, condado o estado tiene este identificador.'],
  ['The District of Columbia cannot be licensed.', 'El Distrito de Columbia no admite licencias.'],
  ['Unauthorized: please sign in.', 'No autorizado: inicia sesión.'],
  ['You already hold a licence for this area: see My Licences.', 'Ya tienes una licencia para esta zona: mírala en My Licences.'],
  [
    'You have reserved and cancelled many times in the last hour. Please try again later.',
    'Has reservado y cancelado muchas veces en la última hora. Inténtalo de nuevo más tarde.',
  ],
  ['Your email address is already confirmed.', 'Tu correo electrónico ya está confirmado.'],
  [
    'We have sent several links already. Please use the latest one, or ask again in an hour.',
    'Ya te enviamos varios enlaces. Usa el más reciente o pide otro dentro de una hora.',
  ],
  // Sign-in and password reset (/api/login, /api/clubs/forgot-password, /api/clubs/reset-password, password-policy.ts).
  ['Invalid credentials', 'Los datos de acceso no son correctos'],
  ['Too many sign-in attempts. Please try again later.', 'Demasiados intentos de inicio de sesión. Inténtalo de nuevo más tarde.'],
  [
    'Too many reset requests. Please try again later.',
    'Demasiadas solicitudes para restablecer la contraseña. Inténtalo de nuevo más tarde.',
  ],
  [
    'This reset link is invalid or has expired. Ask for a new one.',
    'Este enlace para restablecer la contraseña no es válido o ya caducó. Pide uno nuevo.',
  ],
  ['This password is too common. Please choose another.', 'Esta contraseña es demasiado común. Elige otra.'],
  [
    "This password is too close to the site's name. Please choose another.",
    'Esta contraseña se parece demasiado al nombre del sitio. Elige otra.',
  ],
  [
    'This password only repeats the same characters. Please choose another.',
    'Esta contraseña solo repite los mismos caracteres. Elige otra.',
  ],
  ['This password contains your name or email. Please choose another.', 'Esta contraseña contiene tu nombre o tu correo. Elige otra.'],
  ["The admin's password must be at least 12 characters", 'La contraseña de administración debe tener al menos 12 caracteres'],
  // The buttons of the email links' pages (/api/auth/confirm-email, /api/auth/cancel-email-change).
  ['This confirmation link is not valid.', 'Este enlace de confirmación no es válido.'],
  ['This confirmation link has been used or has expired.', 'Este enlace de confirmación ya se usó o ya caducó.'],
  [
    'Another account uses this email address now, so the change cannot be made.',
    'Otra cuenta usa ahora esta dirección de correo, así que no se puede hacer el cambio.',
  ],
  ['This link has been used already.', 'Este enlace ya se usó.'],
  [
    'The email has been changed already: contact us to get the account back.',
    'El correo ya se cambió: escríbenos para recuperar la cuenta.',
  ],
  // The buttons of the alert emails' pages and the one-click unsubscribe links (alerts/, email-settings/); their
  // 'This link is not valid.' is the members' above.
  ['Choose an alert', 'Elige una alerta'],
  ['This alert has been deleted. Set up a new one from the directory.', 'Esta alerta se borró. Crea una nueva desde el directorio.'],
  [
    'This alert has ended or been deleted. Set up a new one from the directory.',
    'Esta alerta terminó o se borró. Crea una nueva desde el directorio.',
  ],
]);

/** A Spanish replacement: a text with `$1`…, or a function of the match and its groups. */
type Replacement = string | ((match: string, ...groups: string[]) => string);

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** A date as the server writes it in English (`dateStyle: 'long'`, UTC: "March 3, 2027"). */
const DATE = `(?:${MONTHS.join('|')}) \\d{1,2}, \\d{4}`;
const spanishDate = new Intl.DateTimeFormat('es-US', { dateStyle: 'long', timeZone: 'UTC' });
/** "March 3, 2027" → "3 de marzo de 2027". */
function dateEs(english: string): string {
  const [, month = '', day = '', year = ''] = /^(\w+) (\d+), (\d+)$/.exec(english) ?? [];
  return spanishDate.format(Date.UTC(Number(year), MONTHS.indexOf(month), Number(day)));
}

/** An area's exclusive licence as availability.ts says it after "is": held until a date, or reserved awaiting payment. */
const HELD = `held exclusively until (${DATE})|reserved exclusively \\(awaiting payment until (${DATE})\\)`;
const heldEs = (held?: string, reserved?: string) =>
  held
    ? `tiene licencia exclusiva hasta el ${dateEs(held)}`
    : `tiene una reserva exclusiva (pendiente de pago hasta el ${dateEs(reserved!)})`;
/** The shared licences as availability.ts counts them: "1 coach holds a shared licence", "3 coaches hold shared licences". */
const COACHES = '([\\d,]+) (?:coach holds a shared licence|coaches hold shared licences)';
const coachesEs = (count: string) =>
  countOf(
    Number(count.replace(/,/g, '')),
    { one: 'coach tiene una licencia compartida', other: 'coaches tienen licencias compartidas' },
    'es-US',
  );
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Spanish for a message that carries what was typed or what the server read (a ZIP code, an area, a date): the English
 * pattern, and the Spanish with its `$1`, or a function for one that writes a date or a count again in Spanish.
 */
export const SPANISH_PATTERNS: readonly (readonly [RegExp, Replacement])[] = [
  [/^Which one\? Type the state too: (.+)$/s, '¿Cuál? Escribe también el estado: $1'],
  [/^We don't know the ZIP code (.+)\. Check it, or type a city$/s, 'No conocemos el código postal $1. Revísalo o escribe una ciudad'],
  // The area search's notes and an area that cannot be licensed (licensing's areas-read-model.ts).
  [/^No ZIP code, county or state matches "(.+)"\.$/s, 'Ningún código postal, condado o estado coincide con "$1".'],
  [/^No ZIP code starts with (\d+)\.$/, 'Ningún código postal empieza por $1.'],
  [
    /^ZIP (\d+) is not a ZIP code of the 50 states that the census counts\. Search for its county or state instead\.$/,
    'El $1 no es un código postal de los 50 estados que cuenta el censo. Busca su condado o su estado.',
  ],
  [
    /^ZIP (\d+) is in the District of Columbia, which cannot be licensed\.$/,
    'El código postal $1 está en el Distrito de Columbia, que no admite licencias.',
  ],
  [
    /^ZIP (\d+) has no census population\. Search for its county instead\.$/,
    'El código postal $1 no tiene población en el censo. Busca su condado.',
  ],
  [
    /^ZIP (\d+) has no census population\. It can be licensed as part of its county, (.+)\.$/s,
    'El código postal $1 no tiene población en el censo. Puedes obtener su licencia como parte de su condado, $2.',
  ],
  // Why a kind of licence is not available (licensing's availability.ts), on the area card and in a refusal (409).
  [new RegExp(`^Held exclusively until (${DATE})$`), (_, date: string) => `Con licencia exclusiva hasta el ${dateEs(date)}`],
  [
    new RegExp(`^Reserved exclusively \\(awaiting payment until (${DATE})\\)$`),
    (_, date: string) => `Con reserva exclusiva (pendiente de pago hasta el ${dateEs(date)})`,
  ],
  [
    new RegExp(`^Inside (.+), which is (?:${HELD})$`, 's'),
    (_, area: string, held?: string, reserved?: string) => `Dentro de ${area}, que ${heldEs(held, reserved)}`,
  ],
  [
    new RegExp(`^(.+), inside this area, is (?:${HELD})$`, 's'),
    (_, area: string, held?: string, reserved?: string) => `${area}, dentro de esta zona, ${heldEs(held, reserved)}`,
  ],
  [new RegExp(`^${COACHES} here$`), (_, count: string) => `${capitalized(coachesEs(count))} aquí`],
  [new RegExp(`^Inside (.+), where ${COACHES}$`, 's'), (_, area: string, count: string) => `Dentro de ${area}, donde ${coachesEs(count)}`],
  [new RegExp(`^${COACHES} inside this area$`), (_, count: string) => `${capitalized(coachesEs(count))} dentro de esta zona`],
  // A reservation refused (licensing's reservations.ts, auth's email confirmations).
  [
    /^Please confirm your email address first: we sent a link to (.+)\. Open it, then reserve\.$/s,
    'Primero confirma tu correo electrónico: te enviamos un enlace a $1. Ábrelo y luego reserva.',
  ],
  [
    /^Your connection has made (\d+) reservations today, the most we accept in a day\. Please try again tomorrow\.$/,
    'Tu conexión ya hizo $1 reservas hoy, el máximo que aceptamos en un día. Inténtalo de nuevo mañana.',
  ],
  [
    /^You already have (\d+) reservations awaiting payment\. Pay for one or cancel one on My Licences before you reserve another area\.$/,
    'Ya tienes $1 reservas pendientes de pago. Paga o cancela una en My Licences antes de reservar otra zona.',
  ],
  [
    new RegExp(`^Your reservation of (.+) lapsed unpaid on (${DATE})\\. You can reserve it again from (${DATE})\\.$`, 's'),
    (_, area: string, lapsed: string, again: string) =>
      `Tu reserva de ${area} venció sin pagarse el ${dateEs(lapsed)}. Puedes volver a reservarla a partir del ${dateEs(again)}.`,
  ],
];
