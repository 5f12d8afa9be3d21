import { simpleParser } from 'mailparser';

/** Undoes quoted-printable (soft line breaks, =XX bytes) so tests can read an .eml's text as written. */
export function decodeQuotedPrintable(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** An email as its reader shows it: its headers and its text and HTML parts, decoded. */
export interface ParsedEmail {
  headers: ReadonlyMap<string, string>;
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

/** Parses a raw message with mailparser, a reader nobody here wrote: what it shows is what a mail program shows. */
export async function parseEmail(raw: Buffer): Promise<ParsedEmail> {
  const mail = await simpleParser(raw);
  const headers = new Map([...mail.headerLines].map(({ key, line }) => [key, line.slice(line.indexOf(':') + 1).trim()]));
  headers.set('subject', mail.subject ?? '');
  const to = Array.isArray(mail.to) ? mail.to.map((address) => address.text).join(', ') : (mail.to?.text ?? '');
  return { headers, to, subject: mail.subject ?? '', text: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : null };
}
