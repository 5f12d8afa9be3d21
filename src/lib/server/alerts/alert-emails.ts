import {
  ALERT_UNSUBSCRIBE_PATH,
  alertTitle,
  alertWhen,
  describeAlert,
  UNCONFIRMED_ALERT_DAYS,
  type AlertDistance,
  type AlertSummary,
} from '#lib/alerts/types.ts';
import { LOCALES, localizedHref, type Language } from '#lib/shared/languages.ts';
import { composeEmail } from '#server/platform/email/compose.ts';
import { oneClickHeaders } from '#server/platform/email/unsubscribe-links.ts';
import type { Mail } from '#server/platform/email/mailer.ts';

// The words of the alert emails. The confirmation goes to an address anyone may type, so it quotes nothing typed but
// the place as the site resolved it; every email after it (matches, "Keep this alert?") carries one-click unsubscribe
// (RFC 8058) and the link to the address's alerts. Each in the alert's language, the page's it was set up from
// (alerts.language, docs/decisions/041): the Spanish words live here, server-side, not in #lib/alerts/types.ts, which
// English islands ship.

/** The path of the "Your alerts" page of a link's token (English; localizedHref gives its twin). */
export const alertsPagePath = (token: string) => `/alerts?${new URLSearchParams({ token })}`;
/** The page of a confirmation email's link, and of a "Keep this alert?" email's. */
export const confirmPagePath = (token: string) => `/alerts/confirm?${new URLSearchParams({ token })}`;
export const keepPagePath = (token: string) => `/alerts/keep?${new URLSearchParams({ token })}`;
/** The one-click unsubscribe address of a link's token, which a mail reader posts to (RFC 8058), and people open. */
export const unsubscribePath = (token: string) => `${ALERT_UNSUBSCRIBE_PATH}?${new URLSearchParams({ token })}`;

/** What an alert watches, as its emails describe it: a place (kind `clubs`), or a club by its name (kind `club`). */
interface Watched {
  kind: AlertSummary['kind'];
  placeLabel: string;
  distance: AlertDistance;
  includeOnline: boolean;
}

/** "within 25 miles of Austin, TX 78704, and online clubs anywhere", in Spanish. */
const watchingEs = ({ placeLabel, distance, includeOnline }: Watched) =>
  `a ${distance} millas o menos de ${placeLabel}${includeOnline ? ', o en línea desde cualquier lugar' : ''}`;

/** The words of the alert emails in one language (the words of the guide alerts are in watch-alert-emails.ts). */
export interface AlertWords {
  /** "within 25 miles of …" */
  watching: (alert: Watched) => string;
  /** "when a new club starts within 25 miles of …", "when Quinn Reading Circle takes new members again". */
  when: (alert: Watched) => string;
  /** The alert's name on "Your alerts": "New clubs within 25 miles of …", "A guide who serves …". */
  title: (alert: Watched) => string;
  greeting: string;
  confirmNothingMore: string;
  confirm: string;
  yourAlerts: string;
  typedReason: string;
  oneADay: string;
  confirmation: { subject: (place: string) => string; asked: (when: string) => string };
  full: { subject: string; paragraphs: (place: string) => [string, string] };
  matches: {
    subject: {
      reopened: (club: string) => string;
      one: (place: string, club: string) => string;
      many: (count: number, place: string) => string;
    };
    intro: { reopened: (club: string) => string; one: (watching: string) => string; many: (count: number, watching: string) => string };
    meetsOnline: string;
    inCity: (city: string, state: string) => string;
    milesFrom: (miles: number, place: string) => string;
    nextSession: (session: string) => string;
    askWhen: string;
    page: (club: string) => string;
    askToJoin: (club: string) => string;
    reason: (when: string) => string;
  };
  keep: {
    subject: (kind: AlertSummary['kind'], place: string) => string;
    paragraphs: (when: string, endsOn: string) => [string, string];
    keep: string;
    reason: string;
  };
  /** The locale of the dates the emails give (the end of an alert, a club's next session) and the words after a clock in another zone. */
  locale: string;
  yourTime: string;
}

export const ALERT_WORDS: Record<Language, AlertWords> = {
  en: {
    watching: ({ placeLabel, distance, includeOnline }) => describeAlert({ placeLabel, distanceMiles: distance, includeOnline }),
    when: ({ kind, placeLabel, distance, includeOnline }) => alertWhen({ kind, placeLabel, distanceMiles: distance, includeOnline }),
    title: ({ kind, placeLabel, distance, includeOnline }) => alertTitle({ kind, placeLabel, distanceMiles: distance, includeOnline }),
    greeting: 'Hello,',
    confirmNothingMore: `Nothing more is sent unless you confirm. An alert that is not confirmed is deleted after ${UNCONFIRMED_ALERT_DAYS} days.`,
    confirm: 'Confirm the alert',
    yourAlerts: 'Your alerts',
    typedReason:
      'You receive this because this address was typed into the alert form on FlameKeeper Clubs. If it was not you, ignore this email.',
    oneADay: "At most one such email goes a day. To stop it, delete it on Your alerts, or use your mail reader's Unsubscribe.",
    confirmation: {
      subject: (place) => `Confirm your club alert for ${place}`,
      asked: (when) => `Someone, we hope you, asked FlameKeeper Clubs to email this address ${when}.`,
    },
    full: {
      subject: 'Your club alerts: no room for another',
      paragraphs: (place) => [
        `Someone, we hope you, asked for an alert for ${place}, but this address already has 10 alerts, as many as one address may have.`,
        'Delete one you no longer need, then set up the new one again.',
      ],
    },
    matches: {
      subject: {
        reopened: (club) => `${club} takes new members again`,
        one: (place, club) => `A new club near ${place}: ${club}`,
        many: (count, place) => `${count} new clubs near ${place}`,
      },
      intro: {
        reopened: (club) => `${club} takes new members again, as you asked us to tell you:`,
        one: (watching) => `A FlameKeeper club now takes new members ${watching}:`,
        many: (count, watching) => `${count} FlameKeeper clubs now take new members ${watching}:`,
      },
      meetsOnline: 'meets online',
      inCity: (city, state) => `in ${city}, ${state}`,
      milesFrom: (miles, place) => `${miles.toFixed(1)} miles from ${place}`,
      nextSession: (session) => `Next session: ${session}.`,
      askWhen: 'Ask the host when it meets next.',
      page: (club) => `${club}: its page`,
      askToJoin: (club) => `Ask to join ${club}`,
      reason: (when) => `You receive this because this address confirmed an alert on FlameKeeper Clubs, to be emailed ${when}.`,
    },
    keep: {
      subject: (kind, place) => `Keep your ${kind === 'guides' ? 'guide' : 'club'} alert for ${place}?`,
      paragraphs: (when, endsOn) => [
        `Your alert, an email ${when}, ends on ${endsOn}.`,
        'Keep it, and it goes on for another 12 months. Otherwise it ends then, and its address is deleted with it.',
      ],
      keep: 'Keep this alert',
      reason: 'You receive this because this address confirmed an alert on FlameKeeper Clubs a year ago. This is the only reminder.',
    },
    locale: LOCALES.en,
    yourTime: 'your time',
  },
  es: {
    watching: watchingEs,
    when: (alert) => {
      if (alert.kind === 'guides') return `cuando un guía trabaje en ${alert.placeLabel}`;
      return alert.kind === 'club'
        ? `cuando ${alert.placeLabel} vuelva a aceptar miembros nuevos`
        : `cuando empiece un club nuevo ${watchingEs(alert)}`;
    },
    title: (alert) => {
      if (alert.kind === 'guides') return `Un guía que trabaje en ${alert.placeLabel}`;
      return alert.kind === 'club' ? `Cuando ${alert.placeLabel} vuelva a aceptar miembros nuevos` : `Clubes nuevos ${watchingEs(alert)}`;
    },
    greeting: 'Hola:',
    confirmNothingMore: `No te enviaremos nada más si no la confirmas. Una alerta sin confirmar se borra a los ${UNCONFIRMED_ALERT_DAYS} días.`,
    confirm: 'Confirmar la alerta',
    yourAlerts: 'Tus alertas',
    typedReason:
      'Recibes este correo porque alguien escribió esta dirección en el formulario de alertas de FlameKeeper Clubs. Si no fuiste tú, ignora este correo.',
    oneADay:
      'Te enviamos como mucho un correo así al día. Para dejar de recibirlos, borra la alerta en Tus alertas o usa la opción para darte de baja de tu programa de correo.',
    confirmation: {
      subject: (place) => `Confirma tu alerta de clubes para ${place}`,
      asked: (when) => `Alguien, esperamos que tú, pidió a FlameKeeper Clubs que escriba a esta dirección ${when}.`,
    },
    full: {
      subject: 'Tus alertas de clubes: no caben más',
      paragraphs: (place) => [
        `Alguien, esperamos que tú, pidió una alerta para ${place}, pero esta dirección ya tiene 10 alertas, el máximo que puede tener una dirección.`,
        'Borra alguna que ya no necesites y vuelve a crear la nueva.',
      ],
    },
    matches: {
      subject: {
        reopened: (club) => `${club} vuelve a aceptar miembros nuevos`,
        one: (place, club) => `Un club nuevo cerca de ${place}: ${club}`,
        many: (count, place) => `${count} clubes nuevos cerca de ${place}`,
      },
      intro: {
        reopened: (club) => `${club} vuelve a aceptar miembros nuevos, como nos pediste que te avisáramos:`,
        one: (watching) => `Un club de FlameKeeper acepta ahora miembros nuevos ${watching}:`,
        many: (count, watching) => `${count} clubes de FlameKeeper aceptan ahora miembros nuevos ${watching}:`,
      },
      meetsOnline: 'se reúne en línea',
      inCity: (city, state) => `en ${city}, ${state}`,
      milesFrom: (miles, place) =>
        `a ${new Intl.NumberFormat(LOCALES.es, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(miles)} millas de ${place}`,
      nextSession: (session) => `Próxima sesión: ${session}.`,
      askWhen: 'Pregunta al anfitrión cuándo es la próxima reunión.',
      page: (club) => `${club}: su página`,
      askToJoin: (club) => `Pedir unirte a ${club}`,
      reason: (when) =>
        `Recibes este correo porque esta dirección confirmó una alerta en FlameKeeper Clubs para recibir un correo ${when}.`,
    },
    keep: {
      subject: (kind, place) => `¿Quieres mantener tu alerta de ${kind === 'guides' ? 'guías' : 'clubes'} para ${place}?`,
      paragraphs: (when, endsOn) => [
        `Tu alerta, un correo ${when}, termina el ${endsOn}.`,
        'Si la mantienes, seguirá 12 meses más. Si no, terminará ese día y borraremos con ella tu dirección de correo.',
      ],
      keep: 'Mantener esta alerta',
      reason: 'Recibes este correo porque esta dirección confirmó una alerta en FlameKeeper Clubs hace un año. Es el único recordatorio.',
    },
    locale: LOCALES.es,
    yourTime: 'tu hora',
  },
};

/** An alert as the "Your alerts" pages name it in `language`, in the words of its emails. */
export function alertPhrases(language: Language): { when: (alert: AlertSummary) => string; title: (alert: AlertSummary) => string } {
  const words = ALERT_WORDS[language];
  const watched = ({ kind, placeLabel, distanceMiles, includeOnline }: AlertSummary): Watched => ({
    kind,
    placeLabel,
    distance: distanceMiles,
    includeOnline,
  });
  return { when: (alert) => words.when(watched(alert)), title: (alert) => words.title(watched(alert)) };
}

/** The email that asks the address to confirm a new alert, the one email sent before it does. */
export function alertConfirmationEmail(to: string, alert: Watched, origin: string, token: string, language: Language = 'en'): Mail {
  const words = ALERT_WORDS[language];
  return composeEmail({
    to,
    subject: words.confirmation.subject(alert.placeLabel),
    greeting: words.greeting,
    paragraphs: [words.confirmation.asked(words.when(alert)), words.confirmNothingMore],
    actions: [{ label: words.confirm, url: `${origin}${localizedHref(confirmPagePath(token), language)}` }],
    reason: words.typedReason,
    language,
  });
}

/** The email sent instead of a confirmation when the address has as many alerts as it may. */
export function alertsFullEmail(to: string, placeLabel: string, origin: string, token: string, language: Language = 'en'): Mail {
  const words = ALERT_WORDS[language];
  return composeEmail({
    to,
    subject: words.full.subject,
    greeting: words.greeting,
    paragraphs: words.full.paragraphs(placeLabel),
    actions: [{ label: words.yourAlerts, url: `${origin}${localizedHref(alertsPagePath(token), language)}` }],
    reason: words.typedReason,
    language,
  });
}

/**
 * The headers of every email of a confirmed alert: one-click unsubscribe, by a POST of the mail reader (RFC 8058), and
 * Auto-Submitted.
 */
export const unsubscribeHeaders = (origin: string, token: string) => oneClickHeaders(`${origin}${unsubscribePath(token)}`);

/** A club an alert matched, as its email lists it. */
export interface MatchedClub {
  clubName: string;
  city: string;
  state: string;
  online: boolean;
  distanceMiles: number;
  /** "Tue, Dec 8, 7:00 PM CST", in the alert's zone too when it differs; null when the club names no times. */
  nextSession: string | null;
  pagePath: string;
}

/** The day's email of an alert: every club it matched since its last one, each with its page and Ask to join. */
export function alertMatchesEmail(
  to: string,
  alert: Watched,
  clubs: readonly [MatchedClub, ...MatchedClub[]],
  origin: string,
  token: string,
  language: Language = 'en',
): Mail {
  const words = ALERT_WORDS[language];
  const { subject, intro } = words.matches;
  const one = clubs.length === 1;
  const reopened = alert.kind === 'club';
  return {
    ...composeEmail({
      to,
      subject: reopened
        ? subject.reopened(clubs[0].clubName)
        : one
          ? subject.one(alert.placeLabel, clubs[0].clubName)
          : subject.many(clubs.length, alert.placeLabel),
      greeting: words.greeting,
      paragraphs: [
        reopened
          ? intro.reopened(clubs[0].clubName)
          : one
            ? intro.one(words.watching(alert))
            : intro.many(clubs.length, words.watching(alert)),
        ...clubs.map((club) =>
          [
            reopened
              ? `${club.clubName}: ${club.online ? words.matches.meetsOnline : words.matches.inCity(club.city, club.state)}.`
              : `${club.clubName}: ${club.online ? words.matches.meetsOnline : words.matches.inCity(club.city, club.state)}, ${words.matches.milesFrom(club.distanceMiles, alert.placeLabel)}.`,
            club.nextSession ? words.matches.nextSession(club.nextSession) : words.matches.askWhen,
          ].join('\n'),
        ),
      ],
      links: clubs.flatMap((club) => [
        { label: words.matches.page(club.clubName), url: `${origin}${localizedHref(club.pagePath, language)}` },
        { label: words.matches.askToJoin(club.clubName), url: `${origin}${localizedHref(`${club.pagePath}#connect-heading`, language)}` },
      ]),
      actions: [{ label: words.yourAlerts, url: `${origin}${localizedHref(alertsPagePath(token), language)}` }],
      reason: `${words.matches.reason(words.when(alert))} ${words.oneADay}`,
      language,
    }),
    headers: unsubscribeHeaders(origin, token),
  };
}

/** The email 14 days before an alert ends (`endsAt`): one click keeps it a further 12 months. */
export function keepAlertEmail(to: string, alert: Watched, endsAt: Date, origin: string, token: string, language: Language = 'en'): Mail {
  const words = ALERT_WORDS[language];
  const endsOn = endsAt.toLocaleDateString(words.locale, { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  return {
    ...composeEmail({
      to,
      subject: words.keep.subject(alert.kind, alert.placeLabel),
      greeting: words.greeting,
      paragraphs: words.keep.paragraphs(words.when(alert), endsOn),
      actions: [
        { label: words.keep.keep, url: `${origin}${localizedHref(keepPagePath(token), language)}` },
        { label: words.yourAlerts, url: `${origin}${localizedHref(alertsPagePath(token), language)}` },
      ],
      reason: words.keep.reason,
      language,
    }),
    headers: unsubscribeHeaders(origin, token),
  };
}
