import { createHash, randomBytes } from 'node:crypto';
import { Lucia, TimeSpan, type DatabaseSession, type DatabaseUser } from 'lucia';
import { PostgresJsAdapter } from '@lucia-auth/adapter-postgresql';
import type { AstroCookies } from 'astro';
import { db, type Sql } from '#server/db/db.ts';
import { publicOriginIsHttps } from '#server/http/origin.ts';
import type { Role, User } from './users.ts';

// Lucia stays inside this file so it can be swapped out without touching pages or endpoints.

export const SESSION_COOKIE = 'fk_session';
/**
 * A readable, secret-free companion of the session cookie: it lets static pages skip asking /api/auth/user (and
 * logging a 401) for the many visitors who are not signed in.
 */
export const SIGNED_IN_HINT_COOKIE = 'fk_signed_in';
const SESSION_LIFETIME = new TimeSpan(30, 'd');

interface DatabaseUserAttributes {
  email: string;
  username: string | null;
  role: Role;
}

declare module 'lucia' {
  interface Register {
    Lucia: ReturnType<typeof createLucia>;
    DatabaseUserAttributes: DatabaseUserAttributes;
  }
}

interface SessionUserRow {
  id: string;
  user_id: string;
  expires_at: Date;
  email: string;
  username: string | null;
  role: Role;
}

/**
 * Lucia's PostgreSQL adapter with its session check, which every signed-in request makes, as one prepared query:
 * the adapter's own is two unprepared queries (the session, then its user), each parsed and planned anew, and it
 * read the whole user row, password hash included.
 */
class SessionAdapter extends PostgresJsAdapter {
  readonly #sql: Sql;

  constructor(sql: Sql) {
    super(sql, { user: 'users', session: 'user_sessions' });
    this.#sql = sql;
  }

  async getSessionAndUser(sessionId: string): Promise<[DatabaseSession | null, DatabaseUser | null]> {
    const [row] = await this.#sql<SessionUserRow[]>`
      select s.id, s.user_id, s.expires_at, u.email, u.username, u.role
      from user_sessions s
      join users u on u.id = s.user_id
      where s.id = ${sessionId}`;
    if (!row) return [null, null];
    return [
      { id: row.id, userId: row.user_id, expiresAt: row.expires_at, attributes: {} },
      { id: row.user_id, attributes: { email: row.email, username: row.username, role: row.role } },
    ];
  }
}

function createLucia() {
  return new Lucia(new SessionAdapter(db()), {
    sessionExpiresIn: SESSION_LIFETIME,
    sessionCookie: { name: SESSION_COOKIE },
    getUserAttributes: (attributes) => ({
      email: attributes.email,
      username: attributes.username,
      role: attributes.role,
    }),
  });
}

let lucia: ReturnType<typeof createLucia> | undefined;
const getLucia = () => (lucia ??= createLucia());

export interface Session {
  id: string;
  expiresAt: Date;
  /** True when the expiry was just extended and the cookie must be sent again. */
  fresh: boolean;
}

/** The database id of a session: the SHA-256 of its cookie token, so a leaked table holds no usable session. */
export function sessionIdFromToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Starts a new session for the user and returns the token for the cookie. */
export async function createSession(userId: string): Promise<{ token: string; session: Session }> {
  const token = randomBytes(32).toString('base64url');
  const session = await getLucia().createSession(userId, {}, { sessionId: sessionIdFromToken(token) });
  return { token, session: { id: session.id, expiresAt: session.expiresAt, fresh: session.fresh } };
}

/** The user and session behind a cookie token, or nulls when it is unknown or expired. */
export async function validateSessionToken(token: string): Promise<{ user: User; session: Session } | { user: null; session: null }> {
  const { user, session } = await getLucia().validateSession(sessionIdFromToken(token));
  if (!user || !session) return { user: null, session: null };
  return {
    user: { id: user.id, email: user.email, username: user.username, role: user.role },
    session: { id: session.id, expiresAt: session.expiresAt, fresh: session.fresh },
  };
}

/** Ends one session. */
export function invalidateSession(sessionId: string): Promise<void> {
  return getLucia().invalidateSession(sessionId);
}

/** Whether cookies must be Secure: the request came over https, or the site's public origin is https. */
const servedOverHttps = (url: URL) => url.protocol === 'https:' || publicOriginIsHttps();

/**
 * The session cookie's name: over https `__Host-fk_session`, which browsers accept only when Secure, Path=/ and
 * without Domain, so neither a sibling subdomain nor a plain-http response can plant or overwrite it.
 */
export const sessionCookieName = (url: URL) => (servedOverHttps(url) ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE);

/** The session token the request's cookie carries, read under the one name that applies. */
export const readSessionToken = (cookies: AstroCookies, url: URL): string | undefined => cookies.get(sessionCookieName(url))?.value;

/** Sets the session cookie: HttpOnly, SameSite=Lax, Path=/, and Secure whenever the site is served over https. */
export function setSessionCookie(cookies: AstroCookies, url: URL, token: string, expiresAt: Date): void {
  const secure = servedOverHttps(url);
  cookies.set(sessionCookieName(url), token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    expires: expiresAt,
  });
  cookies.set(SIGNED_IN_HINT_COOKIE, '1', { sameSite: 'lax', path: '/', secure, expires: expiresAt });
}

/** Clears the session cookie with the same attributes it was set with. */
export function clearSessionCookie(cookies: AstroCookies, url: URL): void {
  const secure = servedOverHttps(url);
  cookies.delete(sessionCookieName(url), { httpOnly: true, sameSite: 'lax', path: '/', secure });
  cookies.delete(SIGNED_IN_HINT_COOKIE, { sameSite: 'lax', path: '/', secure });
}
