import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { apiRequest, serverMessage } from '#lib/client/api.ts';
import { handleAdminError } from '#lib/client/admin-errors.ts';

/** A page of an admin list as the API answered it: its rows, how many match in all, and which page it is. */
export interface AdminPage<T> {
  items: T[];
  total: number;
  page: number;
}

interface AdminPageOptions {
  /** The list's API route, asked with `query`. */
  url: string;
  /** The filters and page as a query string, also kept in the address bar. */
  query: string;
  page: number;
  /** Rows a page, and the last page the API serves. */
  pageSize: number;
  maxPage: number;
  /** What a row is called: ['order', 'orders']. */
  noun: readonly [one: string, many: string];
  /** Shows another page (the last one, when a change left the page on screen past it). */
  goToPage: (page: number) => void;
}

/**
 * The page of an admin list (/admin-licences, /admin-orders) on screen: loaded from the API whenever its query
 * changes (an older answer never replaces a newer one), its view kept in the address bar so a reload or a link shows
 * the same list, and moved back to the last page when a change leaves it past the end.
 */
export function useAdminPage<T>({ url, query, page, pageSize, maxPage, noun, goToPage }: AdminPageOptions): {
  list: AdminPage<T> | null;
  setList: Dispatch<SetStateAction<AdminPage<T> | null>>;
  loading: boolean;
  loadError: string | null;
  reload: () => void;
  pages: number;
  /** "Showing 26–50 of 60 orders", or "Loading orders..." before the first answer. */
  status: string;
} {
  const [one, many] = noun;
  const [list, setList] = useState<AdminPage<T> | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const latestRequest = useRef(0);

  const load = useCallback(
    async (search: string, shownPage: number) => {
      const requestId = ++latestRequest.current;
      setLoading(true);
      try {
        const response = await apiRequest('GET', search ? `${url}?${search}` : url);
        const items = (await response.json()) as T[];
        const total = Number(response.headers.get('x-total-count') ?? items.length);
        if (requestId !== latestRequest.current) return;
        setList({ items, total: Number.isFinite(total) ? total : items.length, page: shownPage });
        setLoadError(null);
      } catch (error) {
        if (requestId !== latestRequest.current) return;
        const message = serverMessage(error) ?? `Unable to load ${many}. Please try again.`;
        setLoadError(message);
        handleAdminError(error, { title: 'Loading Failed', description: message });
      } finally {
        if (requestId === latestRequest.current) setLoading(false);
      }
    },
    [url, many],
  );

  useEffect(() => {
    const address = query ? `${window.location.pathname}?${query}` : window.location.pathname;
    if (address !== `${window.location.pathname}${window.location.search}`) window.history.replaceState(window.history.state, '', address);
    void load(query, page);
  }, [query, page, load]);

  const pages = Math.min(maxPage, Math.max(1, Math.ceil((list?.total ?? 0) / pageSize)));
  useEffect(() => {
    if (list && !loading && page > pages) goToPage(pages);
  }, [list, loading, page, pages, goToPage]);

  const status = list ? showing(list, pageSize, one, many) : loading ? `Loading ${many}...` : '';
  return { list, setList, loading, loadError, reload: () => void load(query, page), pages, status };
}

/** "Showing 51–100 of 230 licences" for a page of a list. */
function showing({ items, total, page }: AdminPage<unknown>, pageSize: number, one: string, many: string): string {
  if (total === 0 || items.length === 0) return `Showing 0 of ${total} ${many}`;
  const first = (page - 1) * pageSize + 1;
  return `Showing ${first}–${first + items.length - 1} of ${total} ${total === 1 ? one : many}`;
}
