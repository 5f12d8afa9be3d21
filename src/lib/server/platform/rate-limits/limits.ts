import { licenceTerms } from '#lib/licensing/terms.ts';
import { env } from '#server/platform/env.ts';
import { createRateLimit, type Limited } from './rate-limit.ts';

// Every rate limit of the site, per client unless named otherwise: its address, or an IPv6 client's /64 (the
// middleware's locals.clientAddress). RATE_LIMIT_MULTIPLIER scales them all (default 1): load tests and the shared
// API test server raise it; tests of the limits themselves run without it.
const multiplier = env().RATE_LIMIT_MULTIPLIER;
const limit = (name: string, points: number, durationSeconds: number) =>
  createRateLimit({ name, points: points * multiplier, durationSeconds });
const { reservationLimits } = licenceTerms;

export const limits = {
  /**
   * Acknowledgements sent to one mailbox (keyed by its hash, platform/email/acknowledgements.ts), whichever form it was
   * typed into and from wherever: a stranger's address typed into the forms gets a few emails a day, not a flood.
   */
  acknowledgementsPerAddress: limit('acknowledgement', 3, 86_400),
  /** Alerts set up from one client (issue 39): a person's few places, not a run of addresses. */
  alertsByClient: limit('alert-client', 5, 3600),
  /**
   * Alert confirmation emails to one mailbox (keyed by its hash, as acknowledgements are): an address typed into the
   * alert form by anyone gets a few a day, not a flood.
   */
  alertConfirmationsPerAddress: limit('alert-confirmation', 3, 86_400),
  /** Members a host adds (keyed by the account's id, issue 40): a club's people typed in an evening, not a mailing list. */
  memberAdds: limit('member-add', 30, 3600),
  /** "Email me my link" asked for from one client, for any addresses: a person's few tries, not a run of addresses. */
  memberLinksByClient: limit('member-link-client', 5, 3600),
  /** "Your club" links sent again to one mailbox (keyed by its hash), as alert confirmations are. */
  memberLinksPerAddress: limit('member-link-address', 3, 86_400),
  /** Accepted contact messages: enough for real use, too few for a spam run. */
  contactMessages: limit('contact', 5, 600),
  /** Reports of a problem with a club: a visitor reporting a few clubs, not a run against one. */
  clubReports: limit('club-report', 5, 3600),
  /** Messages to guides from one visitor, to any guides: a person writing to a few, not a run through the directory. */
  guideMessages: limit('guide-message', 5, 3600),
  /** Messages to one guide from one visitor (keyed by the guide's public id and the client address): no flooding one inbox. */
  guideMessagesPerGuide: limit('guide-message-guide', 20, 86_400),
  /** "Ask to join" requests from one visitor, to any clubs: a person asking a few clubs, not a run through the directory. */
  joinRequests: limit('join-request', 5, 3600),
  /** HOST SET code checks and registrations but successful ones: codes cannot be guessed, nor emails probed, by brute force. */
  codeAttempts: limit('code-attempts', 10, 600),
  /**
   * Host address look-ups (the directory's dialog, a club page's Contact Host): a person writing to a few clubs, not a
   * harvester working through the sitemap. Both are counted; the day's limit stops one who waits out the first.
   */
  clubContacts: limit('club-contact', 10, 600),
  clubContactsPerDay: limit('club-contact-day', 30, 86_400),
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
  /** Password changes on the Account page (keyed by the account's id): the current password cannot be guessed there. */
  passwordChanges: limit('password-change', 10, 900),
  /** Data exports of one account (keyed by its id): a person's few downloads, not a loop rebuilding the file. */
  accountExports: limit('account-export', 10, 3600),
  /** Attempts to delete one account (keyed by its id): a few typing slips, not a run of guessed emails. */
  accountDeletions: limit('account-deletion', 5, 3600),
  /** Answers sent with a check-in link's token: a real link works at the first click, so a few are plenty. */
  checkInAnswers: limit('check-in-answer', 10, 900),
  /** The same for a guide's "I've replied" links. */
  messageReplyAnswers: limit('message-reply-answer', 10, 900),
  /** Answers sent with a join request link's token, as check-in answers. */
  joinRequestAnswers: limit('join-request-answer', 10, 900),
  /** Licence reservations from one client address, across accounts (licence-terms.json). */
  reservationsByClient: limit('reservation-client', reservationLimits.perClientPerDay, 86_400),
  /** Reservations and cancellations by one account (keyed by its id): reserve/cancel cycles cannot flood inboxes. */
  licenceChangesByAccount: limit('licence-change-account', reservationLimits.reservesAndCancelsPerAccountPerHour, 3600),
  /** Email confirmation links sent again at an account's request (keyed by its id). */
  confirmationLinks: limit('confirmation-link', 3, 3600),
  /**
   * Email change requests by one account (keyed by its id), each checking a password and emailing two addresses:
   * counted before the password is checked, so a stolen session cannot guess the password through them either.
   */
  emailChanges: limit('email-change', 5, 3600),
  /** Photo uploads by one account (keyed by its id): each is decoded, the costliest thing an account can set off. */
  photoUploadsByAccount: limit('photo-upload-account', 10, 3600),
  /** Photo uploads from one client (an IPv6 client by its /64: locals.clientAddress), across accounts. */
  photoUploadsByClient: limit('photo-upload-client', 20, 3600),
};

/**
 * Counts a visitor's message to a guide (by the guide's public id), from the guide's page or forwarded from the
 * contact page, against both guide-message limits: how long to wait when either is used up, else null.
 */
export async function consumeGuideMessage(guideId: number, clientAddress: string): Promise<Limited> {
  return (await limits.guideMessages.consume(clientAddress)) ?? (await limits.guideMessagesPerGuide.consume(`${guideId}:${clientAddress}`));
}

/**
 * Counts a guide's photo upload against both photo limits (the account's, and its client network's): how long to
 * wait when either is used up, else null. An upload refused by the client's limit is given back to the account.
 */
export async function consumePhotoUpload(userId: string, clientAddress: string): Promise<Limited> {
  const byAccount = await limits.photoUploadsByAccount.consume(userId);
  if (byAccount) return byAccount;
  const byClient = await limits.photoUploadsByClient.consume(clientAddress);
  if (byClient) await limits.photoUploadsByAccount.refund(userId);
  return byClient;
}

/** Gives back an upload counted by consumePhotoUpload that was never decoded (the server was busy). */
export async function refundPhotoUpload(userId: string, clientAddress: string): Promise<void> {
  await Promise.all([limits.photoUploadsByAccount.refund(userId), limits.photoUploadsByClient.refund(clientAddress)]);
}
