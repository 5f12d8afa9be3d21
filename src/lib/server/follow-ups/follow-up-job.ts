import { clubPagePath } from '#lib/clubs/pages.ts';
import { guidePagePath, type GuideMessageReason } from '#lib/guides/types.ts';
import { messageReplies, replyLinkPath } from '#lib/follow-ups/message-replies.ts';
import { joinRequestsPath } from '#lib/follow-ups/unanswered-types.ts';
import type { Sql, TransactionSql } from '#server/platform/db/db.ts';
import { enqueueAcknowledgement } from '#server/platform/email/acknowledgements.ts';
import { enqueueEmail } from '#server/platform/email/outbox.ts';
import { oneClickUnsubscribe } from '#server/platform/email/unsubscribe-links.ts';
import { env } from '#server/platform/env.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';
import { followingUpEmail, guideMessageReminderEmail, joinRequestReminderEmail } from './follow-up-emails.ts';
import { issueReplyLinks } from './reply-links.ts';

// Every relayed message answered (issue 28), as of the job's `now`: an open message past its promised time gets its
// recipient one reminder; still open escalationHours after it, the visitor hears the team is following it up and it
// joins the admin's Unanswered queue; closed deletionDays ago, its personal details are deleted. Each step is one
// UPDATE over every message past due (its own transaction with its emails) and stamps what it did, so a step acts
// at most once per message and a missed run, or `jobs:run --now` far ahead, catches up one step per run.

/** `hours` as an interval of exact hours: '2 days' would follow the session's time zone across a DST change. */
const hours = (count: number) => `${count} hours`;

interface VisitorRow {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  message: string | null;
  createdAt: Date;
}

/** Whose the reminder is: the account that can turn the reminders off (reminder-setting.ts), and whether it has. */
interface Reminded {
  userId: string;
  replyReminders: boolean;
}

// A message whose recipient turned the reminders off is stamped reminded all the same, unsent: its escalation counts
// from that stamp, so the team follows it up at the same time as any other.

async function remindGuides(tx: TransactionSql, now: Date, origin: string): Promise<number> {
  const stamped = await tx<(VisitorRow & Reminded & { reason: GuideMessageReason; guideName: string; guideEmail: string })[]>`
    update guide_messages m set reminded_at = ${now}
    from guides g join users u on u.id = g.user_id
    where g.user_id = m.guide_id and m.closed_at is null and m.reminded_at is null
      and m.created_at + ${hours(messageReplies.promisedReplyHours.guideMessage)}::interval <= ${now}
    returning m.id, m.name, m.email, m.phone, m.reason, m.message, m.created_at,
      g.name as "guideName", u.email as "guideEmail", u.id as "userId", u.reply_reminders`;
  const rows = stamped.filter((row) => row.replyReminders);
  const tokens = await issueReplyLinks(
    tx,
    rows.map((row) => row.id),
    now,
  );
  for (const row of rows) {
    const unsubscribe = await oneClickUnsubscribe(tx, origin, 'reply-reminders', row.userId);
    await enqueueEmail(tx, {
      ...guideMessageReminderEmail({
        guide: { name: row.guideName, email: row.guideEmail },
        visitor: row,
        inboxUrl: `${origin}/my-licences#messages`,
        repliedUrl: `${origin}${replyLinkPath(tokens.get(row.id)!)}`,
        unsubscribeUrl: unsubscribe.url,
      }),
      headers: unsubscribe.headers,
    });
  }
  return rows.length;
}

async function remindHosts(tx: TransactionSql, now: Date, origin: string): Promise<number> {
  const stamped = await tx<
    (VisitorRow &
      Reminded & {
        startAt: Date | null;
        clubId: number;
        clubName: string;
        hostName: string;
        hostEmail: string;
        timeZone: string | null;
      })[]
  >`
    update join_requests j set reminded_at = ${now}
    from clubs c join users u on u.id = c.owner_id
    where c.id = j.club_id and j.closed_at is null and j.reminded_at is null
      and j.created_at + ${hours(messageReplies.promisedReplyHours.joinRequest)}::interval <= ${now}
    returning j.id, j.name, j.email, j.phone, j.message, j.start_at, j.created_at,
      c.id as "clubId", c.club_name, c.host_name, c.email as "hostEmail", c.time_zone, u.id as "userId", u.reply_reminders`;
  const rows = stamped.filter((row) => row.replyReminders);
  for (const row of rows) {
    const startsText = row.startAt
      ? row.startAt.toLocaleString('en-US', {
          dateStyle: 'full',
          timeStyle: 'short',
          timeZone: row.timeZone ?? 'UTC',
          timeZoneName: 'short',
        })
      : 'The next new cycle';
    const unsubscribe = await oneClickUnsubscribe(tx, origin, 'reply-reminders', row.userId);
    await enqueueEmail(tx, {
      ...joinRequestReminderEmail({
        club: { clubName: row.clubName, hostName: row.hostName, email: row.hostEmail },
        visitor: row,
        startsText,
        requestsUrl: `${origin}${joinRequestsPath(row.clubId)}`,
        unsubscribeUrl: unsubscribe.url,
      }),
      headers: unsubscribe.headers,
    });
  }
  return rows.length;
}

async function escalate(tx: TransactionSql, now: Date, origin: string): Promise<number> {
  const due = tx`closed_at is null and escalated_at is null and reminded_at + ${hours(messageReplies.escalationHours)}::interval <= ${now}`;
  const messages = await tx<{ email: string; guideId: number; guideName: string }[]>`
    update guide_messages m set escalated_at = ${now}
    from guides g
    where g.user_id = m.guide_id and ${due}
    returning m.email, g.public_id as "guideId", g.name as "guideName"`;
  const requests = await tx<{ email: string; clubId: number; clubName: string }[]>`
    update join_requests j set escalated_at = ${now}
    from clubs c
    where c.id = j.club_id and ${due}
    returning j.email, c.id as "clubId", c.club_name`;
  const followUps = [
    ...messages.map((row) => ({
      to: row.email,
      what: `your message to ${row.guideName}`,
      recipientName: row.guideName,
      pageUrl: `${origin}${guidePagePath({ id: row.guideId, name: row.guideName })}`,
    })),
    ...requests.map((row) => ({
      to: row.email,
      what: `your request to join ${row.clubName}`,
      recipientName: `The host of ${row.clubName}`,
      pageUrl: `${origin}${clubPagePath({ id: row.clubId, clubName: row.clubName })}`,
    })),
  ];
  // Counted with the address's acknowledgements: a stranger's address typed into many forms gets no batch of these later.
  for (const followUp of followUps) await enqueueAcknowledgement(tx, followingUpEmail(followUp));
  return followUps.length;
}

/** Deletes the personal details of messages closed deletionDays ago; their rows and times stay, for response times. */
async function scrub(sql: Sql, now: Date): Promise<number> {
  const due = sql`scrubbed_at is null and closed_at + ${hours(messageReplies.deletionDays * 24)}::interval <= ${now}`;
  const messages = await sql`
    update guide_messages set name = null, email = null, phone = null, reason = null, message = null,
      token_hash = null, token_expires_at = null, scrubbed_at = ${now}
    where ${due}`;
  const requests = await sql`
    update join_requests set name = null, email = null, phone = null, message = null,
      token_hash = null, token_expires_at = null, scrubbed_at = ${now}
    where ${due}`;
  return messages.count + requests.count;
}

/** The job: reminders, escalations and deletion as of `now`; the summary counts each. */
export async function followUpMessages({ sql, now }: { sql: Sql; now: Date }): Promise<string> {
  const origin = siteOrigin(env().PORT);
  const reminded = await sql.begin(async (tx) => (await remindGuides(tx, now, origin)) + (await remindHosts(tx, now, origin)));
  const escalated = await sql.begin((tx) => escalate(tx, now, origin));
  const scrubbed = await scrub(sql, now);
  return `${reminded} reminded, ${escalated} escalated, ${scrubbed} deleted`;
}
