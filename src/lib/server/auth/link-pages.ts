import { emailChangeCancelSchema, emailConfirmationSchema } from '#lib/schemas/auth.ts';
import type { FormFlash } from '#lib/shared/form-posts.ts';
import { findEmailChangeAlarm, type EmailChangeAlarm } from './email-changes.ts';
import { findConfirmationLink, type ConfirmationLink } from './email-confirmations.ts';
import { findResetLink, type ResetLinkState } from './password-resets.ts';

// What the pages of an account's email links show (/reset-password, /confirm-email, /cancel-email-change and their
// Spanish twins, one page component each taking `lang`). Read by the route, which alone can still set the answer's
// status and headers: a component's are too late once the page streams (docs/decisions/041). Opening a link changes
// nothing (mail scanners follow links): each page's button or form does.

type PageResponse = { status?: number; headers: Headers };

/** The link carries the token: no shared cache may keep the page. */
const keepPrivate = (response: PageResponse) => response.headers.set('cache-control', 'private, no-store');

export interface ResetPasswordPage {
  /** The address's token, or null for the page without a link (the form that emails one). */
  token: string | null;
  /** The reset link the token opens, and where its account signs in; null for an unknown token. */
  link: { state: ResetLinkState; signInPath: string } | null;
  /** Sent here by "This wasn't me" (/cancel-email-change), which has just cancelled an email change and signed out. */
  afterCancelledChange: boolean;
  /** The link's new password was just set by a post without JavaScript (docs/decisions/030): the form's "done" view. */
  justReset: boolean;
}

/**
 * /reset-password: the page of a password reset link, for hosts, guides and the admin alike; without a link, the form
 * that emails one. A 404 for a token no link has.
 */
export async function openResetPasswordLink(
  url: URL,
  response: PageResponse,
  formFlash: FormFlash | null | undefined,
): Promise<ResetPasswordPage> {
  const token = url.searchParams.get('token');
  const link = token ? await findResetLink(token) : null;
  keepPrivate(response);
  if (token && !link) response.status = 404;
  return {
    token,
    link,
    afterCancelledChange: url.searchParams.get('from') === 'email-change',
    justReset: link?.state === 'used' && formFlash?.form === 'resetPassword' && formFlash.tone === 'success',
  };
}

/** /confirm-email: the link's token when well formed, and the link it opens (a 404 when none). */
export async function openConfirmationLink(
  url: URL,
  response: PageResponse,
): Promise<{ token: string | null; link: ConfirmationLink | null }> {
  const parsed = emailConfirmationSchema.safeParse({ token: url.searchParams.get('token') });
  const token = parsed.success ? parsed.data.token : null;
  const link = token ? await findConfirmationLink(token) : null;
  keepPrivate(response);
  if (!link) response.status = 404;
  return { token, link };
}

/** /cancel-email-change: the "This wasn't me" link's token when well formed, and the link it opens (a 404 when none). */
export async function openEmailChangeAlarm(
  url: URL,
  response: PageResponse,
): Promise<{ token: string | null; link: EmailChangeAlarm | null }> {
  const parsed = emailChangeCancelSchema.safeParse({ token: url.searchParams.get('token') });
  const token = parsed.success ? parsed.data.token : null;
  const link = token ? await findEmailChangeAlarm(token) : null;
  keepPrivate(response);
  if (!link) response.status = 404;
  return { token, link };
}
