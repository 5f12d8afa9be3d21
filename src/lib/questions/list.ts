// The admin's question list, a page at a time: its URL, its page size and its headers, for the endpoint and the
// notifications island alike. Zod-free on purpose: the island imports this, and zod would add ~22 KB to it.
import { QUESTION_STATUSES, type ClubQuestion, type QuestionStatus } from '#lib/clubs/types.ts';
import { pageLinks } from '#lib/shared/page-links.ts';

export const QUESTIONS_URL = '/api/admin/club-questions';

/** How many questions one page of the list holds. */
export const QUESTIONS_PAGE_SIZE = 20;

/** The last page the API serves (20,000 questions deep); anything past it is refused. */
export const MAX_QUESTIONS_PAGE = 1000;

/** What one page of the list shows: one status (none: every status) and a page, from 1. */
export interface QuestionListQuery {
  status?: QuestionStatus;
  page: number;
}

export type QuestionCounts = Record<QuestionStatus, number>;

/** How many questions match a page's filter, and how many each status has. */
export interface QuestionTotals {
  total: number;
  counts: QuestionCounts;
}

/** One page of the list, with its totals. */
export interface QuestionPage extends QuestionTotals {
  questions: ClubQuestion[];
}

export const noQuestionCounts = (): QuestionCounts => ({ pending: 0, contacted: 0, completed: 0 });

/** How many questions there are, of every status. */
export const allQuestionsCount = (counts: QuestionCounts): number => QUESTION_STATUSES.reduce((sum, status) => sum + counts[status], 0);

/** The list's URL for a status (none: every status) and a page; the defaults are left out. */
export function questionListUrl({ status, page }: QuestionListQuery): string {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `${QUESTIONS_URL}?${search}` : QUESTIONS_URL;
}

/** How many pages `total` questions fill: at least one, and none past the last page the API serves. */
export function pageCount(total: number): number {
  return Math.min(MAX_QUESTIONS_PAGE, Math.max(1, Math.ceil(total / QUESTIONS_PAGE_SIZE)));
}

/**
 * The headers of a page of the list: X-Total-Count (questions matching the filter), X-Question-Counts
 * (`pending=3, contacted=1, completed=9`) and, where those pages exist, Link with rel="next" and rel="prev" (RFC 8288).
 */
export function questionPageHeaders(query: QuestionListQuery, { total, counts }: QuestionTotals): Record<string, string> {
  const last = pageCount(total);
  const links = pageLinks((page) => questionListUrl({ ...query, page }), query.page, {
    next: query.page < last,
    prev: query.page > 1 && query.page - 1 <= last,
  });
  return {
    'x-total-count': String(total),
    'x-question-counts': QUESTION_STATUSES.map((status) => `${status}=${counts[status]}`).join(', '),
    ...(links && { link: links }),
  };
}

/** Reads X-Question-Counts; a status it does not name counts 0. */
export function parseQuestionCounts(header: string | null): QuestionCounts {
  const counts = noQuestionCounts();
  for (const part of (header ?? '').split(',')) {
    const [name, value] = part.trim().split('=');
    const status = QUESTION_STATUSES.find((s) => s === name);
    if (status) counts[status] = Number(value) || 0;
  }
  return counts;
}
