import { useCallback, useRef, useState } from 'react';
import type { AreaCardWithDemand } from '#lib/demand/counts.ts';
import { getJson, serverMessage, serverStatus } from '#lib/client/api.ts';
import { toast } from '#lib/client/toast.ts';
import type { AreaSearchCopy } from '#components/islands/shared/copy.ts';

export type CardState =
  | { name: 'none' }
  | { name: 'loading'; id: string }
  | { name: 'ready'; area: AreaCardWithDemand }
  | { name: 'not-found'; reason: string | null }
  | { name: 'failed'; id: string };

/**
 * The area card of /area-search: none, loading, the area, or why it cannot be shown. `loadArea` asks the API (`quietly`:
 * the card on screen stays meanwhile); only the answer for the latest area asked for is shown.
 */
export function useAreaCard(failedCopy: AreaSearchCopy['search']['failed']) {
  const [card, setCard] = useState<CardState>({ name: 'none' });
  const latest = useRef<string | null>(null);

  const loadArea = useCallback(
    async (id: string, quietly = false) => {
      latest.current = id;
      if (!quietly) setCard({ name: 'loading', id });
      try {
        const area = await getJson<AreaCardWithDemand>(`/api/areas/${encodeURIComponent(id)}`);
        if (latest.current === id) setCard({ name: 'ready', area });
      } catch (error) {
        if (latest.current !== id) return;
        const status = serverStatus(error);
        // 400 is a malformed id in the URL: as unknown to the visitor as an id that names nothing. A 404 may say why
        // the area cannot be licensed (DC, a ZIP code without population).
        if (status === 404 || status === 400) setCard({ name: 'not-found', reason: serverMessage(error) ?? null });
        else {
          setCard({ name: 'failed', id });
          toast({ title: failedCopy.title, description: failedCopy.description, variant: 'destructive' });
        }
      }
    },
    [failedCopy],
  );

  const clearArea = useCallback(() => {
    latest.current = null;
    setCard({ name: 'none' });
  }, []);

  return { card, loadArea, clearArea };
}
