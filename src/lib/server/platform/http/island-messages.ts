import type { z } from 'zod';
import type { Language } from '#lib/shared/languages.ts';
import { localizedMessage } from './localized-errors.ts';

// The words an island shows on its own that its shared code writes in English: the messages of the schema it validates
// with before sending, and labels kept beside the schema (the contact form's reasons). A Spanish page hands the island
// their Spanish twins from the server's catalogue (messages-es.ts) as a prop, keyed by the English text (docs/decisions/041,
// "English bundles carry no Spanish"); an English page hands nothing, so its HTML and bundle stay as they were.

/** English text → its words in the page's language, for an island's `messages` prop. */
export type IslandMessages = Record<string, string>;

interface SchemaInternals {
  _zod?: { def?: Record<string, unknown> & { error?: unknown; checks?: unknown[]; shape?: Record<string, unknown> } };
}

/** The message a schema or check words itself (`.min(2, 'Name must be…')`), which zod keeps as a function. */
function wordedMessage(error: unknown): string | undefined {
  if (typeof error !== 'function') return undefined;
  const message: unknown = (error as (issue: object) => unknown)({});
  if (typeof message === 'string') return message;
  const text = (message as { message?: unknown } | null)?.message;
  return typeof text === 'string' ? text : undefined;
}

/** Every message `schema` words itself, its fields', checks' and wrapped schemas' included. */
export function schemaMessages(schema: z.ZodType): string[] {
  const found = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    const def = (node as SchemaInternals)._zod?.def;
    if (!def) return;
    const own = wordedMessage(def.error);
    if (own) found.add(own);
    for (const check of def.checks ?? []) {
      const message = wordedMessage((check as SchemaInternals)._zod?.def?.error);
      if (message) found.add(message);
    }
    for (const key of ['innerType', 'in', 'out', 'element', 'schema', 'left', 'right']) visit(def[key]);
    for (const field of Object.values(def.shape ?? {})) visit(field);
    for (const option of (def.options as unknown[] | undefined) ?? []) visit(option);
  };
  visit(schema);
  return [...found];
}

/**
 * The Spanish twins of `schema`'s messages and of `words` (English labels kept in shared code) for an island on a page
 * in `language`; undefined in English, where the island shows the English as it is. A text the catalogue lacks is
 * left out, and the island shows it in English: a gap to fill, as for the API's answers.
 */
export function islandMessages(language: Language, schema: z.ZodType, words: readonly string[] = []): IslandMessages | undefined {
  if (language === 'en') return undefined;
  const entries = [...schemaMessages(schema), ...words].flatMap((english) => {
    const translated = localizedMessage(english, language);
    return translated === english ? [] : [[english, translated] as const];
  });
  return Object.fromEntries(entries);
}
