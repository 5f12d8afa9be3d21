// Every file of src/content/: how it is read (and so how `npm run content:check` and the build check it) and what it
// feeds. The one place that says which file feeds which page: the check prints it, and the editors' guide is written
// from it. A file or collection missing here fails the check, so this list cannot fall behind the folder.
import type { collections } from '../../src/content.config.ts';

export type CollectionName = keyof typeof collections;

/**
 * How a file reaches the site:
 * - `list`: a content collection of one entry per list item, each with an `id` (Astro's `file()` loader);
 * - `page`: a content collection whose one entry `page` is the whole file (`singleEntry` in content.config.ts);
 * - `markdown`: one entry of a Markdown collection (`glob()`), its front matter checked by the schema;
 * - `module`: a JSON file imported by a module of src/ that checks it with its own schema when it is imported;
 * - `json`: a JSON file imported as it is, checked for its syntax only.
 */
export type ContentSource =
  { kind: 'list' | 'page' | 'markdown'; collection: CollectionName } | { kind: 'module'; module: string } | { kind: 'json' };

export interface ContentFile {
  /** The path under src/content/. */
  file: string;
  source: ContentSource;
  /** The pages, routes and emails that show the file's words or use its numbers. */
  feeds: string[];
}

const list = (collection: CollectionName): ContentSource => ({ kind: 'list', collection });
const page = (collection: CollectionName): ContentSource => ({ kind: 'page', collection });

const ENGLISH_FILES: ContentFile[] = [
  {
    file: 'home.yaml',
    source: page('home'),
    feeds: ['/ (the home page)', "/preview.png (`shareCard`: the site's share card, drawn at build time)"],
  },
  { file: 'how-it-works.yaml', source: page('howItWorks'), feeds: ['/how-it-works (everything around its lists)'] },
  { file: 'steps.yaml', source: list('steps'), feeds: ['/how-it-works (the four steps)'] },
  {
    file: 'weeks.yaml',
    source: list('weeks'),
    feeds: [
      '/how-it-works (the 8-week journey)',
      "a club's page and calendar (/flamekeeper-clubs/{club}, its .ics file): the reading plan",
    ],
  },
  { file: 'materials.yaml', source: list('materials'), feeds: ['/how-it-works (the materials)'] },
  {
    file: 'schedule.yaml',
    source: page('schedule'),
    feeds: ['/club-schedule', "a club's page and calendar: the months of the reading plan"],
  },
  { file: 'faq.yaml', source: list('faq'), feeds: ['/faq (the questions and answers)'] },
  { file: 'faq-page.yaml', source: page('faqPage'), feeds: ['/faq (title, header and "Still have questions?")'] },
  {
    file: 'tiers.yaml',
    source: list('tiers'),
    feeds: [
      '/become-guide (the tier cards)',
      '/area-search (the price table and every area card)',
      'the licence price of a reservation or renewal and its emails',
      '/api/population-tiers',
    ],
  },
  {
    file: 'demand.yaml',
    source: page('demand'),
    feeds: ['/wanted/{state}', '/become-guide and /club-registration (the "Where clubs are wanted" map)'],
  },
  { file: 'licensing.yaml', source: page('licensing'), feeds: ['/become-guide', '/my-licences (the three steps)'] },
  {
    file: 'area-search.yaml',
    source: page('areaSearch'),
    feeds: ['/area-search (the page around its search: title, header, "How prices work")'],
  },
  {
    file: 'area-search-island.json',
    source: { kind: 'module', module: 'src/lib/licensing/area-search-words-en.ts' },
    feeds: ['/area-search (its search, area card, reservation steps and confirmation)'],
  },
  { file: 'my-licences.yaml', source: page('myLicences'), feeds: ['/my-licences'] },
  { file: 'guide-profile.yaml', source: page('guideProfile'), feeds: ['/my-licences (the "Your public profile" card)'] },
  {
    file: 'contact.yaml',
    source: page('contact'),
    feeds: ['/contact-us', '/faq and /privacy-terms (the contact details)', "the contact form's confirmation email (the response times)"],
  },
  {
    file: 'find-a-guide.yaml',
    source: page('findAGuide'),
    feeds: [
      "/guides and each guide's page (/guides/{guide}) with its preview image",
      '/become-guide and /flamekeeper-clubs (the link to /guides)',
    ],
  },
  { file: 'privacy-terms.yaml', source: page('privacyTerms'), feeds: ['/privacy-terms (title, contents and contact box)'] },
  { file: 'policy/privacy.md', source: { kind: 'markdown', collection: 'policy' }, feeds: ['/privacy-terms (the Privacy Policy)'] },
  { file: 'policy/terms.md', source: { kind: 'markdown', collection: 'policy' }, feeds: ['/privacy-terms (the Terms of Service)'] },
  {
    file: 'directory.yaml',
    source: page('directory'),
    feeds: ['/flamekeeper-clubs (the directory)', '/club-registration (the store link)'],
  },
  {
    file: 'directory-island.json',
    source: { kind: 'module', module: 'src/lib/directory/island-words-en.ts' },
    feeds: [
      "/flamekeeper-clubs (the clubs list: its search, filters, counts, cards and the club's dialog; the guide links)",
      "a club's page (its guide)",
    ],
  },
  {
    file: 'club-details.json',
    source: { kind: 'module', module: 'src/lib/clubs/club-details-copy.ts' },
    feeds: [
      "/flamekeeper-clubs (the club's dialog) and /flamekeeper-clubs/{club}: the meeting place, the next sessions, Report a problem",
      "/club-profile/{id} (the sessions' changes)",
    ],
  },
  { file: 'products.yaml', source: list('products'), feeds: ['/club-profile/{id} (the books a host can buy)'] },
  {
    file: 'header-footer.yaml',
    source: page('headerFooter'),
    feeds: ['the header and footer of every page (their links, the language switch) and the "Skip to content" link'],
  },
  { file: 'not-found.yaml', source: page('notFound'), feeds: ['the page shown for an address the site does not have (404)'] },
  {
    file: 'join-request-page.yaml',
    source: page('joinRequestPage'),
    feeds: ["/join-request (the page of the links in a join request's email to the host)"],
  },
  {
    file: 'member-link-pages.yaml',
    source: page('memberLinkPages'),
    feeds: ["/your-club/not-me, /your-club/stop-reminders and /your-club/rsvp (the pages of a club's email links to its members)"],
  },
  {
    file: 'your-club.yaml',
    source: page('yourClub'),
    feeds: ["/your-club (a club member's own page, opened from the link of the club's emails)"],
  },
  {
    file: 'message-replied-page.yaml',
    source: page('messageRepliedPage'),
    feeds: ['/message-replied (the page of a guide\'s "I\'ve replied" link)'],
  },
  { file: 'login-page.yaml', source: page('loginPage'), feeds: ["/login (the admin's sign-in, around its form)"] },
  {
    file: 'reset-password-page.yaml',
    source: page('resetPasswordPage'),
    feeds: ['/reset-password (around its forms: a reset link that no longer works, the other sign-ins)'],
  },
  {
    file: 'account-link-pages.yaml',
    source: page('accountLinkPages'),
    feeds: ["/confirm-email and /cancel-email-change (the pages of the links in an account's emails)"],
  },
  {
    file: 'sign-in-form.json',
    source: { kind: 'module', module: 'src/lib/auth/sign-in-form-words.ts' },
    feeds: ['/login, /club-registration?signin=true, /my-licences and /area-search (the sign-in form)'],
  },
  {
    file: 'forgot-password-form.json',
    source: { kind: 'module', module: 'src/lib/auth/forgot-password-words.ts' },
    feeds: ['/reset-password (the form that emails a reset link)', '"Forgot password?" of the host\'s and the guide\'s sign-in'],
  },
  {
    file: 'reset-password-form.json',
    source: { kind: 'module', module: 'src/lib/auth/reset-password-words.ts' },
    feeds: ['/reset-password?token=… (the form that sets a new password)', "/account (the new password's fields)"],
  },
  {
    file: 'alert-pages.yaml',
    source: page('alertPages'),
    feeds: ["/alerts (with a link's token), /alerts/confirm and /alerts/keep (the pages of the alert emails' links)"],
  },
  {
    file: 'unsubscribe-page.yaml',
    source: page('unsubscribePage'),
    feeds: ['/unsubscribe (the page of a notification\'s "Stop …" link)'],
  },
  {
    file: 'club-page.yaml',
    source: page('clubPage'),
    feeds: [
      "a club's page (/flamekeeper-clubs/{club}): everything around what its host wrote",
      '/your-club: the meeting format and "Meeting link:"',
    ],
  },
  {
    file: 'account-data.json',
    source: { kind: 'module', module: 'src/lib/app/account-data-copy.ts' },
    feeds: ['/account (the "Your data" card)'],
  },
  { file: 'guide-message-form.json', source: { kind: 'json' }, feeds: ['/guides/{guide} (the message form)'] },
  {
    file: 'alert-form.json',
    source: { kind: 'module', module: 'src/lib/alerts/alert-copy.ts' },
    feeds: [
      "/flamekeeper-clubs (the alert form under a place's results)",
      '/alerts',
      'a club whose joining is off ("Tell me when {club} takes new members")',
      '/guides (the guide alert, when nobody serves a place)',
    ],
  },
  {
    file: 'join-request-form.json',
    source: { kind: 'module', module: 'src/lib/clubs/join-request-copy.ts' },
    feeds: [
      '/flamekeeper-clubs and /flamekeeper-clubs/{club} (Ask to join)',
      '/club-profile/{id} (the Join requests card)',
      'the join request emails',
    ],
  },
  {
    file: 'licence-terms.json',
    source: { kind: 'module', module: 'src/lib/licensing/terms.ts' },
    feeds: [
      '/area-search (area multipliers, population source, payment days, store link)',
      'licence reservations, renewals, their limits and emails',
    ],
  },
  {
    file: 'store.yaml',
    source: { kind: 'module', module: 'src/lib/server/store/store-config.ts' },
    feeds: ["the store's orders (webhooks): which items are HOST SETs and which are licence payments, and what a HOST SET costs"],
  },
  {
    file: 'message-replies.json',
    source: { kind: 'module', module: 'src/lib/follow-ups/message-replies.ts' },
    feeds: ['"Usually replies within…" on guide and club pages', '/message-replied and the reminders of messages that wait for a reply'],
  },
];

/** The folder under src/content/ of the Spanish twins, each at its English file's path (docs/decisions/041). */
export const SPANISH_DIR = 'es/';

/**
 * The Spanish twins of English files: each is read as its English file is, by the collection's Spanish twin, and
 * feeds the /es/ twins of the English file's pages.
 */
const SPANISH_FILES: ContentFile[] = [
  { file: 'es/home.yaml', source: page('homeEs'), feeds: ['/es (the home page)'] },
  { file: 'es/directory.yaml', source: page('directoryEs'), feeds: ['/es/flamekeeper-clubs (the directory around its clubs list)'] },
  {
    file: 'es/directory-island.json',
    source: { kind: 'module', module: 'src/lib/directory/island-words-es.ts' },
    feeds: ["/es/flamekeeper-clubs (the clubs list: its search, filters, counts, cards and the club's dialog; the guide links)"],
  },
  {
    file: 'es/club-details.json',
    source: { kind: 'module', module: 'src/lib/clubs/club-details-copy-es.ts' },
    feeds: ["/es/flamekeeper-clubs (the club's dialog: the meeting place, the next sessions, Report a problem)"],
  },
  {
    file: 'es/join-request-form.json',
    source: { kind: 'module', module: 'src/lib/clubs/join-request-copy-es.ts' },
    feeds: ["/es/flamekeeper-clubs (Ask to join, in the club's dialog)"],
  },
  {
    file: 'es/alert-form.json',
    source: { kind: 'module', module: 'src/lib/alerts/alert-copy-es.ts' },
    feeds: ["/es/flamekeeper-clubs (the alert form under a place's results; a club whose joining is off, in its dialog); /es/alerts"],
  },
  { file: 'es/how-it-works.yaml', source: page('howItWorksEs'), feeds: ['/es/how-it-works (everything around its lists)'] },
  { file: 'es/steps.yaml', source: list('stepsEs'), feeds: ['/es/how-it-works (the four steps)'] },
  {
    file: 'es/weeks.yaml',
    source: list('weeksEs'),
    feeds: ['/es/how-it-works (the 8-week journey); the `{weeks.…}` placeholders of Spanish files'],
  },
  { file: 'es/materials.yaml', source: list('materialsEs'), feeds: ['/es/how-it-works (the materials)'] },
  { file: 'es/schedule.yaml', source: page('scheduleEs'), feeds: ['/es/club-schedule'] },
  { file: 'es/faq.yaml', source: list('faqEs'), feeds: ['/es/faq (the questions and answers)'] },
  { file: 'es/faq-page.yaml', source: page('faqPageEs'), feeds: ['/es/faq (title, header and "Still have questions?")'] },
  {
    file: 'es/contact.yaml',
    source: page('contactEs'),
    feeds: ['/es/contact-us', '/es/faq and /es/privacy-terms (the contact details)'],
  },
  { file: 'es/privacy-terms.yaml', source: page('privacyTermsEs'), feeds: ['/es/privacy-terms (title, contents and contact box)'] },
  { file: 'es/policy/privacy.md', source: { kind: 'markdown', collection: 'policyEs' }, feeds: ['/es/privacy-terms (the Privacy Policy)'] },
  { file: 'es/policy/terms.md', source: { kind: 'markdown', collection: 'policyEs' }, feeds: ['/es/privacy-terms (the Terms of Service)'] },
  {
    file: 'es/header-footer.yaml',
    source: page('headerFooterEs'),
    feeds: ['the header and footer of every Spanish page and its "Skip to content" link'],
  },
  {
    file: 'es/find-a-guide.yaml',
    source: page('findAGuideEs'),
    feeds: ["/es/guides and each guide's Spanish page (/es/guides/{guide})"],
  },
  { file: 'es/guide-message-form.json', source: { kind: 'json' }, feeds: ['/es/guides/{guide} (the message form)'] },
  {
    file: 'es/club-page.yaml',
    source: page('clubPageEs'),
    feeds: [
      "a club's Spanish page (/es/flamekeeper-clubs/{club}): everything around what its host wrote",
      "a guide's Spanish page (/es/guides/{guide}): the reply-time line",
      '/es/your-club: the meeting format and "Enlace de la reunión:"',
    ],
  },
  {
    file: 'es/not-found.yaml',
    source: page('notFoundEs'),
    feeds: ['the page shown for an address the site does not have (404) under /es/, or anywhere to a visitor who chose Spanish'],
  },
  {
    file: 'es/join-request-page.yaml',
    source: page('joinRequestPageEs'),
    feeds: ["/es/join-request (the page of the links in a join request's email to a host who reads Spanish)"],
  },
  {
    file: 'es/member-link-pages.yaml',
    source: page('memberLinkPagesEs'),
    feeds: ['/es/your-club/not-me, /es/your-club/stop-reminders and /es/your-club/rsvp'],
  },
  {
    file: 'es/your-club.yaml',
    source: page('yourClubEs'),
    feeds: ['/es/your-club'],
  },
  {
    file: 'es/message-replied-page.yaml',
    source: page('messageRepliedPageEs'),
    feeds: ['/es/message-replied'],
  },
  {
    file: 'es/alert-pages.yaml',
    source: page('alertPagesEs'),
    feeds: ["/es/alerts (with a link's token), /es/alerts/confirm and /es/alerts/keep"],
  },
  { file: 'es/unsubscribe-page.yaml', source: page('unsubscribePageEs'), feeds: ['/es/unsubscribe'] },
  { file: 'es/licensing.yaml', source: page('licensingEs'), feeds: ['/es/become-guide'] },
  {
    file: 'es/tiers.yaml',
    source: list('tiersEs'),
    feeds: ['/es/become-guide and /es/area-search (the tiers: their descriptions; numbers as in tiers.yaml)'],
  },
  {
    file: 'es/demand.yaml',
    source: page('demandEs'),
    feeds: ['/es/wanted/{state}', '/es/become-guide (the "Where clubs are wanted" map)'],
  },
  {
    file: 'es/area-search.yaml',
    source: page('areaSearchEs'),
    feeds: ['/es/area-search (the page around its search: title, header, "How prices work")'],
  },
  {
    file: 'es/area-search-island.json',
    source: { kind: 'module', module: 'src/lib/licensing/area-search-words-es.ts' },
    feeds: ['/es/area-search (its search, area card, reservation steps and confirmation)'],
  },
  { file: 'es/login-page.yaml', source: page('loginPageEs'), feeds: ['/es/login'] },
  { file: 'es/reset-password-page.yaml', source: page('resetPasswordPageEs'), feeds: ['/es/reset-password'] },
  {
    file: 'es/account-link-pages.yaml',
    source: page('accountLinkPagesEs'),
    feeds: ['/es/confirm-email and /es/cancel-email-change'],
  },
  {
    file: 'es/sign-in-form.json',
    source: { kind: 'module', module: 'src/lib/auth/sign-in-form-words-es.ts' },
    feeds: ['/es/login (the sign-in form)'],
  },
  {
    file: 'es/forgot-password-form.json',
    source: { kind: 'module', module: 'src/lib/auth/forgot-password-words-es.ts' },
    feeds: ['/es/reset-password (the form that emails a reset link)'],
  },
  {
    file: 'es/reset-password-form.json',
    source: { kind: 'module', module: 'src/lib/auth/reset-password-words-es.ts' },
    feeds: ['/es/reset-password?token=… (the form that sets a new password)'],
  },
];

export const CONTENT_FILES: ContentFile[] = [...ENGLISH_FILES, ...SPANISH_FILES];

/** The English file a Spanish twin translates (`es/faq.yaml` → `faq.yaml`), or null for an English file. */
export function englishTwinOf(file: string): string | null {
  return file.startsWith(SPANISH_DIR) ? file.slice(SPANISH_DIR.length) : null;
}
