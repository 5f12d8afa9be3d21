import { Flame, MapPin } from 'lucide-react';
import { LocalDate } from '#components/islands/shared/LocalDate.tsx';
import { CheckInBadge } from '#components/islands/shared/CheckInBadge.tsx';
import { VerificationBadge } from '#components/islands/shared/VerificationBadge.tsx';
import type { ClubRecord } from '#lib/clubs/types.ts';

/** The page's title band: club name (the page's one h1), location, verification and check-in badges, membership status. */
export function ProfileHeader({ club, isAdmin }: { club: ClubRecord; isAdmin: boolean }) {
  return (
    <section className="bg-gradient-to-b from-flame-100 to-stone-50" aria-labelledby="club-name">
      <div className="mx-auto max-w-6xl px-4 pb-4 pt-10 sm:pb-6 sm:pt-12">
        <p className="text-sm font-semibold uppercase tracking-wider text-flame-800">
          {isAdmin ? `Administration · ${club.hostName}'s club` : 'Your Club Profile'}
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
          <h1 id="club-name" className="min-w-0 break-words text-3xl font-bold tracking-tight text-ember-900 sm:text-4xl">
            {club.clubName}
          </h1>
          <VerificationBadge verified={club.isVerified} large />
          <CheckInBadge club={club} large />
        </div>
        <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-stone-700">
          <p className="flex items-center gap-1.5">
            <MapPin className="h-4 w-4 shrink-0 text-flame-700" aria-hidden="true" />
            <span>
              {club.city}, {club.state} {club.zipCode}
            </span>
          </p>
          <Membership club={club} />
        </div>
      </div>
    </section>
  );
}

function Membership({ club }: { club: ClubRecord }) {
  if (club.membershipType === 'lifetime') {
    return (
      <p className="flex items-center gap-1.5 font-semibold text-ember-900">
        <Flame className="h-4 w-4 shrink-0 text-flame-700" aria-hidden="true" />
        Lifetime Membership
      </p>
    );
  }
  if (club.membershipType === 'yearly') {
    return (
      <p className="flex flex-wrap items-center gap-x-1.5 font-semibold text-ember-900">
        <Flame className="h-4 w-4 shrink-0 text-flame-700" aria-hidden="true" />
        Yearly Membership
        {club.renewalDate && (
          <span className="font-normal text-stone-700">
            <span aria-hidden="true">· </span>Renews <LocalDate value={club.renewalDate} />
          </span>
        )}
      </p>
    );
  }
  return <p className="font-semibold text-stone-700">No Active Membership</p>;
}
