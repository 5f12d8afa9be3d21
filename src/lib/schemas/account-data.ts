import { z } from './zod.ts';
import { singleLine } from './text.ts';

/** POST /api/account/delete: the account's email, typed again to confirm (the server compares it with the account's). */
export const deleteAccountSchema = z.object({
  email: singleLine({ error: 'Type your email address to confirm.' })
    .min(1, 'Type your email address to confirm.')
    .max(254, 'This is not the email address of your account.'),
});

/** The field message when the typed email is another than the account's. */
export const NOT_YOUR_EMAIL = 'This is not the email address of your account.';
