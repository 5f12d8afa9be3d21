// Spanish for the field messages of the shared schemas that the Spanish pages' forms check in the browser before they
// send (docs/decisions/041): the same words the server answers with (platform/http/messages-es.ts spreads this list
// into its catalogue), keyed by the English message byte for byte. Imported only by Spanish islands' entries and the
// server, so no English page's JavaScript carries it.

/** Spanish for a field message of a form, under its English message. */
export const FORM_MESSAGES_ES: Readonly<Record<string, string>> = {
  // Free text (schemas/text.ts).
  'Use one line of text: no line breaks, tabs or other control characters.':
    'Usa una sola línea de texto: sin saltos de línea, tabulaciones ni otros caracteres de control.',
  'Use plain text: line breaks are fine, but no tabs or other control characters.':
    'Usa texto sin formato: se admiten saltos de línea, pero no tabulaciones ni otros caracteres de control.',
  // Contact form, messages to a guide and Ask to join (schemas/contact.ts, schemas/guides.ts, schemas/join-requests.ts).
  'Name must be at least 2 characters': 'El nombre debe tener al menos 2 caracteres',
  'Name must be at most 100 characters': 'El nombre debe tener como máximo 100 caracteres',
  'Please enter a valid email address': 'Escribe un correo electrónico válido',
  'Please enter a valid phone number': 'Escribe un número de teléfono válido',
  'Coach name is required': 'El nombre del coach es obligatorio',
  'Coach name must be at most 100 characters': 'El nombre del coach debe tener como máximo 100 caracteres',
  'Message must be at least 10 characters': 'El mensaje debe tener al menos 10 caracteres',
  'Message must be at most 2000 characters': 'El mensaje debe tener como máximo 2000 caracteres',
  'Message must be at most 5000 characters': 'El mensaje debe tener como máximo 5000 caracteres',
  'Message must be text': 'El mensaje debe ser texto',
  'Please select a reason for contact': 'Elige el motivo de tu mensaje',
  'Pick a coach from the suggestions, or type their name': 'Elige un coach de las sugerencias o escribe su nombre',
  'Choose when you would like to start': 'Elige cuándo te gustaría empezar',
  // Report a problem (schemas/reports.ts).
  'Please select a reason': 'Elige un motivo',
  'Details must be text': 'Los detalles deben ser texto',
  'Details must be at most 2000 characters': 'Los detalles deben tener como máximo 2000 caracteres',
  'Please tell us what is wrong': 'Cuéntanos qué está mal',
  // Alerts (schemas/alerts.ts, schemas/clubs.ts' email).
  'Valid email is required': 'Se necesita un correo electrónico válido',
  'Type a ZIP code or a city': 'Escribe un código postal o una ciudad',
  'Type at most 100 characters': 'Escribe como máximo 100 caracteres',
  'Choose 10, 25 or 50 miles': 'Elige 10, 25 o 50 millas',
  'Say whether online clubs count': 'Indica si cuentan los clubes en línea',
  // Sign-in and password reset (schemas/auth.ts' loginSchema, schemas/clubs.ts' password fields and reset link).
  'Email or username is required': 'Escribe tu correo electrónico o tu nombre de usuario',
  'Email or username is too long': 'El correo electrónico o el nombre de usuario es demasiado largo',
  'Password is required': 'Escribe tu contraseña',
  'Password is too long': 'La contraseña es demasiado larga',
  'Password must be at least 6 characters': 'La contraseña debe tener al menos 6 caracteres',
  'Password must be at most 200 characters': 'La contraseña debe tener como máximo 200 caracteres',
  "Passwords don't match": 'Las contraseñas no coinciden',
  'This reset link is not valid': 'Este enlace para restablecer la contraseña no es válido',
};
