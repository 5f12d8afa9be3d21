import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Loader2, Search } from 'lucide-react';
import { toast } from '#lib/client/toast.ts';
import { fillTemplate, formatNumber } from '#lib/format.ts';
import type { ComboboxCopy } from './copy.ts';

/** Long enough to skip the requests of a word being typed, short enough that suggestions feel immediate. */
const DEBOUNCE_MS = 150;
/** One character matches too much to be useful ("T"); two already name a state ("TX"). */
const MIN_QUERY_LENGTH = 2;

/** What the box suggests: an area of /api/areas/suggest, or a place of /api/guides/places (areas and cities). */
interface Suggestion {
  id: string;
  label: string;
  population: number;
}

interface Props<S extends Suggestion> {
  copy: ComboboxCopy;
  onSelect: (suggestion: S) => void;
  /** Answers `?q=` with `{ areas, message }`. */
  suggestUrl?: string;
  /** The input's name in a form that also works without JavaScript (/guides), and the text it starts with. */
  name?: string;
  initialText?: string;
}

/**
 * The area search box: a WAI-ARIA 1.2 combobox with a listbox popup. Focus stays in the input; the active option is
 * named by aria-activedescendant. Suggestions come from the server as the visitor types; a request that a newer one
 * replaced is aborted, and an answer that arrives after a newer one is ignored.
 */
export function AreaCombobox<S extends Suggestion>({
  copy,
  onSelect,
  suggestUrl = '/api/areas/suggest',
  name,
  initialText = '',
}: Props<S>) {
  const id = useId();
  const listboxId = `${id}-listbox`;
  const hintId = `${id}-hint`;
  const noteId = `${id}-note`;
  const [text, setText] = useState(initialText);
  const [areas, setAreas] = useState<S[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [searching, setSearching] = useState(false);
  // The number of the latest request: an answer to an older one is stale whatever order the network delivers them in.
  const latest = useRef(0);
  const controller = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      controller.current?.abort();
    },
    [],
  );

  const search = (query: string) => {
    clearTimeout(timer.current);
    controller.current?.abort();
    const request = ++latest.current;
    if (query.trim().length < MIN_QUERY_LENGTH) {
      setAreas([]);
      setMessage(null);
      setOpen(false);
      setSearching(false);
      return;
    }
    setSearching(true);
    timer.current = setTimeout(() => {
      const abort = new AbortController();
      controller.current = abort;
      fetchSuggestions<S>(suggestUrl, query.trim(), abort.signal).then(
        (answer) => {
          if (request !== latest.current) return;
          setAreas(answer.areas);
          setMessage(answer.message);
          setActive(-1);
          setOpen(true);
          setSearching(false);
        },
        (error: unknown) => {
          if (request !== latest.current || (error instanceof DOMException && error.name === 'AbortError')) return;
          setSearching(false);
          toast({ title: copy.failed.title, description: copy.failed.description, variant: 'destructive' });
        },
      );
    }, DEBOUNCE_MS);
  };

  const choose = (area: S) => {
    // The chosen label stays in the box; no search runs for it.
    clearTimeout(timer.current);
    controller.current?.abort();
    latest.current++;
    setSearching(false);
    setText(area.label);
    // The note was about the text typed; the card now speaks for the chosen area.
    setMessage(null);
    setOpen(false);
    setActive(-1);
    onSelect(area);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(areas.length > 0 || message !== null);
        if (areas.length > 0) setActive((index) => (index + 1) % areas.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(areas.length > 0 || message !== null);
        if (areas.length > 0) setActive((index) => (index <= 0 ? areas.length - 1 : index - 1));
        break;
      case 'Enter': {
        const area = open ? areas[active] : undefined;
        if (area) {
          event.preventDefault();
          choose(area);
        }
        break;
      }
      case 'Escape':
        // The pattern's Escape: close the popup if open, else clear the box.
        event.preventDefault();
        if (open) {
          setOpen(false);
          setActive(-1);
        } else {
          setText('');
          search('');
        }
        break;
    }
  };

  const expanded = open && areas.length > 0;
  const activeArea = expanded ? areas[active] : undefined;
  const announcement = !open
    ? ''
    : areas.length === 0
      ? (message ?? copy.noSuggestions)
      : areas.length === 1
        ? copy.oneSuggestion
        : fillTemplate(copy.suggestionsCount, { count: areas.length });

  return (
    <div className="relative">
      <label htmlFor={`${id}-input`} className="block text-sm font-semibold text-stone-800">
        {copy.label}
      </label>
      <p id={hintId} className="mt-0.5 text-xs text-stone-600">
        {copy.hint}
      </p>
      <div className="relative mt-1">
        <Search className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-stone-500" aria-hidden="true" />
        <input
          id={`${id}-input`}
          name={name}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={activeArea ? `${id}-option-${active}` : undefined}
          aria-describedby={message ? `${hintId} ${noteId}` : hintId}
          placeholder={copy.placeholder}
          value={text}
          onInput={(event) => {
            const value = event.currentTarget.value;
            setText(value);
            search(value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => areas.length > 0 && setOpen(true)}
          className="block w-full rounded-lg border border-stone-300 bg-white py-3 pl-11 pr-11 text-lg text-stone-900 shadow-sm focus:border-flame-700 focus:outline-none focus:ring-2 focus:ring-flame-700"
        />
        {searching && (
          <Loader2 className="absolute right-3 top-1/2 h-5 w-5 -translate-y-1/2 animate-spin text-flame-700" aria-hidden="true" />
        )}
      </div>
      <ul
        id={listboxId}
        role="listbox"
        aria-label={copy.label}
        hidden={!expanded}
        className="absolute z-30 mt-1 max-h-80 w-full overflow-y-auto rounded-lg border border-stone-200 bg-white py-1 shadow-lg"
      >
        {areas.map((area, index) => (
          <li
            key={area.id}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            // Keeps focus in the input, so the click does not close the list before it lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(area)}
            onMouseMove={() => index !== active && setActive(index)}
            className={`flex cursor-pointer items-baseline justify-between gap-3 px-4 py-2.5 ${
              index === active ? 'bg-flame-100 text-ember-900' : 'text-stone-800'
            }`}
          >
            <span className="font-medium">{area.label}</span>
            <span className="shrink-0 text-sm text-stone-600">
              {formatNumber(area.population)} {copy.populationSuffix}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-2 min-h-5 text-sm text-stone-600" aria-live="polite">
        {searching ? copy.searching : ''}
      </p>
      <div role="status" className="sr-only">
        {announcement}
      </div>
      {message && (
        <p id={noteId} className="mt-1 rounded-lg bg-flame-50 p-3 text-sm text-stone-800" role="note">
          {message}
        </p>
      )}
    </div>
  );
}

async function fetchSuggestions<S>(url: string, query: string, signal: AbortSignal): Promise<{ areas: S[]; message: string | null }> {
  const response = await fetch(`${url}?q=${encodeURIComponent(query)}`, { credentials: 'include', signal });
  if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
  return (await response.json()) as { areas: S[]; message: string | null };
}
