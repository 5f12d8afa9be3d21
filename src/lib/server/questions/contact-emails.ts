import { REPORT_REASON_LABELS, type Club } from '#lib/clubs/types.ts';
import { firstName, guidePagePath, type GuideName } from '#lib/guides/types.ts';
import type { ContactRequest } from '#lib/schemas/contact.ts';
import { CONTACT_REASON_LABELS } from '#lib/schemas/contact.ts';
import type { Report } from '#lib/schemas/reports.ts';
import type { AdminNotification } from '#server/notifications/index.ts';
import { acknowledgementEmail } from '#server/platform/email/acknowledgements.ts';
import { teamAddress } from '#server/platform/email/compose.ts';
import type { Mail } from '#server/platform/email/mailer.ts';

// The words of the questions' emails: the admins' notices of a visitor's question or report, and the acknowledgement
// a contact form's sender gets, which quotes nothing they typed (platform/email/acknowledgements.ts).

/** The contact page's response time (src/content/contact.yaml) that a message forwarded to its guide has no more use for. */
const COACH_MESSAGES = 'coach-messages';

/**
 * Sent to the address typed into the contact form: the guide it was forwarded to, if any (never the guide's address),
 * and the contact page's response times.
 */
export function contactAcknowledgementEmail(
  request: Pick<ContactRequest, 'email' | 'contactReason'>,
  forwardedTo: GuideName | null,
  responseTimes: readonly { id: string; label: string; time: string }[],
  origin: string,
): Mail {
  const paragraphs = forwardedTo
    ? [
        `Thank you for writing to FlameKeeper Clubs. Your message was forwarded to ${forwardedTo.name}, a certified FlameKeeper guide, who will reply to this address.`,
        'For anything else, how soon our team answers:',
      ]
    : [
        'Thank you for writing to FlameKeeper Clubs. A real person on our team will read your message and reply to this address; if it is for a coach, we will pass it on to them.',
        'How soon we answer:',
      ];
  return acknowledgementEmail({
    to: request.email,
    subject: forwardedTo ? `Your message was forwarded to ${forwardedTo.name}` : 'We received your message to FlameKeeper Clubs',
    replyTo: teamAddress(),
    paragraphs,
    details: responseTimes.filter(({ id }) => !forwardedTo || id !== COACH_MESSAGES).map(({ label, time }) => [label, time] as const),
    action: forwardedTo
      ? { label: `${firstName(forwardedTo.name)}'s page`, url: `${origin}${guidePagePath(forwardedTo)}` }
      : { label: 'Our contact page', url: `${origin}/contact-us` },
    because: `sent a message ("${CONTACT_REASON_LABELS[request.contactReason]}") with the contact form`,
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
