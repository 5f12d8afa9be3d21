import { BadgeCheck, Clock } from 'lucide-react';
import { LocalDate } from '#components/islands/profile/LocalDate.tsx';
import type { AdminClub } from './types.ts';

/** Verified or Pending, as a small pill. */
export function VerificationBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <span className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-emerald-100 px-2.5 py-0.5 text-sm font-semibold text-emerald-900">
      <BadgeCheck className="h-4 w-4" aria-hidden="true" />
      Verified
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-semibold text-amber-900">
      <Clock className="h-4 w-4" aria-hidden="true" />
      Pending
    </span>
  );
}

/** Lifetime, yearly with its renewal date, or none. */
export function Membership({ club }: { club: Pick<AdminClub, 'membershipType' | 'renewalDate'> }) {
  if (club.membershipType === 'lifetime') return <span>Lifetime</span>;
  if (club.membershipType === 'yearly') {
    return (
      <span>
        Yearly
        {club.renewalDate && (
          <span className="block text-xs text-stone-600">
            renews <LocalDate value={club.renewalDate} />
          </span>
        )}
      </span>
    );
  }
  return <span className="text-stone-600">None</span>;
}
