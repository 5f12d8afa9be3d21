import type { Language } from '#lib/shared/languages.ts';
import type { FieldErrors } from './endpoint.ts';
import { SPANISH_MESSAGES, SPANISH_PATTERNS } from './messages-es.ts';

// The API's error messages in the request's language (docs/decisions/041, "Messages of the API"): every endpoint and
// schema words its messages in English, and a Spanish request's answer has them swapped for their Spanish twins on
// the way out, with the same status and field keys. English answers are left as they are, byte for byte.

/** A message in `language`: its Spanish twin when there is one, else the English message. */
export function localizedMessage(message: string, language: Language): string {
  if (language === 'en') return message;
  const spanish = SPANISH_MESSAGES.get(message);
  if (spanish !== undefined) return spanish;
  const pattern = SPANISH_PATTERNS.find(([english]) => english.test(message));
  if (!pattern) return message;
  const [english, replacement] = pattern;
  return typeof replacement === 'string' ? message.replace(english, replacement) : message.replace(english, replacement);
}

interface ErrorBody {
  error: { message: string; fieldErrors?: FieldErrors };
}

const isErrorBody = (body: unknown): body is ErrorBody => typeof (body as ErrorBody | null)?.error?.message === 'string';

/**
 * An endpoint's answer in `language`: a refusal's `{ error: { message, fieldErrors } }` with each message in that
 * language; any other answer, and every English one, unchanged.
 */
export async function localizeErrorResponse(response: Response, language: Language): Promise<Response> {
  if (language === 'en' || response.ok || !/^application\/json\b/i.test(response.headers.get('content-type') ?? '')) return response;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  if (!isErrorBody(body)) return response;
  const { message, fieldErrors } = body.error;
  const error = {
    message: localizedMessage(message, language),
    ...(fieldErrors && {
      fieldErrors: Object.fromEntries(
        Object.entries(fieldErrors).map(([field, messages]) => [field, messages.map((each) => localizedMessage(each, language))]),
      ),
    }),
  };
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify({ ...body, error }), { status: response.status, statusText: response.statusText, headers });
}
