import { PAGE_LANGUAGE_HEADER } from '#lib/shared/page-language.ts';

/**
 * The spec's request helper: any method, an optional JSON body, session cookies included, and the page's language
 * (`<html lang>`), which the server's messages answer in. A non-OK answer throws `Error("<status>: <body text or
 * status text>")`.
 */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: {
      ...pageLanguageHeaders(),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  return response;
}

/** The header naming the page's language (`<html lang>`), for a request made without apiRequest. */
export function pageLanguageHeaders(): Record<string, string> {
  return { [PAGE_LANGUAGE_HEADER]: document.documentElement.lang };
}

/** GET a URL and read its JSON, with the same error format. */
export async function getJson<T>(url: string): Promise<T> {
  const response = await apiRequest('GET', url);
  return (await response.json()) as T;
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text()) || response.statusText;
  throw new Error(`${response.status}: ${text}`);
}

/** The human sentence inside an error thrown by `apiRequest`: the server's `error.message` when it sent one. */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const body = error.message.replace(/^\d{3}: /, '');
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } };
    return typeof parsed.error?.message === 'string' ? parsed.error.message : undefined;
  } catch {
    return undefined;
  }
}

/** The per-field messages inside an error thrown by `apiRequest`, for `setError` on a form. */
export function serverFieldErrors(error: unknown): Record<string, string[]> {
  if (!(error instanceof Error)) return {};
  try {
    const parsed = JSON.parse(error.message.replace(/^\d{3}: /, '')) as { error?: { fieldErrors?: Record<string, string[]> } };
    return parsed.error?.fieldErrors ?? {};
  } catch {
    return {};
  }
}

/** The HTTP status inside an error thrown by `apiRequest` (undefined for a network failure). */
export function serverStatus(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = /^(\d{3}): /.exec(error.message);
  return match ? Number(match[1]) : undefined;
}
