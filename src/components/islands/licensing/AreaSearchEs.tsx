import words from '#content/es/area-search-island.json' with { type: 'json' };
import AreaSearch from './AreaSearch.tsx';

// The Spanish area search's island (/es/area-search): the search, card and reservation steps with their Spanish words,
// imported here so that they travel in this page's JavaScript only, and no English words come with them.
const WORDS = { ...words, locale: 'es-US' };

export default function AreaSearchEs({ paymentDays }: { paymentDays: number }) {
  return <AreaSearch copy={WORDS} paymentDays={paymentDays} />;
}
