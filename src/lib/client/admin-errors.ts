import { toast } from './toast.ts';

/** The spec's re-login delay after an admin call finds the session gone. */
export const RELOGIN_DELAY_MS = 500;

/** Whether an error thrown by `apiRequest` means the admin's session has ended (spec §8: "401: …Unauthorized…"). */
export function isLoggedOutError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('401: ') && error.message.includes('Unauthorized');
}

/**
 * When `error` means the admin's session has ended: shows 'You are logged out. Logging in again...' and goes to
 * /api/login (which leads to the sign-in page) after 500 ms. Returns whether it did, so callers can stop there.
 */
export function sendToSignInIfLoggedOut(error: unknown): boolean {
  if (!isLoggedOutError(error)) return false;
  toast({ title: 'You are logged out. Logging in again...', variant: 'destructive' });
  setTimeout(() => window.location.assign('/api/login'), RELOGIN_DELAY_MS);
  return true;
}

/**
 * The admin screens' one error path for a failed call: an ended session goes to sign in again
 * (`sendToSignInIfLoggedOut`); anything else shows the caller's destructive toast. Returns true when the admin is
 * being sent to sign in again, so callers can stop there.
 */
export function handleAdminError(error: unknown, fallback: { title: string; description?: string }): boolean {
  if (sendToSignInIfLoggedOut(error)) return true;
  toast({ title: fallback.title, description: fallback.description, variant: 'destructive' });
  return false;
}
