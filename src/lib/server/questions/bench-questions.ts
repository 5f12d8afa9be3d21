import type { Sql } from '#server/platform/db/db.ts';

/**
 * Inserts `count` visitor questions for the benchmarks (scripts/bench), a third each pending, contacted and completed,
 * spread over the last year: the admin's notifications list (500 newest at most) has a realistic page to send.
 */
export async function insertBenchQuestions(sql: Sql, count: number): Promise<void> {
  await sql`
    insert into club_questions (name, email, question, status, created_at, updated_at)
    select 'Visitor ' || n, 'visitor' || n || '@bench.example',
      'Is there a FlameKeeper Club near me that meets in the evenings? I would like to join the next eight-week cycle. (' || n || ')',
      (array['pending', 'contacted', 'completed'])[1 + n % 3]::question_status,
      now() - make_interval(secs => n * 365 * 86400.0 / ${count}),
      now() - make_interval(secs => n * 365 * 86400.0 / ${count})
    from generate_series(1, ${count}) as n`;
  await sql`analyze club_questions`;
}
