import AskToJoin from '#components/islands/shared/AskToJoin.tsx';
import { CLUB_WORDS_EN } from '#components/islands/shared/club-words-en.ts';
import { withClubWords } from '#components/islands/shared/with-club-words.tsx';
import ReportProblem from './ReportProblem.tsx';

// The islands of a club's English page (/flamekeeper-clubs/{club}): Ask to join and Report a problem with the English
// words, which this entry provides as the directory's entries do for their pages (ClubWordsContext).

export const AskToJoinEn = withClubWords(AskToJoin, CLUB_WORDS_EN);
export const ReportProblemEn = withClubWords(ReportProblem, CLUB_WORDS_EN);
