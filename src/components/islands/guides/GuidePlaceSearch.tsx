import { useId, useRef } from 'react';
import type { PlaceSuggestion } from '#lib/guides/types.ts';
import { AreaCombobox } from '#components/islands/shared/AreaCombobox.tsx';
import type { AreaComboboxCopy } from '#components/islands/shared/copy.ts';

interface GuidePlaceSearchProps {
  copy: AreaComboboxCopy & { submit: string; language: string; anyLanguage: string };
  place: string;
  /** The languages listed guides guide in, to choose from. */
  languages: string[];
  /** The language chosen; empty for any. */
  language: string;
  /** Where the form goes: /guides, or its Spanish twin on a Spanish page (decision 041). */
  action?: string;
}

/**
 * Find a Guide's search: a plain GET form (/guides?place=&language=), so that it works before and without JavaScript;
 * the island adds the area search's suggestions, with cities, and a chosen suggestion searches at once. The language
 * applies when the form is sent, as the place does.
 */
export default function GuidePlaceSearch({ copy, place, languages, language, action = '/guides' }: GuidePlaceSearchProps) {
  const form = useRef<HTMLFormElement>(null);
  const languageId = useId();
  const search = (suggestion: PlaceSuggestion) => {
    const input = form.current?.elements.namedItem('place');
    // The box shows the label a moment later (a state update): the form sends the suggestion's label now.
    if (input instanceof HTMLInputElement) input.value = suggestion.label;
    form.current?.requestSubmit();
  };
  // The search matches any case ("spanish"); a language no listed guide names any more (a shared link) stays chosen,
  // so that the page can say none guides in it.
  const chosen = languages.find((choice) => choice.toLowerCase() === language.toLowerCase()) ?? language;
  const choices = chosen && !languages.includes(chosen) ? [...languages, chosen] : languages;
  return (
    <form ref={form} method="get" action={action} role="search" className="mx-auto mt-8 max-w-xl text-left">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <AreaCombobox<PlaceSuggestion> copy={copy} onSelect={search} suggestUrl="/api/guides/places" name="place" initialText={place} />
        </div>
        {/* Level with the box: below its label (20 px) and one-line hint (18 px) and their spacing (4 px), as tall. */}
        <button type="submit" className="btn-primary sm:mt-[2.625rem] sm:h-[3.375rem]">
          {copy.submit}
        </button>
      </div>
      {choices.length > 0 && (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <label htmlFor={languageId} className="text-sm font-semibold text-stone-700">
            {copy.language}
          </label>
          <select
            id={languageId}
            name="language"
            defaultValue={chosen}
            className="rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 shadow-sm"
          >
            <option value="">{copy.anyLanguage}</option>
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
        </div>
      )}
    </form>
  );
}
