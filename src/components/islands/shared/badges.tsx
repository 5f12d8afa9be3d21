import { MailWarning } from 'lucide-react';
import { LocalDate } from './LocalDate.tsx';
import type { LicenceStatus } from '#lib/licensing/types.ts';
import type { ClubRecord } from '#lib/clubs/types.ts';

/** Lifetime, yearly with its renewal date, or none. */
export function Membership({ club }: { club: Pick<ClubRecord, 'membershipType' | 'renewalDate'> }) {
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

const LICENCE_STATUS_BADGES: Record<LicenceStatus, { label: string; className: string }> = {
  reserved: { label: 'Awaiting payment', className: 'bg-amber-100 text-amber-900' },
  active: { label: 'Active', className: 'bg-emerald-100 text-emerald-900' },
  grace: { label: 'In grace period', className: 'bg-orange-100 text-orange-900' },
  lapsed: { label: 'Lapsed', className: 'bg-stone-200 text-stone-800' },
  cancelled: { label: 'Cancelled', className: 'bg-stone-200 text-stone-800' },
  released: { label: 'Released', className: 'bg-stone-200 text-stone-800' },
  revoked: { label: 'Revoked', className: 'bg-red-100 text-red-900' },
  expired: { label: 'Expired', className: 'bg-stone-200 text-stone-800' },
};

/** A licence's status as a small pill: held statuses in colour, ended ones in grey (revoked in red). */
export function LicenceStatusBadge({ status }: { status: LicenceStatus }) {
  const { label, className } = LICENCE_STATUS_BADGES[status];
  return <span className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-sm font-semibold ${className}`}>{label}</span>;
}

/**
 * Beside a club's email: its host has not confirmed the address yet (the link of their registration is unused). The
 * club may be verified meanwhile; this only says that mail to it is not known to arrive.
 */
export function UnconfirmedEmailBadge() {
  return (
    <span className="mt-1 inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
      <MailWarning className="h-3.5 w-3.5" aria-hidden="true" />
      Email unconfirmed
    </span>
  );
}
