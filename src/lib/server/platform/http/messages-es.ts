// The Spanish words of the API's messages (docs/decisions/041, "Messages of the API"), each under the English message
// it stands for, byte for byte as the schemas and endpoints write it. Server-only: no island imports it, so no Spanish
// reaches an English page's JavaScript. A message missing here is answered in English.
import { FORM_MESSAGES_ES } from '#lib/shared/form-messages-es.ts';

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
  // The buttons of the alert emails' pages and the one-click unsubscribe links (alerts/, email-settings/).
  ['This link is not valid.', 'Este enlace no es válido.'],
  ['Choose an alert', 'Elige una alerta'],
  ['This alert has been deleted. Set up a new one from the directory.', 'Esta alerta se borró. Crea una nueva desde el directorio.'],
  [
    'This alert has ended or been deleted. Set up a new one from the directory.',
    'Esta alerta terminó o se borró. Crea una nueva desde el directorio.',
  ],
]);

/** Spanish for a message that carries what was typed: the English pattern, and the Spanish with its `$1`. */
export const SPANISH_PATTERNS: readonly (readonly [RegExp, string])[] = [
  [/^Which one\? Type the state too: (.+)$/s, '¿Cuál? Escribe también el estado: $1'],
  [/^We don't know the ZIP code (.+)\. Check it, or type a city$/s, 'No conocemos el código postal $1. Revísalo o escribe una ciudad'],
];
