import { useIsClient } from './LocalDate.tsx';

/**
 * A moment in the visitor's own date and time format. As with LocalDate, the server renders a neutral US/UTC form
 * and the browser swaps in the local one right after hydration.
 */
export function LocalDateTime({ value, className }: { value: string; className?: string }) {
  const isClient = useIsClient();
  const date = new Date(value);
  const text = isClient
    ? date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
    : `${date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`;
  return (
    <time dateTime={value} className={className}>
      {text}
    </time>
  );
}
