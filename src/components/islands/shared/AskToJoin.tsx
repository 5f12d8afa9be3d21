import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { UserPlus } from 'lucide-react';
import copy from '#content/join-request-form.json' with { type: 'json' };
import type { JoinOptions } from '#lib/clubs/join-request-types.ts';
import { getJson } from '#lib/client/api.ts';
import { fillTemplate } from '#lib/shared/format.ts';
import { FormLoading } from './FormLoading.tsx';
import { OnDemandToaster } from './OnDemandToaster.tsx';

// The form (zod, react-hook-form) loads on the first click, as Report a problem's does: the directory and a club's page
// keep their first load. The words are the content file's; the form checks them (src/lib/clubs/join-request-copy.ts).
const JoinRequestForm = lazy(() => import('./JoinRequestForm.tsx'));
// "Tell me when {club} takes new members" (issue 39), loaded only for a club whose joining is off.
const ClubAlertOffer = lazy(() => import('./WatchAlertForm.tsx').then((module) => ({ default: module.ClubAlertOffer })));

interface AskToJoinProps {
  clubId: number;
  clubName: string;
  /** The club page's options, rendered with the page; the directory's dialog reads them when it opens the club. */
  options?: JoinOptions;
  /**
   * Offer the "takes new members" alert while joining is off: the directory's dialog does; the club's page renders the
   * form itself, so that it works without JavaScript.
   */
  alertOffer?: boolean;
}

/**
 * "Ask to join" beside Contact Host: a disclosure button that opens the request form under it, which works in the
 * directory's dialog at any width. While the host takes no new members it says so instead.
 */
export default function AskToJoin({ clubId, clubName, options: rendered, alertOffer = false }: AskToJoinProps) {
  const [options, setOptions] = useState<JoinOptions | null>(rendered ?? null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const formId = useId();

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
      <>
        <p className="font-semibold text-ember-900" data-not-accepting>
          {copy.notAccepting}
        </p>
        {alertOffer && (
          <div className="mt-4">
            <Suspense fallback={<FormLoading />}>
              <ClubAlertOffer clubId={clubId} clubName={clubName} headingLevel={4} />
            </Suspense>
          </div>
        )}
      </>
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
          <Suspense fallback={<FormLoading />}>
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
      {used && <OnDemandToaster />}
    </div>
  );
}
