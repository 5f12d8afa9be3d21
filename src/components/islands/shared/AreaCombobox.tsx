import { useState } from 'react';
import { Search } from 'lucide-react';
import { formatNumber } from '#lib/shared/format.ts';
import { pageLanguageHeaders } from '#lib/client/api.ts';
import { Combobox, type Suggestions } from './Combobox.tsx';
import type { AreaComboboxCopy } from './copy.ts';

/** One character matches too much to be useful ("T"); two already name a state ("TX"). */
const MIN_QUERY_LENGTH = 2;

/** What the box suggests: an area of /api/areas/suggest, or a place of /api/guides/places (areas and cities). */
interface Suggestion {
  id: string;
  label: string;
  population: number;
}

interface Props<S extends Suggestion> {
  copy: AreaComboboxCopy;
  onSelect: (suggestion: S) => void;
  /** Answers `?q=` with `{ areas, message }`. */
  suggestUrl?: string;
  /** The input's name in a form that also works without JavaScript (/guides), and the text it starts with. */
  name?: string;
  initialText?: string;
  /** The locale of the suggestions' populations. */
  locale?: string;
}

/** The area search box: the site's combobox over the server's area suggestions, with the server's note when none can be licensed. */
export function AreaCombobox<S extends Suggestion>({
  copy,
  onSelect,
  suggestUrl = '/api/areas/suggest',
  name,
  initialText = '',
  locale,
}: Props<S>) {
  const [text, setText] = useState(initialText);
  return (
    <Combobox<S>
      copy={copy}
      text={text}
      onTextChange={setText}
      suggest={(query, signal) => fetchSuggestions<S>(suggestUrl, query, signal)}
      minQueryLength={MIN_QUERY_LENGTH}
      optionKey={(area) => area.id}
      optionText={(area) => area.label}
      renderOption={(area) => (
        <>
          <span className="font-medium">{area.label}</span>
          <span className="shrink-0 text-sm text-stone-600">
            {formatNumber(area.population, locale)} {copy.populationSuffix}
          </span>
        </>
      )}
      onSelect={onSelect}
      enterChooses={enterChooses}
      name={name}
      icon={
        <Search className="pointer-events-none absolute left-3 top-1/2 mt-0.5 h-5 w-5 -translate-y-1/2 text-stone-500" aria-hidden="true" />
      }
      inputClassName="mt-1 block w-full rounded-lg border border-stone-300 bg-white py-3 pl-11 pr-11 text-lg text-stone-900 shadow-sm focus:border-flame-700 focus:outline-none focus:ring-2 focus:ring-flame-700"
      searchingClassName="mt-2 min-h-5 text-sm text-stone-600"
    />
  );
}

/** Enter without a highlighted suggestion chooses the only one, or the ZIP code typed exactly. */
function enterChooses<S extends Suggestion>(options: S[], text: string): S | undefined {
  return options.length === 1 ? options[0] : options.find((option) => option.id === `zip-${text.trim()}`);
}

async function fetchSuggestions<S>(url: string, query: string, signal: AbortSignal): Promise<Suggestions<S>> {
  // The page's language, which the server's note (`message`) answers in, as apiRequest sends it.
  const response = await fetch(`${url}?q=${encodeURIComponent(query)}`, {
    credentials: 'include',
    headers: pageLanguageHeaders(),
    signal,
  });
  if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
  const { areas, message } = (await response.json()) as { areas: S[]; message: string | null };
  return { options: areas, message };
}
