import words from '#content/area-search-island.json' with { type: 'json' };
import AreaSearch from './AreaSearch.tsx';

// The English area search's island (/area-search): the search, card and reservation steps with their English words,
// imported here so that they travel in this page's JavaScript, never in its HTML, and no other language's come with them.
const WORDS = { ...words, locale: 'en-US' };

export default function AreaSearchEn({ paymentDays }: { paymentDays: number }) {
  return <AreaSearch copy={WORDS} paymentDays={paymentDays} />;
}
