import type { z } from 'zod';
import { es as spanishZod } from 'zod/locales';
import type { Language } from '#lib/shared/languages.ts';
import { requestLanguage } from './request-language.ts';

/** Largest JSON body any endpoint accepts. */
export const MAX_JSON_BYTES = 16 * 1024;

export type FieldErrors = Record<string, string[]>;

/** The headers of every JSON answer: API answers are per request, never cached. */
const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } as const;

/** A JSON response. */
export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return jsonText(JSON.stringify(data), status, headers);
}

/** A JSON response whose body is JSON text already (written by PostgreSQL), sent as it is. */
export function jsonText(text: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(text, { status, headers: { ...JSON_HEADERS, ...headers } });
}

/** The one error shape of every endpoint: `{ error: { message, fieldErrors? } }`. */
export function errorResponse(status: number, message: string, fieldErrors?: FieldErrors): Response {
  return json({ error: fieldErrors ? { message, fieldErrors } : { message } }, status);
}

/**
 * A refusal, thrown where it is found: the middleware answers it in the one error shape, so an endpoint reads top-down
 * (authorize, parse, act, respond) and never hands a refusal back up by hand.
 */
export class HttpError extends Error {
  readonly status: number;
  /** The messages of the fields at fault, when the refusal is about a form's fields. */
  readonly fieldErrors: FieldErrors | undefined;

  constructor(status: number, message: string, fieldErrors?: FieldErrors) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.fieldErrors = fieldErrors;
  }

  /** The answer the client gets: `{ error: { message, fieldErrors? } }` with the refusal's status. */
  toResponse(): Response {
    return errorResponse(this.status, this.message, this.fieldErrors);
  }
}

/** Throws a 400 with `problem` under `field`, as the schema's own messages are, when there is one. */
export function refuseField(field: string, problem: string | null): void {
  if (problem) throw new HttpError(400, 'Please correct the highlighted fields.', { [field]: [problem] });
}

export const notFound = (message = 'Not found.') => errorResponse(404, message);
/** What an API call answers while the database is unreachable: the server's state, not the client's fault. */
export const serviceUnavailable = () => errorResponse(503, 'The service is temporarily unavailable. Please try again in a moment.');
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please try again later.';
/** 429 with Retry-After: a rate limit (src/lib/server/platform/rate-limits) is used up. rate-limited.ts throws it. */
export function tooManyRequests(retryAfterSeconds: number, message = TOO_MANY_ATTEMPTS): Response {
  return withRetryAfter(errorResponse(429, message), retryAfterSeconds);
}

/** 503 with Retry-After: this instance is busy with work of the same kind (a queue is full), not failing. */
export function busy(retryAfterSeconds: number, message: string): Response {
  return withRetryAfter(errorResponse(503, message), retryAfterSeconds);
}

function withRetryAfter(response: Response, retryAfterSeconds: number): Response {
  response.headers.set('retry-after', String(retryAfterSeconds));
  return response;
}

/**
 * A body's bytes, at most `limit`: `oversize()` is thrown when it is larger (before reading, when Content-Length says
 * so), a 400 when it cannot be read.
 */
export async function readBodyBytes(request: Request, limit: number, oversize: () => HttpError): Promise<Buffer> {
  if (Number(request.headers.get('content-length') ?? 0) > limit) throw oversize();
  try {
    return await readLimited(request, limit);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw oversize();
    throw new HttpError(400, 'The request body could not be read.');
  }
}

/** A body's text, at most MAX_JSON_BYTES; a 413 when it is larger, a 400 when it cannot be read. */
async function readBodyText(request: Request): Promise<string> {
  return new TextDecoder('utf-8', { fatal: false }).decode(await readBodyBytes(request, MAX_JSON_BYTES, tooLarge));
}

/**
 * Reads a JSON body (at most MAX_JSON_BYTES) and validates it with the payload's shared schema. Anything a client can
 * send ends as data or as a thrown HttpError (400, 413, 415), never as another error.
 */
export async function parseJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) throw new HttpError(415, 'Send the request body as application/json.');
  const text = await readBodyText(request);

  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }

  return validate(schema, body, requestLanguage(request));
}

/**
 * Reads an HTML form's body (application/x-www-form-urlencoded, at most MAX_JSON_BYTES) and validates its fields (the
 * first value of each) with the payload's shared schema, as parseJsonBody does for JSON: for forms that work without
 * JavaScript.
 */
export async function parseFormBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  return validate(schema, await readFormFields(request), requestLanguage(request));
}

/** An HTML form's fields (application/x-www-form-urlencoded, at most MAX_JSON_BYTES), the first value of each. */
export async function readFormFields(request: Request): Promise<Record<string, string>> {
  const params = new URLSearchParams(await readBodyText(request));
  return Object.fromEntries([...params.keys()].map((key) => [key, params.get(key)!]));
}

/** Whether a request's body is an HTML form's (application/x-www-form-urlencoded). */
export const isFormBody = (request: Request) => /^application\/x-www-form-urlencoded\b/i.test(request.headers.get('content-type') ?? '');

/**
 * Validates already-read data with a payload's schema: the data, or a thrown 400 with the field messages. The messages
 * the schema words itself are English, made Spanish on the way out (localized-errors.ts); zod's own, for what the
 * schema leaves unworded, are in `language` here.
 */
export function validate<S extends z.ZodType>(schema: S, data: unknown, language: Language = 'en'): z.output<S> {
  refuseNul(data);
  const result = schema.safeParse(data, language === 'es' ? { error: SPANISH_ZOD.localeError } : undefined);
  if (!result.success) throw new HttpError(400, 'Please correct the highlighted fields.', fieldErrorsOf(result.error));
  return result.data;
}

const SPANISH_ZOD = spanishZod();

const NUL_MESSAGE = 'Text cannot contain NUL characters.';

/**
 * PostgreSQL text cannot hold U+0000, so a NUL that passed the schema would fail at the database as a 500. Every
 * payload and query string is refused here instead, naming the first field (or `_form`) that carries one.
 */
function refuseNul(data: unknown): void {
  const path = nulPath(data);
  if (path) throw new HttpError(400, NUL_MESSAGE, { [path.join('.') || '_form']: [NUL_MESSAGE] });
}

type Visit = { value: unknown; key?: string; parent?: Visit };

/** The path to the first string holding U+0000 (a key holding one counts as its object's), walked without recursion. */
function nulPath(data: unknown): string[] | null {
  const pending: Visit[] = [{ value: data }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const { value } = visit;
    if (typeof value === 'string' && value.includes('\0')) return pathOf(visit);
    if (typeof value !== 'object' || value === null) continue;
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\0')) return pathOf(visit);
      pending.push({ value: item, key, parent: visit });
    }
  }
  return null;
}

function pathOf(visit: Visit): string[] {
  const path: string[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.unshift(at.key);
  return path;
}

/** zod issues as `{ field: [messages] }`; problems with the body as a whole go under `_form`. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_form';
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return fieldErrors;
}

class BodyTooLargeError extends Error {}

const tooLarge = () => new HttpError(413, `The request body is larger than ${MAX_JSON_BYTES / 1024} KB.`);

async function readLimited(request: Request, limit: number): Promise<Buffer> {
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Validates a URL's query parameters (the first value of each) with a schema, as JSON bodies are (a NUL anywhere is a
 * 400): the data, or a thrown 400 whose message is the first problem found, so a client that shows only the message
 * still says what to fix.
 */
export function parseQuery<S extends z.ZodType>(url: URL, schema: S): z.output<S> {
  const params = Object.fromEntries([...url.searchParams.keys()].map((key) => [key, url.searchParams.get(key)]));
  refuseNul(params);
  const result = schema.safeParse(params);
  if (!result.success) throw new HttpError(400, result.error.issues[0]!.message, fieldErrorsOf(result.error));
  return result.data;
}
