import { guideVisibilitySchema } from '#lib/schemas/guides.ts';
import type { LicenceGuide } from '#lib/licensing/types.ts';
import { ReasonDialog } from '#components/islands/shared/ReasonDialog.tsx';

type Guide = LicenceGuide;

const MAX_REASON_LENGTH = 500;

/** The reason the guide is emailed, as the server will take it, or what is wrong with it. */
function checkReason(reason: string): { reason: string } | { error: string } {
  const parsed = guideVisibilitySchema.safeParse({ hidden: true, reason });
  if (parsed.success && parsed.data.hidden) return { reason: parsed.data.reason };
  return { error: parsed.error?.issues[0]?.message ?? 'Say why' };
}

interface HideGuideDialogProps {
  /** The guide whose profile to hide; null while the dialog is closed. */
  guide: Guide | null;
  onConfirm: (guide: Guide, reason: string) => void;
  onClose: () => void;
}

/** The confirmation before hiding a guide's profile, with the reason the guide is emailed (required). */
export function HideGuideDialog({ guide, onConfirm, onClose }: HideGuideDialogProps) {
  return (
    <ReasonDialog
      subject={guide}
      heading={(subject) => (
        <>
          Hide the profile of <span className="break-words">{subject.name}</span>?
        </>
      )}
      text="Their page and listing leave the site until you show them again; their licences are not affected. The guide is emailed your reason."
      label="Reason for the guide"
      hint={`Quoted in the guide's email and on their profile; 3 to ${MAX_REASON_LENGTH} characters.`}
      maxLength={MAX_REASON_LENGTH}
      confirmLabel="Hide profile"
      check={checkReason}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
