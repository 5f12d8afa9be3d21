import words from '#content/es/directory-island.json' with { type: 'json' };
import { directoryIslandWordsSchema, type DirectoryIslandWords } from './island-words.ts';

/** The directory island's Spanish words (src/content/es/directory-island.json), checked by the content check and the build. */
export const directoryIslandWordsEs: DirectoryIslandWords = directoryIslandWordsSchema.parse(words);
