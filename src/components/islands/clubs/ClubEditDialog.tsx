import { X } from 'lucide-react';
import { AuditLog } from '#components/islands/shared/AuditLog.tsx';
import { ClubEditForm } from './ClubEditForm.tsx';
import type { ClubRecord } from '#lib/clubs/types.ts';
import { useModalDialog } from '#components/islands/shared/use-modal-dialog.ts';

interface ClubEditDialogProps {
  /** The club being edited; null while the dialog is closed. */
  club: ClubRecord | null;
  onSaved: (club: ClubRecord) => void;
  onClose: () => void;
}

/**
 * The edit form and the club's change history in a native modal <dialog>: focus moves in and stays there, the page
 * behind is inert, and Escape, Cancel and the close button all end in the dialog's close event.
 */
export function ClubEditDialog({ club, onSaved, onClose }: ClubEditDialogProps) {
  const open = club !== null;
  const dialog = useModalDialog(open);

  const close = () => dialog.current?.close();

  return (
    <dialog
      ref={dialog}
      aria-labelledby="edit-club-heading"
      onClose={onClose}
      className="m-auto max-h-[92vh] w-[calc(100%-1.5rem)] max-w-4xl overflow-y-auto rounded-2xl bg-white p-0 shadow-xl backdrop:bg-ember-900/60"
    >
      {club && (
        <div className="relative p-5 sm:p-6">
          <h2 id="edit-club-heading" className="pr-10 text-2xl font-bold text-ember-900">
            Edit Club
          </h2>
          <p className="mt-1 break-words pr-10 text-stone-700">{club.clubName}</p>
          <button
            type="button"
            onClick={close}
            aria-label="Close"
            className="absolute right-3 top-3 rounded-full p-2 text-stone-700 hover:bg-stone-100"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </button>
          <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <ClubEditForm
              key={club.id}
              club={club}
              onCancel={close}
              onSaved={(saved) => {
                onSaved(saved);
                close();
              }}
            />
            <AuditLog clubId={club.id} />
          </div>
        </div>
      )}
    </dialog>
  );
}
