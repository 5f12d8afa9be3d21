// Intl rather than a date library: the directory island has an 80 KB JavaScript budget.
const NEXT_SESSION_FORMAT = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** When a club next meets, in the visitor's own time zone: "Tue, Dec 2, 7:00 PM". */
export function formatNextSession(instant: string): string {
  return NEXT_SESSION_FORMAT.format(new Date(instant));
}
