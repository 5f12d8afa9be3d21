import type { CollectionEntry } from 'astro:content';
import type { AreaSearchWords } from '#lib/licensing/area-search-words.ts';

// The islands' words come from src/content/ as props (the pages read the collections); these are their shapes.

/** src/content/area-search-island.json (or its Spanish twin), as the page's entry hands it to the island. */
export type AreaSearchCopy = AreaSearchWords;
/** The search box's words (AreaCombobox.tsx), on /area-search and /guides. */
export type AreaComboboxCopy = Omit<AreaSearchCopy['search'], 'loadingArea' | 'retry' | 'notFound' | 'searchAnother'>;
/** src/content/my-licences.yaml. */
export type MyLicencesCopy = CollectionEntry<'myLicences'>['data'];
/** The three steps of the licensing page (src/content/licensing.yaml), by position. */
export type LicensingSteps = { id: string; title: string }[];
