import { REPORT_REASON_LABELS, type Club } from '#lib/clubs/types.ts';
import { firstName, guidePagePath, type GuideName } from '#lib/guides/types.ts';
import type { ContactRequest } from '#lib/schemas/contact.ts';
import { CONTACT_REASON_LABELS } from '#lib/schemas/contact.ts';
import type { Report } from '#lib/schemas/reports.ts';
import { localizedHref, type Language } from '#lib/shared/languages.ts';
import type { AdminNotification } from '#server/notifications/index.ts';
import { acknowledgementEmail } from '#server/platform/email/acknowledgements.ts';
import { teamAddress } from '#server/platform/email/compose.ts';
import type { Mail } from '#server/platform/email/mailer.ts';

// The words of the questions' emails: the admins' notices of a visitor's question or report, and the acknowledgement
// a contact form's sender gets, which quotes nothing they typed (platform/email/acknowledgements.ts).

/** The contact page's response time (src/content/contact.yaml) that a message forwarded to its guide has no more use for. */
const COACH_MESSAGES = 'coach-messages';

/** The words of the contact form's acknowledgement in one language. */
interface ContactAcknowledgementWords {
  forwarded: {
    subject: (guide: string) => string;
    paragraphs: (guide: string) => [string, string];
    guidePage: (firstName: string) => string;
  };
  kept: { subject: string; paragraphs: [string, string]; contactPage: string };
  because: (reason: string) => string;
  reasons: Readonly<Record<ContactRequest['contactReason'], string>>;
}

const ACKNOWLEDGEMENT_WORDS: Record<Language, ContactAcknowledgementWords> = {
  en: {
    forwarded: {
      subject: (guide) => `Your message was forwarded to ${guide}`,
      paragraphs: (guide) => [
        `Thank you for writing to FlameKeeper Clubs. Your message was forwarded to ${guide}, a certified FlameKeeper guide, who will reply to this address.`,
        'For anything else, how soon our team answers:',
      ],
      guidePage: (firstName) => `${firstName}'s page`,
    },
    kept: {
      subject: 'We received your message to FlameKeeper Clubs',
      paragraphs: [
        'Thank you for writing to FlameKeeper Clubs. A real person on our team will read your message and reply to this address; if it is for a coach, we will pass it on to them.',
        'How soon we answer:',
      ],
      contactPage: 'Our contact page',
    },
    because: (reason) => `sent a message ("${reason}") with the contact form`,
    reasons: CONTACT_REASON_LABELS,
  },
  es: {
    forwarded: {
      subject: (guide) => `Reenviamos tu mensaje a ${guide}`,
      paragraphs: (guide) => [
        `Gracias por escribir a FlameKeeper Clubs. Reenviamos tu mensaje a ${guide}, guía de FlameKeeper con certificación, que te responderá a esta dirección.`,
        'Para cualquier otra cosa, esto es lo que tarda nuestro equipo en responder:',
      ],
      guidePage: (firstName) => `Página de ${firstName}`,
    },
    kept: {
      subject: 'Recibimos tu mensaje en FlameKeeper Clubs',
      paragraphs: [
        'Gracias por escribir a FlameKeeper Clubs. Una persona real de nuestro equipo leerá tu mensaje y te responderá a esta dirección; si es para un coach, se lo haremos llegar.',
        'Lo que tardamos en responder:',
      ],
      contactPage: 'Nuestra página de contacto',
    },
    because: (reason) => `envió un mensaje ("${reason}") con el formulario de contacto`,
    reasons: { schedule: 'Reservar una sesión', question: 'Pregunta general', complaint: 'Queja', other: 'Otro' },
  },
};

/**
 * Sent to the address typed into the contact form, in the `language` of the page it was sent from: the guide it was
 * forwarded to, if any (never the guide's address), and the contact page's response times (in that language too).
 */
export function contactAcknowledgementEmail(
  request: Pick<ContactRequest, 'email' | 'contactReason'>,
  forwardedTo: GuideName | null,
  responseTimes: readonly { id: string; label: string; time: string }[],
  origin: string,
  language: Language = 'en',
): Mail {
  const words = ACKNOWLEDGEMENT_WORDS[language];
  return acknowledgementEmail({
    to: request.email,
    subject: forwardedTo ? words.forwarded.subject(forwardedTo.name) : words.kept.subject,
    replyTo: teamAddress(),
    paragraphs: forwardedTo ? words.forwarded.paragraphs(forwardedTo.name) : words.kept.paragraphs,
    details: responseTimes.filter(({ id }) => !forwardedTo || id !== COACH_MESSAGES).map(({ label, time }) => [label, time] as const),
    action: forwardedTo
      ? {
          label: words.forwarded.guidePage(firstName(forwardedTo.name)),
          url: `${origin}${localizedHref(guidePagePath(forwardedTo), language)}`,
        }
      : { label: words.kept.contactPage, url: `${origin}${localizedHref('/contact-us', language)}` },
    because: words.because(words.reasons[request.contactReason]),
    language,
  });
}

/** Tells the admins of a visitor's question from the contact form, which waits in their queue, and whom it was forwarded to. */
export function contactNotice(request: ContactRequest, forwardedTo: GuideName | null): AdminNotification {
  const reason = CONTACT_REASON_LABELS[request.contactReason];
  return {
    kind: 'question',
    summary: forwardedTo
      ? `Visitor question from ${request.name}, forwarded to ${forwardedTo.name}: ${reason}`
      : `New visitor question from ${request.name}: ${reason}`,
    paragraphs: [request.message],
    details: [
      ['From', `${request.name} <${request.email}>`],
      ['Phone', request.phone],
      ['Coach', request.coachName],
      ['Reason', reason],
      ...(forwardedTo ? [['Forwarded to', forwardedTo.name] as const] : []),
    ],
    action: { label: 'Answer it on Admin Notifications', path: '/admin-notifications' },
    replyTo: request.email,
  };
}

/** Tells the admins of a visitor's report of a problem with a club, with a link to the club's editor (from `origin`). */
export function reportNotice(club: Pick<Club, 'id' | 'clubName'>, report: Report, origin: string): AdminNotification {
  const reason = REPORT_REASON_LABELS[report.reason];
  return {
    kind: 'report',
    summary: `Report about "${club.clubName}": ${reason}`,
    paragraphs: [`A visitor reported a problem with ${club.clubName}.`, report.details ?? 'They added no details.'],
    details: [
      ['Club', club.clubName],
      ['Reason', reason],
      ['Reply to', report.email ?? 'No email given'],
      ['Club editor', `${origin}/admin-clubs?club=${club.id}`],
    ],
    action: { label: 'Open the report', path: '/admin-notifications' },
    clubId: club.id,
    ...(report.email ? { replyTo: report.email } : {}),
  };
}
