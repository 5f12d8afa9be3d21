/**
 * The field messages a form shows in its page's language: the Spanish of a schema's English message from `messages`
 * (FORM_MESSAGES_ES, which a Spanish page's island entry hands in: docs/decisions/041), else the message as written.
 */
export type FieldMessages = Readonly<Record<string, string>>;

export const fieldMessageIn = (messages: FieldMessages | undefined, message: string | undefined): string | undefined =>
  message === undefined ? undefined : (messages?.[message] ?? message);
