import type { Club } from '#lib/clubs/types.ts';
import { clubPagePath } from '#lib/clubs/pages.ts';
import type { AdminNotification } from '#server/notifications/index.ts';
import type { Language } from '#lib/shared/languages.ts';
import { composeEmail, teamAddress, type EmailContent } from '#server/platform/email/compose.ts';
import type { Mail } from '#server/platform/email/mailer.ts';

// The words of the clubs' emails: to a host who registers, and when the admin changes their club's listing or
// membership; and to the admins, of a club awaiting verification.

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

type HostClub = Pick<Club, 'id' | 'email' | 'hostName' | 'clubName'>;

function hostEmail(club: HostClub, content: Pick<EmailContent, 'subject' | 'paragraphs' | 'details' | 'actions' | 'replyTo'>): Mail {
  return composeEmail({
    to: club.email,
    greeting: `Hello ${club.hostName},`,
    ...content,
    reason: `You receive this because you host ${club.clubName} in the FlameKeeper Clubs directory and our admin team changed its listing or membership.`,
  });
}

const profileAction = (club: HostClub, origin: string) => ({ label: 'Your club profile', url: `${origin}/club-profile/${club.id}` });

/** Sent when the admin verifies the club: it is in the public directory. */
export function clubVerifiedEmail(club: HostClub, origin: string): Mail {
  return hostEmail(club, {
    subject: `${club.clubName} is verified and listed`,
    paragraphs: [
      `Good news: our admin team verified ${club.clubName}. It now appears in the public FlameKeeper Clubs directory, with a page of its own.`,
      'Keep your meeting times and description up to date in your club profile, so that visitors find you when you meet.',
    ],
    actions: [{ label: "Your club's public page", url: `${origin}${clubPagePath(club)}` }, profileAction(club, origin)],
  });
}

/** Sent when the admin unverifies the club, with the reason they gave, if any. */
export function clubUnverifiedEmail(club: HostClub, reason: string | null, origin: string): Mail {
  return hostEmail(club, {
    subject: `${club.clubName} is no longer listed`,
    paragraphs: [
      `Our admin team unverified ${club.clubName}, so it no longer appears in the public FlameKeeper Clubs directory.`,
      ...(reason ? [`The reason they gave:\n${reason}`] : []),
      'Your club and its profile are kept. Reply to this email or use the contact page if you have questions.',
    ],
    actions: [profileAction(club, origin)],
    replyTo: teamAddress(),
  });
}

/** Sent when the admin sets the club's membership to lifetime, or to yearly with its renewal date. */
export function membershipEmail(club: HostClub & Pick<Club, 'membershipType' | 'renewalDate'>, origin: string): Mail {
  const yearly = club.membershipType === 'yearly';
  return hostEmail(club, {
    subject: yearly ? `${club.clubName} now has a yearly membership` : `${club.clubName} now has a lifetime membership`,
    paragraphs: [
      yearly
        ? `Our admin team set the membership of ${club.clubName} to yearly. It renews on ${longDate.format(new Date(club.renewalDate!))}.`
        : `Our admin team set the membership of ${club.clubName} to lifetime: it never needs renewing.`,
    ],
    details: [
      ['Club', club.clubName],
      ['Membership', yearly ? 'Yearly' : 'Lifetime'],
      ...(yearly ? [['Renews on', longDate.format(new Date(club.renewalDate!))] as const] : []),
    ],
    actions: [profileAction(club, origin)],
  });
}

/** The words of the registration email in each language. */
const REGISTRATION_WORDS: Record<
  Language,
  {
    subject: (club: string) => string;
    greeting: (host: string) => string;
    paragraphs: (club: string, to: string) => [string, string, string, string];
    action: string;
    reason: (to: string, club: string) => string;
  }
> = {
  en: {
    subject: (club) => `Your FlameKeeper Club "${club}" is registered`,
    greeting: (host) => `Hello ${host},`,
    paragraphs: (club, to) => [
      `Thank you for registering ${club} with FlameKeeper Clubs. Your lifetime membership is included with your HOST SET.`,
      'Your club is pending verification: our admin team reviews every new club, and yours will appear in the public directory as soon as it is approved.',
      `How to sign in and manage your club profile:\n  1. Open the sign-in page below.\n  2. Sign in with this email address (${to}) and the password you chose.\n  3. Edit your profile at any time: meeting schedule, description, website.`,
      'Forgot your password? Use "Forgot password?" on the sign-in page.',
    ],
    action: 'Sign in to your club',
    reason: (to, club) => `You receive this because ${to} registered ${club} with a HOST SET code on FlameKeeper Clubs.`,
  },
  es: {
    subject: (club) => `Tu FlameKeeper Club "${club}" está registrado`,
    greeting: (host) => `Hola, ${host}:`,
    paragraphs: (club, to) => [
      `Gracias por registrar ${club} en FlameKeeper Clubs. La membresía de por vida viene incluida con tu HOST SET.`,
      'Tu club está pendiente de verificación: nuestro equipo revisa cada club nuevo, y el tuyo aparecerá en el directorio público en cuanto lo aprobemos.',
      `Cómo iniciar sesión y gestionar el perfil de tu club:\n  1. Abre la página de inicio de sesión de abajo.\n  2. Inicia sesión con esta dirección de correo (${to}) y la contraseña que elegiste.\n  3. Edita tu perfil cuando quieras: horario de reuniones, descripción, sitio web.`,
      '¿Olvidaste tu contraseña? Usa "Forgot password?" en la página de inicio de sesión.',
    ],
    action: 'Iniciar sesión en tu club',
    reason: (to, club) => `Recibes este correo porque ${to} registró ${club} con un código HOST SET en FlameKeeper Clubs.`,
  },
};

/** Sent when a host registers a club. */
export function registrationEmail(input: { to: string; hostName: string; clubName: string; origin: string; language?: Language }): Mail {
  const language = input.language ?? 'en';
  const words = REGISTRATION_WORDS[language];
  return composeEmail({
    to: input.to,
    subject: words.subject(input.clubName),
    greeting: words.greeting(input.hostName),
    paragraphs: words.paragraphs(input.clubName, input.to),
    actions: [{ label: words.action, url: `${input.origin}/club-registration?signin=true` }],
    reason: words.reason(input.to, input.clubName),
    language,
  });
}

/** Tells the admins of a newly registered club, which awaits their verification. */
export function registrationNotice(
  club: Pick<Club, 'id' | 'clubName' | 'hostName' | 'email' | 'city' | 'state' | 'zipCode'>,
): AdminNotification {
  return {
    kind: 'club-registered',
    summary: `New club awaiting verification: ${club.clubName}`,
    paragraphs: [
      `${club.hostName} registered ${club.clubName} with a HOST SET code. It stays out of the directory until an admin verifies it.`,
    ],
    details: [
      ['Club', club.clubName],
      ['Host', `${club.hostName} <${club.email}>`],
      ['Where', `${club.city}, ${club.state} ${club.zipCode}`],
    ],
    action: { label: 'Verify it on Admin Clubs', path: `/admin-clubs?club=${club.id}` },
    clubId: club.id,
  };
}
