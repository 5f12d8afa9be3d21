import { useId, useLayoutEffect, useRef, useState } from 'react';
import { MAX_UNVERIFY_REASON_LENGTH } from '#lib/club-types.ts';

interface UnverifyDialogProps<Club extends { clubName: string }> {
  /** The club to unverify; null while the dialog is closed. */
  club: Club | null;
  onConfirm: (club: Club, reason: string) => void;
  onClose: () => void;
}

/** The confirmation before unverifying a club, in a native modal <dialog>, with the optional reason for the host's email. */
export function UnverifyDialog<Club extends { clubName: string }>({ club, onConfirm, onClose }: UnverifyDialogProps<Club>) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const id = useId();
  const open = club !== null;

  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      setReason('');
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
      {club && (
        <form
          className="p-5 sm:p-6"
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm(club, reason.trim());
            dialog.current?.close();
          }}
        >
          <h2 id={`${id}-heading`} className="text-xl font-bold text-ember-900">
            Unverify <span className="break-words">{club.clubName}</span>?
          </h2>
          <p id={`${id}-text`} className="mt-2 text-stone-700">
            It leaves the public directory, and its host is told by email.
          </p>
          <label htmlFor={`${id}-reason`} className="mt-4 block font-semibold text-stone-900">
            Reason for the host (optional)
          </label>
          <p id={`${id}-hint`} className="text-sm text-stone-700">
            Quoted in the host&apos;s email; at most {MAX_UNVERIFY_REASON_LENGTH} characters.
          </p>
          <textarea
            id={`${id}-reason`}
            value={reason}
            maxLength={MAX_UNVERIFY_REASON_LENGTH}
            rows={4}
            aria-describedby={`${id}-hint`}
            onInput={(event) => setReason(event.currentTarget.value)}
            className="mt-1 w-full rounded-lg border border-stone-400 p-2"
          />
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={() => dialog.current?.close()}>
              Cancel
            </button>
            <button type="submit" className="btn-primary">
              Unverify
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
