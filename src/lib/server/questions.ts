import type { ClubQuestion, QuestionStatus } from '../club-types.ts';
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

/** All visitor questions, newest first. */
export async function listQuestions(): Promise<ClubQuestion[]> {
  const rows = await db()<QuestionRow[]>`
    select id, name, email, question, status, created_at from club_questions order by created_at desc, id desc limit 500`;
  return rows.map(toQuestion);
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
