import { useState } from 'react';
import { Search } from 'lucide-react';
import type { AreaSuggestion, AreaSuggestions } from '#lib/licensing-types.ts';
import { formatNumber } from '#lib/format.ts';
import { Combobox, type Suggestions } from '#components/islands/shared/Combobox.tsx';
import type { AreaSearchCopy } from './copy.ts';

/** One character matches too much to be useful ("T"); two already name a state ("TX"). */
const MIN_QUERY_LENGTH = 2;

interface Props {
  copy: AreaSearchCopy['search'];
  onSelect: (area: AreaSuggestion) => void;
}

/** The area search box: the site's combobox over the server's area suggestions, with the server's note when none can be licensed. */
export function AreaCombobox({ copy, onSelect }: Props) {
  const [text, setText] = useState('');
  return (
    <Combobox
      copy={copy}
      text={text}
      onTextChange={setText}
      suggest={fetchSuggestions}
      minQueryLength={MIN_QUERY_LENGTH}
      optionKey={(area) => area.id}
      optionText={(area) => area.label}
      renderOption={(area) => (
        <>
          <span className="font-medium">{area.label}</span>
          <span className="shrink-0 text-sm text-stone-600">
            {formatNumber(area.population)} {copy.populationSuffix}
          </span>
        </>
      )}
      onSelect={onSelect}
      icon={
        <Search className="pointer-events-none absolute left-3 top-1/2 mt-0.5 h-5 w-5 -translate-y-1/2 text-stone-500" aria-hidden="true" />
      }
      inputClassName="mt-1 block w-full rounded-lg border border-stone-300 bg-white py-3 pl-11 pr-11 text-lg text-stone-900 shadow-sm focus:border-flame-700 focus:outline-none focus:ring-2 focus:ring-flame-700"
      searchingClassName="mt-2 min-h-5 text-sm text-stone-600"
    />
  );
}

async function fetchSuggestions(query: string, signal: AbortSignal): Promise<Suggestions<AreaSuggestion>> {
  const response = await fetch(`/api/areas/suggest?q=${encodeURIComponent(query)}`, { credentials: 'include', signal });
  if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
  const { areas, message } = (await response.json()) as AreaSuggestions;
  return { options: areas, message };
}
