import type { ClubQuestion, QuestionStatus } from '../club-types.ts';
import { QUESTIONS_PAGE_SIZE, allQuestionsCount, type QuestionCounts, type QuestionPage } from '../question-list.ts';
import { recordAudit } from './audit.ts';
import { db, rowCount } from './db.ts';
import type { User } from './users.ts';

interface QuestionRow {
  id: number;
  name: string;
  email: string;
  question: string;
  status: QuestionStatus;
  created_at: Date;
}

/** A question as the API answers it: the row's own columns only (a page's rows also carry the status counts). */
const toQuestion = ({ id, name, email, question, status, created_at }: QuestionRow): ClubQuestion => ({
  id,
  name,
  email,
  question,
  status,
  createdAt: created_at.toISOString(),
});

/** The only moves a question makes (spec §4): the status each one may come from. */
const PREVIOUS_STATUS: Record<QuestionStatus, QuestionStatus> = {
  contacted: 'pending',
  completed: 'contacted',
  pending: 'completed',
};

/** A row of the page query: the counts, and a question's columns, all null in the one row of a page past the end. */
type QuestionPageRow = QuestionCounts & (QuestionRow | { [K in keyof QuestionRow]: null });

/**
 * One page of visitor questions (QUESTIONS_PAGE_SIZE of them), newest first, of one status or of every status when
 * `status` is absent; with how many questions each status has and how many match `status`. A page past the end is
 * empty. One query, polled every 5 s by each open notifications screen: the counts come with the page (a page past the
 * end gives one row of counts alone), read from the per-status rows a trigger keeps (migration 009).
 */
export async function listQuestionsPage({ status, page = 1 }: { status?: QuestionStatus; page?: number } = {}): Promise<QuestionPage> {
  const sql = db();
  const rows = await sql<QuestionPageRow[]>`
    select counts.pending, counts.contacted, counts.completed, q.id, q.name, q.email, q.question, q.status, q.created_at
    from (
      select sum(questions) filter (where status = 'pending')::int as pending,
        sum(questions) filter (where status = 'contacted')::int as contacted,
        sum(questions) filter (where status = 'completed')::int as completed
      from club_question_counts
    ) as counts
    left join lateral (
      select id, name, email, question, status, created_at from club_questions
      ${status ? sql`where status = ${status}` : sql``}
      order by created_at desc, id desc
      limit ${rowCount(sql, QUESTIONS_PAGE_SIZE)} offset ${rowCount(sql, (page - 1) * QUESTIONS_PAGE_SIZE)}
    ) as q on true
    order by q.created_at desc, q.id desc`;
  const { pending, contacted, completed } = rows[0]!;
  const counts = { pending, contacted, completed };
  const questions = rows.filter((row): row is QuestionCounts & QuestionRow => row.id !== null).map(toQuestion);
  return { questions, total: status ? counts[status] : allQuestionsCount(counts), counts };
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
