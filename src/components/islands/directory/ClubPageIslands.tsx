import type { ComponentProps } from 'react';
import AskToJoin from '#components/islands/shared/AskToJoin.tsx';
import { ClubWordsContext } from '#components/islands/shared/club-words.ts';
import { CLUB_WORDS_EN } from '#components/islands/shared/club-words-en.ts';
import ReportProblem from './ReportProblem.tsx';

// The islands of a club's page (/flamekeeper-clubs/{club}, English): Ask to join and Report a problem with the
// English words, which this entry provides as the directory's entries do for their pages (ClubWordsContext).

export function AskToJoinEn(props: ComponentProps<typeof AskToJoin>) {
  return (
    <ClubWordsContext.Provider value={CLUB_WORDS_EN}>
      <AskToJoin {...props} />
    </ClubWordsContext.Provider>
  );
}

export function ReportProblemEn(props: ComponentProps<typeof ReportProblem>) {
  return (
    <ClubWordsContext.Provider value={CLUB_WORDS_EN}>
      <ReportProblem {...props} />
    </ClubWordsContext.Provider>
  );
}
