import { messageReplies } from '#lib/follow-ups/message-replies.ts';
import { db, type Sql, type TransactionSql } from '#server/platform/db/db.ts';
import { hashLinkToken, newLinkToken } from '#server/platform/tokens.ts';

// A guide's one-click "I've replied" link (issue 28): a token in the link, only its SHA-256 in guide_messages, working
// for replyLinkDays and spent by the first confirmed click. Its page changes nothing on GET (a mail scanner following
// the link marks nothing), as a check-in's does. A message has one link at a time: the reminder sends a fresh one,
// which replaces the first email's.

/** New links for the messages `ids`, valid replyLinkDays from `now`, in one statement: each message's token. */
export async function issueReplyLinks(tx: Sql | TransactionSql, ids: readonly number[], now: Date): Promise<Map<number, string>> {
  const tokens = new Map(ids.map((id) => [id, newLinkToken()]));
  if (ids.length === 0) return tokens;
  await tx`
    update guide_messages m set token_hash = t.hash,
      token_expires_at = ${now}::timestamptz + make_interval(days => ${messageReplies.replyLinkDays})
    from unnest(${tx.array([...tokens.keys()])}::int[], ${tx.array([...tokens.values()].map(hashLinkToken))}::text[]) as t(id, hash)
    where m.id = t.id`;
  return tokens;
}

/** A message as its link's page shows it: the token proves the reader got the guide's email, so it names the visitor. */
export interface ReplyLinkView {
  visitorName: string;
  createdAt: string;
  /** open: waiting for the click; replied (by this link or the inbox); expired. */
  state: 'open' | 'replied' | 'expired';
  repliedAt: string | null;
}

/** The message whose link carries `token`, as of `now`; null for a token no message has. Changes nothing. */
export async function findReplyLink(token: string, now: Date): Promise<ReplyLinkView | null> {
  const [row] = await db()<{ visitorName: string; createdAt: Date; repliedAt: Date | null; open: boolean }[]>`
    select name as "visitorName", created_at, replied_at, token_expires_at > ${now} as open
    from guide_messages where token_hash = ${hashLinkToken(token)}`;
  if (!row) return null;
  return {
    visitorName: row.visitorName,
    createdAt: row.createdAt.toISOString(),
    state: row.repliedAt ? 'replied' : row.open ? 'open' : 'expired',
    repliedAt: row.repliedAt?.toISOString() ?? null,
  };
}

export type ReplyLinkOutcome = 'replied' | 'unknown' | 'already-replied' | 'expired';

/**
 * Marks replied (and read, and closed: an escalation ends with it) the message whose link carries `token`, in one
 * conditional UPDATE, so of two clicks one wins; says why nothing changed otherwise.
 */
export async function markRepliedByLink(token: string, now: Date): Promise<ReplyLinkOutcome> {
  const tokenHash = hashLinkToken(token);
  const sql = db();
  const [marked] = await sql`
    update guide_messages set replied_at = ${now}, read_at = coalesce(read_at, ${now}), closed_at = coalesce(closed_at, ${now})
    where token_hash = ${tokenHash} and replied_at is null and token_expires_at > ${now}
    returning id`;
  if (marked) return 'replied';
  const [found] = await sql<
    { replied: boolean }[]
  >`select replied_at is not null as replied from guide_messages where token_hash = ${tokenHash}`;
  return !found ? 'unknown' : found.replied ? 'already-replied' : 'expired';
}
