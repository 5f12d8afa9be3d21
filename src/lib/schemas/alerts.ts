import { ALERT_DISTANCES, DEFAULT_ALERT_DISTANCE } from '#lib/alerts/types.ts';
import { email } from './clubs.ts';
import { singleLine } from './text.ts';
import { z } from './zod.ts';

// The payloads of alerts (issue 39): the alert form, and the links of the alert emails.

const PLACE_MESSAGE = 'Type a ZIP code or a city';
const DISTANCE_MESSAGE = 'Choose 10, 25 or 50 miles';

/**
 * POST /api/alerts, and the alert form: the address, the place (a ZIP code or a city, as the directory's search reads
 * them), the distance in miles and whether online clubs count. The form posted without JavaScript sends the distance
 * as text and the checkbox only when ticked; the bridge makes them a number and a boolean (form-posts.ts).
 */
export const alertSchema = z.object({
  email,
  place: singleLine({ error: PLACE_MESSAGE }).min(2, PLACE_MESSAGE).max(100, 'Type at most 100 characters'),
  distance: z
    .union(
      ALERT_DISTANCES.map((miles) => z.literal(miles)),
      { error: DISTANCE_MESSAGE },
    )
    .default(DEFAULT_ALERT_DISTANCE),
  includeOnline: z.boolean({ error: 'Say whether online clubs count' }).default(false),
});
export type AlertInput = z.input<typeof alertSchema>;
export type AlertRequest = z.output<typeof alertSchema>;

/**
 * POST /api/alerts/club, and the "Tell me when {club} takes new members" form of a club that takes none: the address
 * and the club. The form posted without JavaScript sends the club's id as text; the bridge makes it a number.
 */
export const clubAlertSchema = z.object({
  email,
  clubId: z.number({ error: 'Choose a club' }).int('Choose a club').positive('Choose a club'),
});
export type ClubAlertRequest = z.output<typeof clubAlertSchema>;

/** An alert email's link token: 32 random bytes in base64url (src/lib/server/platform/tokens.ts). */
export const alertToken = z.string({ error: 'This link is not valid.' }).regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid.');

/** The confirmation button of /alerts/confirm, and the keep button of the "Keep this alert?" email's page. */
export const alertLinkSchema = z.object({ token: alertToken });

/** The delete buttons of the "Your alerts" page: one alert by its id, or every alert of the address (`all`). */
export const alertDeletionSchema = z.union([
  z.object({ token: alertToken, alertId: z.coerce.number({ error: 'Choose an alert' }).int().positive('Choose an alert') }),
  z.object({ token: alertToken, all: z.literal(['true', true], { error: 'Choose an alert' }) }),
]);

/**
 * POST /api/alerts/guides, "Tell me when a guide serves {place}" on /guides: the address and the place (a ZIP code or a
 * city, as the club alert's). No distance: a guide serves a place when a licence covers it.
 */
export const guideAlertSchema = alertSchema.pick({ email: true, place: true });
