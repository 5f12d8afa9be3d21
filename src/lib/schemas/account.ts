import { z } from './zod.ts';
import { confirmPassword, password, passwordsMustMatch } from './clubs.ts';
import { LANGUAGES } from '#lib/shared/languages.ts';
import { optionalPhone, personName } from './licensing.ts';

/**
 * PATCH /api/account: the account holder's name (their club's host name and their guide name), phone and the language
 * of their emails (unchanged when not sent).
 */
export const accountDetailsSchema = z.object({
  name: personName,
  phone: optionalPhone,
  language: z.enum(LANGUAGES, { error: 'Choose English or Spanish' }).optional(),
});
export type AccountDetailsInput = z.output<typeof accountDetailsSchema>;

/** POST /api/account/password: the current password, and the new one twice. */
/** The account's current password, typed to show it is its holder asking (a password change, deleting the account). */
export const currentPassword = z
  .string({ error: 'Enter your current password' })
  .min(1, 'Enter your current password')
  .max(200, 'Password is too long');

export const passwordChangeSchema = z
  .object({
    currentPassword,
    password,
    confirmPassword,
  })
  .refine(...passwordsMustMatch);
