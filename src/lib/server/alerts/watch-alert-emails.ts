import { UNCONFIRMED_ALERT_DAYS } from '#lib/alerts/types.ts';
import { composeEmail } from '#server/platform/email/compose.ts';
import type { Mail } from '#server/platform/email/mailer.ts';
import { alertsPagePath, unsubscribeHeaders } from './alert-emails.ts';

// The words of the guide alerts (issue 39), "Tell me when a guide serves {place}". As the club alerts' (alert-emails.ts):
// the confirmation quotes nothing typed but the place as the site resolved it, and every email after it carries one-click
// unsubscribe (RFC 8058).

const TYPED_REASON =
  'You receive this because this address was typed into an alert form on FlameKeeper Clubs. If it was not you, ignore this email.';

/** The confirmation of a guide alert for `placeLabel`. */
export function guideAlertConfirmationEmail(to: string, placeLabel: string, origin: string, token: string): Mail {
  return composeEmail({
    to,
    subject: `Confirm your guide alert for ${placeLabel}`,
    greeting: 'Hello,',
    paragraphs: [
      `Someone, we hope you, asked FlameKeeper Clubs to email this address when a guide serves ${placeLabel}.`,
      `Nothing more is sent unless you confirm. An alert that is not confirmed is deleted after ${UNCONFIRMED_ALERT_DAYS} days.`,
    ],
    actions: [{ label: 'Confirm the alert', url: `${origin}/alerts/confirm?${new URLSearchParams({ token })}` }],
    reason: TYPED_REASON,
  });
}

/** A guide now serving a guide alert's place, as its email names it. */
export interface ServingGuide {
  name: string;
  pagePath: string;
}

/** The day's email of a guide alert: each guide who now serves its place, with the guide's page. */
export function guidesServingEmail(
  to: string,
  placeLabel: string,
  guides: readonly [ServingGuide, ...ServingGuide[]],
  origin: string,
  token: string,
): Mail {
  const one = guides.length === 1;
  return {
    ...composeEmail({
      to,
      subject: one ? `A guide now serves ${placeLabel}: ${guides[0].name}` : `${guides.length} guides now serve ${placeLabel}`,
      greeting: 'Hello,',
      paragraphs: [
        one
          ? `${guides[0].name} is now a FlameKeeper guide for ${placeLabel}: a guide helps clubs start and keep going there.`
          : `${guides.map((guide) => guide.name).join(', ')} are now FlameKeeper guides for ${placeLabel}: a guide helps clubs start and keep going there.`,
        'A guide page says how to reach the guide.',
      ],
      links: guides.map((guide) => ({ label: `${guide.name}: the guide's page`, url: `${origin}${guide.pagePath}` })),
      actions: [{ label: 'Your alerts', url: `${origin}${alertsPagePath(token)}` }],
      reason: `You receive this because this address confirmed an alert on FlameKeeper Clubs for a guide serving ${placeLabel}. At most one such email goes a day. To stop it, delete it on Your alerts, or use your mail reader's Unsubscribe.`,
    }),
    headers: unsubscribeHeaders(origin, token),
  };
}
