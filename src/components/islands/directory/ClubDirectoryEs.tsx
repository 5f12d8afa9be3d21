import words from '#content/es/directory-island.json' with { type: 'json' };
import { ClubWordsContext } from '#components/islands/shared/club-words.ts';
import { CLUB_WORDS_ES } from '#components/islands/shared/club-words-es.ts';
import { STATE_NAMES_ES } from '#lib/places/us-states-es.ts';
import { ClubDirectory } from './ClubDirectory.tsx';

// The Spanish directory's island (/es/flamekeeper-clubs): the list, its dialog and forms with their Spanish words,
// imported here so that they travel in this page's JavaScript only, and no English words come with them.
const WORDS = { ...words, locale: 'es-US', directoryPath: '/es/flamekeeper-clubs', stateNames: STATE_NAMES_ES };

export default function ClubDirectoryEs({ storeUrl }: { storeUrl: string }) {
  return (
    <ClubWordsContext.Provider value={CLUB_WORDS_ES}>
      <ClubDirectory storeUrl={storeUrl} words={WORDS} />
    </ClubWordsContext.Provider>
  );
}
