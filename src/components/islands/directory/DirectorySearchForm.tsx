import { useId, useState, type FormEvent, type RefObject } from 'react';
import { MapPin, Search, SlidersHorizontal, X } from 'lucide-react';
import { MAX_SEARCH_LENGTH, SEARCH_RADII, type SearchRadius } from '#lib/directory/types.ts';
import { MEETING_FORMATS, MEETING_LANGUAGES, TIMES_OF_DAY, WEEKDAYS, type MeetingFilter } from '#lib/clubs/meetings/types.ts';
import type { DirectoryWords } from '#lib/directory/words.ts';
import { fillTemplate } from '#lib/shared/format.ts';
import { SCRIPT_FORM, useHydrated } from '#components/islands/shared/form-posts.ts';

interface DirectorySearchFormProps {
  text: string;
  onText: (text: string) => void;
  /** The search box, which also takes the focus back when a club's dialog closes on a card that is gone. */
  searchInput: RefObject<HTMLInputElement | null>;
  radius: SearchRadius;
  /** Whether the results on screen were measured from a place, which is when a distance can be chosen. */
  fromPlace: boolean;
  filter: MeetingFilter;
  searching: boolean;
  /** Whether a search is on screen, which Clear takes away. */
  hasResults: boolean;
  onSubmit: (event: FormEvent) => void;
  onRadius: (miles: SearchRadius) => void;
  onFilter: (change: MeetingFilter) => void;
  onNearMe: () => void;
  onClear: () => void;
  words: DirectoryWords;
}

/**
 * The directory's search: a state, city or ZIP code (or Near me), the distance from a place, and the meeting filters
 * (day, time of day, format and language).
 */
export function DirectorySearchForm(props: DirectorySearchFormProps) {
  const { text, radius, filter, searching, onFilter, words } = props;
  const search = words.search;
  const hydrated = useHydrated();
  // Below 768 px the filters fold behind "Filters (n)", so that the results follow the search box. The server
  // renders them folded too (the button waits for the script, as Search does, which the form needs anyway): a fold
  // made only once the script ran moved the page up as it loaded (layout shift).
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const active = [filter.day, filter.time, filter.format, filter.language].filter(Boolean).length;
  return (
    <form {...SCRIPT_FORM} onSubmit={props.onSubmit} role="search">
      <div className="flex flex-col gap-3 sm:flex-row">
        <label htmlFor="state-search" className="sr-only">
          {search.label}
        </label>
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-stone-500" aria-hidden="true" />
          <input
            id="state-search"
            ref={props.searchInput}
            type="search"
            value={text}
            maxLength={MAX_SEARCH_LENGTH}
            onChange={(event) => props.onText(event.target.value)}
            placeholder={search.placeholder}
            aria-describedby="state-search-hint"
            className="w-full rounded-lg border border-stone-300 bg-white py-2.5 pl-10 pr-3 text-stone-900 shadow-sm focus:border-flame-700 focus:outline-none focus:ring-2 focus:ring-flame-700"
          />
        </div>
        {props.fromPlace && (
          <select
            aria-label={search.distance}
            value={radius}
            onChange={(event) => props.onRadius(Number(event.target.value) as SearchRadius)}
            className="rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-stone-900 shadow-sm"
          >
            {SEARCH_RADII.map((miles) => (
              <option key={miles} value={miles}>
                {fillTemplate(search.within, { miles })}
              </option>
            ))}
          </select>
        )}
        <button type="submit" className="btn-primary" disabled={!hydrated || !text.trim() || searching}>
          {searching ? search.searching : search.submit}
        </button>
        <button type="button" className="btn-secondary" onClick={props.onNearMe} disabled={searching}>
          <MapPin className="h-4 w-4" aria-hidden="true" />
          {search.nearMe}
        </button>
        {props.hasResults && (
          <button type="button" className="btn-secondary" onClick={props.onClear}>
            <X className="h-4 w-4" aria-hidden="true" />
            {search.clear}
          </button>
        )}
      </div>
      <p id="state-search-hint" className="mt-2 text-sm text-stone-600">
        {search.hint}
      </p>
      <button
        type="button"
        className="btn-secondary mt-3 md:hidden"
        aria-expanded={filtersOpen}
        aria-controls={filtersId}
        disabled={!hydrated}
        onClick={() => setFiltersOpen((open) => !open)}
      >
        <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
        {active > 0 ? fillTemplate(search.filtersCount, { count: active }) : search.filters}
      </button>
      <fieldset
        id={filtersId}
        className={`mt-3 grid-cols-1 gap-3 sm:grid-cols-2 md:grid lg:grid-cols-4 ${filtersOpen ? 'grid' : 'hidden'}`}
      >
        <legend className="sr-only">{search.legend}</legend>
        <FilterSelect
          label={search.day}
          any={search.anyDay}
          value={filter.day}
          labels={words.weekdays}
          values={WEEKDAYS}
          onChange={(day) => onFilter({ day })}
        />
        <FilterSelect
          label={search.time}
          any={search.anyTime}
          value={filter.time}
          labels={words.timesOfDay}
          values={TIMES_OF_DAY}
          onChange={(time) => onFilter({ time })}
        />
        <FilterSelect
          label={search.format}
          any={search.anyFormat}
          value={filter.format}
          labels={words.formats}
          values={MEETING_FORMATS}
          onChange={(format) => onFilter({ format })}
        />
        <FilterSelect
          label={search.language}
          any={search.anyLanguage}
          value={filter.language}
          labels={words.languages}
          values={MEETING_LANGUAGES}
          onChange={(language) => onFilter({ language })}
        />
      </fieldset>
    </form>
  );
}

/** One of the meeting filters: "Any …" or one of its values, by its label. */
function FilterSelect<Value extends string>(props: {
  label: string;
  any: string;
  value: Value | undefined;
  values: readonly Value[];
  labels: Record<Value, string>;
  onChange: (value: Value | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-stone-700">
        {props.label}
      </label>
      <select
        id={id}
        value={props.value ?? ''}
        onChange={(event) => props.onChange((event.target.value || undefined) as Value | undefined)}
        className="rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-stone-900 shadow-sm"
      >
        <option value="">{props.any}</option>
        {props.values.map((value) => (
          <option key={value} value={value}>
            {props.labels[value]}
          </option>
        ))}
      </select>
    </div>
  );
}
