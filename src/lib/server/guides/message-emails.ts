import { GUIDE_MESSAGE_REASON_LABELS, firstName, guidePagePath, type GuideMessageSource } from '#lib/guides/types.ts';
import type { GuideMessageInput } from '#lib/schemas/guides.ts';
import { acknowledgementEmail } from '#server/platform/email/acknowledgements.ts';
import { composeEmail } from '#server/platform/email/compose.ts';
import type { Mail } from '#server/platform/email/mailer.ts';

// The words of the emails a visitor's message to a guide sends: the message itself to the guide, answered straight to
// the visitor (Reply-To), and the visitor's acknowledgement, which names the guide but never gives the guide's address.

/** The guide a message goes to: `email` is the account's, never shown to the visitor. */
export interface MessageRecipient {
  publicId: number;
  name: string;
  email: string;
}

const SOURCE_LABELS: Record<GuideMessageSource, string> = {
  'guide-page': 'Your guide page',
  'contact-page': 'Forwarded from the contact page',
};

/**
 * The visitor's message, sent to the guide's account email with Reply-To set to the visitor, with the one-click
 * "I've replied" link (`repliedUrl`).
 */
export function guideMessageEmail(
  guide: MessageRecipient,
  message: GuideMessageInput,
  source: GuideMessageSource,
  origin: string,
  repliedUrl: string,
): Mail {
  const how =
    source === 'guide-page'
      ? `${message.name} wrote to you from your guide page on FlameKeeper Clubs.`
      : `${message.name} wrote to the FlameKeeper Clubs contact page for you, so we forwarded their message to you.`;
  return composeEmail({
    to: guide.email,
    replyTo: message.email,
    subject: `Message from ${message.name}: ${GUIDE_MESSAGE_REASON_LABELS[message.reason]}`,
    greeting: `Hello ${firstName(guide.name)},`,
    paragraphs: [
      `${how} Reply to this email to answer them: your reply goes to ${message.email}. Then press "I've replied", so that we do not remind you.`,
      message.message,
    ],
    details: [
      ['From', `${message.name} <${message.email}>`],
      ['Phone', message.phone ?? 'Not given'],
      ['Reason', GUIDE_MESSAGE_REASON_LABELS[message.reason]],
      ['Sent from', SOURCE_LABELS[source]],
    ],
    actions: [
      { label: "I've replied", url: repliedUrl },
      { label: 'Your messages', url: `${origin}/my-licences#messages` },
    ],
    reason: `You receive this because you are a listed guide on FlameKeeper Clubs and a visitor wrote to you ${
      source === 'guide-page' ? 'from your page' : 'through our contact page'
    }. The visitor has not seen your email address; they will when you reply.`,
  });
}

/** The acknowledgement of a message sent from a guide's page to the typed address `to`: it names the guide, never their address. */
export function guideMessageAcknowledgementEmail(guide: MessageRecipient, to: string, origin: string): Mail {
  return acknowledgementEmail({
    to,
    subject: `Your message to ${guide.name} was sent`,
    paragraphs: [
      `Thank you for writing. We sent your message to ${guide.name}, a certified FlameKeeper guide, who will reply to this address.`,
    ],
    action: { label: `${firstName(guide.name)}'s page`, url: `${origin}${guidePagePath({ id: guide.publicId, name: guide.name })}` },
    because: `sent a message to ${guide.name}`,
  });
}
