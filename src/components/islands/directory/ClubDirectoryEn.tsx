import words from '#content/directory-island.json' with { type: 'json' };
import { ClubWordsContext } from '#components/islands/shared/club-words.ts';
import { CLUB_WORDS_EN } from '#components/islands/shared/club-words-en.ts';
import { ClubDirectory } from './ClubDirectory.tsx';

// The English directory's island (/flamekeeper-clubs): the list with its English words, imported here so that they
// travel in this page's JavaScript, never in its HTML, and no other language's words come with them.
const WORDS = { ...words, locale: 'en-US', directoryPath: '/flamekeeper-clubs' };

export default function ClubDirectoryEn({ storeUrl }: { storeUrl: string }) {
  return (
    <ClubWordsContext.Provider value={CLUB_WORDS_EN}>
      <ClubDirectory storeUrl={storeUrl} words={WORDS} />
    </ClubWordsContext.Provider>
  );
}
