import { atom } from 'nanostores';
import { getJson } from '../../../lib/client/api.ts';
import { createFetcherStore } from '../../../lib/client/query.ts';
import type { ClubQuestion } from './types.ts';

export const QUESTIONS_URL = '/api/admin/club-questions';
/** The spec polls the questions every 5 seconds while the admin is authorized. */
export const QUESTIONS_POLL_MS = 5000;

/**
 * The store's key: the questions URL while the island polls, null otherwise. It starts as null so that rendering
 * the island on the server fetches nothing; the island sets it once mounted and clears it when the session ends.
 */
export const $questionsKey = atom<string | null>(null);

/** Status changes this tab made, each numbered, so that a poll started before one cannot undo it on screen. */
let changeCount = 0;
const localChanges: { seq: number; question: ClubQuestion }[] = [];

/** Records a status change the server confirmed, and shows it at once. */
export function applyQuestionChange(question: ClubQuestion): void {
  localChanges.push({ seq: ++changeCount, question });
  const current = $questions.get().data;
  if (current) $questions.mutate(current.map((q) => (q.id === question.id ? question : q)));
}

async function fetchQuestions(): Promise<ClubQuestion[]> {
  const startedAfter = changeCount;
  const questions = await getJson<ClubQuestion[]>(QUESTIONS_URL);
  // Changes confirmed while this request was under way are newer than its answer: keep them on top. Older ones are
  // in the answer already and can be forgotten.
  const newer = localChanges.filter((change) => change.seq > startedAfter);
  localChanges.splice(0, localChanges.length, ...newer);
  if (newer.length === 0) return questions;
  const byId = new Map(newer.map((change) => [change.question.id, change.question]));
  return questions.map((q) => byId.get(q.id) ?? q);
}

/**
 * The questions list, re-read every 5 s. @nanostores/query skips a scheduled fetch while the tab is hidden
 * (`document.hidden`), so a background tab does not poll. `dedupeTime: 0` overrides the site-wide "never stale"
 * setting, under which the interval would only ever serve the cached answer.
 */
export const $questions = createFetcherStore<ClubQuestion[]>([$questionsKey], {
  fetcher: fetchQuestions,
  revalidateInterval: QUESTIONS_POLL_MS,
  dedupeTime: 0,
});
