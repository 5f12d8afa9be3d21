import words from '#content/es/area-search-island.json' with { type: 'json' };
import { areaSearchWordsSchema } from './area-search-words.ts';

/** /es/area-search's island words (src/content/es/area-search-island.json), checked by the content check and the build. */
export const areaSearchWordsEs = areaSearchWordsSchema.parse(words);
