import type { AstroCookies } from 'astro';
import { createSession, setSessionCookie } from './sessions.ts';
import { verifyPassword } from './password.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';
import type { Limited } from '#server/platform/rate-limits/rate-limit.ts';
import { identifierKey } from './identifiers.ts';
import { findUserForSignIn, type Role, type User } from './users.ts';

// Attempts are counted per client address and per account BEFORE any hash is computed, and given back when they
// succeed, so the counters hold failures. Counting only after a failed verification would let a parallel burst read
// the same unspent counter and run one argon2 verification per request; counted first, at most the limit reach argon2.
// The account's counter is keyed by the account when the identifier names one, so its email and its username (in any
// spelling that reaches it) share one counter; an identifier naming no account is counted by its normal form.
const { signInFailuresByClient: failuresByClient, signInFailuresByAccount: failuresByAccount } = limits;

export type SignInResult = { user: User } | { user: null; limited: Limited };

/**
 * Checks credentials and, when they match an account of one of the wanted roles, starts a fresh session and sets its
 * cookie. Unknown accounts, wrong passwords and accounts of another role all fail after the same work.
 */
export async function signIn(
  credentials: { identifier: string; password: string; roles: readonly Role[]; clientAddress: string },
  cookies: AstroCookies,
  url: URL,
): Promise<SignInResult> {
  const limitedClient = await failuresByClient.consume(credentials.clientAddress);
  if (limitedClient) return { user: null, limited: limitedClient };

  const account = await findUserForSignIn(credentials.identifier);
  const accountKey = account ? `user:${account.id}` : `name:${identifierKey(credentials.identifier)}`;
  const limited = await failuresByAccount.consume(accountKey);
  if (limited) return { user: null, limited };

  const passwordMatches = await verifyPassword(account?.passwordHash ?? null, credentials.password);
  if (!account || !passwordMatches || !credentials.roles.includes(account.role)) return { user: null, limited: null };

  await Promise.all([failuresByClient.refund(credentials.clientAddress), failuresByAccount.reset(accountKey)]);
  const { token, session } = await createSession(account.id);
  setSessionCookie(cookies, url, token, session.expiresAt);
  const { passwordHash: _, ...user } = account;
  return { user };
}
