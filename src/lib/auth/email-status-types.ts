// An account's email as its holder sees it (GET /api/account/email): zod-free and server-free, for the islands and
// the server alike.

/** The account's sign-in email, whether it is confirmed, and a change waiting for the new address to confirm it. */
export interface EmailStatus {
  email: string;
  confirmed: boolean;
  /** The address a change was asked for, until its link is used or expires (ISO time). */
  pending: { email: string; expiresAt: string } | null;
}

/** Where "Send the link again" is pressed, which is where the new link leads back to (POST /api/auth/email-confirmation). */
export const CONFIRMATION_PLACES = ['area-search', 'my-licences', 'club-profile', 'account'] as const;
export type ConfirmationPlace = (typeof CONFIRMATION_PLACES)[number];

/** How long an email confirmation link works. */
export const CONFIRMATION_LINK_HOURS = 24;

/** How long an email change's link works: no longer than a password reset link (issue 37 F0). */
export const EMAIL_CHANGE_LINK_MINUTES = 60;

/** How long an account whose email was never confirmed is kept while it holds nothing (issue 37 F0). */
export const UNCONFIRMED_ACCOUNT_DAYS = 7;
