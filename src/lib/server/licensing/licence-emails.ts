import type { AdminLicence, LicenceGuide, LicenceOrder } from '#lib/licensing/types.ts';
import { storePaymentUrl } from '#lib/licensing/store-link.ts';
import { licenceTerms } from '#lib/licensing/terms.ts';
import type { AdminNotification } from '#server/notifications/index.ts';
import { composeEmail, teamAddress, type EmailContent } from '#server/platform/email/compose.ts';
import type { Mail } from '#server/platform/email/mailer.ts';
import { AUTOMATIC_HEADERS } from '#server/platform/email/unsubscribe-links.ts';
import { countOf } from '#lib/shared/plural.ts';

// The words of guide licensing's emails. Each says why it was sent and links to the guide's page.

const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const day = (iso: string) => date.format(new Date(iso));
const kindWord = (licence: AdminLicence) => (licence.kind === 'exclusive' ? 'exclusive' : 'shared');
/** "an exclusive", "a shared". */
const aKind = (licence: AdminLicence) => (licence.kind === 'exclusive' ? 'an exclusive' : 'a shared');

/** How to pay an order: the store link carries its reference and the guide's email. */
const paymentDetails = (licence: AdminLicence, order: LicenceOrder): EmailContent['details'] => [
  ['Reference', order.reference],
  ['Amount', `$${order.amount} for one year`],
  ['Pay by', day(order.dueAt)],
  ['Pay at', storePaymentUrl(licenceTerms.store.href, order.reference, licence.guide?.email ?? null)],
];

/**
 * The guide of a licence an email or notice is about. Only a deleted account's licences have none, and those are ended
 * before the account goes (migration 031): nothing happens to them that anyone is told of.
 */
function guideOf(licence: AdminLicence): LicenceGuide {
  if (!licence.guide) throw new Error(`Licence ${licence.id} has no guide to tell`);
  return licence.guide;
}

/** An email to the licence's guide, linking to their licences page. */
function guideEmail(
  licence: AdminLicence,
  origin: string,
  content: Pick<EmailContent, 'subject' | 'paragraphs' | 'details' | 'replyTo'> & { action?: EmailContent['actions'][number] },
): Mail {
  const guide = guideOf(licence);
  return composeEmail({
    to: guide.email,
    subject: content.subject,
    ...(content.replyTo ? { replyTo: content.replyTo } : {}),
    greeting: `Hello ${guide.name},`,
    paragraphs: content.paragraphs,
    details: content.details,
    actions: [content.action ?? { label: 'Your licences', url: `${origin}/my-licences` }],
    reason: `You receive this because you reserved or hold a guide licence for ${licence.area.label} on FlameKeeper Clubs.`,
  });
}

/** Sent to the guide who reserved an area. */
export function reservationEmail(licence: AdminLicence, order: LicenceOrder, origin: string): Mail {
  return guideEmail(licence, origin, {
    subject: `Your ${kindWord(licence)} licence reservation for ${licence.area.label} (${order.reference})`,
    paragraphs: [
      `You reserved ${aKind(licence)} guide licence for ${licence.area.label}. The area is held for you for ${licenceTerms.paymentDays} days while you pay; how to pay is below.`,
      'Quote the reference at the store so that we can match your payment.',
      `Once we record your payment, your licence is active for one year. Unpaid by ${day(order.dueAt)}, the reservation lapses and the area is free for others. You can cancel it on your licences page.`,
    ],
    details: paymentDetails(licence, order),
  });
}

/** The admins' notification of a guide's reservation (notifyAdmins): each admin's setting says whether it is emailed. */
export function reservationNotice(licence: AdminLicence, order: LicenceOrder): AdminNotification {
  const guide = guideOf(licence);
  return {
    kind: 'licence-reserved',
    summary: `New ${kindWord(licence)} licence reservation: ${licence.area.label} (${order.reference})`,
    paragraphs: ['A guide reserved an area. Mark it paid once the store has the payment.'],
    details: [
      ['Guide', `${guide.name} <${guide.email}>`],
      ['Area', licence.area.label],
      ['Licence', kindWord(licence)],
      ...paymentDetails(licence, order)!,
    ],
    action: { label: 'Open Admin Licences', path: '/admin-licences' },
  };
}

/**
 * The admins' one notice when an account reserves more than `oneByOne` areas in an hour: instead of a notice per
 * reservation, one that says so (the rest of the hour's are on Admin Licences).
 */
export function reservationBurstNotice(licence: AdminLicence, oneByOne: number): AdminNotification {
  const guide = guideOf(licence);
  return {
    kind: 'licence-reserved',
    summary: `${guide.name} has made more than ${oneByOne} reservations in an hour`,
    paragraphs: [
      `${guide.name} <${guide.email}> has reserved more than ${oneByOne} areas in the last hour, the latest ${licence.area.label}. You will not be notified of each further reservation this hour: see them on Admin Licences, and release any that look like abuse.`,
    ],
    details: [
      ['Guide', `${guide.name} <${guide.email}>`],
      ['Latest area', licence.area.label],
    ],
    action: { label: 'Open Admin Licences', path: `/admin-licences?q=${encodeURIComponent(guide.email)}` },
  };
}

/**
 * The admins' notice that a guide deleted their account, ending the licences listed: reservations cancelled, licences
 * given up. It names neither the guide nor their email, which the deletion erases; the orders keep their references.
 */
export function licencesGivenUpNotice(licences: readonly AdminLicence[]): AdminNotification {
  const count = countOf(licences.length, { one: 'licence', other: 'licences' });
  return {
    kind: 'licences-given-up',
    summary: `A guide deleted their account: ${count} released`,
    paragraphs: [
      `A guide deleted their account and with it ${count}: each area below is free for other guides now. The licences and their orders stay on Admin Licences, without the guide's name or email.`,
    ],
    details: licences.map((licence) => [
      licence.area.label,
      `${kindWord(licence)}, ${licence.status === 'cancelled' ? 'reservation cancelled' : 'licence released'}${licence.orders.length > 0 ? ` (${licence.orders.map((order) => order.reference).join(', ')})` : ''}`,
    ]),
    action: { label: 'Open Admin Licences', path: '/admin-licences' },
  };
}

/** Sent when the admin records a payment: the reservation email promised that the licence is then active for a year. */
export function licencePaidEmail(licence: AdminLicence, renewal: boolean, origin: string): Mail {
  return guideEmail(licence, origin, {
    subject: renewal
      ? `Your licence for ${licence.area.label} is renewed until ${day(licence.endsAt!)}`
      : `Your licence for ${licence.area.label} is active until ${day(licence.endsAt!)}`,
    paragraphs: [
      renewal
        ? `We recorded your renewal payment: your ${kindWord(licence)} guide licence for ${licence.area.label} now runs until ${day(licence.endsAt!)}.`
        : `We recorded your payment: your ${kindWord(licence)} guide licence for ${licence.area.label} is active from ${day(licence.startsAt!)} to ${day(licence.endsAt!)}.`,
      guideOf(licence).certifiedOn
        ? 'While it is active, visitors find you on Find a Guide for this area.'
        : 'Once the FlameKeeper team records your certification, visitors find you on Find a Guide for this area.',
    ],
    details: [
      ['Area', licence.area.label],
      ['Licence', kindWord(licence)],
      ['Active from', day(licence.startsAt!)],
      ['Until', day(licence.endsAt!)],
    ],
  });
}

/**
 * The licence job's own emails (the renewal notice, the grace period's start, an expiry or a lapse) are automatic
 * (RFC 3834), without an unsubscribe: they are the terms of a paid licence, not a notification to turn off.
 */
const automatic = (mail: Mail): Mail => ({ ...mail, headers: AUTOMATIC_HEADERS });

/** Sent once per term, the notice period before a licence ends. */
export function renewalNoticeEmail(licence: AdminLicence, origin: string): Mail {
  const grace =
    licence.kind === 'exclusive'
      ? ` After that your area stays held for a ${licenceTerms.exclusiveGraceDays}-day grace period, in which you can still renew.`
      : ' After that the licence expires.';
  return automatic(
    guideEmail(licence, origin, {
      subject: `Renew your licence for ${licence.area.label} before ${day(licence.endsAt!)}`,
      paragraphs: [
        `Your ${kindWord(licence)} guide licence for ${licence.area.label} ends on ${day(licence.endsAt!)}.${grace}`,
        `To keep it for another year, choose "Renew for another year" on your licences page. Paid, the renewal extends your licence by one year from ${day(licence.endsAt!)}.`,
      ],
    }),
  );
}

/** Sent when an exclusive licence ends unrenewed and enters its grace period. */
export function graceEmail(licence: AdminLicence, origin: string): Mail {
  return automatic(
    guideEmail(licence, origin, {
      subject: `Your licence for ${licence.area.label} has ended: ${licenceTerms.exclusiveGraceDays} days to renew`,
      paragraphs: [
        `Your exclusive guide licence for ${licence.area.label} ended on ${day(licence.endsAt!)}. The area stays held for you until ${day(licence.graceEndsAt!)}: renew before then to keep it. After that it is released and other guides can reserve it.`,
      ],
    }),
  );
}

/** Sent when a licence expires, a reservation lapses, or the admin revokes or releases one: the area is no longer held. */
export function licenceEndedEmail(licence: AdminLicence, origin: string): Mail {
  const why: Partial<Record<AdminLicence['status'], string>> = {
    expired: `Your ${kindWord(licence)} guide licence for ${licence.area.label} has expired and the area is released.`,
    lapsed: `Your reservation of ${licence.area.label} was not paid within ${licenceTerms.paymentDays} days, so it has lapsed and the area is free again.`,
    revoked: `Your ${kindWord(licence)} guide licence for ${licence.area.label} was revoked by the FlameKeeper team. Reply to this email if you have questions.`,
    released: `Your reservation of ${licence.area.label} was released by the FlameKeeper team. Reply to this email if you have questions.`,
  };
  const mail = guideEmail(licence, origin, {
    subject: `Your licence for ${licence.area.label} is no longer held`,
    paragraphs: [
      why[licence.status] ?? `Your licence for ${licence.area.label} is no longer held.`,
      'You can search for an area and reserve it again at any time.',
    ],
    action: { label: 'Search for an area', url: `${origin}/area-search` },
    // Ended by the team, the email asks for a reply with any questions.
    ...(licence.status === 'revoked' || licence.status === 'released' ? { replyTo: teamAddress() } : {}),
  });
  // Revoked or released is the team's doing; expired and lapsed, the job's.
  return licence.status === 'expired' || licence.status === 'lapsed' ? automatic(mail) : mail;
}
