import { MAX_UNVERIFY_REASON_LENGTH } from '#lib/clubs/types.ts';
import { ReasonDialog } from './ReasonDialog.tsx';

interface UnverifyDialogProps<Club extends { clubName: string }> {
  /** The club to unverify; null while the dialog is closed. */
  club: Club | null;
  onConfirm: (club: Club, reason: string) => void;
  onClose: () => void;
}

/** The confirmation before unverifying a club, with the optional reason for the host's email. */
export function UnverifyDialog<Club extends { clubName: string }>({ club, onConfirm, onClose }: UnverifyDialogProps<Club>) {
  return (
    <ReasonDialog
      subject={club}
      heading={(subject) => (
        <>
          Unverify <span className="break-words">{subject.clubName}</span>?
        </>
      )}
      text="It leaves the public directory, and its host is told by email."
      label="Reason for the host (optional)"
      hint={`Quoted in the host's email; at most ${MAX_UNVERIFY_REASON_LENGTH} characters.`}
      maxLength={MAX_UNVERIFY_REASON_LENGTH}
      confirmLabel="Unverify"
      check={(reason) => ({ reason: reason.trim() })}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
