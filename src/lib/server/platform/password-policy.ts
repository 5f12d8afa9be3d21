import { dictionary } from '@zxcvbn-ts/language-common';
import type { z } from 'zod';

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose another.';
/** The spec's message for a short password: a password padded with spaces to 6 characters gets it too. */
export const SHORT_PASSWORD_MESSAGE = 'Password must be at least 6 characters';
export const SITE_NAME_PASSWORD_MESSAGE = "This password is too close to the site's name. Please choose another.";
export const REPEATED_PASSWORD_MESSAGE = 'This password only repeats the same characters. Please choose another.';
export const PERSONAL_PASSWORD_MESSAGE = 'This password contains your name or email. Please choose another.';

/** The spec's minimum for hosts and guides. */
export const PASSWORD_MIN_LENGTH = 6;
/** The admin's password: longer than a host's, since it opens every club. */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

/** The site's own words, the first a guesser tries here: a password built on one is refused. Longest first. */
const SITE_WORDS = ['flamekeeper clubs', 'flamekeeper club', 'flame keeper', 'flamekeeper', 'host set'].map((word) =>
  word.replace(/\s/g, ''),
);

// zxcvbn-ts's list of common passwords (49,233 entries from breach corpora, in lower case, none with a space). It
// stays on the server: shipped to the registration island it would blow the page's JavaScript budget several times over.
const commonPasswords = new Set(dictionary['passwords-common']);

/** A password as it is compared: NFKC, lower case, trimmed, with each run of inner whitespace made one space. */
const normalise = (password: string) => password.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');
const withoutSpaces = (text: string) => text.replace(/ /g, '');

/** Whether the password, in any letter case and spacing ('123456 ', 'I love you'), is a common breached password. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(withoutSpaces(normalise(password)));
}

/** Whether the password is one to three characters said over and over ('aaaaaa', 'ababab', 'abcabcabc'). */
const isRepetition = (compact: string) => /^(.{1,3})\1+$/su.test(compact);

/** The refusal of a password that is short, common or a repetition once normalised; null when it is none of these. */
function basicProblem(normalised: string): string | null {
  const compact = withoutSpaces(normalised);
  if (normalised.length < PASSWORD_MIN_LENGTH) return SHORT_PASSWORD_MESSAGE;
  if (commonPasswords.has(compact)) return COMMON_PASSWORD_MESSAGE;
  if (isRepetition(compact)) return REPEATED_PASSWORD_MESSAGE;
  return null;
}

/**
 * Whether the password is the site's name with little added: taken out, what is left would be refused on its own
 * ('flamekeeper', 'FlameKeeper Clubs', 'flamekeeper2024', 'hostset123456'), while a phrase that only mentions it passes.
 */
function isBuiltOnSiteName(normalised: string): boolean {
  const compact = withoutSpaces(normalised);
  const word = SITE_WORDS.find((siteWord) => compact.includes(siteWord));
  if (!word) return false;
  const rest = compact.replace(word, '');
  return basicProblem(rest) !== null || isBuiltOnSiteName(rest);
}

/** The person a password is for: their name and email, when known. */
export interface PasswordOwner {
  name?: string | null;
  email?: string | null;
}

/**
 * What a password may not contain of a name or an email's local part: the whole (3 characters or more), and each part
 * of at least 4 characters between spaces, punctuation and changes from letters to digits. Shorter parts would refuse
 * too much: "Lin" is in "kindling". The payload may not be valid yet (the check runs beside the other fields'), so
 * anything but text names nothing.
 */
function personalWords({ name, email }: PasswordOwner): string[] {
  const localPart = typeof email === 'string' ? email.split('@')[0] : null;
  return [name, localPart]
    .filter((text): text is string => typeof text === 'string' && text !== '')
    .flatMap((text) => {
      const normalised = normalise(text);
      const parts = normalised.split(/[^\p{L}\p{N}]+|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u);
      return [withoutSpaces(normalised), ...parts.filter((part) => part.length >= 4)];
    })
    .filter((word) => word.length >= 3);
}

/**
 * Why a new host's or guide's password is refused, in the words the form shows under the field, or null when it may
 * be used: shorter than 6 characters once trimmed, a common password (compared trimmed, in lower case, without
 * spaces), the site's name with little added, one to three characters repeated, or containing the owner's name or email.
 */
export function passwordProblem(password: string, owner: PasswordOwner = {}): string | null {
  const normalised = normalise(password);
  const problem = basicProblem(normalised);
  if (problem) return problem;
  if (isBuiltOnSiteName(normalised)) return SITE_NAME_PASSWORD_MESSAGE;
  const compact = withoutSpaces(normalised);
  if (personalWords(owner).some((word) => compact.includes(word))) return PERSONAL_PASSWORD_MESSAGE;
  return null;
}

export const ADMIN_SHORT_PASSWORD_MESSAGE = `The admin's password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`;

/**
 * passwordProblem for an account of `role`: the admin's, which opens every club, also needs ADMIN_PASSWORD_MIN_LENGTH
 * characters (as admin:create and ADMIN_PASSWORD ask), now that the admin too can reset a forgotten one.
 */
export function passwordProblemFor(role: string, password: string, owner: PasswordOwner = {}): string | null {
  if (role === 'admin' && normalise(password).length < ADMIN_PASSWORD_MIN_LENGTH) return ADMIN_SHORT_PASSWORD_MESSAGE;
  return passwordProblem(password, owner);
}

/**
 * `schema` (a payload with a new `password`) refusing a password passwordProblem refuses, under the password field,
 * alongside the schema's other field messages: the server's half of the shared schema, whose field message the form
 * shows. `ownerOf` names the person from the payload (registration's name and email); without it, a reset's payload
 * names nobody, and its account is checked where it is found.
 */
export function refusingWeakPasswords<S extends z.ZodType<{ password: string }>>(
  schema: S,
  ownerOf: (payload: z.output<S>) => PasswordOwner = () => ({}),
): S {
  const problemOf = (payload: z.output<S>) => passwordProblem(payload.password, ownerOf(payload));
  return schema.refine((payload) => problemOf(payload) === null, {
    error: (issue) => problemOf(issue.input as z.output<S>) ?? undefined,
    path: ['password'],
    // Only once the password itself is valid, so a short common password gets one message, not two.
    when: (payload) =>
      typeof (payload.value as { password?: unknown } | null)?.password === 'string' &&
      !payload.issues.some((issue) => issue.path?.[0] === 'password'),
  });
}
