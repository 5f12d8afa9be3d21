import { firstName, GUIDE_MESSAGE_REASON_LABELS, type GuideMessageReason } from '#lib/guides/types.ts';
import { messageReplies } from '#lib/follow-ups/message-replies.ts';
import { acknowledgementEmail } from '#server/platform/email/acknowledgements.ts';
import { composeEmail, teamAddress } from '#server/platform/email/compose.ts';
import type { Mail } from '#server/platform/email/mailer.ts';
import { AUTOMATIC_HEADERS } from '#server/platform/email/unsubscribe-links.ts';

// The words of a relayed message's follow-ups (issue 28): the recipient's one reminder, and the visitor's word that
// the team is following the message up. None repeats a visitor's message to the visitor.

/** The visitor's details as the recipient already had them in the first email. */
interface Visitor {
  name: string;
  email: string;
  phone: string | null;
  message: string | null;
  createdAt: Date;
}

const sentOn = (date: Date) => date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';

/** The reminder to a guide of a message not marked replied within the promised time, Reply-To the visitor. */
export function guideMessageReminderEmail(input: {
  guide: { name: string; email: string };
  visitor: Visitor & { reason: GuideMessageReason };
  inboxUrl: string;
  repliedUrl: string;
  /** The one-click unsubscribe of these reminders (the job puts its headers on the email). */
  unsubscribeUrl: string;
}): Mail {
  const { guide, visitor } = input;
  const hours = messageReplies.promisedReplyHours.guideMessage;
  return composeEmail({
    to: guide.email,
    replyTo: visitor.email,
    subject: `Reminder: ${visitor.name} is waiting for your reply`,
    greeting: `Hello ${firstName(guide.name)},`,
    paragraphs: [
      `${visitor.name} wrote to you on ${sentOn(visitor.createdAt)}, and the message is not marked replied yet. Visitors are told that coach messages are answered within ${hours} hours.`,
      `Reply to this email to answer them, then press "I've replied". If nobody replies within ${messageReplies.escalationHours} hours, the FlameKeeper team follows the message up.`,
      ...(visitor.message ? [visitor.message] : []),
    ],
    details: [
      ['From', `${visitor.name} <${visitor.email}>`],
      ['Phone', visitor.phone ?? 'Not given'],
      ['Reason', GUIDE_MESSAGE_REASON_LABELS[visitor.reason]],
    ],
    actions: [
      { label: "I've replied", url: input.repliedUrl },
      { label: 'Your messages', url: input.inboxUrl },
    ],
    links: [{ label: 'Stop these reminders', url: input.unsubscribeUrl }],
    reason: `You receive this one reminder because you are a listed guide on FlameKeeper Clubs and a visitor's message to you has waited ${hours} hours without being marked replied. To get no more reminders of unanswered messages, use the link above, your mail reader's Unsubscribe, or your account page.`,
  });
}

/** The reminder to a club's host of a join request not answered within the promised time, Reply-To the visitor. */
export function joinRequestReminderEmail(input: {
  club: { clubName: string; hostName: string; email: string };
  visitor: Visitor & { startAt: Date | null };
  startsText: string;
  requestsUrl: string;
  /** The one-click unsubscribe of these reminders (the job puts its headers on the email). */
  unsubscribeUrl: string;
}): Mail {
  const { club, visitor } = input;
  const hours = messageReplies.promisedReplyHours.joinRequest;
  return composeEmail({
    to: club.email,
    replyTo: visitor.email,
    subject: `Reminder: ${visitor.name} asked to join ${club.clubName}`,
    greeting: `Hello ${firstName(club.hostName)},`,
    paragraphs: [
      `${visitor.name} asked to join ${club.clubName} on ${sentOn(visitor.createdAt)}, and the request has no answer yet.`,
      `Reply to this email to write to them, then mark the request on your club profile's Join requests card. If it has no answer within ${messageReplies.escalationHours} hours, the FlameKeeper team follows it up.`,
      ...(visitor.message ? [visitor.message] : []),
    ],
    details: [
      ['From', `${visitor.name} <${visitor.email}>`],
      ['Phone', visitor.phone ?? 'Not given'],
      ['Would like to start', input.startsText],
    ],
    actions: [{ label: 'Join requests', url: input.requestsUrl }],
    links: [{ label: 'Stop these reminders', url: input.unsubscribeUrl }],
    reason: `You receive this one reminder because you host ${club.clubName} on FlameKeeper Clubs and a request to join it has waited ${hours} hours without an answer. To get no more reminders of unanswered requests, use the link above, your mail reader's Unsubscribe, or your account page.`,
  });
}

/**
 * The visitor's word that their message has had no answer and that the team is following it up: an acknowledgement
 * to the address the visitor typed, greeted by no name (platform/email/acknowledgements.ts).
 */
export function followingUpEmail(input: { to: string; what: string; recipientName: string; pageUrl: string }): Mail {
  const mail = acknowledgementEmail({
    to: input.to,
    // A reply to the team's word reaches the team.
    replyTo: teamAddress(),
    subject: `We are following up ${input.what}`,
    paragraphs: [
      `${input.recipientName} has not answered ${input.what} yet. The FlameKeeper Clubs team is following it up and will make sure someone answers you.`,
      'You need not write again: your message is with us.',
    ],
    action: { label: `${input.recipientName} on FlameKeeper Clubs`, url: input.pageUrl },
    because: `sent ${input.what}`,
  });
  // Sent by the follow-up job of itself.
  return { ...mail, headers: AUTOMATIC_HEADERS };
}
