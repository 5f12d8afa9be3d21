import { clubPagePath } from '#lib/clubs/pages.ts';
import { guidePagePath } from '#lib/guides/types.ts';
import { messageReplies, replyLinkPath } from '#lib/follow-ups/message-replies.ts';
import { joinRequestsPath } from '#lib/follow-ups/unanswered-types.ts';
import { findRemindedAccounts } from '#server/auth/index.ts';
import { scrubClosedJoinRequests, stampJoinRequestEscalations, stampJoinRequestReminders } from '#server/clubs/index.ts';
import {
  issueReplyLinks,
  scrubClosedGuideMessages,
  stampGuideMessageEscalations,
  stampGuideMessageReminders,
} from '#server/guides/index.ts';
import type { Sql, TransactionSql } from '#server/platform/db/db.ts';
import { enqueueAcknowledgement } from '#server/platform/email/acknowledgements.ts';
import { enqueueEmail } from '#server/platform/email/outbox.ts';
import { oneClickUnsubscribe } from '#server/platform/email/unsubscribe-links.ts';
import { env } from '#server/platform/env.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';
import { followingUpEmail, guideMessageReminderEmail, joinRequestReminderEmail, reminderStartText } from './follow-up-emails.ts';

// Every relayed message answered (issue 28), as of the job's `now`: an open message past its promised time gets its
// recipient one reminder; still open escalationHours after it, the visitor hears the team is following it up and it
// joins the admin's Unanswered queue; closed deletionDays ago, its personal details are deleted. Each step is one
// UPDATE over every message past due (its own transaction with its emails) and stamps what it did, so a step acts
// at most once per message and a missed run, or `jobs:run --now` far ahead, catches up one step per run. The UPDATEs
// are the owners' (guides' on messages, clubs' on join requests); auth says whose reminders are on.

/** The moment `count` hours before `now`: exact hours, where a day would follow a time zone across a DST change. */
const hoursBefore = (now: Date, count: number) => new Date(now.getTime() - count * 3_600_000);

// A message whose recipient turned the reminders off is stamped reminded all the same, unsent: its escalation counts
// from that stamp, so the team follows it up at the same time as any other.

async function remindGuides(tx: TransactionSql, now: Date, origin: string): Promise<number> {
  const stamped = await stampGuideMessageReminders(tx, hoursBefore(now, messageReplies.promisedReplyHours.guideMessage), now);
  const reminded = await findRemindedAccounts(
    tx,
    stamped.map((row) => row.userId),
  );
  const rows = stamped.filter((row) => reminded.has(row.userId));
  const tokens = await issueReplyLinks(
    tx,
    rows.map((row) => row.id),
    now,
  );
  for (const row of rows) {
    const unsubscribe = await oneClickUnsubscribe(tx, origin, 'reply-reminders', row.userId);
    await enqueueEmail(tx, {
      ...guideMessageReminderEmail({
        guide: { name: row.guideName, email: reminded.get(row.userId)!.email },
        visitor: row,
        inboxUrl: `${origin}/my-licences#messages`,
        repliedUrl: `${origin}${replyLinkPath(tokens.get(row.id)!)}`,
        unsubscribeUrl: unsubscribe.linkIn(reminded.get(row.userId)!.language),
        language: reminded.get(row.userId)!.language,
      }),
      headers: unsubscribe.headers,
    });
  }
  return rows.length;
}

async function remindHosts(tx: TransactionSql, now: Date, origin: string): Promise<number> {
  const stamped = await stampJoinRequestReminders(tx, hoursBefore(now, messageReplies.promisedReplyHours.joinRequest), now);
  const reminded = await findRemindedAccounts(
    tx,
    stamped.map((row) => row.userId),
  );
  const rows = stamped.filter((row) => reminded.has(row.userId));
  for (const row of rows) {
    const { language } = reminded.get(row.userId)!;
    const startsText = reminderStartText(row.startAt, row.timeZone, language);
    const unsubscribe = await oneClickUnsubscribe(tx, origin, 'reply-reminders', row.userId);
    await enqueueEmail(tx, {
      ...joinRequestReminderEmail({
        club: { clubName: row.clubName, hostName: row.hostName, email: row.hostEmail },
        visitor: row,
        startsText,
        requestsUrl: `${origin}${joinRequestsPath(row.clubId)}`,
        unsubscribeUrl: unsubscribe.linkIn(language),
        language,
      }),
      headers: unsubscribe.headers,
    });
  }
  return rows.length;
}

async function escalate(tx: TransactionSql, now: Date, origin: string): Promise<number> {
  const remindedBy = hoursBefore(now, messageReplies.escalationHours);
  const messages = await stampGuideMessageEscalations(tx, remindedBy, now);
  const requests = await stampJoinRequestEscalations(tx, remindedBy, now);
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
  const closedBy = hoursBefore(now, messageReplies.deletionDays * 24);
  return (await scrubClosedGuideMessages(sql, closedBy, now)) + (await scrubClosedJoinRequests(sql, closedBy, now));
}

/** The job: reminders, escalations and deletion as of `now`; the summary counts each. */
export async function followUpMessages({ sql, now }: { sql: Sql; now: Date }): Promise<string> {
  const origin = siteOrigin(env().PORT);
  const reminded = await sql.begin(async (tx) => (await remindGuides(tx, now, origin)) + (await remindHosts(tx, now, origin)));
  const escalated = await sql.begin((tx) => escalate(tx, now, origin));
  const scrubbed = await scrub(sql, now);
  return `${reminded} reminded, ${escalated} escalated, ${scrubbed} deleted`;
}
