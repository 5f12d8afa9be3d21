// The Spanish words of the API's messages (docs/decisions/041, "Messages of the API"), each under the English message
// it stands for, byte for byte as the schemas and endpoints write it. Server-only: no island imports it, so no Spanish
// reaches an English page's JavaScript. A message missing here is answered in English.

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
  // Free text (schemas/text.ts).
  [
    'Use one line of text: no line breaks, tabs or other control characters.',
    'Usa una sola línea de texto: sin saltos de línea, tabulaciones ni otros caracteres de control.',
  ],
  [
    'Use plain text: line breaks are fine, but no tabs or other control characters.',
    'Usa texto sin formato: se admiten saltos de línea, pero no tabulaciones ni otros caracteres de control.',
  ],
  // Contact form and messages to a guide (schemas/contact.ts, schemas/guides.ts).
  ['Name must be at least 2 characters', 'El nombre debe tener al menos 2 caracteres'],
  ['Name must be at most 100 characters', 'El nombre debe tener como máximo 100 caracteres'],
  ['Please enter a valid email address', 'Escribe un correo electrónico válido'],
  ['Please enter a valid phone number', 'Escribe un número de teléfono válido'],
  ['Coach name is required', 'El nombre del coach es obligatorio'],
  ['Coach name must be at most 100 characters', 'El nombre del coach debe tener como máximo 100 caracteres'],
  ['Message must be at least 10 characters', 'El mensaje debe tener al menos 10 caracteres'],
  ['Message must be at most 2000 characters', 'El mensaje debe tener como máximo 2000 caracteres'],
  ['Message must be at most 5000 characters', 'El mensaje debe tener como máximo 5000 caracteres'],
  ['Message must be text', 'El mensaje debe ser texto'],
  ['Please select a reason for contact', 'Elige el motivo de tu mensaje'],
  ['Pick a coach from the suggestions, or type their name', 'Elige un coach de las sugerencias o escribe su nombre'],
  ['Too many messages. Please try again later.', 'Demasiados mensajes. Inténtalo de nuevo más tarde.'],
  // The contact form's reasons (schemas/contact.ts' CONTACT_REASON_LABELS), which a Spanish /es/contact-us hands its island.
  ['Schedule a session', 'Agendar una sesión'],
  ['General question', 'Pregunta general'],
  ['Complaint', 'Queja'],
  ['Other', 'Otro'],
  // Ask to join (schemas/join-requests.ts, the endpoint).
  ['Choose when you would like to start', 'Elige cuándo te gustaría empezar'],
  [
    "That start is not one of the club's next sessions. Please choose again",
    'Ese comienzo no es una de las próximas sesiones del club. Elige de nuevo',
  ],
  ['Club not found.', 'Club no encontrado.'],
  ['Too many requests. Please try again later.', 'Demasiadas solicitudes. Inténtalo de nuevo más tarde.'],
  // Alerts (schemas/alerts.ts, schemas/clubs.ts' email, the endpoint, alerts' place).
  ['Valid email is required', 'Se necesita un correo electrónico válido'],
  ['Type a ZIP code or a city', 'Escribe un código postal o una ciudad'],
  ['Type at most 100 characters', 'Escribe como máximo 100 caracteres'],
  ['Choose 10, 25 or 50 miles', 'Elige 10, 25 o 50 millas'],
  ['Say whether online clubs count', 'Indica si cuentan los clubes en línea'],
  ['Choose a club', 'Elige un club'],
  ['Too many alerts from here. Please try again in an hour.', 'Demasiadas alertas desde aquí. Inténtalo de nuevo dentro de una hora.'],
  [
    'Type a ZIP code or a city in the state: a whole state is too large for an alert',
    'Escribe un código postal o una ciudad del estado: un estado entero es demasiado grande para una alerta',
  ],
  ['We could not find that place. Type a ZIP code or "City, ST"', 'No encontramos ese lugar. Escribe un código postal o "Ciudad, ST"'],
]);

/** Spanish for a message that carries what was typed: the English pattern, and the Spanish with its `$1`. */
export const SPANISH_PATTERNS: readonly (readonly [RegExp, string])[] = [
  [/^Which one\? Type the state too: (.+)$/s, '¿Cuál? Escribe también el estado: $1'],
  [/^We don't know the ZIP code (.+)\. Check it, or type a city$/s, 'No conocemos el código postal $1. Revísalo o escribe una ciudad'],
];
