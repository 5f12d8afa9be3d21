import type { APIRoute } from 'astro';
import { FORM_WORDS } from '#lib/shared/form-posts.ts';
import { redirectWithFlash } from '#server/platform/http/form-flash.ts';
import { refererPage } from '#server/platform/http/origin.ts';

export const prerender = false;

/**
 * The action of every form that works only with its island's script (docs/decisions/030): such a form cannot be sent
 * until the island has hydrated, but a post that gets here anyway (a password manager submitting it early) is read
 * no further, and the browser goes back to its page (303), which says the form needs JavaScript. Never a GET: no
 * field value ever ends up in an address.
 */
export const POST: APIRoute = ({ request, url, cookies }) =>
  redirectWithFlash(cookies, url, refererPage(request, url) ?? '/', {
    form: 'needsJavaScript',
    tone: 'error',
    ...FORM_WORDS.needsJavaScript,
  });
