import { createHash, randomBytes } from 'node:crypto';
import { Lucia, TimeSpan } from 'lucia';
import { PostgresJsAdapter } from '@lucia-auth/adapter-postgresql';
import type { AstroCookies } from 'astro';
import { db, type Sql } from '#server/platform/db/db.ts';
import { publicOriginIsHttps } from '#server/platform/http/origin.ts';
import type { SessionSummary } from '#lib/auth/session-types.ts';
import { notSignedIn } from './authorize.ts';
import { describeUserAgent, storedUserAgent } from './user-agents.ts';
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

/** Lucia's PostgreSQL adapter on our tables; it still ends sessions, while creating and checking them is ours (below). */
class SessionAdapter extends PostgresJsAdapter {
  constructor(sql: Sql) {
    super(sql, { user: 'users', session: 'user_sessions' });
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
  /** When the session ends at the latest (its absolute lifetime): the cookie's expiry. */
  expiresAt: Date;
}

/**
 * How long a session lasts from sign-in (absolute) and without use (idle), by role (ASVS 3.3): nothing slides the
 * absolute end, and the admin's are short. Lucia 3 knows only one sliding expiry, so sessions are created and
 * checked here, in SQL of our own (docs/decisions/016).
 */
const MEMBER_LIMITS = { absolute: SESSION_LIFETIME, idle: new TimeSpan(7, 'd') };
const SESSION_LIMITS: Record<Role, { absolute: TimeSpan; idle: TimeSpan }> = {
  host: MEMBER_LIMITS,
  guide: MEMBER_LIMITS,
  admin: { absolute: new TimeSpan(12, 'h'), idle: new TimeSpan(1, 'h') },
};

/**
 * A session's last use is written at most once a minute: a busy session costs one small write a minute, not one per
 * request; the idle timeout therefore counts from up to a minute before the last request.
 */
const LAST_USED_PRECISION_MS = 60_000;

interface StoredSession {
  id: string;
  createdAt: Date;
  lastUsedAt: Date;
  role: Role;
}

/** Where a stored session ends: its absolute end or its idle end, whichever comes first. */
function sessionEnds(session: StoredSession): { absoluteEnd: Date; end: Date } {
  const limits = SESSION_LIMITS[session.role];
  const absoluteEnd = new Date(session.createdAt.getTime() + limits.absolute.milliseconds());
  const idleEnd = new Date(session.lastUsedAt.getTime() + limits.idle.milliseconds());
  return { absoluteEnd, end: absoluteEnd < idleEnd ? absoluteEnd : idleEnd };
}

/** The database id of a session: the SHA-256 of its cookie token, so a leaked table holds no usable session. */
export function sessionIdFromToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Starts a new session for the user, signed in from the browser whose User-Agent header is `userAgent` (kept cut to
 * its bound, for the account page to name the session by), and returns the token for the cookie. `expires_at` holds the session's end as
 * of its last recorded use (for a clean-up to read); the checks below compute it from the times and the role. An
 * account deleted as it signs in is a 401: the account's row is held until the session is stored, so a deletion at
 * that moment waits for it or came first.
 */
export async function createSession(userId: string, userAgent: string | null): Promise<{ token: string; session: Session }> {
  const token = randomBytes(32).toString('base64url');
  const id = sessionIdFromToken(token);
  return db().begin(async (tx) => {
    const [account] = await tx<{ role: Role; now: Date }[]>`select role, now() as now from users where id = ${userId} for key share`;
    if (!account) throw notSignedIn();
    const { absoluteEnd, end } = sessionEnds({ id, createdAt: account.now, lastUsedAt: account.now, role: account.role });
    await tx`
      insert into user_sessions (id, user_id, created_at, last_used_at, expires_at, user_agent)
      values (${id}, ${userId}, ${account.now}, ${account.now}, ${end}, ${storedUserAgent(userAgent)})`;
    return { token, session: { id, expiresAt: absoluteEnd } };
  });
}

interface SessionUserRow extends StoredSession {
  userId: string;
  email: string;
  username: string | null;
  now: Date;
}

/**
 * The user and session behind a cookie token, or nulls when it is unknown or has ended (then it is deleted). Every
 * signed-in request makes this check: one prepared query, times compared on the database's clock, and a write at
 * most once a minute.
 */
export async function validateSessionToken(token: string): Promise<{ user: User; session: Session } | { user: null; session: null }> {
  const sql = db();
  const [row] = await sql<SessionUserRow[]>`
    select s.id, s.user_id, s.created_at, s.last_used_at, u.email, u.username, u.role, now() as now
    from user_sessions s
    join users u on u.id = s.user_id
    where s.id = ${sessionIdFromToken(token)}`;
  if (!row) return { user: null, session: null };
  const { absoluteEnd, end } = sessionEnds(row);
  if (end <= row.now) {
    await sql`delete from user_sessions where id = ${row.id}`;
    return { user: null, session: null };
  }
  if (row.now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
    const { end: newEnd } = sessionEnds({ ...row, lastUsedAt: row.now });
    await sql`update user_sessions set last_used_at = ${row.now}, expires_at = ${newEnd} where id = ${row.id}`;
  }
  return {
    user: { id: row.userId, email: row.email, username: row.username, role: row.role },
    session: { id: row.id, expiresAt: absoluteEnd },
  };
}

/** Whether the session is still stored: it is not once it was ended, or its account deleted, by another request. */
export async function sessionExists(sessionId: string): Promise<boolean> {
  const [row] = await db()`select 1 from user_sessions where id = ${sessionId}`;
  return row !== undefined;
}

/**
 * Deletes every session that has ended by `now` (past its absolute or idle end for its user's role) and returns how
 * many: a session nobody presents again would otherwise stay in the table. The scheduled job `prune-ended-sessions`.
 */
export async function deleteEndedSessions(sql: Sql, now: Date): Promise<number> {
  const limits = Object.entries(SESSION_LIMITS).map(([role, { absolute, idle }]) => ({
    role,
    absolute_ms: absolute.milliseconds(),
    idle_ms: idle.milliseconds(),
  }));
  const ended = await sql`
    delete from user_sessions s
    using users u, jsonb_to_recordset(${sql.json(limits)}) as l(role text, absolute_ms bigint, idle_ms bigint)
    where u.id = s.user_id and l.role = u.role::text
      and (s.created_at + l.absolute_ms * interval '1 millisecond' <= ${now}
        or s.last_used_at + l.idle_ms * interval '1 millisecond' <= ${now})`;
  return ended.count;
}

/** The public id of a session: the first 16 hex digits of its stored hash (64 bits: unique among one user's). */
const publicSessionId = (id: string) => id.slice(0, 16);

/**
 * The user's sessions that have not ended, most recently used first, each with its browser as stored and as named;
 * `currentId` marks the one asking.
 */
export async function listUserSessions(userId: string, currentId: string): Promise<SessionSummary[]> {
  const rows = await db()<(StoredSession & { userAgent: string | null; now: Date })[]>`
    select s.id, s.created_at, s.last_used_at, s.user_agent, u.role, now() as now
    from user_sessions s
    join users u on u.id = s.user_id
    where s.user_id = ${userId}
    order by s.last_used_at desc, s.created_at desc`;
  return rows
    .filter((row) => sessionEnds(row).end > row.now)
    .map((row) => ({
      id: publicSessionId(row.id),
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt.toISOString(),
      expiresAt: sessionEnds(row).end.toISOString(),
      userAgent: row.userAgent,
      browser: describeUserAgent(row.userAgent),
      current: row.id === currentId,
    }));
}

/**
 * Ends one of the user's own sessions by its public id. Returns the full id of the session ended, or null when the
 * user has none with that id (another user's session is never touched).
 */
export async function endUserSession(userId: string, publicId: string): Promise<string | null> {
  const [row] = await db()<{ id: string }[]>`
    delete from user_sessions where user_id = ${userId} and left(id, 16) = ${publicId} returning id`;
  return row?.id ?? null;
}

/** Ends one session. */
export function invalidateSession(sessionId: string): Promise<void> {
  return getLucia().invalidateSession(sessionId);
}

/** Whether cookies must be Secure: the request came over https, or the site's public origin is https. */
export const servedOverHttps = (url: URL) => url.protocol === 'https:' || publicOriginIsHttps();

/**
 * The session cookie's name: over https `__Host-fk_session`, which browsers accept only when Secure, Path=/ and
 * without Domain, so neither a sibling subdomain nor a plain-http response can plant or overwrite it.
 */
const sessionCookieName = (url: URL) => (servedOverHttps(url) ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE);

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
