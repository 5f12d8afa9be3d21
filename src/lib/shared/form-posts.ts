// What the site's forms share with the server's answer to a form posted without JavaScript (docs/decisions/030): the
// forms' names, the words of their outcomes, and the notice the page shows once the server has answered.

/** Where a form that needs its island's script posts, should it be sent before hydration: back to the page, saying so. */
export const NEEDS_JAVASCRIPT_ACTION = '/api/needs-javascript';

/** The forms that work without JavaScript, each posting to its JSON endpoint (src/lib/server/platform/http/form-posts.ts). */
export const FORM_ACTIONS = {
  adminSignIn: '/api/login',
  hostSignIn: '/api/clubs/signin',
  guideSignIn: '/api/guides/signin',
  forgotPassword: '/api/clubs/forgot-password',
  resetPassword: '/api/clubs/reset-password',
  contact: '/api/contact-requests',
  accountDetails: '/api/account',
  passwordChange: '/api/account/password',
  verifyCode: '/api/clubs/verify-code',
  registerClub: '/api/clubs/register',
  emailChange: '/api/account/email',
  confirmationLink: '/api/auth/email-confirmation',
  accountDeletion: '/api/account/delete',
  alert: '/api/alerts',
  guideAlert: '/api/alerts/guides',
  clubAlert: '/api/alerts/club',
} as const;

export type FormName = keyof typeof FORM_ACTIONS;

/**
 * What the page a form was posted from shows once, after the server's redirect: the outcome's words and each field's
 * messages, never a value the visitor typed.
 */
export interface FormFlash {
  form: FormName | 'needsJavaScript';
  tone: 'error' | 'success';
  title?: string | undefined;
  message: string;
  fieldErrors?: Record<string, string[]> | undefined;
  /**
   * The HOST SET code a registration step carries to the next one (verified, or sent with a refused club form): the
   * one value typed that a flash holds, never a password, read by /club-registration alone.
   */
  hostSetCode?: string | undefined;
}

/** The field messages of `form` in a flash, for its island's `useForm({ errors })`; undefined for any other form. */
export const flashFieldErrors = (flash: FormFlash | null | undefined, form: FormName) =>
  flash?.form === form && flash.fieldErrors ? flash.fieldErrors : undefined;

/**
 * The words of each form's outcomes: the island's toasts and the no-JavaScript notice say the same. The admin's
 * sign-in and the password reset forms keep theirs with their other words, in each language's content files
 * (sign-in-form.json, forgot-password-form.json, reset-password-form.json: docs/decisions/041).
 */
export const FORM_WORDS = {
  needsJavaScript: {
    title: 'This form needs JavaScript',
    message: 'Nothing was sent. Please let the page finish loading (or turn JavaScript on), then send the form again.',
  },
  signIn: {
    failed: 'Sign In Failed',
    invalid: 'Invalid email or password. Please try again.',
    unable: 'Unable to sign in. Please check your credentials and try again.',
  },
  accountDetails: { saved: 'Details Saved', savedText: 'Your name and phone are up to date.', failed: 'Unable to save' },
  passwordChange: {
    done: 'Password Changed',
    doneText: 'Every other browser has been signed out.',
    failed: 'Password Not Changed',
  },
  verifyCode: {
    invalid: 'Invalid Code',
    invalidText: 'The HOST SET code you entered is not valid. Please check and try again.',
    failed: 'Verification Failed',
    unable: 'Unable to verify your code. Please try again.',
  },
  registerClub: {
    done: 'Registration Successful',
    doneText: 'Your FlameKeeper Club has been registered! You can now sign in to manage your club.',
    failed: 'Registration Failed',
    unable: 'Unable to register your club. Please try again.',
  },
  emailChange: {
    sent: 'Check your new inbox',
    sentText: 'We sent a link to {email}. Your email changes when it is opened; we told your current address too.',
    failed: 'Could not change your email',
  },
  confirmationLink: { sent: 'Link sent', sentText: 'We sent a new confirmation link to {email}.', failed: 'Could not send the link' },
  tryAgain: 'Please try again.',
} as const;
