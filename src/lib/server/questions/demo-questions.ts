import type { TransactionSql } from '#server/platform/db/db.ts';

/** A demo question of the admin's queue (the app's seed), asked and last changed at `createdAt`. */
export async function insertDemoQuestion(
  tx: TransactionSql,
  question: { name: string; email: string; question: string; status: string; createdAt: Date },
): Promise<void> {
  await tx`
    insert into club_questions (name, email, question, status, created_at, updated_at)
    values (${question.name}, ${question.email}, ${question.question}, ${question.status}, ${question.createdAt}, ${question.createdAt})`;
}
