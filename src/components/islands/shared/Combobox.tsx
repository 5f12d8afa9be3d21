import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import { toast } from '#lib/client/toast.ts';
import { fillTemplate } from '#lib/shared/format.ts';

/** Long enough to skip the requests of a word being typed, short enough that suggestions feel immediate. */
const DEBOUNCE_MS = 150;

/** What the server suggests for a text: the options, and a note to show when there is something to say. */
export interface Suggestions<T> {
  options: T[];
  message: string | null;
}

/** The combobox's words (from site content). */
export interface ComboboxCopy {
  label: string;
  hint: string;
  placeholder?: string;
  searching: string;
  /** {count} suggestions, announced to screen readers as they change. */
  suggestionsCount: string;
  oneSuggestion: string;
  noSuggestions: string;
  failed: { title: string; description: string };
}

interface Props<T> {
  copy: ComboboxCopy;
  /** The text in the box: the combobox is controlled, so a form can own the value. */
  text: string;
  /** Every change of the text, typed or chosen. */
  onTextChange: (text: string) => void;
  /** The suggestions for a trimmed text of at least minQueryLength characters; aborted when a newer one replaces it. */
  suggest: (query: string, signal: AbortSignal) => Promise<Suggestions<T>>;
  minQueryLength: number;
  optionKey: (option: T) => string | number;
  /** The text the box shows once an option is chosen. */
  optionText: (option: T) => string;
  renderOption: (option: T) => ReactNode;
  onSelect: (option: T) => void;
  /** The option Enter chooses when none is highlighted (the only one, say), if any: else Enter does what it would. */
  enterChooses?: (options: T[], text: string) => T | undefined;
  /** The input's look (FormField's, or a large search box) and an icon inside it on the left. */
  inputClassName: string;
  icon?: ReactNode;
  /** A field message, announced as FormField announces its own. */
  error?: string;
  name?: string;
  onBlur?: () => void;
  maxLength?: number;
  /** The look of the "Searching…" line: by default heard, not seen. */
  searchingClassName?: string;
}

/**
 * A WAI-ARIA 1.2 combobox with a listbox popup, for a text box that suggests as the visitor types: arrows move through
 * the options, Enter chooses one, Escape closes the list (or, closed, clears the box); free text stays allowed. Focus
 * stays in the input; the active option is named by aria-activedescendant. A request that a newer one replaced is
 * aborted, and an answer that arrives after a newer one is ignored.
 */
export function Combobox<T>({
  copy,
  text,
  onTextChange,
  suggest,
  minQueryLength,
  optionKey,
  optionText,
  renderOption,
  onSelect,
  enterChooses,
  inputClassName,
  icon,
  error,
  name,
  onBlur,
  maxLength = 100,
  searchingClassName = 'sr-only',
}: Props<T>) {
  const id = useId();
  const listboxId = `${id}-listbox`;
  const hintId = `${id}-hint`;
  const noteId = `${id}-note`;
  const errorId = `${id}-error`;
  const [options, setOptions] = useState<T[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [searching, setSearching] = useState(false);
  // The number of the latest request: an answer to an older one is stale whatever order the network delivers them in.
  const latest = useRef(0);
  const controller = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Enter pressed before the suggestions came: their answer chooses (issue 41 item 9).
  const enterPending = useRef(false);

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
    enterPending.current = false;
    const request = ++latest.current;
    if (query.trim().length < minQueryLength) {
      setOptions([]);
      setMessage(null);
      setOpen(false);
      setSearching(false);
      return;
    }
    setSearching(true);
    timer.current = setTimeout(() => {
      const abort = new AbortController();
      controller.current = abort;
      suggest(query.trim(), abort.signal).then(
        (answer) => {
          if (request !== latest.current) return;
          const chosen = enterPending.current && enterChooses?.(answer.options, query);
          enterPending.current = false;
          if (chosen) {
            setOptions(answer.options);
            return choose(chosen);
          }
          setOptions(answer.options);
          setMessage(answer.message);
          setActive(-1);
          setOpen(true);
          setSearching(false);
        },
        (failure: unknown) => {
          if (request !== latest.current || (failure instanceof DOMException && failure.name === 'AbortError')) return;
          setSearching(false);
          toast({ title: copy.failed.title, description: copy.failed.description, variant: 'destructive' });
        },
      );
    }, DEBOUNCE_MS);
  };

  const choose = (option: T) => {
    // The chosen text stays in the box; no search runs for it.
    clearTimeout(timer.current);
    controller.current?.abort();
    latest.current++;
    setSearching(false);
    onTextChange(optionText(option));
    // The note was about the text typed; the choice now speaks for itself.
    setMessage(null);
    setOpen(false);
    setActive(-1);
    onSelect(option);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(options.length > 0 || message !== null);
        if (options.length > 0) setActive((index) => (index + 1) % options.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(options.length > 0 || message !== null);
        if (options.length > 0) setActive((index) => (index <= 0 ? options.length - 1 : index - 1));
        break;
      case 'Enter': {
        // While a search runs, the options are the last text's: the pending Enter waits for the new ones.
        const option = (open ? options[active] : undefined) ?? (open && !searching ? enterChooses?.(options, text) : undefined);
        if (option) {
          event.preventDefault();
          choose(option);
        } else if (searching && enterChooses && !event.currentTarget.form) {
          // In a form, Enter sends the text as typed; alone, it waits for the suggestions.
          enterPending.current = true;
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
          onTextChange('');
          search('');
        }
        break;
    }
  };

  const expanded = open && options.length > 0;
  const activeOption = expanded ? options[active] : undefined;
  const announcement = !open
    ? ''
    : options.length === 0
      ? (message ?? copy.noSuggestions)
      : options.length === 1
        ? copy.oneSuggestion
        : fillTemplate(copy.suggestionsCount, { count: options.length });
  const describedBy = [hintId, message ? noteId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className="relative">
      <label htmlFor={`${id}-input`} className="block text-sm font-semibold text-stone-800">
        {copy.label}
      </label>
      <p id={hintId} className="mt-0.5 text-xs text-stone-600">
        {copy.hint}
      </p>
      <div className="relative">
        {icon}
        <input
          id={`${id}-input`}
          type="text"
          role="combobox"
          name={name}
          autoComplete="off"
          spellCheck={false}
          maxLength={maxLength}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={activeOption ? `${id}-option-${active}` : undefined}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          placeholder={copy.placeholder}
          value={text}
          onInput={(event) => {
            const value = event.currentTarget.value;
            onTextChange(value);
            search(value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            onBlur?.();
          }}
          onFocus={() => options.length > 0 && setOpen(true)}
          className={inputClassName}
        />
        {searching && (
          <Loader2 className="absolute right-3 top-1/2 mt-0.5 h-5 w-5 -translate-y-1/2 animate-spin text-flame-700" aria-hidden="true" />
        )}
      </div>
      <ul
        id={listboxId}
        role="listbox"
        aria-label={copy.label}
        hidden={!expanded}
        className="absolute z-30 mt-1 max-h-80 w-full overflow-y-auto rounded-lg border border-stone-200 bg-white py-1 shadow-lg"
      >
        {options.map((option, index) => (
          <li
            key={optionKey(option)}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            // Keeps focus in the input, so the click does not close the list before it lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
            onMouseMove={() => index !== active && setActive(index)}
            className={`flex cursor-pointer items-baseline justify-between gap-3 px-4 py-2.5 ${
              index === active ? 'bg-flame-100 text-ember-900' : 'text-stone-800'
            }`}
          >
            {renderOption(option)}
          </li>
        ))}
      </ul>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-800" role="alert">
          {error}
        </p>
      )}
      <p className={searchingClassName} aria-live="polite">
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
