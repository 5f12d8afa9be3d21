import type { ClubQuestion, QuestionStatus } from '../club-types.ts';
import { QUESTIONS_PAGE_SIZE, allQuestionsCount, noQuestionCounts, type QuestionPage } from '../question-list.ts';
import { recordAudit } from './audit.ts';
import { db } from './db.ts';
import type { User } from './users.ts';

interface QuestionRow {
  id: number;
  name: string;
  email: string;
  question: string;
  status: QuestionStatus;
  created_at: Date;
}

const toQuestion = ({ created_at, ...row }: QuestionRow): ClubQuestion => ({ ...row, createdAt: created_at.toISOString() });

/** The only moves a question makes (spec §4): the status each one may come from. */
const PREVIOUS_STATUS: Record<QuestionStatus, QuestionStatus> = {
  contacted: 'pending',
  completed: 'contacted',
  pending: 'completed',
};

/**
 * One page of visitor questions (QUESTIONS_PAGE_SIZE of them), newest first, of one status or of every status when
 * `status` is absent; with how many questions each status has and how many match `status`. A page past the end is empty.
 */
export async function listQuestionsPage({ status, page = 1 }: { status?: QuestionStatus; page?: number } = {}): Promise<QuestionPage> {
  const sql = db();
  const [rows, statusCounts] = await Promise.all([
    sql<QuestionRow[]>`
      select id, name, email, question, status, created_at from club_questions
      ${status ? sql`where status = ${status}` : sql``}
      order by created_at desc, id desc
      limit ${QUESTIONS_PAGE_SIZE} offset ${(page - 1) * QUESTIONS_PAGE_SIZE}`,
    sql<{ status: QuestionStatus; count: number }[]>`select status, count(*)::int as count from club_questions group by status`,
  ]);
  const counts = noQuestionCounts();
  for (const row of statusCounts) counts[row.status] = row.count;
  const total = status ? counts[status] : allQuestionsCount(counts);
  return { questions: rows.map(toQuestion), total, counts };
}

/**
 * The highest question id (0 when there are none). Ids only grow, so a question with a higher one arrived later,
 * whatever its date says (the demo data is dated in the past).
 */
export async function latestQuestionId(): Promise<number> {
  const [row] = await db()<{ id: number | null }[]>`select max(id) as id from club_questions`;
  return row?.id ?? 0;
}

export type TransitionResult = { ok: true; question: ClubQuestion } | { ok: false; reason: 'not-found' | 'not-allowed'; current?: QuestionStatus };

/**
 * Moves a question to `status` when the spec allows it from its current status, in one conditional UPDATE so two
 * admins clicking at once cannot both move it.
 */
export async function transitionQuestion(id: number, status: QuestionStatus, actor: User): Promise<TransitionResult> {
  return db().begin(async (tx) => {
    const [row] = await tx<QuestionRow[]>`
      update club_questions set status = ${status}, updated_at = now()
      where id = ${id} and status = ${PREVIOUS_STATUS[status]}
      returning id, name, email, question, status, created_at`;
    if (!row) {
      const [existing] = await tx<{ status: QuestionStatus }[]>`select status from club_questions where id = ${id}`;
      return existing ? { ok: false, reason: 'not-allowed', current: existing.status } : { ok: false, reason: 'not-found' };
    }
    await recordAudit(tx, { actor, action: `question.${status}`, subject: `question ${id}`, before: { status: PREVIOUS_STATUS[status] }, after: { status } });
    return { ok: true, question: toQuestion(row) };
  });
}
