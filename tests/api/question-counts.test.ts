import { describe, expect, it } from 'vitest';
import { QUESTION_STATUSES, type QuestionStatus } from '#lib/clubs/types.ts';
import { testSql } from '../support/api.ts';

// The per-status counts the admin's list reads (migration 009) against a count of the questions themselves, both in
// one statement and so one snapshot, whatever else is writing questions at the same time.
async function countsAgree() {
  const [row] = await testSql()<{ kept: Record<QuestionStatus, number>; counted: Record<QuestionStatus, number> }[]>`
    select (select jsonb_object_agg(status, questions) from club_question_counts) as kept,
      (select jsonb_object_agg(s.status, (select count(*) from club_questions q where q.status = s.status))
       from unnest(enum_range(null::question_status)) as s(status)) as counted`;
  return row!;
}

describe('the question counts kept by the trigger', () => {
  it('follow inserts, status moves in every direction at once, and deletes', async () => {
    const sql = testSql();
    const stamp = Date.now();
    const ids = (
      await sql<{ id: number }[]>`
        insert into club_questions (name, email, question)
        select 'Counting Reader ' || ${stamp} || ' #' || n, 'reader@example.com', 'How do I join?'
        from generate_series(1, 30) as n
        returning id`
    ).map((row) => row.id);
    let { kept, counted } = await countsAgree();
    expect(kept).toEqual(counted);

    // Concurrent moves that cross (pending → contacted while contacted → pending, and so on) must neither deadlock
    // nor lose a count.
    await Promise.all(
      ids.flatMap((id, index) =>
        [1, 2, 3].map((step) => sql`update club_questions set status = ${QUESTION_STATUSES[(index + step) % 3]!} where id = ${id}`),
      ),
    );
    ({ kept, counted } = await countsAgree());
    expect(kept).toEqual(counted);

    await sql`update club_questions set status = status where id = any(${ids})`;
    await sql`delete from club_questions where id = any(${ids.slice(0, 10)})`;
    ({ kept, counted } = await countsAgree());
    expect(kept).toEqual(counted);
    await sql`delete from club_questions where id = any(${ids})`;
  });
});
