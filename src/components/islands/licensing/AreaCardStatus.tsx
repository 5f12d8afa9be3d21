import { Loader2 } from 'lucide-react';
import type { AreaSearchCopy } from '#components/islands/shared/copy.ts';
import type { CardState } from './use-area-card.ts';

interface AreaCardStatusProps {
  card: CardState;
  copy: AreaSearchCopy['search'];
  onRetry: (id: string) => void;
}

/** What the place of the area card says while there is no card to show: loading, not found, or failed (with Retry). */
export function AreaCardStatus({ card, copy, onRetry }: AreaCardStatusProps) {
  return (
    <div aria-live="polite" aria-busy={card.name === 'loading'}>
      {card.name === 'loading' && (
        <p className="card flex items-center gap-2 text-stone-700">
          <Loader2 className="h-5 w-5 animate-spin text-flame-700" aria-hidden="true" />
          {copy.loadingArea}
        </p>
      )}
      {card.name === 'not-found' && (
        <p className="card text-stone-800">{card.reason ? `${card.reason} ${copy.searchAnother}` : copy.notFound}</p>
      )}
      {card.name === 'failed' && (
        <p className="card text-stone-800">
          {copy.failed.description}{' '}
          <button type="button" className="font-semibold text-flame-800 underline" onClick={() => onRetry(card.id)}>
            {copy.retry}
          </button>
        </p>
      )}
    </div>
  );
}
