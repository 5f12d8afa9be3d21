import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { UserPlus } from 'lucide-react';
import type { JoinOptions } from '#lib/clubs/join-request-types.ts';
import { getJson } from '#lib/client/api.ts';
import { fillTemplate } from '#lib/shared/format.ts';
import { LoadingLine } from './LoadingLine.tsx';
import { OnDemandToaster } from './OnDemandToaster.tsx';
import { ClubAlertForm } from './ClubAlertForm.tsx';
import { useClubWords } from './club-words.ts';

// The form (zod, react-hook-form) loads on the first click, as Report a problem's does: the directory and a club's page
// keep their first load. The words are the page's language's (ClubWordsContext), from its content file.
const JoinRequestForm = lazy(() => import('./JoinRequestForm.tsx'));

interface AskToJoinProps {
  clubId: number;
  clubName: string;
  /** The club page's options, rendered with the page; the directory's dialog reads them when it opens the club. */
  options?: JoinOptions;
}

/**
 * "Ask to join" beside Contact Host: a disclosure button that opens the request form under it, which works in the
 * directory's dialog at any width. While the host takes no new members it says so instead.
 */
export default function AskToJoin({ clubId, clubName, options: rendered }: AskToJoinProps) {
  const [options, setOptions] = useState<JoinOptions | null>(rendered ?? null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const formId = useId();
  const { joinRequest: copy, details } = useClubWords();

  useEffect(() => {
    if (rendered) return;
    let current = true;
    getJson<JoinOptions>(`/api/clubs/${clubId}/join-requests/options`).then(
      (loaded) => current && setOptions(loaded),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [clubId, rendered]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  if (failed) return <p className="text-sm text-stone-700">{copy.loadFailed}</p>;
  if (!options) return null;
  if (!options.acceptingMembers) {
    return (
      <div>
        <p className="font-semibold text-ember-900" data-not-accepting>
          {copy.notAccepting}
        </p>
        <ClubAlertForm clubId={clubId} clubName={clubName} />
      </div>
    );
  }
  return (
    <div>
      <button
        ref={button}
        type="button"
        className="btn-primary"
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        onClick={() => {
          setOpen(!open);
          setUsed(true);
        }}
      >
        <UserPlus className="h-4 w-4" aria-hidden="true" />
        {copy.open}
      </button>
      {open && (
        <div id={formId} className="mt-3 rounded-xl border border-stone-200 bg-white p-4">
          <p className="mb-4 text-sm text-stone-700">{fillTemplate(copy.intro, { club: clubName })}</p>
          <Suspense fallback={<LoadingLine label={details.formLoading} />}>
            <JoinRequestForm
              clubId={clubId}
              clubName={clubName}
              options={options}
              onSent={close}
              onCancel={close}
              onNotAccepting={() => setOptions({ ...options, acceptingMembers: false })}
            />
          </Suspense>
        </div>
      )}
      {used && <OnDemandToaster closeLabel={details.closeToast} />}
    </div>
  );
}
