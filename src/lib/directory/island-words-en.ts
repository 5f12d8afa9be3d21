import words from '#content/directory-island.json' with { type: 'json' };
import { directoryIslandWordsSchema, type DirectoryIslandWords } from './island-words.ts';

/** The directory island's English words (src/content/directory-island.json), checked by the content check and the build. */
export const directoryIslandWordsEn: DirectoryIslandWords = directoryIslandWordsSchema.parse(words);
