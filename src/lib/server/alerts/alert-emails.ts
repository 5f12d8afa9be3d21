import {
  ALERT_UNSUBSCRIBE_PATH,
  alertWhen,
  describeAlert,
  UNCONFIRMED_ALERT_DAYS,
  type AlertDistance,
  type AlertSummary,
} from '#lib/alerts/types.ts';
import { composeEmail } from '#server/platform/email/compose.ts';
import { oneClickHeaders } from '#server/platform/email/unsubscribe-links.ts';
import type { Mail } from '#server/platform/email/mailer.ts';

// The words of the alert emails. The confirmation goes to an address anyone may type, so it quotes nothing typed but
// the place as the site resolved it; every email after it (matches, "Keep this alert?") carries one-click unsubscribe
// (RFC 8058) and the link to the address's alerts.

/** The path of the "Your alerts" page of a link's token. */
export const alertsPagePath = (token: string) => `/alerts?${new URLSearchParams({ token })}`;
/** The one-click unsubscribe address of a link's token, which a mail reader posts to (RFC 8058), and people open. */
export const unsubscribePath = (token: string) => `${ALERT_UNSUBSCRIBE_PATH}?${new URLSearchParams({ token })}`;

/** What an alert watches, as its emails describe it: a place (kind `clubs`), or a club by its name (kind `club`). */
interface Watched {
  kind: AlertSummary['kind'];
  placeLabel: string;
  distance: AlertDistance;
  includeOnline: boolean;
}

const watching = ({ placeLabel, distance, includeOnline }: Watched) =>
  describeAlert({ placeLabel, distanceMiles: distance, includeOnline });
/** "when a new club starts within 25 miles of …", "when Quinn Reading Circle takes new members again". */
const when = ({ kind, placeLabel, distance, includeOnline }: Watched) =>
  alertWhen({ kind, placeLabel, distanceMiles: distance, includeOnline });

/** The email that asks the address to confirm a new alert, the one email sent before it does. */
export function alertConfirmationEmail(to: string, alert: Watched, origin: string, token: string): Mail {
  return composeEmail({
    to,
    subject: `Confirm your club alert for ${alert.placeLabel}`,
    greeting: 'Hello,',
    paragraphs: [
      `Someone, we hope you, asked FlameKeeper Clubs to email this address ${when(alert)}.`,
      `Nothing more is sent unless you confirm. An alert that is not confirmed is deleted after ${UNCONFIRMED_ALERT_DAYS} days.`,
    ],
    actions: [{ label: 'Confirm the alert', url: `${origin}/alerts/confirm?${new URLSearchParams({ token })}` }],
    reason:
      'You receive this because this address was typed into the alert form on FlameKeeper Clubs. If it was not you, ignore this email.',
  });
}

/** The email sent instead of a confirmation when the address has as many alerts as it may. */
export function alertsFullEmail(to: string, placeLabel: string, origin: string, token: string): Mail {
  return composeEmail({
    to,
    subject: 'Your club alerts: no room for another',
    greeting: 'Hello,',
    paragraphs: [
      `Someone, we hope you, asked for an alert for ${placeLabel}, but this address already has 10 alerts, as many as one address may have.`,
      'Delete one you no longer need, then set up the new one again.',
    ],
    actions: [{ label: 'Your alerts', url: `${origin}${alertsPagePath(token)}` }],
    reason:
      'You receive this because this address was typed into the alert form on FlameKeeper Clubs. If it was not you, ignore this email.',
  });
}

/**
 * The headers of every email of a confirmed alert: one-click unsubscribe, by a POST of the mail reader (RFC 8058), and
 * Auto-Submitted.
 */
export const unsubscribeHeaders = (origin: string, token: string) => oneClickHeaders(`${origin}${unsubscribePath(token)}`);

/** A club an alert matched, as its email lists it. */
export interface MatchedClub {
  clubName: string;
  city: string;
  state: string;
  online: boolean;
  distanceMiles: number;
  /** "Tue, Dec 8, 7:00 PM CST", in the alert's zone too when it differs; null when the club names no times. */
  nextSession: string | null;
  pagePath: string;
}

/** The day's email of an alert: every club it matched since its last one, each with its page and Ask to join. */
export function alertMatchesEmail(
  to: string,
  alert: Watched,
  clubs: readonly [MatchedClub, ...MatchedClub[]],
  origin: string,
  token: string,
): Mail {
  const one = clubs.length === 1;
  const reopened = alert.kind === 'club';
  return {
    ...composeEmail({
      to,
      subject: reopened
        ? `${clubs[0].clubName} takes new members again`
        : one
          ? `A new club near ${alert.placeLabel}: ${clubs[0].clubName}`
          : `${clubs.length} new clubs near ${alert.placeLabel}`,
      greeting: 'Hello,',
      paragraphs: [
        reopened
          ? `${clubs[0].clubName} takes new members again, as you asked us to tell you:`
          : one
            ? `A FlameKeeper club now takes new members ${watching(alert)}:`
            : `${clubs.length} FlameKeeper clubs now take new members ${watching(alert)}:`,
        ...clubs.map((club) =>
          [
            reopened
              ? `${club.clubName}: ${club.online ? 'meets online' : `in ${club.city}, ${club.state}`}.`
              : `${club.clubName}: ${club.online ? 'meets online' : `in ${club.city}, ${club.state}`}, ${club.distanceMiles.toFixed(1)} miles from ${alert.placeLabel}.`,
            club.nextSession ? `Next session: ${club.nextSession}.` : 'Ask the host when it meets next.',
          ].join('\n'),
        ),
      ],
      links: clubs.flatMap((club) => [
        { label: `${club.clubName}: its page`, url: `${origin}${club.pagePath}` },
        { label: `Ask to join ${club.clubName}`, url: `${origin}${club.pagePath}#connect-heading` },
      ]),
      actions: [{ label: 'Your alerts', url: `${origin}${alertsPagePath(token)}` }],
      reason: `You receive this because this address confirmed an alert on FlameKeeper Clubs, to be emailed ${when(alert)}. At most one such email goes a day. To stop it, delete it on Your alerts, or use your mail reader's Unsubscribe.`,
    }),
    headers: unsubscribeHeaders(origin, token),
  };
}

/** The email 14 days before an alert ends: one click keeps it a further 12 months. */
export function keepAlertEmail(to: string, alert: Watched, endsOn: string, origin: string, token: string): Mail {
  return {
    ...composeEmail({
      to,
      subject: `Keep your ${alert.kind === 'guides' ? 'guide' : 'club'} alert for ${alert.placeLabel}?`,
      greeting: 'Hello,',
      paragraphs: [
        `Your alert, an email ${when(alert)}, ends on ${endsOn}.`,
        'Keep it, and it goes on for another 12 months. Otherwise it ends then, and its address is deleted with it.',
      ],
      actions: [
        { label: 'Keep this alert', url: `${origin}/alerts/keep?${new URLSearchParams({ token })}` },
        { label: 'Your alerts', url: `${origin}${alertsPagePath(token)}` },
      ],
      reason: 'You receive this because this address confirmed an alert on FlameKeeper Clubs a year ago. This is the only reminder.',
    }),
    headers: unsubscribeHeaders(origin, token),
  };
}
