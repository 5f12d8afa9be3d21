// Joins: questions, clubs, guides. The admin's question queue shows each question with the club it reports and the
// guide it was forwarded to, as the API's JSON built in SQL: one query a page is the fast way, where asking clubs and
// guides for each question would be two queries per row. It writes only the questions' own tables.
import type { ClubQuestion, QuestionStatus } from '#lib/clubs/types.ts';
import {
  QUESTIONS_PAGE_SIZE,
  allQuestionsCount,
  type QuestionCounts,
  type QuestionPage,
  type QuestionTotals,
} from '#lib/questions/list.ts';
import { recordAudit } from '#server/platform/audit.ts';
import { ConflictError } from '#server/platform/conflict.ts';
import { db, rowCount, type Sql, type TransactionSql } from '#server/platform/db/db.ts';
import type { User } from '#server/auth/index.ts';

const isoTime = (sql: Sql | TransactionSql, column: string) =>
  sql`to_char(${sql.unsafe(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * After `from <rows of club_questions> as q, `: laterals giving `answer.entry`, the row as the API's JSON (a
 * ClubQuestion), createdAt written as toISOString() writes it. A question adds the guide it was forwarded to and when
 * (null when it was not); a report its reason, its club (null once deleted) and why it was completed without an admin
 * (null when it was not). The entry is a JSON value, whose keys the row transform leaves alone: its columns are
 * aliased to the API's names here.
 */
const questionEntry = (sql: Sql | TransactionSql) => sql`
  lateral (
    select q.id, q.kind, q.name, q.email, q.question, q.status, ${isoTime(sql, 'q.created_at')} as "createdAt"
  ) as common,
  lateral (
    select common.*,
      (select json_build_object('guide', json_build_object('id', g.public_id, 'name', g.name), 'at', ${isoTime(sql, 'm.created_at')})
        from guide_messages m join guides g on g.user_id = m.guide_id
        where m.contact_request_id = q.contact_request_id) as forwarded
  ) as asked,
  lateral (
    select common.*, q.report_reason as "reportReason",
      (select json_build_object('id', clubs.id, 'clubName', clubs.club_name) from clubs where clubs.id = q.club_id) as club,
      q.resolution
  ) as reported,
  lateral (select case when q.kind = 'report' then to_json(reported) else to_json(asked) end as entry) as answer`;

/** The only moves a question makes (spec §4): the status each one may come from. */
const PREVIOUS_STATUS: Record<QuestionStatus, QuestionStatus> = {
  contacted: 'pending',
  completed: 'contacted',
  pending: 'completed',
};

/** One page of the list, its questions as the JSON text of a ClubQuestion array, written by PostgreSQL. */
export interface QuestionPageJson extends QuestionTotals {
  questionsJson: string;
}

/**
 * One page of visitor questions (QUESTIONS_PAGE_SIZE of them), newest first, of one status or of every status when
 * `status` is absent; with how many questions each status has and how many match `status`. A page past the end is
 * `[]`. One query, polled every 5 s by each open notifications screen: the counts are read from the per-status rows a
 * trigger keeps (migration 009), and PostgreSQL writes the page as the API's JSON, createdAt as toISOString() does
 * (docs/decisions/012): parsing the rows into objects and serializing them again was a third of the poll's time in
 * the site's one JavaScript thread.
 */
export async function listQuestionsPage({ status, page = 1 }: { status?: QuestionStatus; page?: number } = {}): Promise<QuestionPageJson> {
  const sql = db();
  const [row] = await sql<(QuestionCounts & { questions: string })[]>`
    select counts.pending, counts.contacted, counts.completed, coalesce(page.questions::text, '[]') as questions
    from (
      select sum(questions) filter (where status = 'pending')::int as pending,
        sum(questions) filter (where status = 'contacted')::int as contacted,
        sum(questions) filter (where status = 'completed')::int as completed
      from club_question_counts
    ) as counts,
    (
      select json_agg(answer.entry order by q.created_at desc, q.id desc) as questions
      from (
        select id, kind, name, email, question, status, created_at, report_reason, club_id, resolution, contact_request_id
        from club_questions
        ${status ? sql`where status = ${status}` : sql``}
        order by created_at desc, id desc
        limit ${rowCount(sql, QUESTIONS_PAGE_SIZE)} offset ${rowCount(sql, (page - 1) * QUESTIONS_PAGE_SIZE)}
      ) as q,
      ${questionEntry(sql)}
    ) as page`;
  const { pending, contacted, completed, questions } = row!;
  const counts = { pending, contacted, completed };
  return { questionsJson: questions, total: status ? counts[status] : allQuestionsCount(counts), counts };
}

/** A page of the list with its questions as objects, for the page that renders them. */
export async function listQuestionsPageParsed(query?: { status?: QuestionStatus; page?: number }): Promise<QuestionPage> {
  const { questionsJson, ...totals } = await listQuestionsPage(query);
  return { ...totals, questions: JSON.parse(questionsJson) as ClubQuestion[] };
}

/**
 * The highest question id (0 when there are none). Ids only grow, so a question with a higher one arrived later,
 * whatever its date says (the demo data is dated in the past).
 */
export async function latestQuestionId(): Promise<number> {
  const [row] = await db()<{ id: number | null }[]>`select max(id) as id from club_questions`;
  return row?.id ?? 0;
}

/**
 * Moves a question to `status` when the spec allows it from its current status, in one conditional UPDATE so two
 * admins clicking at once cannot both move it; a report's reason for being completed without an admin goes with the
 * move. Returns the question, or null when there is none; throws ConflictError when its current status does not lead
 * to `status`.
 */
export async function transitionQuestion(id: number, status: QuestionStatus, actor: User): Promise<ClubQuestion | null> {
  return db().begin(async (tx) => {
    const [row] = await tx<{ entry: ClubQuestion }[]>`
      with q as (
        update club_questions set status = ${status}, resolution = null, updated_at = now()
        where id = ${id} and status = ${PREVIOUS_STATUS[status]}
        returning *
      )
      select answer.entry from q, ${questionEntry(tx)}`;
    if (!row) {
      const [existing] = await tx<{ status: QuestionStatus }[]>`select status from club_questions where id = ${id}`;
      if (!existing) return null;
      throw new ConflictError(`A ${existing.status} question cannot be marked ${status}.`);
    }
    await recordAudit(tx, {
      actor,
      action: `question.${status}`,
      subject: `question ${id}`,
      before: { status: PREVIOUS_STATUS[status] },
      after: { status },
    });
    return row.entry;
  });
}
