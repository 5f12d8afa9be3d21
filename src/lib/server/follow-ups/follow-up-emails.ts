import { firstName, type GuideMessageReason } from '#lib/guides/types.ts';
import { messageReplies } from '#lib/follow-ups/message-replies.ts';
import { LOCALES, type Language } from '#lib/shared/languages.ts';
import { guideMessageReasonLabel } from '#server/guides/index.ts';
import { acknowledgementEmail } from '#server/platform/email/acknowledgements.ts';
import { composeEmail, teamAddress } from '#server/platform/email/compose.ts';
import type { Mail } from '#server/platform/email/mailer.ts';
import { AUTOMATIC_HEADERS } from '#server/platform/email/unsubscribe-links.ts';

// The words of a relayed message's follow-ups (issue 28): the recipient's one reminder, and the visitor's word that
// the team is following the message up. None repeats a visitor's message to the visitor. The reminders are in the
// recipient's account's language; the visitor's word is English still (a request does not keep its page's language).

/** The visitor's details as the recipient already had them in the first email. */
interface Visitor {
  name: string;
  email: string;
  phone: string | null;
  message: string | null;
  createdAt: Date;
}

/** The words of the two reminders in one language. */
interface ReminderWords {
  locale: string;
  greeting: (firstName: string) => string;
  from: string;
  phone: string;
  notGiven: string;
  stop: string;
  guide: {
    subject: (visitor: string) => string;
    paragraphs: (visitor: string, sentOn: string, hours: number, escalationHours: number) => [string, string];
    reason: string;
    replied: string;
    yourMessages: string;
    why: (hours: number) => string;
  };
  host: {
    subject: (visitor: string, club: string) => string;
    paragraphs: (visitor: string, club: string, sentOn: string, escalationHours: number) => [string, string];
    wantsToStart: string;
    nextCycle: string;
    joinRequests: string;
    why: (club: string, hours: number) => string;
  };
}

const WORDS: Record<Language, ReminderWords> = {
  en: {
    locale: LOCALES.en,
    greeting: (name) => `Hello ${name},`,
    from: 'From',
    phone: 'Phone',
    notGiven: 'Not given',
    stop: 'Stop these reminders',
    guide: {
      subject: (visitor) => `Reminder: ${visitor} is waiting for your reply`,
      paragraphs: (visitor, sentOn, hours, escalationHours) => [
        `${visitor} wrote to you on ${sentOn}, and the message is not marked replied yet. Visitors are told that coach messages are answered within ${hours} hours.`,
        `Reply to this email to answer them, then press "I've replied". If nobody replies within ${escalationHours} hours, the FlameKeeper team follows the message up.`,
      ],
      reason: 'Reason',
      replied: "I've replied",
      yourMessages: 'Your messages',
      why: (hours) =>
        `You receive this one reminder because you are a listed guide on FlameKeeper Clubs and a visitor's message to you has waited ${hours} hours without being marked replied. To get no more reminders of unanswered messages, use the link above, your mail reader's Unsubscribe, or your account page.`,
    },
    host: {
      subject: (visitor, club) => `Reminder: ${visitor} asked to join ${club}`,
      paragraphs: (visitor, club, sentOn, escalationHours) => [
        `${visitor} asked to join ${club} on ${sentOn}, and the request has no answer yet.`,
        `Reply to this email to write to them, then mark the request on your club profile's Join requests card. If it has no answer within ${escalationHours} hours, the FlameKeeper team follows it up.`,
      ],
      wantsToStart: 'Would like to start',
      nextCycle: 'The next new cycle',
      joinRequests: 'Join requests',
      why: (club, hours) =>
        `You receive this one reminder because you host ${club} on FlameKeeper Clubs and a request to join it has waited ${hours} hours without an answer. To get no more reminders of unanswered requests, use the link above, your mail reader's Unsubscribe, or your account page.`,
    },
  },
  es: {
    locale: LOCALES.es,
    greeting: (name) => `Hola, ${name}:`,
    from: 'De',
    phone: 'Teléfono',
    notGiven: 'No lo indicó',
    stop: 'No quiero más recordatorios',
    guide: {
      subject: (visitor) => `Recordatorio: ${visitor} espera tu respuesta`,
      paragraphs: (visitor, sentOn, hours, escalationHours) => [
        `${visitor} te escribió el ${sentOn}, y el mensaje todavía no está marcado como respondido. A quienes escriben les decimos que los mensajes para coaches se responden en menos de ${hours} horas.`,
        `Responde a este correo para contestarle y después pulsa "Ya respondí". Si nadie responde en ${escalationHours} horas, el equipo de FlameKeeper hará el seguimiento del mensaje.`,
      ],
      reason: 'Motivo',
      replied: 'Ya respondí',
      yourMessages: 'Tus mensajes',
      why: (hours) =>
        `Recibes este único recordatorio porque figuras como guía en FlameKeeper Clubs y un mensaje para ti lleva ${hours} horas sin marcarse como respondido. Para no recibir más recordatorios de mensajes sin responder, usa el enlace de arriba, la opción para darte de baja de tu programa de correo o la página de tu cuenta.`,
    },
    host: {
      subject: (visitor, club) => `Recordatorio: ${visitor} pidió unirse a ${club}`,
      paragraphs: (visitor, club, sentOn, escalationHours) => [
        `${visitor} pidió unirse a ${club} el ${sentOn}, y la solicitud todavía no tiene respuesta.`,
        `Responde a este correo para escribirle y después marca la solicitud en la tarjeta Join requests del perfil de tu club. Si no tiene respuesta en ${escalationHours} horas, el equipo de FlameKeeper hará el seguimiento.`,
      ],
      wantsToStart: 'Quiere empezar',
      nextCycle: 'El próximo ciclo nuevo',
      joinRequests: 'Solicitudes para unirse',
      why: (club, hours) =>
        `Recibes este único recordatorio porque organizas ${club} en FlameKeeper Clubs y una solicitud para unirse lleva ${hours} horas sin respuesta. Para no recibir más recordatorios de solicitudes sin responder, usa el enlace de arriba, la opción para darte de baja de tu programa de correo o la página de tu cuenta.`,
    },
  },
};

const sentOn = (date: Date, locale: string) =>
  date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';

/** The parts of a start's date and time in a reminder: dateStyle cannot be given with timeZoneName (a TypeError). */
const START_PARTS: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

/**
 * The start a join request asked for, as its reminder says it in `language`: a date and time in the club's zone
 * ("Tuesday, December 8, 2026 at 7:00 PM CST"), or the next new cycle.
 */
export function reminderStartText(startAt: Date | null, timeZone: string | null, language: Language): string {
  const words = WORDS[language];
  return startAt ? startAt.toLocaleString(words.locale, { ...START_PARTS, timeZone: timeZone ?? 'UTC' }) : words.host.nextCycle;
}

/** The reminder to a guide of a message not marked replied within the promised time, Reply-To the visitor, in the guide's language. */
export function guideMessageReminderEmail(input: {
  guide: { name: string; email: string };
  visitor: Visitor & { reason: GuideMessageReason };
  inboxUrl: string;
  repliedUrl: string;
  /** The one-click unsubscribe of these reminders (the job puts its headers on the email). */
  unsubscribeUrl: string;
  language?: Language;
}): Mail {
  const { guide, visitor, language = 'en' } = input;
  const words = WORDS[language];
  const hours = messageReplies.promisedReplyHours.guideMessage;
  return composeEmail({
    to: guide.email,
    replyTo: visitor.email,
    subject: words.guide.subject(visitor.name),
    greeting: words.greeting(firstName(guide.name)),
    paragraphs: [
      ...words.guide.paragraphs(visitor.name, sentOn(visitor.createdAt, words.locale), hours, messageReplies.escalationHours),
      ...(visitor.message ? [visitor.message] : []),
    ],
    details: [
      [words.from, `${visitor.name} <${visitor.email}>`],
      [words.phone, visitor.phone ?? words.notGiven],
      [words.guide.reason, guideMessageReasonLabel(visitor.reason, language)],
    ],
    actions: [
      { label: words.guide.replied, url: input.repliedUrl },
      { label: words.guide.yourMessages, url: input.inboxUrl },
    ],
    links: [{ label: words.stop, url: input.unsubscribeUrl }],
    reason: words.guide.why(hours),
    language,
  });
}

/** The reminder to a club's host of a join request not answered within the promised time, Reply-To the visitor, in the host's language. */
export function joinRequestReminderEmail(input: {
  club: { clubName: string; hostName: string; email: string };
  visitor: Visitor & { startAt: Date | null };
  startsText: string;
  requestsUrl: string;
  /** The one-click unsubscribe of these reminders (the job puts its headers on the email). */
  unsubscribeUrl: string;
  language?: Language;
}): Mail {
  const { club, visitor, language = 'en' } = input;
  const words = WORDS[language];
  const hours = messageReplies.promisedReplyHours.joinRequest;
  return composeEmail({
    to: club.email,
    replyTo: visitor.email,
    subject: words.host.subject(visitor.name, club.clubName),
    greeting: words.greeting(firstName(club.hostName)),
    paragraphs: [
      ...words.host.paragraphs(visitor.name, club.clubName, sentOn(visitor.createdAt, words.locale), messageReplies.escalationHours),
      ...(visitor.message ? [visitor.message] : []),
    ],
    details: [
      [words.from, `${visitor.name} <${visitor.email}>`],
      [words.phone, visitor.phone ?? words.notGiven],
      [words.host.wantsToStart, input.startsText],
    ],
    actions: [{ label: words.host.joinRequests, url: input.requestsUrl }],
    links: [{ label: words.stop, url: input.unsubscribeUrl }],
    reason: words.host.why(club.clubName, hours),
    language,
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
