// The auth domain as the other domains and the app see it: import it from here, never from its other files.
export { ensureAdmin } from './admin-bootstrap.ts';
export { type EmailChange, queueConfirmationLink } from './email-confirmations.ts';
export { findEmailStatus } from './email-changes.ts';
export { identifierKey } from './identifiers.ts';
export { hashPassword } from './password.ts';
export { isCurrentPassword, WRONG_CURRENT_PASSWORD } from './password-changes.ts';
export { deleteEndedSessions, listUserSessions } from './sessions.ts';
export { type AccountRecord, deleteAccount, findAccountRecord, lockAccount, type Role, turnHostIntoGuide, type User } from './users.ts';
