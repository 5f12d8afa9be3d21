import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { decodeQuotedPrintable } from './mail.ts';

/**
 * How the stub treats a client: 'answer' takes every message; 'silent' accepts the connection and never says a word
 * (no greeting); 'refuse' greets, then turns every recipient away with a temporary 451.
 */
export type SmtpStubMode = 'answer' | 'silent' | 'refuse';

export interface SmtpStub {
  /** The SMTP_URL that reaches it. */
  url: string;
  /** Every message taken so far: its envelope's recipients and its decoded text. */
  received: { to: string[]; text: string }[];
  /** How many greetings it has sent: 0 while it has said nothing to anyone. */
  greetings(): number;
  /** How many connections it holds open without a greeting (in 'silent' mode). */
  silentConnections(): number;
  /** Switches mode; leaving 'silent' greets the connections held until then. */
  setMode(mode: SmtpStubMode): void;
  close(): Promise<void>;
}

/** An SMTP server on 127.0.0.1 (smtp-server, from the nodemailer project) whose behaviour a test switches. */
export async function startSmtpStub(options: { mode?: SmtpStubMode; acceptDelayMs?: number } = {}): Promise<SmtpStub> {
  let mode: SmtpStubMode = options.mode ?? 'answer';
  let greetings = 0;
  const held: (() => void)[] = [];
  const received: SmtpStub['received'] = [];

  const server = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    closeTimeout: 1_000,
    // smtp-server sends its greeting once onConnect calls back: a connection held here has been accepted and hears
    // nothing, like a mail server that hangs.
    onConnect(_session, callback) {
      const greet = () => {
        greetings += 1;
        callback();
      };
      if (mode === 'silent') held.push(greet);
      else greet();
    },
    onRcptTo(_address, _session, callback) {
      if (mode !== 'refuse') return callback();
      callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((address) => address.address);
        const accept = () => {
          received.push({ to, text: decodeQuotedPrintable(Buffer.concat(chunks).toString('latin1')) });
          callback();
        };
        if (options.acceptDelayMs) setTimeout(accept, options.acceptDelayMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const release = () => {
    for (const greet of held.splice(0)) greet();
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    greetings: () => greetings,
    silentConnections: () => held.length,
    setMode(next) {
      mode = next;
      if (mode !== 'silent') release();
    },
    close() {
      release();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
