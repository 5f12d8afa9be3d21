import { BadgeCheck, Clock } from 'lucide-react';

/** Verified or Pending, as a pill: small in a table's row, `large` beside a page's title. */
export function VerificationBadge({ verified, large = false }: { verified: boolean; large?: boolean }) {
  const pill = `inline-flex items-center gap-1 whitespace-nowrap rounded-full text-sm font-semibold ${large ? 'px-3 py-1' : 'px-2.5 py-0.5'}`;
  return verified ? (
    <span className={`${pill} bg-emerald-100 text-emerald-900`}>
      <BadgeCheck className="h-4 w-4" aria-hidden="true" />
      Verified
    </span>
  ) : (
    <span className={`${pill} bg-amber-100 text-amber-900`}>
      <Clock className="h-4 w-4" aria-hidden="true" />
      Pending
    </span>
  );
}
