/**
 * The one normal form of a sign-in identifier (an email or a username): trimmed, NFKC, then lower case by JavaScript's
 * rules. Emails are stored in it, and every look-up compares the key as it is, never passed through PostgreSQL's lower(): the two
 * disagree (lower('İ') is 'i' in PostgreSQL, 'i̇' in JavaScript), so a spelling could reach an account while a limit
 * keyed by the JavaScript form counted it apart.
 */
export function identifierKey(identifier: string): string {
  return identifier.trim().normalize('NFKC').toLowerCase();
}
