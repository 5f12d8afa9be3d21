import type { GuideInbox, GuideMessage, GuideMessageSource, GuideName } from '#lib/guides/types.ts';
import type { GuideMessageInput } from '#lib/schemas/guides.ts';
import { db, rowCount, type Sql, type TransactionSql } from '#server/platform/db/db.ts';
import { enqueueAcknowledgement } from '#server/platform/email/acknowledgements.ts';
import { enqueueEmail } from '#server/platform/email/outbox.ts';
import { replyLinkPath } from '#lib/follow-ups/message-replies.ts';
import { isListedGuide } from '#server/licensing/index.ts';
import type { Language } from '#lib/shared/languages.ts';
import { findAccountEmail, findAccountLanguage } from '#server/auth/index.ts';
import { issueReplyLinks } from './reply-links.ts';
import { guideMessageAcknowledgementEmail, guideMessageEmail, type MessageRecipient } from './message-emails.ts';

// Visitors' messages to guides (issue 27): from the guide's page, or forwarded from the contact page. Each is stored
// and its email to the guide queued in one transaction, so the worker sends it at once and a failed request sends
// nothing. The guide reads them on /my-licences.

/** The newest messages the inbox shows; the unread count covers every message. */
const INBOX_SIZE = 100;

type Recipient = MessageRecipient & { userId: string };

/** The guide the public id names, while listed, with its account's email and language; null otherwise. */
async function findListedGuide(tx: TransactionSql, publicId: number): Promise<Recipient | null> {
  const [guide] = await tx<Omit<Recipient, 'email'>[]>`
    select g.user_id, g.public_id, g.name
    from guides g
    where g.public_id = ${publicId} and ${isListedGuide(tx)}`;
  if (!guide) return null;
  return { ...guide, email: (await findAccountEmail(tx, guide.userId))!, language: await findAccountLanguage(tx, guide.userId) };
}

/**
 * Stores the message and queues its email to the guide, Reply-To the visitor. A contact request is forwarded at most
 * once (guide_messages.contact_request_id is unique): null when it already was.
 */
async function deliver(
  tx: TransactionSql,
  guide: Recipient,
  message: GuideMessageInput,
  source: GuideMessageSource,
  origin: string,
  contactRequestId: number | null = null,
): Promise<number | null> {
  const id = await insertMessage(tx, guide.userId, message, source, contactRequestId);
  if (id === null) return null;
  const token = (await issueReplyLinks(tx, [id], new Date())).get(id)!;
  await enqueueEmail(tx, guideMessageEmail(guide, message, source, origin, `${origin}${replyLinkPath(token)}`));
  return id;
}

/** Stores a message, dated now or `createdAt`; null when its contact request was forwarded already. */
async function insertMessage(
  tx: TransactionSql,
  guideUserId: string,
  message: GuideMessageInput,
  source: GuideMessageSource,
  contactRequestId: number | null,
  createdAt: Date | null = null,
): Promise<number | null> {
  const [row] = await tx<{ id: number }[]>`
    insert into guide_messages (guide_id, name, email, phone, reason, message, source, contact_request_id, created_at)
    values (${guideUserId}, ${message.name}, ${message.email}, ${message.phone}, ${message.reason}, ${message.message},
      ${source}, ${contactRequestId}, coalesce(${createdAt}::timestamptz, now()))
    on conflict (contact_request_id) do nothing
    returning id`;
  return row?.id ?? null;
}

/**
 * A visitor's message from a guide's page: stored, emailed to the guide and acknowledged to the visitor (unless the
 * address has had its acknowledgements for the day; in `language`, the page's it was sent from), in one transaction.
 * Null when no listed guide has this public id.
 */
export async function sendGuideMessage(
  publicId: number,
  message: GuideMessageInput,
  origin: string,
  language: Language = 'en',
): Promise<{ id: number; guide: GuideName } | null> {
  return db().begin(async (tx) => {
    const guide = await findListedGuide(tx, publicId);
    if (!guide) return null;
    const id = (await deliver(tx, guide, message, 'guide-page', origin))!;
    await enqueueAcknowledgement(tx, guideMessageAcknowledgementEmail(guide, message.email, origin, language));
    return { id, guide: { id: guide.publicId, name: guide.name } };
  });
}

/**
 * The listed guide a contact-page message names: the one picked from the suggestions (`coachId`) while the typed name
 * is still theirs, or else the one listed guide whose name is the one typed (case and spaces aside). A name two listed
 * guides share is left to the admin: null, as for a name no listed guide has.
 */
export async function findNamedGuide(request: { coachName: string; coachId?: number | undefined }): Promise<GuideName | null> {
  const sql = db();
  const candidates = await sql<GuideName[]>`
    select g.public_id as id, g.name from guides g
    where ${isListedGuide(sql)}
      and lower(regexp_replace(btrim(g.name), '\\s+', ' ', 'g')) = lower(regexp_replace(btrim(${request.coachName}), '\\s+', ' ', 'g'))
    order by g.public_id = ${request.coachId ?? null} desc nulls last, g.public_id
    limit 2`;
  const [first] = candidates;
  return first && (first.id === request.coachId || candidates.length === 1) ? first : null;
}

/**
 * Forwards a stored contact-page message (`contactRequestId`) to the guide findNamedGuide found, in the caller's
 * transaction, if the guide is still listed. Returns the guide, or null when it is not or the message was forwarded
 * already.
 */
export async function forwardContactRequest(
  tx: TransactionSql,
  guideId: number,
  contactRequestId: number,
  message: GuideMessageInput,
  origin: string,
): Promise<GuideName | null> {
  const guide = await findListedGuide(tx, guideId);
  if (!guide || (await deliver(tx, guide, message, 'contact-page', origin, contactRequestId)) === null) return null;
  return { id: guide.publicId, name: guide.name };
}

const messageColumns = (sql: Sql | TransactionSql) => sql`
  m.id, m.name, m.email, m.phone, m.reason, m.message, m.source,
  to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
  to_char(m.read_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "readAt",
  to_char(m.replied_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "repliedAt"`;

/**
 * The account's inbox, newest first, with how many messages are unread; null when the account is no guide. Messages
 * whose personal details were deleted (follow-ups) have nothing left to show.
 */
export async function listGuideMessages(userId: string): Promise<GuideInbox | null> {
  const sql = db();
  const [guide] = await sql<{ unread: number }[]>`
    select (select count(*)::int from guide_messages where guide_id = g.user_id and read_at is null and scrubbed_at is null) as unread
    from guides g where g.user_id = ${userId}`;
  if (!guide) return null;
  const messages = await sql<GuideMessage[]>`
    select ${messageColumns(sql)} from guide_messages m
    where m.guide_id = ${userId} and m.scrubbed_at is null
    order by m.created_at desc, m.id desc
    limit ${rowCount(sql, INBOX_SIZE)}`;
  return { messages, unread: guide.unread };
}

/** Every message to the guide whose details are kept, oldest first: for the guide's data export. */
export async function listAllGuideMessages(userId: string, sql: Sql = db()): Promise<GuideMessage[]> {
  return sql<GuideMessage[]>`
    select ${messageColumns(sql)} from guide_messages m
    where m.guide_id = ${userId} and m.scrubbed_at is null
    order by m.created_at, m.id`;
}

/**
 * Marks one of the account's messages read, or replied (which is read too); the first time counts. Null when the
 * account has no such message: another guide's is not found either.
 */
export async function markGuideMessage(userId: string, messageId: number, mark: 'read' | 'replied'): Promise<GuideMessage | null> {
  const sql = db();
  const [message] = await sql<GuideMessage[]>`
    update guide_messages m set read_at = coalesce(read_at, now()),
      replied_at = ${mark === 'replied' ? sql`coalesce(replied_at, now())` : sql`replied_at`},
      closed_at = ${mark === 'replied' ? sql`coalesce(closed_at, now())` : sql`closed_at`}
    where m.id = ${messageId} and m.guide_id = ${userId}
    returning ${messageColumns(sql)}`;
  return message ?? null;
}

/** For the demo seed: the first listed guide, else the first guide at all; null when there is no guide record. */
export async function findDemoMessageGuide(tx: TransactionSql): Promise<(GuideName & { userId: string }) | null> {
  const [guide] = await tx<(GuideName & { userId: string })[]>`
    select g.user_id, g.public_id as id, g.name from guides g
    order by ${isListedGuide(tx)} desc, g.public_id
    limit 1`;
  return guide ?? null;
}

/** For the demo seed: a message as if it had arrived `createdAt`, without its emails. */
export async function insertDemoGuideMessage(
  tx: TransactionSql,
  guideUserId: string,
  message: GuideMessageInput & { source: GuideMessageSource; contactRequestId: number | null; createdAt: Date; remindedAt: Date | null },
): Promise<void> {
  const id = await insertMessage(tx, guideUserId, message, message.source, message.contactRequestId, message.createdAt);
  if (id !== null && message.remindedAt) await tx`update guide_messages set reminded_at = ${message.remindedAt} where id = ${id}`;
}
