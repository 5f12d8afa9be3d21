// The auth domain as the other domains and the app see it: import it from here, never from its other files.
export { ensureAdmin } from './admin-bootstrap.ts';
export {
  advanceOtherAdminsDigest,
  findAdminNotify,
  listAdminsByNotifyMode,
  listAdminIdsByNotifyMode,
  lockDigestAdmin,
  setAdminNotify,
  setDigestThrough,
} from './admin-settings.ts';
export {
  confirmEmail,
  type EmailChange,
  findConfirmationLink,
  isEmailConfirmed,
  queueConfirmationLink,
  requireConfirmedEmail,
  sendConfirmationLink,
} from './email-confirmations.ts';
export { cancelEmailChange, findEmailChangeAlarm, findEmailStatus, requestEmailChange } from './email-changes.ts';
export { identifierKey } from './identifiers.ts';
export { findOwnerName } from './owner-name-read-model.ts';
export { hashPassword } from './password.ts';
export { changePassword, isCurrentPassword, RESET_PASSWORD_PATH, WRONG_CURRENT_PASSWORD } from './password-changes.ts';
export {
  clearSessionCookie,
  createSession,
  deleteEndedSessions,
  endUserSession,
  invalidateSession,
  listUserSessions,
  readSessionToken,
  type Session,
  SESSION_COOKIE,
  servedOverHttps,
  sessionExists,
  setSessionCookie,
  validateSessionToken,
} from './sessions.ts';
export {
  type AccountRecord,
  createAccount,
  setAccountLanguage,
  deleteAccount,
  deleteUnconfirmedAccounts,
  findAccountEmail,
  findAccountLanguage,
  findAccountRecord,
  isEmailTaken,
  lockAccount,
  type Role,
  setAccountEmail,
  turnHostIntoGuide,
  upsertAdmin,
  type User,
  findAccountIdByEmail,
  insertDemoAccount,
} from './users.ts';
export { notSignedIn, requireAdmin, requireMember, requireOwner, requireUser } from './authorize.ts';
export { confirmationDestination, passwordResetEmail } from './account-emails.ts';
export { findResetLink, requestPasswordReset, RESET_TOKEN_MINUTES, resetPassword } from './password-resets.ts';
export { openConfirmationLink, openEmailChangeAlarm, openResetPasswordLink, type ResetPasswordPage } from './link-pages.ts';
export { SIGN_IN_ROLES, signIn } from './sign-in.ts';
export { findRemindedAccounts, findReplyReminders, setReplyReminders } from './reply-reminders.ts';
export { confirmBenchAccount, insertBenchAccounts } from './bench-accounts.ts';
