import { useEffect, useState } from 'react';
import type { PublicClub } from '#lib/directory/types.ts';

/**
 * A list of clubs, the place it was measured from and the URL of its next page (Link rel="next"); null for a non-OK
 * answer, which the spec ignores silently.
 */
export async function fetchClubs(url: string) {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) return null;
  const { headers } = response;
  const next = /<([^>]+)>;\s*rel="next"/.exec(headers.get('link') ?? '')?.[1] ?? null;
  return {
    clubs: (await response.json()) as PublicClub[],
    place: headers.get('x-search-place'),
    message: headers.get('x-search-message'),
    choices: headers.get('x-search-choices')?.split('|') ?? [],
    next,
  };
}

/** The directory's initial list while it loads (neither set), once loaded (`data`, and `next`, its next page's URL while more follow) or failed (`error`). */
export interface RecentClubs {
  data?: PublicClub[];
  next?: string | null;
  error?: unknown;
}

/**
 * The directory's initial list, read once per page view. A plain fetch rather than a nanoquery store: the page
 * holds no other cached data, and the store's ~3 KB would not fit the page's 80 KB JavaScript budget.
 */
export function useRecentClubs(): RecentClubs {
  const [state, setState] = useState<RecentClubs>({});
  useEffect(() => {
    fetchClubs('/api/clubs').then(
      (found) => setState(found ? { data: found.clubs, next: found.next } : { error: new Error('The clubs were refused') }),
      (error: unknown) => setState({ error }),
    );
  }, []);
  return state;
}
