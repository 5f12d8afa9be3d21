import { dictionary } from '@zxcvbn-ts/language-common';
import type { z } from 'zod';

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose another.';

/** The admin's password: longer than a host's, since it opens every club. */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

// zxcvbn-ts's list of common passwords (49,233 entries from breach corpora, in lower case). It stays on the server:
// shipped to the registration island it would blow the page's JavaScript budget several times over.
const commonPasswords = new Set(dictionary['passwords-common']);

/** Whether the password, in any letter case, is one of the most common breached passwords. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.normalize('NFKC').toLowerCase());
}

/**
 * `schema` (a payload with a new `password`) refusing common passwords under the password field, alongside the
 * schema's other field messages: the server's half of the shared schema, whose field message the form shows.
 */
export function refusingCommonPasswords<S extends z.ZodType<{ password: string }>>(schema: S): S {
  return schema.refine((data) => !isCommonPassword(data.password), {
    message: COMMON_PASSWORD_MESSAGE,
    path: ['password'],
    // Only once the password itself is valid, so a short common password gets one message, not two.
    when: (payload) =>
      typeof (payload.value as { password?: unknown } | null)?.password === 'string' &&
      !payload.issues.some((issue) => issue.path?.[0] === 'password'),
  });
}
