import { env } from '#server/platform/env.ts';
import { createRateLimit } from './rate-limit.ts';

// Every rate limit of the site, per client address unless named otherwise. RATE_LIMIT_MULTIPLIER scales them all
// (default 1): load tests and the shared API test server raise it; tests of the limits themselves run without it.
const multiplier = env().RATE_LIMIT_MULTIPLIER;
const limit = (name: string, points: number, durationSeconds: number) =>
  createRateLimit({ name, points: points * multiplier, durationSeconds });

export const limits = {
  /** Accepted contact messages: enough for real use, too few for a spam run. */
  contactMessages: limit('contact', 5, 600),
  /** Reports of a problem with a club: a visitor reporting a few clubs, not a run against one. */
  clubReports: limit('club-report', 5, 3600),
  /** HOST SET code checks and registrations but successful ones: codes cannot be guessed, nor emails probed, by brute force. */
  codeAttempts: limit('code-attempts', 10, 600),
  /** Host email look-ups from the directory dialog: a person opening club after club, not a harvester. */
  clubContacts: limit('club-contact', 60, 600),
  /** Guide account registrations but successful ones: emails cannot be probed by brute force. */
  accountRegistrations: limit('account-registration', 10, 600),
  /** Failed sign-ins from one client, across accounts. */
  signInFailuresByClient: limit('signin-client', 20, 900),
  /** Failed sign-ins to one account, from anywhere but a browser that has signed in to it before. */
  signInFailuresByAccount: limit('signin-account', 10, 900),
  /** Failed sign-ins from a browser with a device cookie for the account (auth/device-cookies.ts): its own lockout. */
  signInFailuresByDevice: limit('signin-device', 10, 900),
  /** Password reset requests. */
  passwordResets: limit('password-reset', 5, 3600),
  /** New passwords sent with a reset token: a real link works at the first try, so a few are plenty. */
  passwordResetAttempts: limit('password-reset-attempt', 10, 900),
  /** Answers sent with a check-in link's token: a real link works at the first click, so a few are plenty. */
  checkInAnswers: limit('check-in-answer', 10, 900),
};
