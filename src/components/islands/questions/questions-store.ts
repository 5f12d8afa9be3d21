import { atom } from 'nanostores';
import { apiRequest } from '#lib/client/api.ts';
import { createFetcherStore, invalidateKeys } from '#lib/client/query.ts';
import { QUESTIONS_URL, parseQuestionCounts, type QuestionPage } from '#lib/questions/list.ts';
import type { ClubQuestion } from '#components/islands/shared/admin-types.ts';

/** The spec polls the questions every 5 seconds while the admin is authorized. */
export const QUESTIONS_POLL_MS = 5000;

/**
 * The store's key: the URL of the page of questions on screen while the island polls, null otherwise. It starts as
 * null so that rendering the island on the server fetches nothing; the island sets it once mounted and clears it
 * when the session ends.
 */
export const $questionsKey = atom<string | null>(null);

/** How many status changes this tab has had confirmed: a read that began before one may not include it. */
let confirmedChanges = 0;

/** `page` with `question` in place of its older copy. */
export function withQuestion(page: QuestionPage, question: ClubQuestion): QuestionPage {
  return { ...page, questions: page.questions.map((q) => (q.id === question.id ? question : q)) };
}

/**
 * Records a status change the server confirmed and shows it at once, then reads the page again: the question may
 * have left the filter on screen, and the counts have changed.
 */
export function applyQuestionChange(question: ClubQuestion): void {
  confirmedChanges += 1;
  const current = $questions.get().data;
  if (current) $questions.mutate(withQuestion(current, question));
  // Other filters and pages in the cache may show the question where it was: read them afresh when next shown.
  invalidateKeys((key) => key !== $questions.key && key.startsWith(QUESTIONS_URL));
  $questions.revalidate();
}

async function fetchQuestionPage(url: string): Promise<QuestionPage> {
  for (;;) {
    const confirmedBefore = confirmedChanges;
    const response = await apiRequest('GET', url);
    const questions = (await response.json()) as ClubQuestion[];
    // An answer to a read that began before a change was confirmed may predate it, and would undo it on screen: such
    // a read is asked again. (The store skips a revalidation while a read is under way, so this one must catch up.)
    if (confirmedChanges === confirmedBefore) {
      return {
        questions,
        total: Number(response.headers.get('x-total-count')),
        counts: parseQuestionCounts(response.headers.get('x-question-counts')),
      };
    }
  }
}

/**
 * The page of questions on screen, re-read every 5 s. @nanostores/query skips a scheduled fetch while the tab is
 * hidden (`document.hidden`), so a background tab does not poll. `dedupeTime: 0` overrides the site-wide "never
 * stale" setting, under which the interval would only ever serve the cached answer.
 */
export const $questions = createFetcherStore<QuestionPage>([$questionsKey], {
  fetcher: (url) => fetchQuestionPage(String(url)),
  revalidateInterval: QUESTIONS_POLL_MS,
  dedupeTime: 0,
});
