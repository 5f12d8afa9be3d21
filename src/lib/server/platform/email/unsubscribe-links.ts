import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_UNSUBSCRIBE_PATH, UNSUBSCRIBE_KINDS, UNSUBSCRIBE_PAGE_PATH, type UnsubscribeKind } from '#lib/shared/email-unsubscribe.ts';
import { localizedHref, type Language } from '#lib/shared/languages.ts';
import type { Sql, TransactionSql } from '#server/platform/db/db.ts';
import { serverSecret } from '#server/platform/server-secrets.ts';

/** The header of every email the site sends of itself, not as a person's reply (RFC 3834): auto-responders stay quiet. */
export const AUTOMATIC_HEADERS: Readonly<Record<string, string>> = { 'Auto-Submitted': 'auto-generated' };

// The one-click unsubscribe links of the notifications sent to accounts (lib/shared/email-unsubscribe.ts). Each link
// turns one setting of one account (or club) off, so it is signed rather than stored: the kind and whose, with an
// HMAC-SHA256 under the server's secret (server-secrets.ts, the device cookies' machinery), nothing kept per email. A
// link cannot be made for another person or another setting without the secret; all it can do is turn that setting off.

const signature = async (kind: UnsubscribeKind, subject: string, sql?: Sql | TransactionSql) =>
  createHmac('sha256', await serverSecret('unsubscribe-links', undefined, sql))
    .update(`${kind}\n${subject}`)
    .digest();

/**
 * The token of the link that turns `kind` off for `subject` (an account's id; a club's for `rsvp-summary`), signed in
 * `sql`, the transaction that queues its email.
 */
export async function unsubscribeToken(kind: UnsubscribeKind, subject: string | number, sql?: Sql | TransactionSql): Promise<string> {
  return `${kind}.${subject}.${(await signature(kind, String(subject), sql)).toString('base64url')}`;
}

/** The kind and subject of a token this server signed; null for any other. */
export async function readUnsubscribeToken(token: string): Promise<{ kind: UnsubscribeKind; subject: string } | null> {
  const [kind, subject, mac, ...rest] = token.split('.');
  if (rest.length > 0 || !subject || !mac || !(UNSUBSCRIBE_KINDS as readonly string[]).includes(kind!)) return null;
  const expected = await signature(kind as UnsubscribeKind, subject);
  const given = Buffer.from(mac, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? { kind: kind as UnsubscribeKind, subject } : null;
}

/**
 * The headers of a notification whose one-click unsubscribe address is `url`: List-Unsubscribe with
 * List-Unsubscribe-Post (RFC 8058), which let mail readers offer "Unsubscribe" and post to it, and Auto-Submitted.
 */
export const oneClickHeaders = (url: string): Record<string, string> => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  ...AUTOMATIC_HEADERS,
});

/**
 * The one-click unsubscribe of a notification to an account: the signed link for its foot, and its headers; `sql` is
 * the transaction that queues the email. `linkIn` is the foot's link in the email's language: the one-click address,
 * whose GET leads to /unsubscribe, in English; the page's twin itself in another language (/es/unsubscribe).
 */
export async function oneClickUnsubscribe(
  sql: Sql | TransactionSql,
  origin: string,
  kind: UnsubscribeKind,
  subject: string | number,
): Promise<{ url: string; headers: Record<string, string>; linkIn: (language: Language) => string }> {
  const query = new URLSearchParams({ token: await unsubscribeToken(kind, subject, sql) });
  const url = `${origin}${EMAIL_UNSUBSCRIBE_PATH}?${query}`;
  const linkIn = (language: Language) =>
    language === 'en' ? url : `${origin}${localizedHref(`${UNSUBSCRIBE_PAGE_PATH}?${query}`, language)}`;
  return { url, headers: oneClickHeaders(url), linkIn };
}
