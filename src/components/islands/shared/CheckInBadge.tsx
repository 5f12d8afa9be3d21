import { CalendarClock, CirclePause } from 'lucide-react';
import type { ClubRecord } from '#lib/clubs/types.ts';

/**
 * Inactive (off the directory) or Needs check-in (120 days unconfirmed, or reported), as a pill beside the
 * verification badge: small in a table's row, `large` beside a page's title; nothing otherwise.
 */
export function CheckInBadge({ club, large = false }: { club: Pick<ClubRecord, 'inactiveSince' | 'needsCheckInSince'>; large?: boolean }) {
  const pill = `inline-flex items-center gap-1 whitespace-nowrap rounded-full text-sm font-semibold ${large ? 'px-3 py-1' : 'px-2.5 py-0.5'}`;
  if (club.inactiveSince) {
    return (
      <span className={`${pill} bg-stone-200 text-stone-800`}>
        <CirclePause className="h-4 w-4" aria-hidden="true" />
        Inactive
      </span>
    );
  }
  if (!club.needsCheckInSince) return null;
  return (
    <span className={`${pill} bg-orange-100 text-orange-900`}>
      <CalendarClock className="h-4 w-4" aria-hidden="true" />
      Needs check-in
    </span>
  );
}
