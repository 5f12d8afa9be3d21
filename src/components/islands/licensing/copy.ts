import type { CollectionEntry } from 'astro:content';

// The islands' words come from src/content/ as props (the pages read the collections); these are their shapes.

/** src/content/area-search.yaml. */
export type AreaSearchCopy = CollectionEntry<'areaSearch'>['data'];
/** src/content/my-licences.yaml. */
export type MyLicencesCopy = CollectionEntry<'myLicences'>['data'];
/** The three steps of the licensing page (src/content/licensing.yaml), by position. */
export type LicensingSteps = { id: string; title: string }[];
