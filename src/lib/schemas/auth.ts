import { z } from './zod.ts';
import { singleLine } from './text.ts';
import { email } from './clubs.ts';

/** POST /api/login: the admin signs in with email or username. */
export const loginSchema = z.object({
  emailOrUsername: singleLine().min(1, 'Email or username is required').max(254, 'Email or username is too long'),
  password: z.string().min(1, 'Password is required').max(200, 'Password is too long'),
});

const INVALID_CONFIRMATION_LINK = 'This confirmation link is not valid.';

/** POST /api/auth/confirm-email: the token of an email confirmation link (32 random bytes in base64url). */
export const emailConfirmationSchema = z.object({
  token: z.string({ error: INVALID_CONFIRMATION_LINK }).regex(/^[A-Za-z0-9_-]{43}$/, INVALID_CONFIRMATION_LINK),
});

/** POST /api/auth/cancel-email-change: the token of an email change notice's "This wasn't me" link. */
export const emailChangeCancelSchema = z.object({
  token: z.string({ error: 'This link is not valid.' }).regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid.'),
});

/** POST /api/account/email: the new sign-in email, with the current password to show it is the account's holder. */
export const emailChangeSchema = z.object({
  newEmail: email,
  currentPassword: z
    .string({ error: 'Your current password is required' })
    .min(1, 'Your current password is required')
    .max(200, 'Password is too long'),
});
export type EmailChangeRequest = z.output<typeof emailChangeSchema>;
