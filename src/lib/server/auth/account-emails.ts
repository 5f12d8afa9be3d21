import { UNCONFIRMED_ACCOUNT_DAYS } from '#lib/auth/email-status-types.ts';
import type { Language } from '#lib/shared/languages.ts';
import { composeEmail } from '#server/platform/email/compose.ts';
import type { Mail } from '#server/platform/email/mailer.ts';

// The words of the account emails. The password reset and the confirmation link are in the account's language
// (users.language, docs/decisions/041); the email change and password change notices are English still.

/** The words of the password reset and the confirmation link in one language. */
interface AccountWords {
  greeting: string;
  reset: {
    subject: string;
    paragraphs: (to: string, validMinutes: number) => [string, string, string];
    action: string;
    reason: (to: string) => string;
  };
  confirmation: {
    subject: string;
    paragraphs: (to: string, purpose: string, validHours: number, label: string) => [string, string, string];
    action: string;
    reason: (to: string) => string;
  };
}

const WORDS: Record<Language, AccountWords> = {
  en: {
    greeting: 'Hello,',
    reset: {
      subject: 'Reset your FlameKeeper Clubs password',
      paragraphs: (to, validMinutes) => [
        `Someone (hopefully you) asked to reset the password of the FlameKeeper Clubs account for ${to}.`,
        `To choose a new password, open the link below within ${validMinutes} minutes. The link works once.`,
        'If you did not ask for this, ignore this email: your password stays as it is.',
      ],
      action: 'Choose a new password',
      reason: (to) => `You receive this because a password reset was asked for the account ${to} on the FlameKeeper Clubs sign-in page.`,
    },
    confirmation: {
      subject: 'Confirm your email for FlameKeeper Clubs',
      paragraphs: (to, purpose, validHours, label) => [
        `Please confirm that ${to} is your email address. ${purpose}`,
        `Open the link below within ${validHours} hours and press "Confirm my email". The link works once and brings you back to ${label}.`,
        `If you did not create a FlameKeeper Clubs account, ignore this email: the address stays unconfirmed, and we will not ask again unless someone does. An account whose email is not confirmed within ${UNCONFIRMED_ACCOUNT_DAYS} days, and that has no club, licence or order, is deleted.`,
      ],
      action: 'Confirm my email',
      reason: (to) =>
        `You receive this because a FlameKeeper Clubs account was created with ${to}, or a confirmation link was asked for it.`,
    },
  },
  es: {
    greeting: 'Hola:',
    reset: {
      subject: 'Restablece tu contraseña de FlameKeeper Clubs',
      paragraphs: (to, validMinutes) => [
        `Alguien (esperamos que tú) pidió restablecer la contraseña de la cuenta de FlameKeeper Clubs de ${to}.`,
        `Para elegir una contraseña nueva, abre el enlace de abajo en los próximos ${validMinutes} minutos. El enlace sirve una sola vez.`,
        'Si no lo pediste tú, ignora este correo: tu contraseña seguirá igual.',
      ],
      action: 'Elegir una contraseña nueva',
      reason: (to) =>
        `Recibes este correo porque alguien pidió restablecer la contraseña de la cuenta ${to} en la página de inicio de sesión de FlameKeeper Clubs.`,
    },
    confirmation: {
      subject: 'Confirma tu correo para FlameKeeper Clubs',
      paragraphs: (to, purpose, validHours, label) => [
        `Confirma que ${to} es tu dirección de correo. ${purpose}`,
        `Abre el enlace de abajo en las próximas ${validHours} horas y pulsa el botón para confirmar tu correo. El enlace sirve una sola vez y te lleva de vuelta ${label}.`,
        `Si no creaste una cuenta en FlameKeeper Clubs, ignora este correo: la dirección seguirá sin confirmar y no volveremos a pedírtelo, salvo que alguien lo haga. Una cuenta cuyo correo no se confirma en ${UNCONFIRMED_ACCOUNT_DAYS} días, y que no tiene ningún club, licencia ni pedido, se borra.`,
      ],
      action: 'Confirmar mi correo',
      reason: (to) =>
        `Recibes este correo porque se creó una cuenta de FlameKeeper Clubs con ${to}, o se pidió un enlace de confirmación para ella.`,
    },
  },
};

/** Sent when someone asks to reset the password of a host's or a guide's account, in the account's language. */
export function passwordResetEmail(input: { to: string; resetUrl: string; validMinutes: number; language?: Language }): Mail {
  const language = input.language ?? 'en';
  const { greeting, reset } = WORDS[language];
  return composeEmail({
    to: input.to,
    subject: reset.subject,
    greeting,
    paragraphs: reset.paragraphs(input.to, input.validMinutes),
    actions: [{ label: reset.action, url: input.resetUrl }],
    reason: reset.reason(input.to),
    language,
  });
}

/**
 * Where a confirmation link brings its reader back to (its `return_to`, a path the server built), named as its email
 * and its page name it, with what the confirmed address is for there; in `language` for the email (a Spanish label
 * carries its preposition, "al perfil de tu club", as "a" and "el" contract).
 */
export function confirmationDestination(returnTo: string, language: Language = 'en'): { label: string; purpose: string } {
  const es = language === 'es';
  if (returnTo.startsWith('/club-profile/')) {
    return es
      ? {
          label: 'al perfil de tu club',
          purpose:
            'Es la dirección de tu cuenta de anfitrión: te escribimos ahí sobre tu club y te enviamos los enlaces para restablecer tu contraseña.',
        }
      : {
          label: 'your club profile',
          purpose: 'It is the address of your club host account: we write to it about your club, and send your password reset links there.',
        };
  }
  if (returnTo.startsWith('/account')) {
    return es
      ? {
          label: 'a tu cuenta',
          purpose: 'Es la dirección con la que inicias sesión, y a la que te enviamos los enlaces para restablecer tu contraseña.',
        }
      : { label: 'your account', purpose: 'It is the address you sign in with, and where we send your password reset links.' };
  }
  const purpose = es
    ? 'Cuando esté confirmada, podrás reservar una zona como guía de FlameKeeper.'
    : 'Once it is confirmed, you can reserve an area as a FlameKeeper guide.';
  if (returnTo.startsWith('/area-search?'))
    return { label: es ? 'a la zona que estabas mirando' : 'the area you were looking at', purpose };
  if (returnTo.startsWith('/area-search')) return { label: es ? 'a la búsqueda de zonas' : 'the area search', purpose };
  return { label: es ? 'a tus licencias (My Licences)' : 'My Licences', purpose };
}

/**
 * Sent to confirm that an account's email reaches its holder: when the account is created, at its first reservation,
 * and on "Send the link again". The link leads back to `returnTo`. In the account's language.
 */
export function emailConfirmationEmail(input: {
  to: string;
  confirmUrl: string;
  validHours: number;
  returnTo: string;
  language?: Language;
}): Mail {
  const language = input.language ?? 'en';
  const { greeting, confirmation } = WORDS[language];
  const { label, purpose } = confirmationDestination(input.returnTo, language);
  return composeEmail({
    to: input.to,
    subject: confirmation.subject,
    greeting,
    paragraphs: confirmation.paragraphs(input.to, purpose, input.validHours, label),
    actions: [{ label: confirmation.action, url: input.confirmUrl }],
    reason: confirmation.reason(input.to),
    language,
  });
}

/** Sent to the new address of an email change: the link that makes the change. */
export function emailChangeConfirmationEmail(input: { to: string; confirmUrl: string; validMinutes: number }): Mail {
  return composeEmail({
    to: input.to,
    subject: 'Confirm your new email for FlameKeeper Clubs',
    greeting: 'Hello,',
    paragraphs: [
      `Someone (hopefully you) asked to make ${input.to} the sign-in email of their FlameKeeper Clubs account.`,
      `To make the change, open the link below within ${input.validMinutes} minutes and press "Change my email". From then on the account signs in with ${input.to}, and our emails to it come here. The link works once, and stops working if the account's password changes first.`,
      'If you did not ask for this, ignore this email: nothing changes.',
    ],
    actions: [{ label: 'Change my email', url: input.confirmUrl }],
    reason: `You receive this because ${input.to} was given as the new email of a FlameKeeper Clubs account.`,
  });
}

/**
 * Sent to an account's current address when a change of its email is asked for: the change waits for the new address,
 * and "This wasn't me" (`cancelUrl`) cancels it, signs every browser out and asks for a new password.
 */
export function emailChangeNoticeEmail(input: {
  to: string;
  maskedNewEmail: string;
  validMinutes: number;
  cancelUrl: string;
  origin: string;
}): Mail {
  return composeEmail({
    to: input.to,
    subject: `Your sign-in email is being changed to ${input.maskedNewEmail}`,
    greeting: 'Hello,',
    paragraphs: [
      `Your sign-in email is being changed to ${input.maskedNewEmail}: someone signed in to your FlameKeeper Clubs account asked to change its email from ${input.to}.`,
      `Nothing changes unless the new address confirms within ${input.validMinutes} minutes; until then you sign in with ${input.to} as before.`,
      'If this was not you, press "This wasn\'t me": the change is cancelled, every browser signed in to the account is signed out, and you choose a new password, since someone else may know the one you have. Then tell us, so that we can help you keep the account.',
    ],
    actions: [
      { label: "This wasn't me", url: input.cancelUrl },
      { label: 'Contact us', url: `${input.origin}/contact-us` },
    ],
    reason: `You receive this because ${input.to} is the email of a FlameKeeper Clubs account whose email change was asked for.`,
  });
}

/** How a password was changed: with an emailed reset link, or by its holder on the Account page. */
export type PasswordChangePath = 'reset' | 'account';

/** Sent to an account whenever its password changes, so a change its holder did not make does not go unnoticed. */
export function passwordChangedEmail(input: { to: string; path: PasswordChangePath; resetUrl: string; supportEmail: string }): Mail {
  const how = input.path === 'reset' ? 'with a password reset link sent to this address' : 'on the Account page, with the old password';
  return composeEmail({
    to: input.to,
    subject: 'Your password was changed',
    greeting: 'Hello,',
    paragraphs: [
      `The password of the FlameKeeper Clubs account for ${input.to} was just changed, ${how}. Every other browser signed in to the account has been signed out.`,
      'If you made this change, there is nothing more to do.',
      `If you did not, someone else can sign in to your account: choose a new password at once with the link below (it emails a reset link to this address), and tell us at ${input.supportEmail} so we can check what they did.`,
    ],
    actions: [{ label: 'Choose a new password', url: input.resetUrl }],
    reason: `You receive this because the password of the account ${input.to} on FlameKeeper Clubs was changed. We send it after every change and cannot turn it off.`,
  });
}
