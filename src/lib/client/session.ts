import { apiRequest } from './api.ts';

export interface CurrentUser {
  id: string;
  email: string;
  username: string | null;
  role: 'admin' | 'host' | 'guide';
  clubId?: number | null;
  /** Whether the account holds or has held licences (a host can be a guide too); true for every guide. */
  isGuide?: boolean;
  /** Whether the account's email is confirmed (as of the cached answer: pages that show it ask the server afresh). */
  emailConfirmed?: boolean;
}

const CACHE_KEY = 'fk:current-user';
/** Set by the server next to the HttpOnly session cookie; holds no secret. */
const SIGNED_IN_HINT = /(?:^|;\s*)fk_signed_in=1(?:;|$)/;
/** The spec caches the current user for 5 minutes. */
export const USER_CACHE_MS = 300_000;

/**
 * The signed-in user, or null (a 401 means nobody is signed in). Cached in sessionStorage for 5 minutes so the
 * static pages' header does not ask on every page view; visitors without the signed-in hint cookie are not asked for.
 */
export async function loadCurrentUser(): Promise<CurrentUser | null> {
  if (!SIGNED_IN_HINT.test(document.cookie)) return null;
  const cached = readCache();
  if (cached) return cached;
  let user: CurrentUser | null = null;
  try {
    const response = await fetch('/api/auth/user', { credentials: 'include' });
    if (response.ok) user = (await response.json()) as CurrentUser;
    else if (response.status !== 401) return null;
  } catch {
    return null;
  }
  if (user) writeCache(user);
  return user;
}

/** Forgets everything cached about the user (call after signing in or out). */
export function clearClientCache(): void {
  try {
    sessionStorage.removeItem(CACHE_KEY);
  } catch {
    // Storage can be unavailable (private mode, disabled cookies); nothing was cached then.
  }
}

/** Dispatched on `window` when an island signs the visitor in and the page stays: the header shows the account. */
export const SIGNED_IN_EVENT = 'fk:signed-in';

/** After signing in on a page that stays: forget the cached visitor and tell the header. */
export function announceSignIn(): void {
  clearClientCache();
  window.dispatchEvent(new Event(SIGNED_IN_EVENT));
}

/** Logout as the spec has it: clear the client cache, tell the server (failures ignored), reload to /. */
export async function logout(): Promise<void> {
  clearClientCache();
  await apiRequest('POST', '/api/logout').catch(() => {});
  window.location.assign('/');
}

function readCache(): CurrentUser | undefined {
  try {
    const raw = sessionStorage.getItem(CACHE_KEY);
    if (!raw) return undefined;
    const { user, at } = JSON.parse(raw) as { user: CurrentUser; at: number };
    return Date.now() - at < USER_CACHE_MS ? user : undefined;
  } catch {
    return undefined;
  }
}

function writeCache(user: CurrentUser): void {
  try {
    sessionStorage.setItem(CACHE_KEY, JSON.stringify({ user, at: Date.now() }));
  } catch {
    // See clearClientCache.
  }
}
