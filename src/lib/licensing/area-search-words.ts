import { z } from '#lib/schemas/zod.ts';

// The schema of /area-search's island words (src/content/area-search-island.json and its Spanish twin). Each page's
// entry (AreaSearchEn.tsx, AreaSearchEs.tsx) imports its language's file as it is, so that only that page's JavaScript
// carries the words and no schema library loads with the island; `npm run content:check` and the build check each file
// here (area-search-words-en.ts and -es.ts).

const text = z.string().trim().min(1);
/** Text with `{name}` placeholders the island fills in: a missing one fails the check. */
const template = (...names: string[]) =>
  text.refine((value) => names.every((name) => value.includes(`{${name}}`)), `must contain ${names.map((n) => `{${n}}`).join(' and ')}`);
/** An object of one text for each key. */
const words = <Key extends string>(keys: readonly Key[]) =>
  z.object(Object.fromEntries(keys.map((key) => [key, text])) as Record<Key, typeof text>);
const notice = words(['title', 'description']);

export const areaSearchWordsSchema = z.object({
  $comment: z.string().optional(),
  search: z.object({
    ...words(['label', 'placeholder', 'hint', 'searching', 'oneSuggestion', 'noSuggestions', 'populationSuffix']).shape,
    ...words(['loadingArea', 'retry', 'notFound', 'searchAnother']).shape,
    suggestionsCount: template('count'),
    failed: notice,
  }),
  card: z.object({
    kindLabels: words(['zip', 'county', 'state']),
    ...words(['stateLabel', 'countyLabel', 'cityLabel', 'populationLabel', 'pricingLabel', 'sharedLabel', 'exclusiveLabel']).shape,
    ...words(['available', 'heldBy', 'and', 'reserveShared', 'reserveExclusive', 'reserving', 'reserveFailed']).shape,
    population: template('population', 'source'),
    tierLabel: template('tier'),
    fee: template('fee'),
    otherGuides: z.object({ one: text, other: template('count') }),
    mapCaption: template('area', 'state'),
    demand: words(['waiting', 'unmetSearches', 'fewer']),
  }),
  review: z.object({
    ...words(['heading', 'areaLabel', 'kindLabel', 'feeLabel', 'confirm', 'cancel']).shape,
    intro: template('kind', 'area'),
    payment: template('days'),
  }),
  account: z.object({ ...words(['heading', 'createTab', 'signInTab', 'cancel']).shape, intro: template('area') }),
  emailConfirmation: z.object({
    ...words(['heading', 'note', 'sendAgain', 'sending', 'sent', 'sendFailed', 'confirmed']).shape,
    unconfirmed: template('email'),
    sentDescription: template('email'),
  }),
  confirmation: z.object({
    ...words(['heading', 'referenceLabel', 'copy', 'copied', 'amountLabel', 'dueLabel', 'storeNote', 'emailed']).shape,
    ...words(['myLicences', 'searchAgain', 'opensInNewTab']).shape,
    intro: template('kind', 'area'),
  }),
});

/** The island's words as its entry hands them to it: a language's file, and the locale its numbers and dates are in. */
export type AreaSearchWords = Omit<z.infer<typeof areaSearchWordsSchema>, '$comment'> & { locale: string };
