import type { APIContext, MiddlewareNext } from 'astro';
import { accountDataCopy } from '#lib/app/account-data-copy.ts';
import { alertCopy, type AlertCopy } from '#lib/alerts/alert-copy.ts';
import { alertCopyEs } from '#lib/alerts/alert-copy-es.ts';
import { forgotPasswordWords } from '#lib/auth/forgot-password-words.ts';
import { forgotPasswordWordsEs } from '#lib/auth/forgot-password-words-es.ts';
import { resetPasswordWords } from '#lib/auth/reset-password-words.ts';
import { resetPasswordWordsEs } from '#lib/auth/reset-password-words-es.ts';
import { signInFormWords } from '#lib/auth/sign-in-form-words.ts';
import { signInFormWordsEs } from '#lib/auth/sign-in-form-words-es.ts';
import { FORM_ACTIONS, FORM_WORDS, type FormFlash, type FormName } from '#lib/shared/form-posts.ts';
import { fillTemplate } from '#lib/shared/format.ts';
import { RETURN_PARAM, safeReturnPath } from '#lib/shared/return-path.ts';
import { hostSetCode, type Registration } from '#lib/schemas/clubs.ts';
import { languageOfPath, localizedHref, type Language } from '#lib/shared/languages.ts';
import { PAGE_LANGUAGE_HEADER } from '#lib/shared/page-language.ts';
import { HttpError, isFormBody, readFormFields, type FieldErrors } from './endpoint.ts';
import { redirectWithFlash } from './form-flash.ts';
import { isCrossSiteWrite, refererPage } from './origin.ts';

// The forms that work without JavaScript (docs/decisions/030). Each posts its fields, form-encoded, to the JSON
// endpoint its island calls; the endpoint is handed the same fields as JSON and answers as it does the island (its
// schema, limits and refusals, not a copy of them), and the browser is sent on (303) with the outcome in a flash.

type Notice = Omit<FormFlash, 'form' | 'fieldErrors'>;

/** Where the browser goes after a form's post (the page it came from unless said), and what that page says. */
interface Outcome {
  location?: string | undefined;
  notice?: Notice;
}

/**
 * The words of src/content/ a form's outcome needs, handed in by the middleware: content collections exist only in
 * the built bundle, which this module is not part of (astro.config.mjs).
 */
export interface SiteWords {
  contact: (language: Language) => Promise<{
    sent: { title: string; description: string };
    forwarded: string;
    failed: { title: string; description: string };
  }>;
}

/** The words of SiteWords in the language of the page the form was posted from, and that language. */
type PageWords = { [Key in keyof SiteWords]: () => ReturnType<SiteWords[Key]> } & { language: Language };

/** The alert form's words in a page's language. */
const ALERT_COPY: Record<Language, AlertCopy> = { en: alertCopy, es: alertCopyEs };

/** The words of the forms whose island takes them from a content file per language (docs/decisions/041). */
const FORM_COPY = {
  en: { adminSignIn: signInFormWords.admin, forgotPassword: forgotPasswordWords, resetPassword: resetPasswordWords },
  es: { adminSignIn: signInFormWordsEs.admin, forgotPassword: forgotPasswordWordsEs, resetPassword: resetPasswordWordsEs },
} as const;

/** What the form posted: its fields (read before the endpoint ran) and the refusal's field messages. */
interface Posted {
  fields: Record<string, string>;
  fieldErrors?: FieldErrors | undefined;
}

interface FormPost {
  /** The method of the endpoint's JSON call, when it is not POST: an HTML form can only post. */
  method?: 'PATCH';
  /** The island's JSON payload of the form's flat fields, where it is not the fields as they are. */
  payload?: (fields: Record<string, string>) => Record<string, unknown>;
  /** The form's page, for a browser that sends no Referer. */
  page: string;
  /**
   * Where a refusal is shown, when not back on the form's page (a prerendered page, which cannot show a flash): an
   * English page, whose Spanish twin shows a form posted from a Spanish page.
   */
  refusedAt?: string;
  /** The endpoint's success (2xx) answer as the browser's next step, given the fields posted. */
  answered: (body: Record<string, unknown>, words: PageWords, fields: Record<string, string>) => Outcome | Promise<Outcome>;
  /** What the page says of a refusal, given its status, the server's message and what was posted. */
  refused: (status: number, message: string | undefined, words: PageWords, posted: Posted) => Notice | Promise<Notice>;
}

const error = (message: string, title?: string): Notice => ({ tone: 'error', title, message });
const success = (message: string, title?: string): Notice => ({ tone: 'success', title, message });

/** A page of the site the answer names (a sign-in's `home`), never another site's address. */
const sitePath = (value: unknown) => (typeof value === 'string' && /^\/(?![/\\])/.test(value) ? value : undefined);

/**
 * A sign-in's answer (`{ success, home }`): the page the form was asked to return to (its `return` field, a checked
 * path of this site: issue 41 item 1), else the account's page; or the spec's "Invalid email or password".
 */
const signedIn = (body: Record<string, unknown>, fields: Record<string, string>, title?: string): Outcome => {
  const home = body.success === true ? (returnOf(fields) ?? sitePath(body.home)) : undefined;
  return home ? { location: home } : { notice: error(FORM_WORDS.signIn.invalid, title) };
};

/** The page a sign-in form carries back to (its hidden `return`), when it is one of this site's pages. */
const returnOf = (fields: Record<string, string>) => safeReturnPath(fields[RETURN_PARAM]) ?? undefined;

const { signIn, accountDetails, passwordChange, verifyCode, registerClub, emailChange, confirmationLink } = FORM_WORDS;

const MEETING_SLOT_FIELD = /^meetingSlots\.(\d{1,2})\.(weekday|start|durationMinutes)$/;
const CHECKBOXES = ['venuePrivate'] as const satisfies readonly (keyof Registration)[];

/**
 * The club form's flat fields as the island sends them: the meeting-time rows ("meetingSlots.0.start") as a list, a
 * row left blank left out, its length a number; a checkbox true when ticked (sent only then); "Not said" as null.
 */
function registrationPayload(fields: Record<string, string>): Record<string, unknown> {
  const payload: Record<string, unknown> = { ...fields, meetingFormat: fields.meetingFormat || null };
  const slots = new Map<number, Record<string, unknown>>();
  for (const [name, value] of Object.entries(fields)) {
    const [, index, key] = MEETING_SLOT_FIELD.exec(name) ?? [];
    if (!index || !key) continue;
    delete payload[name];
    const slot = slots.get(Number(index)) ?? {};
    slot[key] = key === 'durationMinutes' && value !== '' ? Number(value) : value;
    slots.set(Number(index), slot);
  }
  payload.meetingSlots = [...slots]
    .sort(([a], [b]) => a - b)
    .map(([, slot]) => slot)
    .filter((slot) => Object.values(slot).some((value) => value !== ''));
  for (const name of CHECKBOXES) payload[name] = name in fields;
  return payload;
}

/** The HOST SET code a refused club form carries back to it, unless the code itself was refused (then step 1). */
const codeToKeep = ({ fields, fieldErrors }: Posted) => {
  const code = hostSetCode.safeParse(fields.hostSetCode);
  return code.success && !fieldErrors?.hostSetCode ? code.data : undefined;
};

/** A refused guide alert's notice: its field messages, else the server's message. */
const watchAlertRefused = (message: string | undefined, fieldErrors: FieldErrors | undefined, copy: AlertCopy) =>
  error(
    Object.values(fieldErrors ?? {})
      .flat()
      .join(' ') ||
      (message ?? copy.failed.description),
    copy.failed.title,
  );

/** An alert's answer: the notice of the alert form in the page's language. */
const alertSent = ({ language }: PageWords) => success(ALERT_COPY[language].sent.description, ALERT_COPY[language].sent.title);
const alertRefused = (message: string | undefined, { language }: PageWords) =>
  error(message ?? ALERT_COPY[language].failed.description, ALERT_COPY[language].failed.title);

const FORM_POSTS: Record<FormName, FormPost> = {
  adminSignIn: {
    page: '/login',
    answered: (_body, _words, fields) => ({ location: returnOf(fields) ?? '/admin-clubs' }),
    refused: (_status, message, { language }) => {
      const { invalid, failed } = FORM_COPY[language].adminSignIn;
      return error(message ?? invalid, failed);
    },
  },
  // The spec's sentence for every failed request, a 429 included, as the island says it.
  hostSignIn: {
    page: '/club-registration?signin=true',
    answered: (body, _words, fields) => signedIn(body, fields, signIn.failed),
    refused: () => error(signIn.unable, signIn.failed),
  },
  guideSignIn: {
    page: '/my-licences',
    answered: (body, _words, fields) => signedIn(body, fields),
    refused: (_status, message) => error(message ?? signIn.unable),
  },
  forgotPassword: {
    page: '/reset-password',
    answered: (_body, { language }) => ({ notice: success(FORM_COPY[language].forgotPassword.sent) }),
    refused: (_status, message, { language }) => {
      const { unable, failed } = FORM_COPY[language].forgotPassword;
      return error(message ?? unable, failed);
    },
  },
  resetPassword: {
    page: '/reset-password',
    answered: (_body, { language }) => {
      const { signInWithNew, updated } = FORM_COPY[language].resetPassword;
      return { notice: success(signInWithNew, updated) };
    },
    refused: (_status, message, { language }) => {
      const { unable, failed } = FORM_COPY[language].resetPassword;
      return error(message ?? unable, failed);
    },
  },
  contact: {
    page: '/contact-us',
    async answered(body, words) {
      const { sent, forwarded } = await words.contact();
      const guide = (body.forwardedTo as { name?: unknown } | null)?.name;
      return { notice: success(typeof guide === 'string' ? fillTemplate(forwarded, { guide }) : sent.description, sent.title) };
    },
    // Any refusal, a limit reached too, is the spec's "Error Sending Message" (src/content/contact.yaml).
    async refused(_status, _message, words) {
      const { failed } = await words.contact();
      return error(failed.description, failed.title);
    },
  },
  accountDetails: {
    method: 'PATCH',
    page: '/account',
    answered: () => ({ notice: success(accountDetails.savedText, accountDetails.saved) }),
    refused: (_status, message) => error(message ?? FORM_WORDS.tryAgain, accountDetails.failed),
  },
  passwordChange: {
    page: '/account',
    answered: () => ({ notice: success(passwordChange.doneText, passwordChange.done) }),
    refused: (_status, message) => error(message ?? FORM_WORDS.tryAgain, passwordChange.failed),
  },
  // The wizard's steps (/club-registration): a verified code opens the club form, which the page renders with it.
  verifyCode: {
    page: '/club-registration',
    answered: (body) =>
      body.isValid === true && typeof body.code === 'string'
        ? { location: '/club-registration', notice: { tone: 'success', message: '', hostSetCode: body.code } }
        : { notice: error(verifyCode.invalidText, verifyCode.invalid) },
    // Any other failure, a limit reached too, is the spec's "Verification Failed", as the island says it.
    refused: () => error(verifyCode.unable, verifyCode.failed),
  },
  registerClub: {
    payload: registrationPayload,
    page: '/club-registration',
    answered: () => ({ location: '/club-registration', notice: success(registerClub.doneText, registerClub.done) }),
    refused: (_status, message, _words, posted) => ({
      ...error(message ?? registerClub.unable, registerClub.failed),
      hostSetCode: codeToKeep(posted),
    }),
  },
  // The new address was typed, so the flash does not name it: the page shows the pending change from the database.
  emailChange: {
    page: '/account',
    answered: () => ({ notice: success(fillTemplate(emailChange.sentText, { email: 'your new address' }), emailChange.sent) }),
    refused: (_status, message) => error(message ?? FORM_WORDS.tryAgain, emailChange.failed),
  },
  confirmationLink: {
    page: '/account',
    answered: (body) => ({
      notice: success(fillTemplate(confirmationLink.sentText, { email: String(body.sentTo) }), confirmationLink.sent),
    }),
    refused: (_status, message) => error(message ?? FORM_WORDS.tryAgain, confirmationLink.failed),
  },
  // An alert (issue 39) from the directory, a prerendered page that can show no flash: the outcome is shown on /alerts,
  // which renders the form again with its field messages. The distance comes as text and the checkbox only when ticked.
  alert: {
    payload: (fields) => ({
      ...fields,
      ...(fields.distance && { distance: Number(fields.distance) }),
      includeOnline: 'includeOnline' in fields,
    }),
    page: '/alerts',
    refusedAt: '/alerts',
    answered: (_body, words) => ({ location: localizedHref('/alerts', words.language), notice: alertSent(words) }),
    refused: (_status, message, words) => alertRefused(message, words),
  },
  // A guide alert from /guides (issue 39): its outcome is shown on /alerts, whose form is the club alert's, so a
  // refusal's notice says its field messages itself.
  guideAlert: {
    page: '/alerts',
    refusedAt: '/alerts',
    answered: (_body, words) => ({ location: localizedHref('/alerts', words.language), notice: alertSent(words) }),
    refused: (_status, message, words, { fieldErrors }) => watchAlertRefused(message, fieldErrors, ALERT_COPY[words.language]),
  },
  // "Tell me when {club} takes new members", from the club's page (rendered on demand), which shows the outcome.
  clubAlert: {
    payload: (fields) => ({ ...fields, clubId: Number(fields.clubId) }),
    page: '/flamekeeper-clubs',
    answered: (_body, words) => ({ notice: alertSent(words) }),
    refused: (_status, message, words) => alertRefused(message, words),
  },
  // The island's next page once deleted: /account, which says so once (the deletion's cookie).
  accountDeletion: {
    page: '/account',
    answered: () => ({ location: '/account' }),
    refused: (_status, message) => error(message ?? accountDataCopy.delete.failed, accountDataCopy.delete.open),
  },
};

const FORM_BY_ACTION = new Map(Object.entries(FORM_ACTIONS).map(([form, action]) => [action as string, form as FormName]));

/** The refusal an endpoint answered, `{ error: { message, fieldErrors } }`, as far as it can be read. */
async function refusalOf(response: Response): Promise<{ message?: string; fieldErrors?: FieldErrors }> {
  try {
    const body = (await response.json()) as { error?: { message?: unknown; fieldErrors?: FieldErrors } };
    return { message: typeof body.error?.message === 'string' ? body.error.message : undefined, fieldErrors: body.error?.fieldErrors };
  } catch {
    return {};
  }
}

/**
 * Middleware: a form of FORM_ACTIONS posted form-encoded from one of the site's pages (a browser without JavaScript, or
 * before the island hydrated) is handed to its endpoint as the island's JSON call, and answered with a redirect (303):
 * to the page the answer leads to, or back to the form's page, with the outcome's words and field messages in a flash
 * (platform/http/form-flash.ts). A cross-site post is left to the cross-site check, which refuses it.
 */
export async function answerFormPost(
  { request, url, cookies, locals }: APIContext,
  next: MiddlewareNext,
  words: SiteWords,
): Promise<Response> {
  const form = request.method === 'POST' && isFormBody(request) ? FORM_BY_ACTION.get(url.pathname) : undefined;
  if (!form || isCrossSiteWrite(request, locals.serverPort)) return next();
  const post = FORM_POSTS[form];
  const language = languageOfPath((refererPage(request, url) ?? post.page).split('?')[0]!);
  const pageWords: PageWords = { contact: () => words.contact(language), language };

  let outcome: Outcome;
  let fieldErrors: FieldErrors | undefined;
  let fields: Record<string, string> = {};
  try {
    const headers = new Headers(request.headers);
    headers.delete('content-length');
    headers.set('content-type', 'application/json');
    // The page the form was posted from says the answer's language, as the island's header does.
    headers.set(PAGE_LANGUAGE_HEADER, language);
    fields = await readFormFields(request);
    const body = JSON.stringify(post.payload?.(fields) ?? fields);
    const response = await next(new Request(url, { method: post.method ?? 'POST', headers, body }));
    if (response.ok) outcome = await post.answered((await response.json()) as Record<string, unknown>, pageWords, fields);
    else {
      const refusal = await refusalOf(response);
      fieldErrors = refusal.fieldErrors;
      outcome = {
        location: post.refusedAt && localizedHref(post.refusedAt, language),
        notice: await post.refused(response.status, refusal.message, pageWords, { fields, fieldErrors }),
      };
    }
  } catch (thrown) {
    // The form's own body could not be read (too large, cut off).
    if (!(thrown instanceof HttpError)) throw thrown;
    outcome = {
      location: post.refusedAt && localizedHref(post.refusedAt, language),
      notice: await post.refused(thrown.status, thrown.message, pageWords, { fields }),
    };
  }

  const location = outcome.location ?? refererPage(request, url) ?? post.page;
  return redirectWithFlash(cookies, url, location, outcome.notice && { form, ...outcome.notice, fieldErrors });
}
