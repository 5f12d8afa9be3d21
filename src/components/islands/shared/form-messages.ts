import type { FieldValues, Resolver } from 'react-hook-form';

// The words an island's shared code writes in English (its schema's messages, labels kept beside the schema), in the
// page's language: a Spanish page hands the island their twins as `messages`, keyed by the English text
// (#server/platform/http/island-messages.ts, docs/decisions/041). An English page hands none: the text is shown as written.

/** English text → its words in the page's language. */
export type PageMessages = Readonly<Record<string, string>>;

/** `text` in the page's language: its twin in `messages`, else as written. */
export const inPageLanguage = (text: string, messages: PageMessages | undefined): string => messages?.[text] ?? text;

/** Swaps each `message` of react-hook-form's errors (nested by field path) for its twin; leaves the fields' elements alone. */
function localizeErrors(errors: Record<string, unknown>, messages: PageMessages): void {
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref' || !value || typeof value !== 'object') continue;
    const error = value as Record<string, unknown>;
    if (typeof error.message === 'string') error.message = inPageLanguage(error.message, messages);
    localizeErrors(error, messages);
  }
}

/** `resolver` with its field messages in the page's language; as it is when the page hands no messages (English). */
export function localizedResolver<T extends FieldValues, C, O>(
  resolver: Resolver<T, C, O>,
  messages: PageMessages | undefined,
): Resolver<T, C, O> {
  if (!messages) return resolver;
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    localizeErrors(result.errors as Record<string, unknown>, messages);
    return result;
  };
}
