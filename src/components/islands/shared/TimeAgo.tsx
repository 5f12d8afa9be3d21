import { timeAgo } from '#lib/shared/format.ts';
import { useIsClient } from './LocalDate.tsx';

/**
 * How long ago a moment was ("2 minutes ago"), by the visitor's clock; the exact moment is its tooltip. As LocalDate,
 * the server renders a neutral US/UTC form and the browser swaps the relative one in right after hydration.
 */
export function TimeAgo({ value }: { value: string }) {
  const isClient = useIsClient();
  const date = new Date(value);
  const exact = date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: isClient ? undefined : 'UTC' });
  return (
    <time dateTime={value} title={isClient ? exact : undefined}>
      {isClient ? timeAgo(date, new Date()) : `${exact} UTC`}
    </time>
  );
}
