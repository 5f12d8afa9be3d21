import type { AstroCookies } from 'astro';
import { createSession, setSessionCookie } from './sessions.ts';
import { verifyPassword } from './password.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';
import type { Limited, RateLimit } from '#server/platform/rate-limits/rate-limit.ts';
import { setDeviceCookie, trustedDeviceOf } from './device-cookies.ts';
import { identifierKey } from './identifiers.ts';
import { findUserForSignIn, type Role, type User } from './users.ts';

// Attempts are counted BEFORE any hash is computed, and given back when they succeed, so the counters hold failures.
// Counting only after a failed verification would let a parallel burst read the same unspent counter and run one
// argon2 verification per request; counted first, at most the limit reach argon2.
// A stranger's attempt counts per client address and per account: the account's counter is keyed by the account when
// the identifier names one, so its email and its username (in any spelling that reaches it) share one counter; an
// identifier naming no account is counted by its normal form. An attempt from a browser with a device cookie for the
// account (device-cookies.ts) counts against that browser only: strangers locking the account do not lock out its owner.
const {
  signInFailuresByClient: failuresByClient,
  signInFailuresByAccount: failuresByAccount,
  signInFailuresByDevice: failuresByDevice,
} = limits;

/** The accounts the host and guide sign-in forms take: either takes both (a person may be host and guide at once). */
export const SIGN_IN_ROLES: readonly Role[] = ['host', 'guide'];

export type SignInResult = { user: User } | { user: null; limited: Limited };

/** A counter an attempt is held to, and what a success does to it: a client's is given back one, the others forgotten. */
interface Counter {
  limit: RateLimit;
  key: string;
  onSuccess: 'refund' | 'reset';
}

/**
 * Checks credentials and, when they match an account of one of the wanted roles, starts a fresh session and sets its
 * cookie, with a new device cookie. Unknown accounts, wrong passwords and accounts of another role all fail after the
 * same work.
 */
export async function signIn(
  credentials: { identifier: string; password: string; roles: readonly Role[]; clientAddress: string; userAgent: string | null },
  cookies: AstroCookies,
  url: URL,
): Promise<SignInResult> {
  const account = await findUserForSignIn(credentials.identifier);
  const device = account && (await trustedDeviceOf(cookies, url, account));
  const counters: Counter[] = device
    ? [{ limit: failuresByDevice, key: device, onSuccess: 'reset' }]
    : [
        { limit: failuresByClient, key: credentials.clientAddress, onSuccess: 'refund' },
        {
          limit: failuresByAccount,
          key: account ? `user:${account.id}` : `name:${identifierKey(credentials.identifier)}`,
          onSuccess: 'reset',
        },
      ];
  for (const { limit, key } of counters) {
    const limited = await limit.consume(key);
    if (limited) return { user: null, limited };
  }

  const passwordMatches = await verifyPassword(account?.passwordHash ?? null, credentials.password);
  if (!account || !passwordMatches || !credentials.roles.includes(account.role)) return { user: null, limited: null };

  await Promise.all(counters.map(({ limit, key, onSuccess }) => limit[onSuccess](key)));
  const { token, session } = await createSession(account.id, credentials.userAgent);
  setSessionCookie(cookies, url, token, session.expiresAt);
  await setDeviceCookie(cookies, url, account);
  const { passwordHash: _, ...user } = account;
  return { user };
}
