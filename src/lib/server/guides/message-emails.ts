import {
  GUIDE_MESSAGE_REASON_LABELS,
  firstName,
  guidePagePath,
  type GuideMessageReason,
  type GuideMessageSource,
} from '#lib/guides/types.ts';
import type { GuideMessageInput } from '#lib/schemas/guides.ts';
import { localizedHref, type Language } from '#lib/shared/languages.ts';
import { acknowledgementEmail } from '#server/platform/email/acknowledgements.ts';
import { composeEmail } from '#server/platform/email/compose.ts';
import type { Mail } from '#server/platform/email/mailer.ts';

// The words of the emails a visitor's message to a guide sends: the message itself to the guide, answered straight to
// the visitor (Reply-To), and the visitor's acknowledgement, which names the guide but never gives the guide's address.
// Each in its recipient's language (docs/decisions/041): the guide's account's, and the page's the visitor wrote from.

/** The guide a message goes to: `email` is the account's, never shown to the visitor; `language` the account's. */
export interface MessageRecipient {
  publicId: number;
  name: string;
  email: string;
  language?: Language;
}

/** The words of the two emails in one language. */
interface MessageWords {
  subject: (visitor: string, reason: string) => string;
  greeting: (firstName: string) => string;
  how: Readonly<Record<GuideMessageSource, (visitor: string) => string>>;
  replyHere: (how: string, visitorEmail: string) => string;
  from: string;
  phone: string;
  notGiven: string;
  reason: string;
  sentFrom: string;
  reasons: Readonly<Record<GuideMessageReason, string>>;
  sources: Readonly<Record<GuideMessageSource, string>>;
  replied: string;
  yourMessages: string;
  why: (source: GuideMessageSource) => string;
  acknowledgement: {
    subject: (guide: string) => string;
    thanks: (guide: string) => string;
    guidePage: (firstName: string) => string;
    because: (guide: string) => string;
  };
}

const WORDS: Record<Language, MessageWords> = {
  en: {
    subject: (visitor, reason) => `Message from ${visitor}: ${reason}`,
    greeting: (name) => `Hello ${name},`,
    how: {
      'guide-page': (visitor) => `${visitor} wrote to you from your guide page on FlameKeeper Clubs.`,
      'contact-page': (visitor) => `${visitor} wrote to the FlameKeeper Clubs contact page for you, so we forwarded their message to you.`,
    },
    replyHere: (how, visitorEmail) =>
      `${how} Reply to this email to answer them: your reply goes to ${visitorEmail}. Then press "I've replied", so that we do not remind you.`,
    from: 'From',
    phone: 'Phone',
    notGiven: 'Not given',
    reason: 'Reason',
    sentFrom: 'Sent from',
    reasons: GUIDE_MESSAGE_REASON_LABELS,
    sources: { 'guide-page': 'Your guide page', 'contact-page': 'Forwarded from the contact page' },
    replied: "I've replied",
    yourMessages: 'Your messages',
    why: (source) =>
      `You receive this because you are a listed guide on FlameKeeper Clubs and a visitor wrote to you ${
        source === 'guide-page' ? 'from your page' : 'through our contact page'
      }. The visitor has not seen your email address; they will when you reply.`,
    acknowledgement: {
      subject: (guide) => `Your message to ${guide} was sent`,
      thanks: (guide) =>
        `Thank you for writing. We sent your message to ${guide}, a certified FlameKeeper guide, who will reply to this address.`,
      guidePage: (name) => `${name}'s page`,
      because: (guide) => `sent a message to ${guide}`,
    },
  },
  es: {
    subject: (visitor, reason) => `Mensaje de ${visitor}: ${reason}`,
    greeting: (name) => `Hola, ${name}:`,
    how: {
      'guide-page': (visitor) => `${visitor} te escribió desde tu página de guía en FlameKeeper Clubs.`,
      'contact-page': (visitor) =>
        `${visitor} escribió a la página de contacto de FlameKeeper Clubs con un mensaje para ti, así que te lo reenviamos.`,
    },
    replyHere: (how, visitorEmail) =>
      `${how} Responde a este correo para contestarle: tu respuesta le llegará a ${visitorEmail}. Después pulsa "Ya respondí", para que no te lo recordemos.`,
    from: 'De',
    phone: 'Teléfono',
    notGiven: 'No lo indicó',
    reason: 'Motivo',
    sentFrom: 'Enviado desde',
    reasons: { schedule: 'Reservar una sesión', question: 'Una pregunta', other: 'Otro' },
    sources: { 'guide-page': 'Tu página de guía', 'contact-page': 'Reenviado desde la página de contacto' },
    replied: 'Ya respondí',
    yourMessages: 'Tus mensajes',
    why: (source) =>
      `Recibes este correo porque figuras como guía en FlameKeeper Clubs y alguien te escribió ${
        source === 'guide-page' ? 'desde tu página' : 'a través de nuestra página de contacto'
      }. Esa persona todavía no ha visto tu dirección de correo; la verá cuando le respondas.`,
    acknowledgement: {
      subject: (guide) => `Enviamos tu mensaje a ${guide}`,
      thanks: (guide) =>
        `Gracias por escribir. Enviamos tu mensaje a ${guide}, guía de FlameKeeper con certificación, que te responderá a esta dirección.`,
      guidePage: (name) => `Página de ${name}`,
      because: (guide) => `envió un mensaje a ${guide}`,
    },
  },
};

/** A message's reason as the emails about it name it in `language` ("A question", "Una pregunta"). */
export const guideMessageReasonLabel = (reason: GuideMessageReason, language: Language) => WORDS[language].reasons[reason];

/**
 * The visitor's message, sent to the guide's account email with Reply-To set to the visitor, with the one-click
 * "I've replied" link (`repliedUrl`), in the guide's account's language.
 */
export function guideMessageEmail(
  guide: MessageRecipient,
  message: GuideMessageInput,
  source: GuideMessageSource,
  origin: string,
  repliedUrl: string,
): Mail {
  const language = guide.language ?? 'en';
  const words = WORDS[language];
  const reason = words.reasons[message.reason];
  return composeEmail({
    to: guide.email,
    replyTo: message.email,
    subject: words.subject(message.name, reason),
    greeting: words.greeting(firstName(guide.name)),
    paragraphs: [words.replyHere(words.how[source](message.name), message.email), message.message],
    details: [
      [words.from, `${message.name} <${message.email}>`],
      [words.phone, message.phone ?? words.notGiven],
      [words.reason, reason],
      [words.sentFrom, words.sources[source]],
    ],
    actions: [
      { label: words.replied, url: repliedUrl },
      { label: words.yourMessages, url: `${origin}${localizedHref('/my-licences#messages', language)}` },
    ],
    reason: words.why(source),
    language,
  });
}

/**
 * The acknowledgement of a message sent from a guide's page to the typed address `to`, in the `language` of that
 * page: it names the guide, never their address.
 */
export function guideMessageAcknowledgementEmail(guide: MessageRecipient, to: string, origin: string, language: Language = 'en'): Mail {
  const words = WORDS[language].acknowledgement;
  return acknowledgementEmail({
    to,
    subject: words.subject(guide.name),
    paragraphs: [words.thanks(guide.name)],
    action: {
      label: words.guidePage(firstName(guide.name)),
      url: `${origin}${localizedHref(guidePagePath({ id: guide.publicId, name: guide.name }), language)}`,
    },
    because: words.because(guide.name),
    language,
  });
}
