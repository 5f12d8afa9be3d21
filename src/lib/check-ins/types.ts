// Host check-ins (docs/decisions/019): zod-free and server-free, for the check-in page, the profile and the schema.

export const CHECK_IN_ANSWERS = ['still-meeting', 'stopped'] as const;
/** The host's answer to "Is your club still meeting?". */
export type CheckInAnswer = (typeof CHECK_IN_ANSWERS)[number];

/** Each answer's confirmation button, as the email's links name them. */
export const CHECK_IN_ANSWER_LABELS: Readonly<Record<CheckInAnswer, string>> = {
  'still-meeting': 'Yes, still meeting',
  stopped: 'We have stopped',
};

/** Days without a confirmation after which the host is asked, the admin is told, and the club leaves the directory. */
export const CHECK_IN_DAYS = { ask: 90, flag: 120, inactive: 180 } as const;

const monthYears = new Map<string, Intl.DateTimeFormat>();

/**
 * "November 2026" ("noviembre de 2026" in es-US): the month of the host's last confirmation (or the registration), in
 * UTC so that the server-rendered page and the directory's island in any visitor's browser write the same month.
 */
export function confirmedMonth(confirmedAt: string | Date, locale = 'en-US'): string {
  let monthYear = monthYears.get(locale);
  if (!monthYear)
    monthYears.set(locale, (monthYear = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' })));
  return monthYear.format(new Date(confirmedAt));
}

/** "Confirmed active November 2026". */
export function confirmedActive(confirmedAt: string | Date): string {
  return `Confirmed active ${confirmedMonth(confirmedAt)}`;
}
