import AskToJoin from '#components/islands/shared/AskToJoin.tsx';
import { CLUB_WORDS_ES } from '#components/islands/shared/club-words-es.ts';
import { withClubWords } from '#components/islands/shared/with-club-words.tsx';
import ReportProblem from './ReportProblem.tsx';

// The islands of a club's Spanish page (/es/flamekeeper-clubs/{club}): Ask to join and Report a problem with the
// Spanish words only (ClubPageIslands.tsx is the English page's).

export const AskToJoinEs = withClubWords(AskToJoin, CLUB_WORDS_ES);
export const ReportProblemEs = withClubWords(ReportProblem, CLUB_WORDS_ES);
