// Alerts for visitors (issue 39): what the alert form, the "Your alerts" page and the server share.

/**
 * The one-click unsubscribe address of the alert emails (RFC 8058): posted by mail readers from no page of ours, so the
 * middleware's cross-site checks leave it to the link's token (src/middleware.ts).
 */
export const ALERT_UNSUBSCRIBE_PATH = '/api/alerts/unsubscribe';

/** The distances an alert may cover, in miles; the form's default is the middle one. */
export const ALERT_DISTANCES = [10, 25, 50] as const;
export type AlertDistance = (typeof ALERT_DISTANCES)[number];
export const DEFAULT_ALERT_DISTANCE: AlertDistance = 25;

/** How many alerts one address may have, confirmed or not. */
export const MAX_ALERTS_PER_ADDRESS = 10;
/** Days an unconfirmed alert waits for its confirmation before it is deleted. */
export const UNCONFIRMED_ALERT_DAYS = 7;
/** Months a confirmed alert lives; the "Keep this alert?" email goes KEEP_ASK_DAYS before the end. */
export const ALERT_MONTHS = 12;
export const KEEP_ASK_DAYS = 14;

/** An alert as the "Your alerts" page lists it: no address (the page is the address's own). */
export interface AlertSummary {
  id: number;
  kind: 'clubs' | 'guides' | 'club';
  placeLabel: string;
  distanceMiles: AlertDistance;
  includeOnline: boolean;
  createdAt: string;
  confirmedAt: string | null;
  expiresAt: string | null;
}

/** "within 25 miles of Austin, TX 78704, and online clubs anywhere": where a club alert watches, in its emails' words. */
export function describeAlert({
  placeLabel,
  distanceMiles,
  includeOnline,
}: Pick<AlertSummary, 'placeLabel' | 'distanceMiles' | 'includeOnline'>) {
  return `within ${distanceMiles} miles of ${placeLabel}${includeOnline ? ', and online clubs anywhere' : ''}`;
}

/**
 * What an alert is for, as a clause after "email me": "when a new club starts within 25 miles of Austin, TX 78704", for
 * a club that takes no new members "when Quinn Reading Circle takes new members again" (its place label is the club's
 * name), or for a guide alert "when a guide serves Billings, MT 59101".
 */
export function alertWhen(alert: Pick<AlertSummary, 'kind' | 'placeLabel' | 'distanceMiles' | 'includeOnline'>): string {
  if (alert.kind === 'guides') return `when a guide serves ${alert.placeLabel}`;
  return alert.kind === 'club' ? `when ${alert.placeLabel} takes new members again` : `when a new club starts ${describeAlert(alert)}`;
}

/**
 * An alert as the "Your alerts" page and its emails name it: "New clubs within 25 miles of …", "Quinn Reading Circle
 * taking new members again", "A guide who serves …".
 */
export function alertTitle(alert: Pick<AlertSummary, 'kind' | 'placeLabel' | 'distanceMiles' | 'includeOnline'>): string {
  if (alert.kind === 'guides') return `A guide who serves ${alert.placeLabel}`;
  return alert.kind === 'club' ? `${alert.placeLabel} taking new members again` : `New clubs ${describeAlert(alert)}`;
}
