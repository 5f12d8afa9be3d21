import { z } from './zod.ts';

// Every free-text field is single-line (names, places, searches, notes: an <input>) or multi-line (a <textarea>).
// A control character in a single-line field breaks the formats it is copied into: a line break in a club's name
// started a new property, and a whole event, in every subscriber's calendar (issue 26).

/** What a single-line field says of a line break, tab or other control character. */
export const SINGLE_LINE_MESSAGE = 'Use one line of text: no line breaks, tabs or other control characters.';
/** What a multi-line field says of a tab or other control character (line breaks are fine there). */
export const MULTI_LINE_MESSAGE = 'Use plain text: line breaks are fine, but no tabs or other control characters.';

/** No control character (C0, DEL, C1) and no Unicode line or paragraph separator. */
const ONE_LINE = /^[^\p{Cc}\u2028\u2029]*$/u;
/** As ONE_LINE, but for CR and LF. */
const LINES = /^(?:[^\p{Cc}\u2028\u2029]|[\r\n])*$/u;

type StringParams = Parameters<typeof z.string>[0];

/** A trimmed string of one line, for an <input>'s value: refuses line breaks and control characters. */
export const singleLine = (params?: StringParams) => z.string(params).trim().regex(ONE_LINE, SINGLE_LINE_MESSAGE);

/** A trimmed string of lines, for a <textarea>'s value: refuses control characters but line breaks. */
export const multiLine = (params?: StringParams) => z.string(params).trim().regex(LINES, MULTI_LINE_MESSAGE);
