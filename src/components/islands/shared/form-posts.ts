import { useEffect, useMemo, useState } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { NEEDS_JAVASCRIPT_ACTION } from '#lib/shared/form-posts.ts';

// What an island's form needs to be safe, and to work, before its script runs (docs/decisions/030).

/** Whether the island has hydrated: false in the server's HTML and until the script has run. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * The field messages of a form the server answered without JavaScript (its flash's `fieldErrors`, keyed by path as
 * "meetingSlots.0.start"), as useForm's `errors` option takes them: shown in the server's HTML, kept once hydrated.
 */
export function useServerErrors<T extends FieldValues>(fieldErrors: Record<string, string[]> | undefined): FieldErrors<T> | undefined {
  return useMemo(() => {
    if (!fieldErrors) return undefined;
    const errors: Record<string, unknown> = {};
    for (const [path, [message]] of Object.entries(fieldErrors)) {
      if (!message) continue;
      const keys = path.split('.');
      let at = errors;
      for (const key of keys.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
      at[keys.at(-1)!] = { type: 'server', message };
    }
    return errors as FieldErrors<T>;
  }, [fieldErrors]);
}

/**
 * The attributes of a form that works only with its island's script: a post sent anyway (before hydration) goes
 * where nothing is read and the page says the form needs JavaScript; without them the browser would send a GET with
 * every field in the address. A form the server renders also keeps its button disabled until `useHydrated()`.
 */
export const SCRIPT_FORM = { method: 'post', action: NEEDS_JAVASCRIPT_ACTION } as const;
