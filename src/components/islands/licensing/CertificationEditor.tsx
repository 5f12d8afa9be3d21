import { useId, useState } from 'react';
import { certificationSchema } from '#lib/schemas/licensing.ts';
import { LocalDate } from '#components/islands/shared/LocalDate.tsx';
import type { LicenceGuide } from '#lib/licensing/types.ts';
import { SCRIPT_FORM } from '#components/islands/shared/form-posts.ts';

interface CertificationEditorProps {
  guide: LicenceGuide;
  /** A change for this guide is on its way to the server. */
  busy: boolean;
  /** Saves a date (YYYY-MM-DD) or clears it (null); resolves to whether the server took it. */
  onSave: (guide: LicenceGuide, certifiedOn: string | null) => Promise<boolean>;
}

const smallButton =
  'inline-flex items-center rounded-md border px-2.5 py-1.5 text-xs font-semibold disabled:cursor-not-allowed disabled:opacity-60';

/** A guide's certification date, with a disclosure to set or clear it. */
export function CertificationEditor({ guide, busy, onSave }: CertificationEditorProps) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(guide.certifiedOn ?? '');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const save = async (certifiedOn: string | null) => {
    const parsed = certificationSchema.safeParse({ certifiedOn });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Certification date must be a date (YYYY-MM-DD)');
      return;
    }
    setError(null);
    if (await onSave(guide, parsed.data.certifiedOn)) {
      setValue(parsed.data.certifiedOn ?? '');
      setOpen(false);
    }
  };

  return (
    <div className="mt-1 text-xs">
      <p className="text-stone-700">
        {guide.certifiedOn ? (
          <>
            Certified <LocalDate value={guide.certifiedOn} />
          </>
        ) : (
          'Not certified'
        )}
      </p>
      <details
        open={open}
        onToggle={(event) => {
          const isOpen = event.currentTarget.open;
          setOpen(isOpen);
          if (isOpen) {
            setValue(guide.certifiedOn ?? '');
            setError(null);
          }
        }}
      >
        <summary className="cursor-pointer font-semibold text-flame-800 underline">
          {guide.certifiedOn ? 'Change certification' : 'Set certification'}
          <span className="sr-only"> of {guide.name}</span>
        </summary>
        <form
          {...SCRIPT_FORM}
          className="mt-2 space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (value === '') setError('Choose a date, or clear the certification');
            else void save(value);
          }}
          noValidate
          aria-label={`Certification of ${guide.name}`}
        >
          <div>
            <label htmlFor={`${id}-date`} className="block font-semibold text-stone-800">
              Certified on
            </label>
            <input
              id={`${id}-date`}
              type="date"
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className={`mt-1 block w-40 rounded-md border bg-white px-2 py-1 text-sm text-stone-900 focus:border-flame-700 focus:ring-2 focus:ring-flame-700 focus:outline-none ${
                error ? 'border-red-700' : 'border-stone-300'
              }`}
            />
            {error && (
              <p id={`${id}-error`} className="mt-1 text-red-800" role="alert">
                {error}
              </p>
            )}
          </div>
          <div className="flex flex-wrap gap-1.5">
            <button type="submit" className={`${smallButton} border-flame-700 bg-flame-700 text-white hover:bg-flame-800`} disabled={busy}>
              Save date<span className="sr-only"> for {guide.name}</span>
            </button>
            {guide.certifiedOn && (
              <button
                type="button"
                className={`${smallButton} border-stone-400 bg-white text-stone-800 hover:bg-stone-100`}
                disabled={busy}
                onClick={() => void save(null)}
              >
                Clear<span className="sr-only"> the certification of {guide.name}</span>
              </button>
            )}
          </div>
        </form>
      </details>
    </div>
  );
}
