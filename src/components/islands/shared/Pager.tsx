import { ChevronLeft, ChevronRight } from 'lucide-react';

const PAGE_BUTTON = 'btn-secondary px-4 py-2 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 aria-disabled:hover:bg-white';

interface PagerProps {
  /** The navigation landmark's name: "Question pages". */
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}

/**
 * Previous / "Page 2 of 5" / Next under a paged admin list. The buttons stay focusable at either end (aria-disabled,
 * not disabled), so keyboard focus is never thrown out of the list; `onPage` gets only pages that exist.
 */
export function Pager({ label, page, pages, onPage }: PagerProps) {
  const goTo = (next: number) => {
    if (next >= 1 && next <= pages) onPage(next);
  };
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-stone-200 pt-4">
      <button type="button" className={PAGE_BUTTON} aria-disabled={page <= 1} onClick={() => goTo(page - 1)}>
        <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        Previous
      </button>
      {/* On a phone the page number takes a row of its own, above the buttons. */}
      <p
        className="order-first w-full text-center text-sm font-semibold whitespace-nowrap text-stone-700 sm:order-none sm:w-auto"
        aria-live="polite"
        aria-atomic="true"
      >
        {`Page ${page} of ${pages}`}
      </p>
      <button type="button" className={PAGE_BUTTON} aria-disabled={page >= pages} onClick={() => goTo(page + 1)}>
        Next
        <ChevronRight className="h-4 w-4" aria-hidden="true" />
      </button>
    </nav>
  );
}
