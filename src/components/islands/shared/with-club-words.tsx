import type { ComponentType } from 'react';
import { ClubWordsContext, type ClubWords } from './club-words.ts';

/** `Component` given `words` through ClubWordsContext: a page's island entry for one language (docs/decisions/041). */
export function withClubWords<Props extends object>(Component: ComponentType<Props>, words: ClubWords) {
  return function WithClubWords(props: Props) {
    return (
      <ClubWordsContext.Provider value={words}>
        <Component {...props} />
      </ClubWordsContext.Provider>
    );
  };
}
