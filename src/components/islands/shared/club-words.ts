import { createContext, useContext } from 'react';
import type { JoinRequestCopy } from '#lib/clubs/join-request-copy.ts';
import type { AlertCopy } from '#lib/alerts/alert-copy.ts';
import type { ClubDetailsCopy } from '#lib/clubs/club-details-copy.ts';

/**
 * The words of a club's details and forms in the page's language: Ask to join, the alert forms, the meeting place, the
 * next sessions, Report a problem. An island's entry for one language (ClubDirectoryEn.tsx, ClubDirectoryEs.tsx,
 * directory/ClubPageIslands.tsx) provides them from that language's content files, so that a page's JavaScript carries only its
 * own language's words (docs/decisions/041); there is no default, which would put one language in every bundle.
 */
export interface ClubWords {
  joinRequest: JoinRequestCopy;
  alert: AlertCopy;
  details: ClubDetailsCopy;
  /** The page's language for the shared schemas' English field messages, which the forms check before sending. */
  fieldMessages: Readonly<Record<string, string>>;
}

export const ClubWordsContext = createContext<ClubWords | null>(null);

/** The club words of the island's language. */
export function useClubWords(): ClubWords {
  const words = useContext(ClubWordsContext);
  if (!words) throw new Error('An island entry provides ClubWordsContext.');
  return words;
}

/** A form's field message in the page's language: its English one when the page is English or has no other. */
export function useFieldMessage(): (message: string | undefined) => string | undefined {
  const { fieldMessages } = useClubWords();
  return (message) => (message === undefined ? undefined : (fieldMessages[message] ?? message));
}
