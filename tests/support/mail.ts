/** Undoes quoted-printable (soft line breaks, =XX bytes) so tests can read an .eml's text as written. */
export function decodeQuotedPrintable(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** An email as its reader shows it: its headers (unfolded, encoded words decoded) and its text and HTML parts, decoded. */
export interface ParsedEmail {
  headers: ReadonlyMap<string, string>;
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

/** Undoes RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`); adjacent ones join without the space between. */
function decodeEncodedWords(value: string): string {
  return value.replace(/(?:=\?utf-8\?[qb]\?[^?]*\?=\s*)+/gi, (run) => {
    const trailing = /\s*$/.exec(run)![0];
    const bytes = [...run.matchAll(/=\?utf-8\?([qb])\?([^?]*)\?=/gi)].map(([, encoding, data]) =>
      encoding!.toLowerCase() === 'b'
        ? Buffer.from(data!, 'base64')
        : Buffer.from(
            data!.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ),
    );
    return Buffer.concat(bytes).toString('utf8') + trailing;
  });
}

/** A header block's fields by lower-case name, unfolded. */
function headerFields(block: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return fields;
}

/** A body as its Content-Transfer-Encoding wrote it, decoded to text. */
function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return Buffer.from(body, 'latin1').toString('utf8');
  }
}

/** Splits a raw message (as read with 'latin1') into its headers and its text and HTML parts, as a mail reader shows them. */
export function parseEmail(raw: string): ParsedEmail {
  const split = (message: string) => {
    const at = /\r?\n\r?\n/.exec(message);
    return at ? { head: message.slice(0, at.index), body: message.slice(at.index + at[0].length) } : { head: message, body: '' };
  };
  const { head, body } = split(raw);
  const fields = headerFields(head);
  const headers = new Map([...fields].map(([name, value]) => [name, decodeEncodedWords(value)]));
  const parts: { type: string; content: string }[] = [];
  const boundary = /boundary="?([^";]+)"?/i.exec(fields.get('content-type') ?? '')?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1, -1)) {
      const part = split(chunk.replace(/^\r?\n/, ''));
      const partFields = headerFields(part.head);
      parts.push({
        type: (partFields.get('content-type') ?? 'text/plain').split(';')[0]!.toLowerCase(),
        content: decodeBody(part.body.replace(/\r?\n$/, ''), partFields.get('content-transfer-encoding')),
      });
    }
  } else {
    parts.push({
      type: (fields.get('content-type') ?? 'text/plain').split(';')[0]!.toLowerCase(),
      content: decodeBody(body, fields.get('content-transfer-encoding')),
    });
  }
  return {
    headers,
    to: headers.get('to') ?? '',
    subject: headers.get('subject') ?? '',
    text: parts.find((part) => part.type === 'text/plain')?.content ?? '',
    html: parts.find((part) => part.type === 'text/html')?.content ?? null,
  };
}
