import { createHash, randomBytes } from 'node:crypto';

// The tokens of links sent by email (password resets, check-ins): 256 random bits in the link, only their SHA-256 in
// the database, so reading the database gives no working link.

/** A new token for a link: 32 random bytes, base64url. */
export const newLinkToken = () => randomBytes(32).toString('base64url');

/** What the database keeps of a link's token. */
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');
