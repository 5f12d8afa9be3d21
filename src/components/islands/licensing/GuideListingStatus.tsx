import { Eye, EyeOff } from 'lucide-react';
import type { GuideUnlistedReason } from '#lib/guides/types.ts';
import type { LicenceGuide } from '#lib/licensing/types.ts';

type Guide = LicenceGuide;

const REASON_LABELS: Record<Exclude<GuideUnlistedReason, 'hidden-by-admin'>, string> = {
  'not-certified': 'not certified',
  'no-active-licence': 'no active licence',
  'hidden-by-guide': 'hidden by the guide',
};

const smallButton =
  'mt-1 inline-flex items-center gap-1 rounded-md border px-2.5 py-1.5 text-xs font-semibold disabled:cursor-not-allowed disabled:opacity-60';

interface GuideListingStatusProps {
  guide: Guide;
  /** A change for this guide is on its way to the server. */
  busy: boolean;
  onHide: (guide: Guide) => void;
  onShow: (guide: Guide) => void;
}

/** Whether visitors find the guide and, if not, why not; the admin's Hide profile (with a reason) or Show profile. */
export function GuideListingStatus({ guide, busy, onHide, onShow }: GuideListingStatusProps) {
  const reasons = guide.unlistedReasons.filter((reason) => reason !== 'hidden-by-admin');
  const hidden = guide.adminHiddenReason !== null;
  const Icon = hidden ? Eye : EyeOff;
  return (
    <div className="mt-2 text-xs">
      {guide.unlistedReasons.length === 0 ? (
        <p className="font-semibold text-emerald-800">Profile listed</p>
      ) : (
        <p className="text-stone-700">
          <span className="font-semibold text-amber-900">Not listed:</span>{' '}
          {reasons.map((reason) => REASON_LABELS[reason as keyof typeof REASON_LABELS]).join(', ')}
          {guide.adminHiddenReason !== null && (
            <>
              {reasons.length > 0 && ', '}
              hidden by the team: <q className="break-words">{guide.adminHiddenReason}</q>
            </>
          )}
        </p>
      )}
      <button
        type="button"
        className={`${smallButton} bg-white ${hidden ? 'border-emerald-800 text-emerald-900 hover:bg-emerald-50' : 'border-stone-500 text-stone-800 hover:bg-stone-100'}`}
        disabled={busy}
        onClick={() => (hidden ? onShow(guide) : onHide(guide))}
      >
        <Icon className="h-3.5 w-3.5" aria-hidden="true" />
        {hidden ? 'Show profile' : 'Hide profile'}
        <span className="sr-only"> of {guide.name}</span>
      </button>
    </div>
  );
}
