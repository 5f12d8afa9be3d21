import { useState, type ReactNode } from 'react';
import { BadgeCheck, BadgeX, CalendarClock, Infinity as InfinityIcon } from 'lucide-react';
import { handleAdminError } from '#lib/client/admin-errors.ts';
import { apiRequest, serverMessage } from '#lib/client/api.ts';
import { toast } from '#lib/client/toast.ts';
import { UnverifyDialog } from '#components/islands/shared/UnverifyDialog.tsx';
import { clubRecord, type ClubRecord } from '#lib/clubs/types.ts';

type Action = 'verify' | 'unverify' | 'set-lifetime' | 'set-yearly';

const MESSAGES: Record<Action, { success: string; failure: string }> = {
  verify: { success: 'Club verified successfully', failure: 'Failed to verify club' },
  unverify: { success: 'Club unverified successfully', failure: 'Failed to unverify club' },
  'set-lifetime': { success: 'Lifetime membership set successfully', failure: 'Failed to set lifetime membership' },
  'set-yearly': { success: 'Yearly renewal set successfully', failure: 'Failed to set yearly renewal' },
};

/** The admin's Club Management card on a club's profile: verification and membership. */
export function ClubManagement({ club, onChanged }: { club: ClubRecord; onChanged: (club: ClubRecord) => void }) {
  const [busy, setBusy] = useState<Action | null>(null);
  const [unverifying, setUnverifying] = useState<ClubRecord | null>(null);

  const run = async (action: Action, reason?: string) => {
    setBusy(action);
    try {
      const response = await apiRequest('POST', `/api/clubs/${club.id}/${action}`, reason ? { reason } : undefined);
      onChanged(clubRecord((await response.json()) as ClubRecord));
      toast({ title: MESSAGES[action].success });
    } catch (error) {
      handleAdminError(error, { title: 'Error', description: serverMessage(error) ?? MESSAGES[action].failure });
    } finally {
      setBusy(null);
    }
  };

  const button = (action: Action, label: string, icon: ReactNode) => (
    <button
      type="button"
      className="btn-secondary w-full"
      disabled={busy !== null}
      onClick={() => (action === 'unverify' ? setUnverifying(club) : void run(action))}
    >
      {icon}
      {busy === action ? 'Working...' : label}
    </button>
  );

  return (
    <section className="card" aria-labelledby="management-heading">
      <h2 id="management-heading" className="text-xl font-bold text-ember-900">
        Club Management
      </h2>
      <p className="mt-1 text-sm text-stone-600">Admin</p>
      <div className="mt-4 space-y-3">
        {club.isVerified
          ? button('unverify', 'Unverify Club', <BadgeX className="h-4 w-4" aria-hidden="true" />)
          : button('verify', 'Verify Club', <BadgeCheck className="h-4 w-4" aria-hidden="true" />)}
        {button('set-lifetime', 'Set Lifetime Membership', <InfinityIcon className="h-4 w-4" aria-hidden="true" />)}
        {button('set-yearly', 'Set Yearly Renewal', <CalendarClock className="h-4 w-4" aria-hidden="true" />)}
      </div>
      <UnverifyDialog club={unverifying} onConfirm={(_, reason) => void run('unverify', reason)} onClose={() => setUnverifying(null)} />
    </section>
  );
}
