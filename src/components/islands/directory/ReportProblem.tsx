import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Flag } from 'lucide-react';
import { LoadingLine } from '#components/islands/shared/LoadingLine.tsx';
import { OnDemandToaster } from '#components/islands/shared/OnDemandToaster.tsx';
import { useClubWords } from '#components/islands/shared/club-words.ts';

// The form (zod, react-hook-form) and the toast area load on the first click: neither the directory nor a club's page
// grows its first load for a form few visitors open.
const ReportProblemForm = lazy(() => import('./ReportProblemForm.tsx'));

interface ReportProblemProps {
  clubId: number;
  clubName: string;
}

/**
 * "Report a problem": a disclosure button that opens the report form under it. It brings its own toast area, since
 * neither page that shows it has one, and inside the directory's modal dialog only a toast area in the dialog shows.
 */
export default function ReportProblem({ clubId, clubName }: ReportProblemProps) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const formId = useId();
  const { details } = useClubWords();

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        onClick={() => {
          setOpen(!open);
          setUsed(true);
        }}
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-flame-800 underline underline-offset-2"
      >
        <Flag className="h-4 w-4" aria-hidden="true" />
        {details.report.open}
      </button>
      {open && (
        <div id={formId} className="mt-3 rounded-xl border border-stone-200 bg-white p-4">
          <p className="mb-4 text-sm text-stone-700">{details.report.intro}</p>
          <Suspense fallback={<LoadingLine label={details.formLoading} />}>
            <ReportProblemForm clubId={clubId} clubName={clubName} onSent={close} onCancel={close} />
          </Suspense>
        </div>
      )}
      {used && <OnDemandToaster closeLabel={details.closeToast} />}
    </div>
  );
}
