// RFC 5545 TEXT values (§3.3.11) for a club's calendar. A value may hold no control character but as an escaped line
// break: a raw one ends the property, and whatever follows it is read as calendar lines of its own (issue 26: a club
// name with line breaks carried a whole event into every subscriber's calendar). The schemas refuse such names now,
// but rows written before them, or by hand, still hold them.

const CONTROLS = /[\p{Cc}\u2028\u2029]+/gu;
const LINE_BREAK = /\r\n|[\r\n\u0085\u2028\u2029]/g;
const CONTROL_BUT_LINE_FEED = /(?!\n)\p{Cc}/gu;

/** One line of text: each run of line breaks and other control characters becomes one space. */
export const oneLine = (text: string): string => text.replace(CONTROLS, ' ').trim();

/** Lines of text: every kind of line break becomes "\n", other control characters are dropped. */
export const plainLines = (text: string): string => text.replace(LINE_BREAK, '\n').replace(CONTROL_BUT_LINE_FEED, '');

/** A TEXT value as a content line carries it: backslash, semicolon and comma escaped, line breaks as "\n". */
export const escapeText = (text: string): string =>
  plainLines(text)
    .replace(/[\\;,]/g, (special) => `\\${special}`)
    .replace(/\n/g, '\\n');
