import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { SCRIPT_FORM } from './form-posts.ts';

interface ReasonDialogProps<Subject> {
  /** What the action is about; null while the dialog is closed. */
  subject: Subject | null;
  heading: (subject: Subject) => ReactNode;
  text: string;
  label: string;
  hint: string;
  maxLength: number;
  confirmLabel: string;
  /** The reason to send, or what is wrong with it (said under the field). */
  check: (reason: string) => { reason: string } | { error: string };
  onConfirm: (subject: Subject, reason: string) => void;
  onClose: () => void;
}

/** The confirmation before an admin action that tells someone why (unverify a club, hide a guide), in a native modal <dialog>. */
export function ReasonDialog<Subject>({
  subject,
  heading,
  text,
  label,
  hint,
  maxLength,
  confirmLabel,
  check,
  onConfirm,
  onClose,
}: ReasonDialogProps<Subject>) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const open = subject !== null;

  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      setReason('');
      setError(null);
      element.showModal();
    }
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-heading`}
      aria-describedby={`${id}-text`}
      onClose={onClose}
      className="m-auto w-[calc(100%-1.5rem)] max-w-lg rounded-2xl bg-white p-0 shadow-xl backdrop:bg-ember-900/60"
    >
      {subject !== null && (
        <form
          {...SCRIPT_FORM}
          className="p-5 sm:p-6"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const checked = check(reason);
            if ('error' in checked) {
              setError(checked.error);
              return;
            }
            onConfirm(subject, checked.reason);
            dialog.current?.close();
          }}
        >
          <h2 id={`${id}-heading`} className="text-xl font-bold text-ember-900">
            {heading(subject)}
          </h2>
          <p id={`${id}-text`} className="mt-2 text-stone-700">
            {text}
          </p>
          <label htmlFor={`${id}-reason`} className="mt-4 block font-semibold text-stone-900">
            {label}
          </label>
          <p id={`${id}-hint`} className="text-sm text-stone-700">
            {hint}
          </p>
          <textarea
            id={`${id}-reason`}
            value={reason}
            maxLength={maxLength}
            rows={4}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
            onInput={(event) => setReason(event.currentTarget.value)}
            className={`mt-1 w-full rounded-lg border p-2 ${error ? 'border-red-700' : 'border-stone-400'}`}
          />
          {error && (
            <p id={`${id}-error`} className="mt-1 text-sm text-red-800" role="alert">
              {error}
            </p>
          )}
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={() => dialog.current?.close()}>
              Cancel
            </button>
            <button type="submit" className="btn-primary">
              {confirmLabel}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
