import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import { env } from '#server/platform/env.ts';
import { logger } from '#server/platform/logger.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The simple HTML part beside the text (compose.ts writes both). */
  html?: string;
  /** Where replies go, when not to MAIL_FROM: a visitor's message to a guide is answered straight to the visitor. */
  replyTo?: string;
  /** Headers besides the usual ones: an alert's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

// nodemailer would wait up to two minutes for a connection and ten for a silent server. A failed delivery is retried
// later (outbox.ts), so a mail server that does not answer within seconds is treated as down for now.
const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 };

let transport: Transporter | undefined;

/**
 * Sends an email through the SMTP server of SMTP_URL. Without one (development, demo, tests) the message is written
 * as an .eml file under $DATA_DIR/mail/ and its path logged, so nothing is ever silently dropped. Only the outbox's
 * delivery job calls it: a request queues its email with enqueueEmail (outbox.ts) instead.
 */
export async function sendMail(mail: Mail): Promise<void> {
  const { SMTP_URL, MAIL_FROM, DATA_DIR } = env();
  if (SMTP_URL) {
    transport ??= nodemailer.createTransport({ url: SMTP_URL, ...SMTP_TIMEOUTS });
    await transport.sendMail({ from: MAIL_FROM, ...mail });
    return;
  }
  const raw = await nodemailer
    .createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
    .sendMail({ from: MAIL_FROM, ...mail });
  const dir = path.resolve(DATA_DIR, 'mail');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`);
  fs.writeFileSync(file, raw.message as Buffer);
  logger.info({ file, subject: mail.subject }, 'email written to file (no SMTP_URL set)');
}
