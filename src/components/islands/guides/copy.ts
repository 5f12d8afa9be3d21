import type { CollectionEntry } from 'astro:content';

/** src/content/guide-profile.yaml: the words of GuideProfileEditor, passed to it as a prop. */
export type GuideProfileCopy = CollectionEntry<'guideProfile'>['data'];
