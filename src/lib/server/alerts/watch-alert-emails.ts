import { LOCALES, localizedHref, type Language } from '#lib/shared/languages.ts';
import { composeEmail } from '#server/platform/email/compose.ts';
import type { Mail } from '#server/platform/email/mailer.ts';
import { ALERT_WORDS, alertsPagePath, confirmPagePath, unsubscribeHeaders } from './alert-emails.ts';

// The words of the guide alerts (issue 39), "Tell me when a guide serves {place}". As the club alerts' (alert-emails.ts):
// the confirmation quotes nothing typed but the place as the site resolved it, and every email after it carries one-click
// unsubscribe (RFC 8058); each in the alert's language, with the club alerts' shared words.

/** "Robin Vale, Sam Ortiz y Lee Park". */
const SPANISH_LIST = new Intl.ListFormat(LOCALES.es, { type: 'conjunction' });

/** The words of the guide alerts in one language. */
interface GuideAlertWords {
  typedReason: string;
  confirmation: { subject: (place: string) => string; asked: (place: string) => string };
  serving: {
    subject: { one: (place: string, guide: string) => string; many: (count: number, place: string) => string };
    intro: { one: (guide: string, place: string) => string; many: (guides: readonly string[], place: string) => string };
    reach: string;
    page: (guide: string) => string;
    reason: (place: string) => string;
  };
}

const WORDS: Record<Language, GuideAlertWords> = {
  en: {
    typedReason:
      'You receive this because this address was typed into an alert form on FlameKeeper Clubs. If it was not you, ignore this email.',
    confirmation: {
      subject: (place) => `Confirm your guide alert for ${place}`,
      asked: (place) => `Someone, we hope you, asked FlameKeeper Clubs to email this address when a guide serves ${place}.`,
    },
    serving: {
      subject: {
        one: (place, guide) => `A guide now serves ${place}: ${guide}`,
        many: (count, place) => `${count} guides now serve ${place}`,
      },
      intro: {
        one: (guide, place) => `${guide} is now a FlameKeeper guide for ${place}: a guide helps clubs start and keep going there.`,
        many: (guides, place) =>
          `${guides.join(', ')} are now FlameKeeper guides for ${place}: a guide helps clubs start and keep going there.`,
      },
      reach: 'A guide page says how to reach the guide.',
      page: (guide) => `${guide}: the guide's page`,
      reason: (place) => `You receive this because this address confirmed an alert on FlameKeeper Clubs for a guide serving ${place}.`,
    },
  },
  es: {
    typedReason:
      'Recibes este correo porque alguien escribió esta dirección en un formulario de alertas de FlameKeeper Clubs. Si no fuiste tú, ignora este correo.',
    confirmation: {
      subject: (place) => `Confirma tu alerta de guías para ${place}`,
      asked: (place) =>
        `Alguien, esperamos que tú, pidió a FlameKeeper Clubs que escriba a esta dirección cuando un guía trabaje en ${place}.`,
    },
    serving: {
      subject: {
        one: (place, guide) => `Un guía trabaja ahora en ${place}: ${guide}`,
        many: (count, place) => `${count} guías trabajan ahora en ${place}`,
      },
      intro: {
        one: (guide, place) =>
          `${guide} es ahora guía de FlameKeeper en ${place}: un guía ayuda a que los clubes empiecen y sigan adelante allí.`,
        many: (guides, place) =>
          `${SPANISH_LIST.format(guides)} son ahora guías de FlameKeeper en ${place}: un guía ayuda a que los clubes empiecen y sigan adelante allí.`,
      },
      reach: 'En la página de cada guía verás cómo ponerte en contacto.',
      page: (guide) => `${guide}: su página de guía`,
      reason: (place) =>
        `Recibes este correo porque esta dirección confirmó una alerta en FlameKeeper Clubs para saber cuándo un guía trabaja en ${place}.`,
    },
  },
};

/** The confirmation of a guide alert for `placeLabel`. */
export function guideAlertConfirmationEmail(
  to: string,
  placeLabel: string,
  origin: string,
  token: string,
  language: Language = 'en',
): Mail {
  const words = WORDS[language];
  const shared = ALERT_WORDS[language];
  return composeEmail({
    to,
    subject: words.confirmation.subject(placeLabel),
    greeting: shared.greeting,
    paragraphs: [words.confirmation.asked(placeLabel), shared.confirmNothingMore],
    actions: [{ label: shared.confirm, url: `${origin}${localizedHref(confirmPagePath(token), language)}` }],
    reason: words.typedReason,
    language,
  });
}

/** A guide now serving a guide alert's place, as its email names it. */
export interface ServingGuide {
  name: string;
  pagePath: string;
}

/** The day's email of a guide alert: each guide who now serves its place, with the guide's page. */
export function guidesServingEmail(
  to: string,
  placeLabel: string,
  guides: readonly [ServingGuide, ...ServingGuide[]],
  origin: string,
  token: string,
  language: Language = 'en',
): Mail {
  const { serving } = WORDS[language];
  const shared = ALERT_WORDS[language];
  const one = guides.length === 1;
  return {
    ...composeEmail({
      to,
      subject: one ? serving.subject.one(placeLabel, guides[0].name) : serving.subject.many(guides.length, placeLabel),
      greeting: shared.greeting,
      paragraphs: [
        one
          ? serving.intro.one(guides[0].name, placeLabel)
          : serving.intro.many(
              guides.map((guide) => guide.name),
              placeLabel,
            ),
        serving.reach,
      ],
      links: guides.map((guide) => ({ label: serving.page(guide.name), url: `${origin}${localizedHref(guide.pagePath, language)}` })),
      actions: [{ label: shared.yourAlerts, url: `${origin}${localizedHref(alertsPagePath(token), language)}` }],
      reason: `${serving.reason(placeLabel)} ${shared.oneADay}`,
      language,
    }),
    headers: unsubscribeHeaders(origin, token),
  };
}
