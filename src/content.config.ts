// astro:content's defineCollection, from the module it re-exports, so that scripts/content/check.ts can load the schemas.
import { defineCollection } from 'astro/content/config';
import { file, glob, type Loader } from 'astro/loaders';
import { load } from 'js-yaml';
import { z } from 'astro/zod';
import {
  GUIDE_MEETING_MODES,
  GUIDE_MESSAGE_REASONS,
  GUIDE_MESSAGE_SOURCES,
  type GuideMessageSource,
  type GuideUnlistedReason,
} from '#lib/guides/types.ts';
import { LICENCE_STATUSES, type LicenceStatus } from '#lib/licensing/types.ts';
import { MEETING_FORMATS, MEETING_FREQUENCIES, MEETING_LANGUAGES } from '#lib/clubs/meetings/types.ts';
import { UNSUBSCRIBE_KINDS, type UnsubscribeKind } from '#lib/shared/email-unsubscribe.ts';

// Every word of the content pages lives in src/content/; these schemas make a broken edit fail the build.

/** A YAML file holding one page's copy as a single object becomes a collection with the one entry `page`. */
const singleEntry = (path: string) => file(path, { parser: (text) => [{ id: 'page', ...(load(text) as Record<string, unknown>) }] });

/**
 * A collection of words and its Spanish twin (docs/decisions/041): one schema, the English file at `path` under
 * src/content/ and the Spanish one at the same path under src/content/es/ (`faq` and `faqEs`).
 */
function translated<S extends z.ZodType>(loaderAt: (path: string) => Loader, path: string, schema: S) {
  return [
    defineCollection({ loader: loaderAt(`src/content/${path}`), schema }),
    defineCollection({ loader: loaderAt(`src/content/es/${path}`), schema }),
  ] as const;
}

const card = z.object({ id: z.string(), title: z.string(), text: z.string() });
const heading = z.object({ heading: z.string(), text: z.string() });
/** The page's <title> (before " | FlameKeeper Clubs") and meta description, which search results show. */
const meta = z.object({ title: z.string(), description: z.string().min(50) });
/** The banner at the top of a page: its one <h1>, with an optional line above and lead below. */
const header = z.object({ title: z.string(), eyebrow: z.string().optional(), lead: z.string().optional() });
const action = z.object({ label: z.string(), href: z.string().startsWith('/') });
/** A pair of buttons: the filled one first, then the outlined one. */
const actions = z.object({ primary: action, secondary: action });
/** An object of one text for each key. */
const words = <Key extends string>(keys: readonly Key[]) =>
  z.object(Object.fromEntries(keys.map((key) => [key, z.string()])) as Record<Key, z.ZodString>);
/** Text with `{name}` placeholders that the page fills in; a missing placeholder fails the build. */
const template = (...names: string[]) =>
  z
    .string()
    .refine((text) => names.every((name) => text.includes(`{${name}}`)), `must contain ${names.map((n) => `{${n}}`).join(' and ')}`);

const [home, homeEs] = translated(
  singleEntry,
  'home.yaml',
  z.object({
    meta,
    shareCard: z.object({ title: z.string(), label: z.string(), text: z.string(), kind: z.string(), alt: z.string() }),
    heroTitle: z.string(),
    heroText: z.string(),
    heroActions: actions,
    featuresHeading: z.string(),
    features: z.array(card).length(3),
    cta: heading.extend({ actions }),
  }),
);

const [howItWorks, howItWorksEs] = translated(
  singleEntry,
  'how-it-works.yaml',
  z.object({
    meta,
    header,
    stepsHeading: z.string(),
    stepLabel: template('step'),
    journey: heading.extend({ weekLabel: template('week'), focusLabel: z.string(), practicesHeading: z.string() }),
    materialsHeading: z.string(),
    /** The headings of the two lists of materials (materials.yaml's `audience`). */
    materialsAudiences: z.object({ forGuides: z.string(), forParticipants: z.string() }),
    actions,
  }),
);

const [steps, stepsEs] = translated(file, 'steps.yaml', card.extend({ step: z.number().int().min(1).max(4) }));

const [weeks, weeksEs] = translated(
  file,
  'weeks.yaml',
  z.object({
    week: z.number().int().min(1).max(8),
    theme: z.string(),
    description: z.string(),
    focus: z.string(),
    practices: z.array(z.string()).length(3),
  }),
);

const [materials, materialsEs] = translated(file, 'materials.yaml', card.extend({ audience: z.enum(['For guides', 'For participants']) }));

const externalLink = z.object({ id: z.string(), label: z.string(), description: z.string(), href: z.url() });

const [schedule, scheduleEs] = translated(
  singleEntry,
  'schedule.yaml',
  z.object({
    meta,
    header,
    planHeading: z.string(),
    monthLabel: z.string(),
    months: z.array(z.object({ id: z.string(), month: z.number().int().min(1).max(8), title: z.string(), summary: z.string() })).length(8),
    newBooksHeading: z.string(),
    newBooksText: z.string(),
    newBookLabel: template('month', 'pages'),
    newBooks: z.array(z.object({ id: z.string(), month: z.number().int(), title: z.string(), pages: z.number().int(), text: z.string() })),
    wholesale: heading.extend({ buyLabel: template('label'), newTabNote: z.string(), links: z.array(externalLink).length(3) }),
  }),
);

const [faq, faqEs] = translated(
  file,
  'faq.yaml',
  z.object({
    order: z.number().int(),
    category: z.string(),
    questions: z.array(z.object({ q: z.string(), a: z.string() })).min(1),
  }),
);

/** The /faq page around its questions. */
const [faqPage, faqPageEs] = translated(
  singleEntry,
  'faq-page.yaml',
  z.object({
    meta,
    header,
    categoriesLabel: z.string(),
    stillHaveQuestions: heading.extend({ text: template('hours'), contactAction: action, callLabel: z.string() }),
  }),
);

const [tiers, tiersEs] = translated(
  file,
  'tiers.yaml',
  z
    .object({
      tier: z.number().int().min(1).max(5),
      description: z.string(),
      minPopulation: z.number().int().min(0),
      maxPopulation: z.number().int().positive().nullable(),
      sharedFee: z.number().positive(),
      exclusiveFee: z.number().positive(),
    })
    .refine((t) => t.maxPopulation === null || t.maxPopulation > t.minPopulation, 'maxPopulation must exceed minPopulation'),
);

const [licensing, licensingEs] = translated(
  singleEntry,
  'licensing.yaml',
  z.object({
    meta,
    hero: z.object({ eyebrow: z.string(), title: z.string(), text: z.string() }),
    stepsHeading: z.string(),
    steps: z.array(card).length(3),
    licenceTypesHeading: z.string(),
    licenceTypes: z.array(card.extend({ id: z.enum(['shared', 'exclusive']) })).length(2),
    bulk: heading.extend({ options: z.array(card).length(3) }),
    tiersHeading: z.string(),
    tierCard: z.object({
      mostPopularTier: z.number().int().min(1).max(5),
      mostPopularBadge: z.string(),
      title: template('tier'),
      populationLabel: z.string(),
      sharedLabel: z.string(),
      exclusiveLabel: z.string(),
      fee: template('fee'),
    }),
    priceRangesHeading: z.string(),
    priceRangesColumns: z.object({ market: z.string(), population: z.string(), range: z.string() }),
    priceRanges: z.array(z.object({ id: z.string(), label: z.string(), population: z.string(), range: z.string() })),
    populationNote: z.string(),
    cta: heading.extend({ label: z.string(), href: z.string() }),
  }),
);

const notice = z.object({ title: z.string(), description: z.string() });
const byLicenceKind = z.object({ shared: z.string(), exclusive: z.string() });

/** The words of the search box with suggestions (AreaCombobox.tsx) on /area-search and /guides. */
const comboboxWords = z.object({
  label: z.string(),
  placeholder: z.string(),
  hint: z.string(),
  searching: z.string(),
  suggestionsCount: template('count'),
  oneSuggestion: z.string(),
  noSuggestions: z.string(),
  populationSuffix: z.string(),
  failed: notice,
});

/** /area-search: the page around the search island (whose words are area-search-island.json: area-search-words.ts). */
const [areaSearch, areaSearchEs] = translated(
  singleEntry,
  'area-search.yaml',
  z.object({
    meta,
    header,
    pricingNote: z.object({
      heading: z.string(),
      population: template('source'),
      multipliers: template('zip', 'county', 'state'),
      payment: template('days'),
      tierLabel: template('tier'),
      columns: z.object({ tier: z.string(), population: z.string(), shared: z.string(), exclusive: z.string() }),
      fee: template('fee'),
    }),
  }),
);

const stepState = z.object({ done: z.string(), todo: z.string() });

/** /my-licences: the page and its island's words (MyLicences.tsx). */
const myLicences = defineCollection({
  loader: singleEntry('src/content/my-licences.yaml'),
  schema: z.object({
    meta,
    header,
    emailConfirmationNote: z.string(),
    signIn: z.object({ heading: z.string(), text: z.string(), newGuide: z.string(), searchLink: z.string() }),
    messages: z.object({
      heading: z.string(),
      intro: z.string(),
      empty: z.string(),
      unreadOne: z.string(),
      unreadMany: template('count'),
      new: z.string(),
      email: z.string(),
      phone: z.string(),
      noPhone: z.string(),
      reason: z.string(),
      received: z.string(),
      sources: z.object(
        Object.fromEntries(GUIDE_MESSAGE_SOURCES.map((source) => [source, z.string()])) as Record<GuideMessageSource, z.ZodString>,
      ),
      markRead: z.string(),
      markReplied: z.string(),
      replied: z.string(),
      failed: z.string(),
      loadFailed: z.string(),
      loading: z.string(),
    }),
    stepsHeading: z.string(),
    steps: z.object({
      reserve: stepState.extend({ awaitingPayment: z.string() }),
      certify: z.object({ done: template('date'), todo: z.string() }),
      guide: stepState,
    }),
    stepDone: z.string(),
    stepTodo: z.string(),
    licencesHeading: z.string(),
    empty: z.object({ text: z.string(), link: z.string() }),
    kindLabels: byLicenceKind,
    statusLabels: z.object(
      Object.fromEntries(LICENCE_STATUSES.map((status) => [status, z.string()])) as Record<LicenceStatus, z.ZodString>,
    ),
    labels: z.object({
      kind: z.string(),
      status: z.string(),
      pricePaid: z.string(),
      startsAt: z.string(),
      endsAt: z.string(),
      graceEndsAt: z.string(),
      openOrder: z.string(),
      renewalOrder: z.string(),
      reference: z.string(),
      amount: z.string(),
      dueAt: z.string(),
      notPaid: z.string(),
    }),
    actions: z.object({
      cancel: z.string(),
      cancelling: z.string(),
      confirmCancel: template('area'),
      cancelled: z.string(),
      renew: z.string(),
      renewing: z.string(),
      renewed: template('reference', 'amount'),
      failed: z.string(),
    }),
    loadFailed: z.string(),
    loading: z.string(),
  }),
});

/** The "Your public profile" card of /my-licences (GuideProfileEditor.tsx). */
const guideProfile = defineCollection({
  loader: singleEntry('src/content/guide-profile.yaml'),
  schema: z.object({
    heading: z.string(),
    intro: z.string(),
    fields: z.object({
      name: z.string(),
      bio: z.string(),
      bioHint: z.string(),
      bioCount: template('count', 'max'),
      photo: z.string(),
      photoHint: z.string(),
      choosePhoto: z.string(),
      replacePhoto: z.string(),
      removePhoto: z.string(),
      preparing: z.string(),
      uploading: template('percent'),
      processing: z.string(),
      languages: z.string(),
      languagesHint: z.string(),
      meets: z.string(),
      showPhone: z.string(),
      phoneHint: template('phone'),
      noPhone: z.string(),
      hidden: z.string(),
      hiddenHint: z.string(),
    }),
    save: z.string(),
    saving: z.string(),
    unsaved: z.string(),
    saved: z.string(),
    photoSaved: z.string(),
    photoRemoved: z.string(),
    failed: z.string(),
    preview: z.object({
      heading: z.string(),
      text: z.string(),
      listed: z.string(),
      viewPage: z.string(),
      notListed: z.string(),
      reasons: z.object({
        'not-certified': z.string(),
        'no-active-licence': z.string(),
        'hidden-by-guide': z.string(),
        'hidden-by-admin': template('reason'),
      }) satisfies z.ZodType<Record<GuideUnlistedReason, string>>,
    }),
    loadFailed: z.string(),
    loading: z.string(),
  }),
});

const [contact, contactEs] = translated(
  singleEntry,
  'contact.yaml',
  z.object({
    meta,
    heading: z.string(),
    intro: z.string(),
    formHeading: z.string(),
    // The form island's words, passed to it as a prop (ContactForm.tsx); its field messages live in the shared schema.
    form: z.object({
      label: z.string(),
      name: z.string(),
      email: z.string(),
      phone: z.string(),
      coachName: z.string(),
      coachNameHint: z.string(),
      coachSuggestions: z.object({
        searching: z.string(),
        suggestionsCount: template('count'),
        oneSuggestion: z.string(),
        noSuggestions: z.string(),
        failed: z.object({ title: z.string(), description: z.string() }),
      }),
      contactReason: z.string(),
      message: z.string(),
      submit: z.string(),
      submitting: z.string(),
      sent: z.object({ title: z.string(), description: z.string() }),
      forwarded: template('guide'),
      failed: z.object({ title: z.string(), description: z.string() }),
    }),
    infoHeading: z.string(),
    detailLabels: z.object({ email: z.string(), supportEmail: z.string(), phone: z.string(), address: z.string(), hours: z.string() }),
    email: z.email(),
    supportEmail: z.email(),
    phone: z.string(),
    address: z.string(),
    hours: z.string(),
    responseTimesHeading: z.string(),
    responseTimes: z.array(z.object({ id: z.string(), label: z.string(), time: z.string() })).length(3),
    privacyHeading: z.string(),
    privacyNotice: z.string(),
    privacyLink: action,
  }),
);

/** /wanted/{state} (and its Spanish twin) and the "Where clubs are wanted" map (issue 39). */
const [demand, demandEs] = translated(
  singleEntry,
  'demand.yaml',
  z.object({
    fewer: z.string(),
    wanted: z.object({
      title: template('state'),
      description: template('state'),
      eyebrow: z.string(),
      lead: z.string(),
      tableCaption: template('state'),
      columns: z.object({ county: z.string(), waiting: z.string(), unmetSearches: z.string() }),
      noCounties: z.string(),
      otherStates: z.string(),
      otherStatesHref: z.string().startsWith('/'),
    }),
    map: z.object({
      heading: z.string(),
      intro: z.string(),
      label: z.string(),
      stateLabel: template('state', 'waiting'),
      listSummary: z.string(),
      legend: z.object({ none: z.string(), low: z.string(), medium: z.string(), high: z.string() }),
    }),
  }),
);

const [findAGuide, findAGuideEs] = translated(
  singleEntry,
  'find-a-guide.yaml',
  z.object({
    meta,
    header,
    link: z.string(),
    search: comboboxWords.extend({ submit: z.string(), clear: z.string(), language: z.string(), anyLanguage: z.string() }),
    results: z.object({
      heading: template('place'),
      exclusive: z.string(),
      shared: z.string(),
      covers: template('area'),
      none: template('place'),
      noneText: z.string(),
      reserve: template('area'),
      unknown: template('place'),
      all: z.string(),
      noGuides: z.string(),
      inLanguage: template('language'),
      noneInLanguage: template('place', 'language'),
      noGuidesInLanguage: template('language'),
      anyLanguage: z.string(),
    }),
    pager: z.object({ label: z.string(), previous: z.string(), next: z.string(), page: template('page', 'pages') }),
    guidePage: z.object({
      back: z.string(),
      areasHeading: template('name'),
      exclusive: z.string(),
      shared: z.string(),
      kinds: z.object({ zip: z.string(), county: z.string(), state: z.string() }),
      clubsHeading: z.string(),
      noClubs: z.string(),
      jobTitle: z.string(),
      title: template('name'),
      description: template('name', 'areas', 'certified'),
      mapAlt: template('area'),
      reasons: words(GUIDE_MESSAGE_REASONS),
    }),
    profile: z.object({
      certifiedSince: template('month'),
      guidesIn: template('languages'),
      meets: template('mode'),
      modes: words(GUIDE_MEETING_MODES),
    }),
  }),
);

const [policy, policyEs] = translated(
  (base) => glob({ pattern: '*.md', base }),
  'policy',
  z.object({ title: z.string(), effective: z.coerce.date() }),
);

/** The /privacy-terms page around its two documents. */
const [privacyTerms, privacyTermsEs] = translated(
  singleEntry,
  'privacy-terms.yaml',
  z.object({
    meta,
    title: z.string(),
    effectiveLabel: template('date'),
    navLabel: z.string(),
    contact: heading,
  }),
);

const [directory, directoryEs] = translated(
  singleEntry,
  'directory.yaml',
  z.object({
    meta,
    title: z.string(),
    tagline: z.string(),
    activeHeading: z.string(),
    hostPanel: z.object({
      heading: z.string(),
      intro: z.string(),
      includesHeading: z.string(),
      includes: z.array(z.string()).length(4),
      steps: z.array(z.string()).length(4),
      storeUrl: z.url(),
      /** Below md the panel comes after the clubs list: this link beside the Active Clubs heading leads to it. */
      jumpLink: z.string(),
    }),
    howToGetListed: z.string(),
    purchase: z.string(),
    opensInNewTab: z.string(),
    haveCode: z.string(),
    register: z.string(),
    registered: z.string(),
    signIn: z.string(),
    mapHeading: z.string(),
    mapIntro: z.string(),
    map: z.object({
      label: z.string(),
      verifiedClubs: z.object({ one: z.string(), other: z.string() }),
      legend: z.object({ none: z.string(), one: z.string(), few: z.string(), many: z.string() }),
    }),
    verifiedNotice: heading,
  }),
);

/** Books a host can buy for their circle: the club profile page's purchase links. */
const products = defineCollection({
  loader: file('src/content/products.yaml'),
  schema: z.object({
    id: z.string(),
    order: z.number().int(),
    name: z.string(),
    price: z.string().regex(/^\$\d+\.\d{2}$/, 'price must read like "$30.00"'),
    description: z.string(),
    href: z.url({ protocol: /^https$/ }),
  }),
});

/** The header and footer of every page (Header.astro, Footer.astro, LanguageSwitch.astro) and the skip link. */
const [headerFooter, headerFooterEs] = translated(
  singleEntry,
  'header-footer.yaml',
  z.object({
    skipToContent: z.string(),
    mainNavLabel: z.string(),
    footerNavLabel: z.string(),
    login: z.string(),
    logout: z.string(),
    mainLinks: z.object({ directory: z.string(), howItWorks: z.string(), clubSchedule: z.string(), myClub: z.string() }),
    footerLinks: z.object({
      findAGuide: z.string(),
      becomeGuide: z.string(),
      faq: z.string(),
      contactUs: z.string(),
      privacyTerms: z.string(),
    }),
    rights: z.string(),
    /** The switch's link to the page in the other language: the other language's name, written in that language. */
    otherLanguage: z.string(),
    /** The toasts' words for screen readers (Toaster.tsx), handed in by Spanish pages. */
    toasts: z.object({ close: z.string(), region: template('hotkey'), notification: z.string() }),
  }),
);

/** The page of the links in a join request's email to the host (/join-request, JoinRequestPage.astro). */
const [joinRequestPage, joinRequestPageEs] = translated(
  singleEntry,
  'join-request-page.yaml',
  z.object({
    meta,
    heading: template('name', 'club'),
    confirm: z.object({ replied: template('name'), joined: template('name'), declined: template('name') }),
    statusNow: template('status'),
    answers: z.object({ replied: z.string(), joined: z.string(), declined: z.string() }),
    statuses: z.object({ new: z.string(), replied: z.string(), joined: z.string(), declined: z.string() }),
    notWhatYouMeant: z.string(),
    or: z.string(),
    answered: z.object({ heading: template('name'), text: template('name', 'club', 'status'), action: z.string() }),
    invalid: heading,
    expired: z.object({ heading: z.string(), text: template('days') }),
    signIn: z.string(),
    limited: z.string(),
  }),
);

/** The pages of the links in a club's emails to its members (/your-club/not-me, /your-club/stop-reminders, /your-club/rsvp). */
const [memberLinkPages, memberLinkPagesEs] = translated(
  singleEntry,
  'member-link-pages.yaml',
  z.object({
    notMe: z.object({
      meta,
      heading: template('club'),
      text: template('host', 'club'),
      button: z.string(),
      removed: heading,
      invalid: heading,
    }),
    stopReminders: z.object({
      meta,
      heading: template('club'),
      text: z.string(),
      button: z.string(),
      stopped: z.object({ heading: z.string(), text: template('club') }),
      invalid: heading,
    }),
    rsvp: z.object({
      // The title says the link's answer; the description is shorter than `meta` asks of an indexed page (noindex).
      meta: z.object({ coming: z.string(), notComing: z.string(), description: z.string() }),
      ask: z.object({
        coming: template('club'),
        notComing: template('club'),
        text: template('when', 'reading', 'host'),
        reading: template('title'),
        button: z.object({ coming: z.string(), notComing: z.string() }),
      }),
      saved: z.object({
        heading: z.object({ coming: z.string(), notComing: z.string() }),
        text: z.object({ coming: template('host', 'club', 'when'), notComing: template('host', 'club', 'when') }),
        change: z.string(),
      }),
      cancelled: z.object({ heading: z.string(), text: template('host', 'club', 'note') }),
      past: z.object({ heading: z.string(), text: template('club') }),
      invalid: heading,
    }),
  }),
);

/** A club member's own page (/your-club, YourClubPage.astro), opened from the link of the club's emails. */
const [yourClub, yourClubEs] = translated(
  singleEntry,
  'your-club.yaml',
  z.object({
    // The description is shorter than `meta` asks of an indexed page (the page is noindex).
    meta: z.object({ title: z.string(), clubTitle: template('club'), description: z.string() }),
    left: z.object({ heading: z.string(), text: z.string(), findClub: z.string() }),
    invalid: heading,
    eyebrow: z.string(),
    hello: template('name', 'since', 'host'),
    sessions: z.object({
      heading: z.string(),
      cancelled: template('note'),
      moved: template('scheduled', 'place', 'note'),
      movedPlace: template('place'),
      yourAnswer: z.string(),
      answers: z.object({ coming: z.string(), notComing: z.string(), none: z.string() }),
      actions: z.object({ coming: z.string(), notComing: z.string() }),
      onDate: template('date'),
      none: z.string(),
    }),
    reminders: z.object({ heading: z.string(), on: z.string(), off: z.string(), stop: z.string(), restart: z.string() }),
    place: words(['heading', 'meetingPlace', 'directions', 'opensInNewTab', 'linkSent', 'dialIn', 'area', 'publicPage']),
    data: z.object({ heading: z.string(), text: z.string(), download: z.string() }),
    leave: z.object({ summary: z.string(), text: template('club'), button: template('club') }),
  }),
);

/** The page of a guide's "I've replied" link (/message-replied, MessageRepliedPage.astro). */
const [messageRepliedPage, messageRepliedPageEs] = translated(
  singleEntry,
  'message-replied-page.yaml',
  z.object({
    meta,
    heading: template('name'),
    text: template('name', 'date'),
    button: z.string(),
    replied: z.object({ heading: z.string(), text: template('name', 'date') }),
    invalid: heading,
    expired: z.object({ heading: z.string(), text: template('days') }),
    messages: z.string(),
    limited: z.string(),
  }),
);

/** A page that search engines do not list: its title and a description, which may be short. */
const unlistedMeta = z.object({ title: z.string(), description: z.string() });

/** The admin's sign-in (/login, LoginPage.astro) around its form, whose words are in sign-in-form.json. */
const [loginPage, loginPageEs] = translated(
  singleEntry,
  'login-page.yaml',
  z.object({
    meta: unlistedMeta,
    heading: z.string(),
    intro: z.string(),
    forgotPassword: z.string(),
    hostQuestion: z.string(),
    hostSignIn: z.string(),
    guideQuestion: z.string(),
    guideSignIn: z.string(),
    eitherSignIn: z.string(),
  }),
);

/** The password reset page (/reset-password, ResetPasswordPage.astro) around its forms. */
const [resetPasswordPage, resetPasswordPageEs] = translated(
  singleEntry,
  'reset-password-page.yaml',
  z.object({
    meta: unlistedMeta,
    heading: z.string(),
    choose: z.object({ heading: z.string(), text: z.string(), afterCancelledChange: z.string() }),
    done: z.string(),
    invalid: heading,
    used: heading,
    expired: z.object({ heading: z.string(), text: template('minutes') }),
    remembered: template('host', 'guide', 'admin'),
    host: z.string(),
    guide: z.string(),
    admin: z.string(),
  }),
);

/** The pages of the links in an account's emails (/confirm-email, /cancel-email-change). */
const [accountLinkPages, accountLinkPagesEs] = translated(
  singleEntry,
  'account-link-pages.yaml',
  z.object({
    confirmEmail: z.object({
      meta: unlistedMeta,
      confirm: z.object({ heading: z.string(), text: template('email', 'destination'), button: z.string() }),
      change: z.object({ heading: z.string(), text: template('email'), button: z.string() }),
      confirmed: z.object({ heading: z.string(), text: template('email') }),
      changed: z.object({ heading: template('email'), text: z.string() }),
      changedSince: z.object({ heading: z.string(), text: template('email') }),
      once: z.string(),
      back: template('destination'),
      invalid: heading,
      expired: z.object({ heading: z.string(), text: template('hours') }),
      changeExpired: z.object({ heading: z.string(), text: template('minutes') }),
      cancelled: z.object({
        heading: z.string(),
        text: template('because'),
        because: z.object({ password: z.string(), confirmation: z.string(), holder: z.string() }),
      }),
      taken: z.object({ heading: z.string(), text: template('email') }),
      home: z.string(),
    }),
    cancelEmailChange: z.object({
      meta: unlistedMeta,
      pending: z.object({ heading: z.string(), text: template('email') }),
      notPending: z.object({ heading: z.string(), text: template('email') }),
      whenPressed: z.string(),
      cancelled: z.string(),
      signedOut: z.string(),
      newPassword: z.string(),
      button: z.string(),
      invalid: heading,
      used: heading,
      changed: z.object({ heading: z.string(), text: template('email') }),
      choosePassword: z.string(),
      contactUs: z.string(),
    }),
  }),
);

/** The pages of the alert emails' links (/alerts, /alerts/confirm, /alerts/keep; src/components/pages/Alert*Page.astro). */
const [alertPages, alertPagesEs] = translated(
  singleEntry,
  'alert-pages.yaml',
  z.object({
    alerts: z.object({
      meta: unlistedMeta,
      heading: z.string(),
      intro: z.string(),
      confirmed: z.object({ strong: z.string(), text: template('when') }),
      kept: z.object({ strong: z.string(), text: z.string() }),
      deletedOne: z.string(),
      deletedMany: template('count'),
      none: template('link'),
      confirmedUntil: template('date'),
      unconfirmed: z.string(),
      delete: z.string(),
      deleteFor: template('place'),
      deleteAll: z.object({ open: z.string(), text: template('count'), button: template('count') }),
      invalid: heading,
      findClub: z.string(),
    }),
    confirm: z.object({
      meta: unlistedMeta,
      heading: z.string(),
      text: template('when'),
      button: z.string(),
      done: z.object({ heading: z.string(), text: template('when') }),
      yourAlerts: z.string(),
      invalid: heading,
      gone: heading,
      findClub: z.string(),
    }),
    keep: z.object({
      meta: unlistedMeta,
      heading: z.string(),
      text: template('when', 'date'),
      button: z.string(),
      yourAlerts: z.string(),
      ended: heading,
      findClub: z.string(),
    }),
  }),
);

/** The page of a notification's one-click unsubscribe link (/unsubscribe, UnsubscribePage.astro). */
const [unsubscribePage, unsubscribePageEs] = translated(
  singleEntry,
  'unsubscribe-page.yaml',
  z.object({
    meta: unlistedMeta,
    heading: template('emails'),
    text: template('stays', 'settings'),
    button: z.string(),
    stopped: z.object({ heading: template('emails'), text: template('link') }),
    invalid: heading,
    kinds: z.object(
      Object.fromEntries(
        UNSUBSCRIBE_KINDS.map((kind) => [kind, z.object({ emails: z.string(), stays: z.string(), settings: z.string() })]),
      ) as Record<UnsubscribeKind, z.ZodObject<{ emails: z.ZodString; stays: z.ZodString; settings: z.ZodString }>>,
    ),
  }),
);

/** The not-found page (404.astro, in the language of the address or the visitor's choice); search engines do not list it, so its description may be short. */
const [notFound, notFoundEs] = translated(
  singleEntry,
  'not-found.yaml',
  z.object({ meta: z.object({ title: z.string(), description: z.string() }), title: z.string(), text: z.string(), actions }),
);

/** A club's page (src/components/pages/ClubPage.astro) around what its host wrote. */
const [clubPage, clubPageEs] = translated(
  singleEntry,
  'club-page.yaml',
  z.object({
    meta: z.object({
      title: template('club', 'city', 'state'),
      description: template('club', 'city', 'state', 'host', 'schedule'),
      schedule: template('schedule'),
    }),
    back: z.string(),
    verified: z.string(),
    confirmedActive: template('month'),
    members: template('count'),
    host: z.string(),
    location: z.string(),
    languageOfMeetings: z.string(),
    languages: words(MEETING_LANGUAGES),
    opensInNewTab: z.string(),
    schedule: z.string(),
    about: z.string(),
    meetings: z.string(),
    days: z.object({
      weekly: template('weekdays'),
      biweekly: template('weekdays'),
      first: template('weekday'),
      second: template('weekday'),
      third: template('weekday'),
      fourth: template('weekday'),
      last: template('weekday'),
    }),
    howOften: z.string(),
    frequencies: words(MEETING_FREQUENCIES),
    format: z.string(),
    formats: words(MEETING_FORMATS),
    timeZone: z.string(),
    note: z.string(),
    meetingLink: z.string(),
    linkForMembers: z.string(),
    responseTime: z.object({ label: template('time'), fewHours: z.string(), day: z.string(), days: template('days') }),
    nextSessions: z.string(),
    cancelled: z.string(),
    movedFrom: z.string(),
    movedTo: z.string(),
    calendar: z.object({
      heading: z.string(),
      subscribe: z.string(),
      download: z.string(),
      google: z.string(),
      googleFor: template('weekdays'),
      text: z.string(),
    }),
    connect: z.object({
      heading: z.string(),
      contactHost: z.string(),
      visitWebsite: z.string(),
      share: z.string(),
      copyLink: z.string(),
      copied: z.string(),
      copyThis: template('url'),
    }),
    member: z.object({ heading: z.string(), text: z.string(), sent: z.string(), email: z.string(), submit: z.string() }),
    registered: z.string(),
  }),
);

export const collections = {
  home,
  homeEs,
  howItWorks,
  howItWorksEs,
  directory,
  directoryEs,
  steps,
  stepsEs,
  weeks,
  weeksEs,
  materials,
  materialsEs,
  schedule,
  scheduleEs,
  faq,
  faqEs,
  faqPage,
  faqPageEs,
  tiers,
  tiersEs,
  licensing,
  licensingEs,
  areaSearch,
  areaSearchEs,
  myLicences,
  guideProfile,
  contact,
  contactEs,
  findAGuide,
  findAGuideEs,
  demand,
  demandEs,
  policy,
  policyEs,
  privacyTerms,
  privacyTermsEs,
  products,
  headerFooter,
  headerFooterEs,
  notFound,
  notFoundEs,
  joinRequestPage,
  joinRequestPageEs,
  memberLinkPages,
  memberLinkPagesEs,
  yourClub,
  yourClubEs,
  messageRepliedPage,
  messageRepliedPageEs,
  loginPage,
  loginPageEs,
  resetPasswordPage,
  resetPasswordPageEs,
  accountLinkPages,
  accountLinkPagesEs,
  alertPages,
  alertPagesEs,
  unsubscribePage,
  unsubscribePageEs,
  clubPage,
  clubPageEs,
};
