import type { Language } from '#lib/shared/languages.ts';

/** Who an account is to the site: its club, whether it is a guide, and the page it belongs on after signing in. */
export interface AccountPlace {
  clubId: number | null;
  isGuide: boolean;
  /** A host's club profile (whether or not they are a guide too), else a guide's /my-licences. */
  home: string;
}

/** GET and PATCH /api/account: a host's or a guide's account as its holder sees it on /account. */
export interface AccountDetails extends AccountPlace {
  email: string;
  emailConfirmed: boolean;
  /** The club's host name, else the guide's name. */
  name: string;
  /** The guide's phone; a host's club has none. */
  phone: string | null;
  /** The language of the emails to the account's holder. */
  language: Language;
}
