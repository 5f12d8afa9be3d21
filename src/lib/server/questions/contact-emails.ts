import { REPORT_REASON_LABELS, type Club } from '#lib/club-types.ts';
import type { ContactRequest } from '#lib/schemas/contact.ts';
import { CONTACT_REASON_LABELS } from '#lib/schemas/contact.ts';
import type { Report } from '#lib/schemas/reports.ts';
import type { AdminNotification } from '#server/notifications/index.ts';
import { composeEmail } from '#server/platform/email/compose.ts';
import type { Mail } from '#server/platform/email/mailer.ts';

// The words of the questions' emails: the admins' notices of a visitor's question or report, and the acknowledgement
// a contact form's sender gets. The acknowledgement does not quote their message: anyone may type any address into
// the form, and the site must not carry a stranger's words to it.

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

/** Tells the admins of a visitor's question from the contact form, which waits in their queue. */
export function contactNotice(request: ContactRequest): AdminNotification {
  const reason = CONTACT_REASON_LABELS[request.contactReason];
  return {
    kind: 'question',
    summary: `New visitor question from ${request.name}: ${reason}`,
    paragraphs: [request.message],
    details: [
      ['From', `${request.name} <${request.email}>`],
      ['Phone', request.phone],
      ['Coach', request.coachName],
      ['Reason', reason],
    ],
    action: { label: 'Answer it on Admin Notifications', path: '/admin-notifications' },
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
  };
}
