import words from '#content/area-search-island.json' with { type: 'json' };
import { areaSearchWordsSchema } from './area-search-words.ts';

/** /area-search's island words in English (src/content/area-search-island.json), checked by the content check and the build. */
export const areaSearchWordsEn = areaSearchWordsSchema.parse(words);
