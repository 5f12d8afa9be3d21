import { describe, expect, it } from 'vitest';
import { CONTACT_REASON_LABELS, contactRequestSchema } from '#lib/schemas/contact.ts';
import { islandMessages, schemaMessages } from '#server/platform/http/island-messages.ts';

// The words a Spanish page hands its form island (docs/decisions/041): the schema's own messages, found in the schema,
// and labels kept beside it, each with its Spanish twin from the catalogue; nothing on an English page.

describe('the messages a page hands its form island', () => {
  it("finds every message the contact schema words, its fields' checks and wrapped schemas' included", () => {
    expect(schemaMessages(contactRequestSchema).sort()).toEqual(
      [
        'Use one line of text: no line breaks, tabs or other control characters.',
        'Use plain text: line breaks are fine, but no tabs or other control characters.',
        'Name must be at least 2 characters',
        'Name must be at most 100 characters',
        'Please enter a valid email address',
        'Please enter a valid phone number',
        'Coach name is required',
        'Coach name must be at most 100 characters',
        'Message must be at least 10 characters',
        'Message must be at most 5000 characters',
        'Please select a reason for contact',
        'Pick a coach from the suggestions, or type their name',
      ].sort(),
    );
  });

  it('hands nothing to an English page', () => {
    expect(islandMessages('en', contactRequestSchema, Object.values(CONTACT_REASON_LABELS))).toBeUndefined();
  });

  it("hands a Spanish page every one of the contact form's messages and reasons in Spanish", () => {
    const labels = Object.values(CONTACT_REASON_LABELS);
    const messages = islandMessages('es', contactRequestSchema, labels)!;
    expect(Object.keys(messages).sort()).toEqual([...schemaMessages(contactRequestSchema), ...labels].sort());
    expect(messages['Message must be at least 10 characters']).toBe('El mensaje debe tener al menos 10 caracteres');
    expect(messages['Schedule a session']).toBe('Agendar una sesión');
    for (const [english, spanish] of Object.entries(messages)) expect(spanish, english).not.toBe(english);
  });
});
