import { BadgeCheck, Clock } from 'lucide-react';
import type { ProfileClub } from './club.ts';
import { LocalDate } from './LocalDate.tsx';

/** Verification status, member-since date and the HOST SET code, with the pending notice for unverified clubs. */
export function StatusCard({ club }: { club: ProfileClub }) {
  return (
    <section className="card" aria-labelledby="status-heading">
      <h2 id="status-heading" className="text-xl font-bold text-ember-900">
        Club Status
      </h2>
      <dl className="mt-4 space-y-4">
        <div>
          <dt className="text-sm font-semibold text-stone-600">Verification Status</dt>
          <dd className={`mt-1 flex items-center gap-1.5 font-semibold ${club.isVerified ? 'text-emerald-800' : 'text-amber-900'}`}>
            {club.isVerified ? <BadgeCheck className="h-4 w-4" aria-hidden="true" /> : <Clock className="h-4 w-4" aria-hidden="true" />}
            {club.isVerified ? 'Verified' : 'Pending Verification'}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-stone-600">Member Since</dt>
          <dd className="mt-1 text-stone-900">
            <LocalDate value={club.createdAt} />
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-stone-600">HOST SET Code</dt>
          <dd className="mt-1 break-all font-mono text-stone-900">{club.hostSetCode}</dd>
        </div>
      </dl>
      {!club.isVerified && (
        <p className="mt-5 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          Your club is pending verification. It will appear in the public directory once our admin team approves it.
        </p>
      )}
    </section>
  );
}
