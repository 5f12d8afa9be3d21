import { useRef } from 'react';
import type { PlaceSuggestion } from '#lib/guides/types.ts';
import { AreaCombobox } from '#components/islands/shared/AreaCombobox.tsx';
import type { AreaComboboxCopy } from '#components/islands/shared/copy.ts';

/**
 * Find a Guide's search: a plain GET form (/guides?place=), so that it works before and without JavaScript; the island
 * adds the area search's suggestions, with cities, and a chosen suggestion searches at once.
 */
export default function GuidePlaceSearch({ copy, place }: { copy: AreaComboboxCopy & { submit: string }; place: string }) {
  const form = useRef<HTMLFormElement>(null);
  const search = (suggestion: PlaceSuggestion) => {
    const input = form.current?.elements.namedItem('place');
    // The box shows the label a moment later (a state update): the form sends the suggestion's label now.
    if (input instanceof HTMLInputElement) input.value = suggestion.label;
    form.current?.requestSubmit();
  };
  return (
    <form ref={form} method="get" action="/guides" role="search" className="mx-auto mt-8 max-w-xl text-left">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <AreaCombobox<PlaceSuggestion> copy={copy} onSelect={search} suggestUrl="/api/guides/places" name="place" initialText={place} />
        </div>
        {/* Level with the box: below its label (20 px) and one-line hint (18 px) and their spacing (4 px), as tall. */}
        <button type="submit" className="btn-primary sm:mt-[2.625rem] sm:h-[3.375rem]">
          {copy.submit}
        </button>
      </div>
    </form>
  );
}
