// Where a sign-in sends its reader back to (issue 41 item 1, docs/security.md "Sign-in from a link"): a page that needs a sign-in, reached
// signed out from an email's link, links to the sign-in with `?return=` its own path, query and anchor. The value comes
// from the address bar, so anyone can write it: only a path of this site's pages is ever followed (no open redirect).
// Zod-free and server-free: the islands and the pages both read it.

/** The query parameter of the sign-in pages that says where to go back to. */
export const RETURN_PARAM = 'return';

/** The longest return address kept; anything longer is not a link the site wrote. */
const MAX_RETURN_LENGTH = 2000;

/** A base no real address has, to tell a path of this site from an address elsewhere once the URL parser has read it. */
const BASE = 'https://return.invalid';

/**
 * Starts another host: "//evil.example" and "/\evil.example" are network-path references a browser follows off the site
 * (it reads "\" as "/" in an http URL).
 */
const OFF_SITE = /^[/\\]{2}|^\/\\/;

/** Whitespace and control characters, which browsers drop from URLs ("/\t/evil" is "//evil" to them). */
const INVISIBLE = /[\s\p{Cc}\p{Cf}]/u;

/** A path of the JSON API, however it is cased ("/API/…" is redirected to "/api/…"). */
const isApiPath = (path: string) => /^\/api(?:[/?#]|$)/i.test(path);

/** Each reading of the value a browser or server might make: as given, then percent-decoded up to three times. */
function readings(value: string): string[] | null {
  const found = [value];
  let current = value;
  for (let round = 0; round < 3; round += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (decoded === current) break;
    found.push(decoded);
    current = decoded;
  }
  return found;
}

/**
 * The same-site page path (with its query and anchor) that `value` names, normalised as a browser reads it; null for
 * anything else: another site's address in any spelling ("https://evil.example", "//evil.example", "/\\evil",
 * "/%2F%2Fevil.example", "/%5Cevil"), a script URL, a value with whitespace, control characters or backslashes, one
 * over 2,000 characters, or a path of the JSON API (`/api/…`), where a person has nothing to read.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_RETURN_LENGTH) return null;
  if (!value.startsWith('/')) return null;
  const seen = readings(value);
  if (!seen) return null;
  for (const reading of seen) {
    if (OFF_SITE.test(reading) || reading.includes('\\') || INVISIBLE.test(reading) || isApiPath(reading)) return null;
  }
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "/.//evil.example" is read as the path "//evil.example": refuse what the parser made of it, not only what was typed.
  if (OFF_SITE.test(path) || isApiPath(url.pathname)) return null;
  return path;
}

/** Who a sign-in is for: hosts and guides (one form takes both) or the administrator. */
export type SignInKind = 'host' | 'admin';

/** The sign-in page for `kind`, bringing its reader back to `returnTo` (already a safe path) once signed in. */
export function signInPath(kind: SignInKind, returnTo: string | null): string {
  const params = new URLSearchParams(kind === 'host' ? { signin: 'true' } : {});
  if (returnTo) params.set(RETURN_PARAM, returnTo);
  const query = params.toString();
  return `${kind === 'host' ? '/club-registration' : '/login'}${query ? `?${query}` : ''}`;
}
