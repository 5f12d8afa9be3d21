import { HttpError } from '#server/platform/http/endpoint.ts';
import type { Session } from './sessions.ts';
import type { User } from './users.ts';

// Each refusal is thrown, and the middleware answers it in the one error shape.

/** Who may be asking: what the middleware put on `locals` from the session cookie. */
type Caller = { user: User | null; session: Session | null };

/** The refusal of a request without a session (or whose session ended while it ran): 401. */
export const notSignedIn = () => new HttpError(401, 'Unauthorized: please sign in.');

/** The signed-in user and the session they ask with; 401 without a session. */
export function requireUser({ user, session }: Caller): { user: User; session: Session } {
  if (!user || !session) throw notSignedIn();
  return { user, session };
}

/** The signed-in admin: 401 without a session, 403 for anyone else. */
export function requireAdmin(caller: Caller): User {
  const { user } = requireUser(caller);
  if (user.role !== 'admin') throw new HttpError(403, 'Forbidden: admin access required.');
  return user;
}

/** The signed-in host or guide, for what is theirs as a person (/account): 401 without a session, 403 for the admin. */
export function requireMember(caller: Caller): { user: User; session: Session } {
  const signedIn = requireUser(caller);
  if (signedIn.user.role === 'admin') throw new HttpError(403, 'Forbidden: this is for host and guide accounts.');
  return signedIn;
}

/**
 * `owned` when `user` owns it (`ownerOf` names its owner) or is the admin. To anyone else it does not exist: a 404
 * with `message`, as for an unknown id, so ids cannot be probed.
 */
export function requireOwner<T>(user: User, owned: T | null, ownerOf: (owned: T) => string | null, message: string): T {
  if (!owned || (user.role !== 'admin' && ownerOf(owned) !== user.id)) throw new HttpError(404, message);
  return owned;
}
