import { useState } from 'react';
import { BadgeCheck, CircleCheck, Clock } from 'lucide-react';
import { apiRequest, serverMessage } from '#lib/client/api.ts';
import { toast } from '#lib/client/toast.ts';
import { confirmedActive } from '#lib/check-ins/types.ts';
import { LocalDate } from '#components/islands/shared/LocalDate.tsx';
import { clubRecord, type ClubRecord } from '#lib/clubs/types.ts';

/**
 * Verification status, the last confirmation that the club meets, member-since date and the HOST SET code, with the
 * pending notice for unverified clubs and, for an inactive club or one that needs a check-in, the notice and its
 * "Yes, still meeting" button (for the host and the admin).
 */
export function StatusCard({ club, onChanged }: { club: ClubRecord; onChanged: (club: ClubRecord) => void }) {
  const [confirming, setConfirming] = useState(false);

  const confirmStillMeeting = async () => {
    setConfirming(true);
    try {
      const response = await apiRequest('POST', `/api/clubs/${club.id}/still-meeting`);
      onChanged(clubRecord((await response.json()) as ClubRecord));
      toast({ title: 'Club confirmed as still meeting' });
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessage(error) ?? 'Could not confirm the club. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setConfirming(false);
    }
  };

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
          <dt className="text-sm font-semibold text-stone-600">Still Meeting</dt>
          <dd className="mt-1 text-stone-900">{confirmedActive(club.confirmedAt)}</dd>
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
      {(club.inactiveSince || club.needsCheckInSince) && (
        <div className="mt-5 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          <p>
            {club.inactiveSince ? (
              <>
                <strong>Inactive:</strong> not listed in the directory since <LocalDate value={club.inactiveSince} />.
              </>
            ) : (
              <>
                <strong>Needs check-in:</strong> please confirm that your club still meets, or it leaves the directory 180 days after its
                last confirmation.
              </>
            )}
          </p>
          <button type="button" className="btn-primary mt-3 w-full" disabled={confirming} onClick={() => void confirmStillMeeting()}>
            <CircleCheck className="h-4 w-4" aria-hidden="true" />
            {confirming ? 'Working...' : 'Yes, still meeting'}
          </button>
        </div>
      )}
    </section>
  );
}
