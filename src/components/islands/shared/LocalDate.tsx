import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/** False while rendering on the server and hydrating, true afterwards: the visitor's locale and time zone are known. */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

interface LocalDateProps {
  /** A calendar date (YYYY-MM-DD) or an ISO timestamp. */
  value: string;
  className?: string;
  /** How to write it, when not the locale's numeric date: `{ month: 'short', day: 'numeric' }` says "Dec 5". */
  format?: Intl.DateTimeFormatOptions;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date in the visitor's own date format. The server cannot know the visitor's locale or time zone, so it renders
 * a neutral US/UTC form and the browser swaps in the local one right after hydration (no hydration mismatch).
 */
export function LocalDate({ value, className, format }: LocalDateProps) {
  const isClient = useIsClient();
  const calendar = CALENDAR_DATE.exec(value);
  let text: string;
  if (calendar) {
    const [year, month, day] = calendar.slice(1).map(Number) as [number, number, number];
    // A calendar date is the same day everywhere: build it in local time, not as UTC midnight.
    text = isClient
      ? new Date(year, month - 1, day).toLocaleDateString(undefined, format)
      : new Date(Date.UTC(year, month - 1, day)).toLocaleDateString('en-US', { ...format, timeZone: 'UTC' });
  } else {
    const date = new Date(value);
    text = isClient ? date.toLocaleDateString(undefined, format) : date.toLocaleDateString('en-US', { ...format, timeZone: 'UTC' });
  }
  return (
    <time dateTime={value} className={className}>
      {text}
    </time>
  );
}
