// Joins: follow-ups, clubs, guides. "Usually replies within …" is a median over a recipient's answered join requests or
// messages, computed in SQL over the answered-at indexes (migration 029): the fast way, where reading every answer
// into the server would not be. It only reads.
import { messageReplies, usuallyRepliesWithin, type ResponseTimeWords } from '#lib/follow-ups/message-replies.ts';
import type postgres from 'postgres';
import { isListed } from '#server/clubs/index.ts';
import { db, rowCount, type Sql } from '#server/platform/db/db.ts';

// "Usually replies within …" (issue 28): the median delay of a recipient's latest answers, computed in SQL over the
// answered-at indexes of migration 029. Times outlive a message's personal details, so deleted messages still count.

/**
 * The line for the answers `answers` selects (`asked`, `answered` timestamps of one recipient, answered at all),
 * as of `now`: null under minimumReplies answers within withinDays.
 */
async function replyTimeLine(
  sql: Sql,
  answers: postgres.PendingQuery<postgres.Row[]>,
  now: Date,
  words?: ResponseTimeWords,
): Promise<string | null> {
  const rule = messageReplies.responseTime;
  const [row] = await sql<{ hours: number | null }[]>`
    select case when count(*) >= ${rule.minimumReplies}
      then percentile_cont(0.5) within group (order by extract(epoch from answered - asked)) / 3600 end as hours
    from (
      select * from (${answers}) a
      where answered > ${now}::timestamptz - make_interval(days => ${rule.withinDays})
      order by answered desc limit ${rowCount(sql, rule.lastReplies)}
    ) latest`;
  return usuallyRepliesWithin(row?.hours ?? null, words);
}

/**
 * A listed club's line, from its host's answers to join requests, in `words`' language (English without); null for a
 * club that is not listed.
 */
export async function clubReplyTime(clubId: number, now: Date, words?: ResponseTimeWords): Promise<{ responseTime: string | null } | null> {
  const sql = db();
  const [club] = await sql`select 1 from clubs where id = ${clubId} and ${isListed(sql)}`;
  if (!club) return null;
  const answers = sql`select created_at as asked, answered_at as answered from join_requests where club_id = ${clubId} and answered_at is not null`;
  return { responseTime: await replyTimeLine(sql, answers, now, words) };
}

/** A guide's line (by public id), from the messages they marked replied, in `words`' language (English without). */
export function guideReplyTime(publicId: number, now: Date, words?: ResponseTimeWords): Promise<string | null> {
  const sql = db();
  return replyTimeLine(
    sql,
    sql`select m.created_at as asked, m.replied_at as answered from guide_messages m join guides g on g.user_id = m.guide_id
      where g.public_id = ${publicId} and m.replied_at is not null`,
    now,
    words,
  );
}
