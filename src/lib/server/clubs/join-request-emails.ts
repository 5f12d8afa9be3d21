import { DateTime } from 'luxon';
import { clubPagePath } from '#lib/clubs/pages.ts';
import { JOIN_REQUEST_ANSWER_LABELS, type JoinRequestAnswer } from '#lib/clubs/join-request-types.ts';
import { joinRequestCopy } from '#lib/clubs/join-request-copy.ts';
import type { JoinRequestInput } from '#lib/schemas/join-requests.ts';
import { LOCALES, localizedHref, type Language } from '#lib/shared/languages.ts';
import { acknowledgementEmail } from '#server/platform/email/acknowledgements.ts';
import { composeEmail } from '#server/platform/email/compose.ts';
import type { Mail } from '#server/platform/email/mailer.ts';

// The words of the emails a visitor's "Ask to join" sends: the request to the club's host, answered straight to the
// visitor (Reply-To) and carrying the one-click answers, and the visitor's acknowledgement, which never gives the
// host's address. Each in its recipient's language (docs/decisions/041): the host's account's, and the page's the
// visitor asked from.

/** The club a request goes to: `email` is the host's, never shown to the visitor. */
export interface JoinRequestClub {
  id: number;
  clubName: string;
  hostName: string;
  email: string;
  timeZone: string | null;
}

/** The request as the emails tell it: the visitor's fields, and the chosen session's start (null: the next new cycle). */
export type JoinRequestMail = Pick<JoinRequestInput, 'name' | 'email' | 'phone' | 'message'> & { startAt: Date | null };

/** The words of the two emails in one language. */
interface JoinRequestWords {
  subject: (visitor: string, club: string) => string;
  greeting: (host: string) => string;
  asked: (visitor: string, club: string, visitorEmail: string) => string;
  answerLinks: (validDays: number) => string;
  from: string;
  phone: string;
  notGiven: string;
  wantsToStart: string;
  /** The chosen start in the club's own time: "Tuesday, December 1, 7:00 PM CST". */
  startAt: (startAt: Date, timeZone: string) => string;
  nextCycle: string;
  answers: Readonly<Record<JoinRequestAnswer, string>>;
  yourRequests: string;
  reason: (club: string) => string;
  acknowledgement: {
    subject: (club: string) => string;
    thanks: (club: string, host: string) => string;
    clubPage: (club: string) => string;
    because: (club: string) => string;
  };
}

const WORDS: Record<Language, JoinRequestWords> = {
  en: {
    subject: (visitor, club) => `${visitor} asks to join ${club}`,
    greeting: (host) => `Hello ${host},`,
    asked: (visitor, club, visitorEmail) =>
      `${visitor} asked to join ${club} through FlameKeeper Clubs. Reply to this email to answer them: your reply goes to ${visitorEmail}.`,
    answerLinks: (validDays) =>
      `Once you have answered, tell us with one of the links below: each opens a page that asks you to confirm with one click, without signing in. The links work once, for ${validDays} days; your club profile lists every request.`,
    from: 'From',
    phone: 'Phone',
    notGiven: 'Not given',
    wantsToStart: 'Wants to start',
    startAt: (startAt, timeZone) => DateTime.fromJSDate(startAt, { zone: timeZone }).toFormat('cccc, LLLL d, h:mm a ZZZZ'),
    nextCycle: joinRequestCopy.nextCycle,
    answers: JOIN_REQUEST_ANSWER_LABELS,
    yourRequests: 'Your join requests',
    reason: (club) =>
      `You receive this because you host ${club} in the FlameKeeper Clubs directory and a visitor asked to join it. The visitor has not seen your email address; they will when you reply.`,
    acknowledgement: {
      subject: (club) => `Your request to join ${club} was sent`,
      thanks: (club, host) =>
        `Thank you for asking to join ${club}. We sent your request to its host, ${host}, who will reply to this address.`,
      clubPage: (club) => `${club}'s page`,
      because: (club) => `asked to join ${club}`,
    },
  },
  es: {
    subject: (visitor, club) => `${visitor} quiere unirse a ${club}`,
    greeting: (host) => `Hola, ${host}:`,
    asked: (visitor, club, visitorEmail) =>
      `${visitor} pidió unirse a ${club} a través de FlameKeeper Clubs. Responde a este correo para contestarle: tu respuesta le llegará a ${visitorEmail}.`,
    answerLinks: (validDays) =>
      `Cuando le hayas respondido, avísanos con uno de los enlaces de abajo: cada uno abre una página que te pide confirmarlo con un clic, sin iniciar sesión. Cada enlace sirve una sola vez, durante ${validDays} días; en el perfil de tu club están todas las solicitudes.`,
    from: 'De',
    phone: 'Teléfono',
    notGiven: 'No lo indicó',
    wantsToStart: 'Quiere empezar',
    startAt: (startAt, timeZone) =>
      new Intl.DateTimeFormat(LOCALES.es, {
        timeZone,
        weekday: 'long',
        month: 'long',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      }).format(startAt),
    nextCycle: 'El próximo ciclo nuevo',
    answers: { replied: 'Ya le respondí', joined: 'Se unió al club', declined: 'No es para este club' },
    yourRequests: 'Tus solicitudes para unirse',
    reason: (club) =>
      `Recibes este correo porque organizas ${club} en el directorio de FlameKeeper Clubs y alguien pidió unirse. Esa persona todavía no ha visto tu dirección de correo; la verá cuando le respondas.`,
    acknowledgement: {
      subject: (club) => `Enviamos tu solicitud para unirte a ${club}`,
      thanks: (club, host) =>
        `Gracias por querer unirte a ${club}. Enviamos tu solicitud a su anfitrión, ${host}, que te responderá a esta dirección.`,
      clubPage: (club) => `Página de ${club}`,
      because: (club) => `pidió unirse a ${club}`,
    },
  },
};

/** The chosen start in the club's own time ("Tuesday, December 1, 7:00 PM CST"), or "The next new cycle". */
function startText(words: JoinRequestWords, startAt: Date | null, timeZone: string | null): string {
  return startAt ? words.startAt(startAt, timeZone ?? 'UTC') : words.nextCycle;
}

/**
 * The request, sent to the host with Reply-To set to the visitor, with a link for each answer (`answerUrl`), valid
 * `validDays`, in the host's account's `language`.
 */
export function joinRequestEmail(input: {
  club: JoinRequestClub;
  request: JoinRequestMail;
  answerUrl: (answer: JoinRequestAnswer) => string;
  validDays: number;
  origin: string;
  language?: Language;
}): Mail {
  const { club, request, language = 'en' } = input;
  const words = WORDS[language];
  return composeEmail({
    to: club.email,
    replyTo: request.email,
    subject: words.subject(request.name, club.clubName),
    greeting: words.greeting(club.hostName),
    paragraphs: [
      words.asked(request.name, club.clubName, request.email),
      ...(request.message ? [request.message] : []),
      words.answerLinks(input.validDays),
    ],
    details: [
      [words.from, `${request.name} <${request.email}>`],
      [words.phone, request.phone ?? words.notGiven],
      [words.wantsToStart, startText(words, request.startAt, club.timeZone)],
    ],
    actions: [
      { label: words.answers.replied, url: input.answerUrl('replied') },
      { label: words.answers.joined, url: input.answerUrl('joined') },
      { label: words.answers.declined, url: input.answerUrl('declined') },
      { label: words.yourRequests, url: `${input.origin}${localizedHref(`/club-profile/${club.id}#join-requests`, language)}` },
    ],
    reason: words.reason(club.clubName),
    language,
  });
}

/**
 * The visitor's acknowledgement, to the typed address `to`, in the `language` of the page they asked from: it names
 * the club and its host, never the host's address.
 */
export function joinRequestAcknowledgementEmail(club: JoinRequestClub, to: string, origin: string, language: Language = 'en'): Mail {
  const words = WORDS[language].acknowledgement;
  return acknowledgementEmail({
    to,
    subject: words.subject(club.clubName),
    paragraphs: [words.thanks(club.clubName, club.hostName)],
    action: { label: words.clubPage(club.clubName), url: `${origin}${localizedHref(clubPagePath(club), language)}` },
    because: words.because(club.clubName),
    language,
  });
}
