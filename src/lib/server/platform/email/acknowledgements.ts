import { createHash } from 'node:crypto';
import type { Language } from '#lib/shared/languages.ts';
import type { TransactionSql } from '#server/platform/db/db.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';
import { composeEmail, type EmailAction, type EmailContent } from './compose.ts';
import type { Mail } from './mailer.ts';
import { enqueueEmail } from './outbox.ts';

// The emails that tell a visitor their message was sent (a guide's page, "Ask to join", the contact form). Anyone may
// type any address into those forms, so an acknowledgement is an email the site sends a stranger on anyone's word:
// it quotes nothing the sender typed (no name, no message), and one address gets a few a day, whichever forms typed it
// and from however many clients. Past that the message still reaches its recipient, unacknowledged.

/** What an acknowledgement says besides the site's name: who the message went to and how they answer. */
export interface Acknowledgement {
  to: string;
  subject: string;
  /** Names the recipient (the guide, the club and its host, the team) and says how they answer. */
  paragraphs: readonly string[];
  details?: EmailContent['details'];
  /** The recipient's page, or the contact page. */
  action: EmailAction;
  replyTo?: string;
  /** What this address did, for the foot, in `language`: "asked to join Quinn Reading Circle". */
  because: string;
  /** The language of the page the form was sent from, which the acknowledgement is written in. English unless told. */
  language?: Language;
}

/** The greeting and the foot of an acknowledgement, in each language. */
const ACKNOWLEDGEMENT_WORDS: Record<Language, { greeting: string; reason: (because: string) => string }> = {
  en: {
    greeting: 'Hello,',
    reason: (because) => `You receive this because this address ${because} on FlameKeeper Clubs. If it was not you, ignore this email.`,
  },
  es: {
    greeting: 'Hola:',
    reason: (because) => `Recibes este correo porque esta dirección ${because} en FlameKeeper Clubs. Si no fuiste tú, ignora este correo.`,
  },
};

/** An acknowledgement to the address typed into a form: greeted by no name, quoting none of the sender's words. */
export function acknowledgementEmail(ack: Acknowledgement): Mail {
  const language = ack.language ?? 'en';
  const words = ACKNOWLEDGEMENT_WORDS[language];
  return composeEmail({
    to: ack.to,
    subject: ack.subject,
    ...(ack.replyTo ? { replyTo: ack.replyTo } : {}),
    greeting: words.greeting,
    paragraphs: ack.paragraphs,
    ...(ack.details ? { details: ack.details } : {}),
    actions: [ack.action],
    reason: words.reason(ack.because),
    language,
  });
}

/**
 * The mailbox an address reaches, one key for its spellings: trimmed, NFKC, lower case, without a `+tag` (RFC 5233
 * subaddressing, which most providers deliver to the plain address) and, at Gmail, without the dots Gmail ignores.
 */
function mailboxKey(address: string): string {
  const normal = address.trim().normalize('NFKC').toLowerCase();
  const at = normal.lastIndexOf('@');
  if (at < 0) return normal;
  const local = normal.slice(0, at).replace(/\+.*$/, '');
  const domain = normal.slice(at + 1);
  return domain === 'gmail.com' || domain === 'googlemail.com' ? `${local.replaceAll('.', '')}@gmail.com` : `${local}@${domain}`;
}

/** The SHA-256 of the mailbox an address reaches (mailboxKey): what counters and alerts key an address by. */
export const mailboxHash = (address: string) => createHash('sha256').update(mailboxKey(address)).digest('hex');

/**
 * Queues an acknowledgement in the caller's transaction unless its mailbox has had its day's share
 * (limits.acknowledgementsPerAddress, keyed by the mailbox's SHA-256 so no address is stored with the counter); the
 * count is taken in the transaction too, so a message that is not stored spends none. Returns whether it was queued.
 */
export async function enqueueAcknowledgement(tx: TransactionSql, mail: Mail): Promise<boolean> {
  const mailbox = mailboxHash(mail.to);
  if (await limits.acknowledgementsPerAddress.consume(mailbox, tx)) return false;
  await enqueueEmail(tx, mail);
  return true;
}
