import { UNCONFIRMED_ALERT_DAYS } from '#lib/alerts/types.ts';
import { composeEmail } from '#server/platform/email/compose.ts';
import type { Mail } from '#server/platform/email/mailer.ts';
import { alertsPagePath, unsubscribePath } from './alert-emails.ts';

// The words of the two other kinds of alert (issue 39): "Tell me when a guide serves {place}" and "Tell me when {club}
// takes new members". As the club alerts' (alert-emails.ts): the confirmation quotes nothing typed but the place as the
// site resolved it (or the club's listed name), and every email after it carries one-click unsubscribe (RFC 8058).

const TYPED_REASON =
  'You receive this because this address was typed into an alert form on FlameKeeper Clubs. If it was not you, ignore this email.';

const unsubscribeHeaders = (origin: string, token: string) => ({
  'List-Unsubscribe': `<${origin}${unsubscribePath(token)}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

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

/** The confirmation of an alert for when `clubName` takes new members again. */
export function clubAlertConfirmationEmail(to: string, clubName: string, origin: string, token: string): Mail {
  return composeEmail({
    to,
    subject: `Confirm your alert for ${clubName}`,
    greeting: 'Hello,',
    paragraphs: [
      `Someone, we hope you, asked FlameKeeper Clubs to email this address when ${clubName} takes new members again.`,
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

/**
 * The one email of a club alert: the club takes new members again, with its page and "Ask to join". The alert ends with
 * it; the "Your alerts" link goes only while the address has other alerts (its links go with its last one).
 */
export function clubOpenEmail(
  to: string,
  club: { clubName: string; pagePath: string },
  origin: string,
  token: string,
  otherAlerts: boolean,
): Mail {
  return {
    ...composeEmail({
      to,
      subject: `${club.clubName} takes new members again`,
      greeting: 'Hello,',
      paragraphs: [
        `${club.clubName} takes new members again: ask to join on its page.`,
        "This alert has done its job, so it has ended and its address is deleted with it: nothing more is sent for it. If joining closes again, set up a new alert on the club's page.",
      ],
      links: [
        { label: `${club.clubName}: its page`, url: `${origin}${club.pagePath}` },
        { label: `Ask to join ${club.clubName}`, url: `${origin}${club.pagePath}#connect-heading` },
      ],
      actions: [
        otherAlerts
          ? { label: 'Your other alerts', url: `${origin}${alertsPagePath(token)}` }
          : { label: `Ask to join ${club.clubName}`, url: `${origin}${club.pagePath}#connect-heading` },
      ],
      reason: `You receive this because this address confirmed an alert on FlameKeeper Clubs for when ${club.clubName} takes new members. It was the only email of that alert.`,
    }),
    headers: unsubscribeHeaders(origin, token),
  };
}
