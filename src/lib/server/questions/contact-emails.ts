import type { ContactRequest } from '#lib/schemas/contact.ts';
import { CONTACT_REASON_LABELS } from '#lib/schemas/contact.ts';
import { composeEmail } from '#server/platform/email/compose.ts';
import type { Mail } from '#server/platform/email/mailer.ts';

// The acknowledgement a contact form's sender gets. It does not quote their message: anyone may type any address
// into the form, and the site must not carry a stranger's words to it.

/** Sent to whoever used the contact form, with the contact page's response times. */
export function contactAcknowledgementEmail(
  request: Pick<ContactRequest, 'name' | 'email' | 'contactReason'>,
  responseTimes: readonly { label: string; time: string }[],
  origin: string,
): Mail {
  return composeEmail({
    to: request.email,
    subject: 'We received your message to FlameKeeper Clubs',
    greeting: `Hello ${request.name},`,
    paragraphs: [
      'Thank you for writing to FlameKeeper Clubs. A real person on our team will read your message and reply to this address.',
      'How soon we answer:',
    ],
    details: responseTimes.map(({ label, time }) => [label, time] as const),
    actions: [{ label: 'Our contact page', url: `${origin}/contact-us` }],
    reason: `You receive this because this address sent a message ("${CONTACT_REASON_LABELS[request.contactReason]}") with the contact form of FlameKeeper Clubs. If it was not you, ignore this email.`,
  });
}
