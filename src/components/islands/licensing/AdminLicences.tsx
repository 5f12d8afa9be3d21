import { useCallback, useEffect, useId, useState } from 'react';
import { Download } from 'lucide-react';
import type { AdminLicence, LicenceGuide } from '#lib/licensing/types.ts';
import { LICENCES_CSV_URL, LICENCES_URL, isFiltered, licenceQueryString, type LicenceFilters } from './licence-filters.ts';
import { HideGuideDialog } from './HideGuideDialog.tsx';
import { LicenceFiltersForm, type LicenceSelectFilter } from './LicenceFiltersForm.tsx';
import { LicencesTable } from './LicencesTable.tsx';
import { Pager } from '#components/islands/shared/Pager.tsx';
import { LICENCES_PAGE_SIZE, MAX_LICENCES_PAGE } from '#lib/schemas/licensing.ts';
import { LoadFailed } from '#components/islands/shared/LoadFailed.tsx';
import { useAdminPage } from '#components/islands/shared/use-admin-page.ts';
import { useLicenceActions } from './use-licence-actions.ts';

interface AdminLicencesProps {
  /** The view the page's URL asked for. */
  initialFilters: LicenceFilters;
}

/** How long the search box waits for the admin to stop typing before it asks the server. */
const SEARCH_DELAY_MS = 300;

/**
 * /admin-licences: every reservation and licence a page at a time from the API, with filters kept in the URL, the
 * admin's actions on each (mark paid, renew, revoke, release), each guide's certification and whether their profile
 * is listed (the admin may hide it).
 */
export default function AdminLicences({ initialFilters }: AdminLicencesProps) {
  const [filters, setFilters] = useState<LicenceFilters>(initialFilters);
  const [text, setText] = useState(initialFilters.q ?? '');
  const [hidingGuide, setHidingGuide] = useState<LicenceGuide | null>(null);
  const tableId = useId();

  const query = licenceQueryString(filters);
  const exportQuery = licenceQueryString(filters, { withPage: false });

  const goToPage = useCallback((page: number) => setFilters((current) => ({ ...current, page })), []);
  const { list, setList, loading, loadError, reload, pages, status } = useAdminPage<AdminLicence>({
    url: LICENCES_URL,
    query,
    page: filters.page,
    pageSize: LICENCES_PAGE_SIZE,
    maxPage: MAX_LICENCES_PAGE,
    noun: ['licence', 'licences'],
    goToPage,
  });

  // The search box asks the server once the admin pauses typing.
  useEffect(() => {
    const q = text.trim();
    if (q === (filters.q ?? '')) return;
    const timer = setTimeout(() => setFilters((current) => ({ ...current, q: q || undefined, page: 1 })), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, filters.q]);

  /** Asks for the search box's text now. */
  const search = () => {
    const q = text.trim();
    setFilters((current) => ({ ...current, q: q || undefined, page: 1 }));
  };

  const setFilter = (key: LicenceSelectFilter, value: string) =>
    setFilters((current) => ({ ...current, [key]: value || undefined, page: 1 }));

  const { busyIds, busyGuides, act, certify, setVisibility, showGuide } = useLicenceActions({ setList, reload, tableId });

  const filtered = isFiltered(filters);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <section className="card min-w-0" aria-labelledby="licences-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
          <h2 id="licences-heading" className="text-2xl font-bold text-ember-900">
            Licences and Reservations
          </h2>
          <a className="btn-secondary px-3 py-2" href={exportQuery ? `${LICENCES_CSV_URL}?${exportQuery}` : LICENCES_CSV_URL} download>
            <Download className="h-4 w-4" aria-hidden="true" />
            Export CSV
          </a>
        </div>

        <LicenceFiltersForm filters={filters} text={text} onTextChange={setText} onFilter={setFilter} onSearch={search} tableId={tableId} />

        <div className="mt-4 flex flex-wrap items-center gap-3">
          <p className="text-sm text-stone-700" role="status">
            {status}
          </p>
          {filtered && (
            <button
              type="button"
              className="text-sm font-semibold text-flame-800 underline"
              onClick={() => {
                setText('');
                setFilters({ page: 1 });
              }}
            >
              Clear filters
            </button>
          )}
        </div>

        {loadError && <LoadFailed message={loadError} onRetry={reload} />}

        <div className={`transition-opacity ${loading && list ? 'opacity-60' : ''}`} aria-busy={loading}>
          <LicencesTable
            tableId={tableId}
            licences={list?.items ?? []}
            loading={!list}
            filtered={filtered}
            busyIds={busyIds}
            busyGuides={busyGuides}
            onAction={(licence, action) => void act(licence, action)}
            onCertify={certify}
            onHideGuide={setHidingGuide}
            onShowGuide={showGuide}
          />
        </div>

        {pages > 1 && (
          <Pager
            label="Licence pages"
            page={filters.page}
            pages={pages}
            onPage={(page) => setFilters((current) => ({ ...current, page }))}
          />
        )}
      </section>
      <HideGuideDialog
        guide={hidingGuide}
        onConfirm={(guide, reason) => void setVisibility(guide, { hidden: true, reason })}
        onClose={() => setHidingGuide(null)}
      />
    </div>
  );
}
