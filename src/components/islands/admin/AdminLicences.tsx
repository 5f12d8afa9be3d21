import { useCallback, useEffect, useId, useState } from 'react';
import { Download } from 'lucide-react';
import { apiRequest, serverMessage } from '#lib/client/api.ts';
import { handleAdminError } from '#lib/client/admin-errors.ts';
import { toast } from '#lib/client/toast.ts';
import { FormField } from '#components/islands/FormField.tsx';
import { StateOptions } from '#components/islands/StateOptions.tsx';
import { formatDollars } from '#lib/format.ts';
import type { GuideListing } from '#lib/guide-types.ts';
import {
  AREA_KINDS,
  LICENCE_KINDS,
  LICENCE_STATUSES,
  guideNameOf,
  type AdminLicence,
  type GuideStatus,
  type LicenceGuide,
} from '#lib/licensing-types.ts';
import type { GuideVisibilityInput } from '#lib/schemas/guides.ts';
import {
  AREA_KIND_LABELS,
  KIND_LABELS,
  LICENCES_CSV_URL,
  LICENCES_URL,
  STATUS_FILTER_LABELS,
  isFiltered,
  licenceQueryString,
  type LicenceFilters,
} from './licence-filters.ts';
import { HideGuideDialog } from './HideGuideDialog.tsx';
import { LicencesTable, type LicenceAction } from './LicencesTable.tsx';
import { Pager } from './Pager.tsx';
import { LICENCES_PAGE_SIZE, MAX_LICENCES_PAGE } from '#lib/schemas/licensing.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { useAdminPage } from './use-admin-page.ts';
import { SCRIPT_FORM } from '#components/islands/shared/form-posts.ts';

interface AdminLicencesProps {
  /** The view the page's URL asked for. */
  initialFilters: LicenceFilters;
}

/** How long the search box waits for the admin to stop typing before it asks the server. */
const SEARCH_DELAY_MS = 300;

/** `current` with `key` added (on) or removed. */
function toggled<T>(current: ReadonlySet<T>, key: T, on: boolean): ReadonlySet<T> {
  const next = new Set(current);
  if (on) next.add(key);
  else next.delete(key);
  return next;
}

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : '');

/** "the exclusive licence of Jane Doe for ZIP 78704": how confirmations and toasts name a licence. */
const describe = (licence: AdminLicence) => `the ${licence.kind} licence of ${guideNameOf(licence)} for ${licence.area.label}`;

/**
 * /admin-licences: every reservation and licence a page at a time from the API, with filters kept in the URL, the
 * admin's actions on each (mark paid, renew, revoke, release), each guide's certification and whether their profile
 * is listed (the admin may hide it).
 */
export default function AdminLicences({ initialFilters }: AdminLicencesProps) {
  const [filters, setFilters] = useState<LicenceFilters>(initialFilters);
  const [text, setText] = useState(initialFilters.q ?? '');
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(() => new Set());
  const [busyGuides, setBusyGuides] = useState<ReadonlySet<string>>(() => new Set());
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

  const setFilter = <K extends 'status' | 'kind' | 'areaKind' | 'state'>(key: K, value: string) =>
    setFilters((current) => ({ ...current, [key]: value || undefined, page: 1 }));

  /** Changes the guide of every row of theirs on the page. */
  const updateGuide = (guideId: string, change: (guide: LicenceGuide) => LicenceGuide) =>
    setList(
      (current) =>
        current && { ...current, items: current.items.map((l) => (l.guide?.id === guideId ? { ...l, guide: change(l.guide) } : l)) },
    );

  // The guide comes back with the licence: their other rows learn whether they are listed now (a payment lists them).
  const replaceLicence = (updated: AdminLicence) =>
    setList(
      (current) =>
        current && {
          ...current,
          items: current.items.map((l) =>
            l.id === updated.id ? updated : updated.guide && l.guide?.id === updated.guide.id ? { ...l, guide: updated.guide } : l,
          ),
        },
    );

  /** When the button that was used has gone (a paid order has no Mark paid), focus goes to the row instead of the page. */
  const keepFocusInRow = (licenceId: number, opener: Element | null) => {
    requestAnimationFrame(() => {
      if (opener instanceof HTMLElement && opener.isConnected && document.activeElement === opener) return;
      if (opener instanceof HTMLElement && opener.isConnected && !(opener as HTMLButtonElement).disabled) return opener.focus();
      document.getElementById(`${tableId}-area-${licenceId}`)?.focus();
    });
  };

  const act = async (licence: AdminLicence, action: LicenceAction) => {
    if (action === 'revoke' && !window.confirm(`Revoke ${describe(licence)}? The area will be free for others.`)) return;
    if (
      action === 'release' &&
      !window.confirm(
        `Release the reservation of ${guideNameOf(licence)} for ${licence.area.label}? Its order will be cancelled and the area will be free for others.`,
      )
    )
      return;
    const opener = document.activeElement;
    setBusyIds((current) => toggled(current, licence.id, true));
    try {
      const response = await apiRequest(
        'POST',
        action === 'renew' ? `/api/licences/${licence.id}/renew` : `/api/admin/licences/${licence.id}/${action}`,
      );
      // The admin gets the whole row back from each, the renewal's order in its history.
      const updated = (await response.json()) as AdminLicence;
      replaceLicence(updated);
      if (action === 'renew') {
        const order = updated.openOrder;
        toast({
          title: 'Renewal Order Created',
          description: order
            ? `Order ${order.reference} for ${formatDollars(order.amount)} is awaiting payment, due ${day(order.dueAt)}.`
            : `${licence.area.label} has a renewal order.`,
        });
      } else {
        toast(
          action === 'mark-paid'
            ? {
                title: 'Payment Recorded',
                description: `${licence.area.label} is active${updated.endsAt ? ` until ${day(updated.endsAt)}` : ''} for ${guideNameOf(licence)}.`,
              }
            : action === 'revoke'
              ? { title: 'Licence Revoked', description: `${licence.area.label} is free for others.` }
              : { title: 'Reservation Released', description: `${licence.area.label} is free for others.` },
        );
      }
      keepFocusInRow(licence.id, opener);
    } catch (error) {
      const titles: Record<LicenceAction, string> = {
        'mark-paid': 'Mark Paid Failed',
        renew: 'Renew Failed',
        revoke: 'Revoke Failed',
        release: 'Release Failed',
      };
      // After a refusal (the job lapsed it, another admin acted first) show the list as the server has it.
      if (!handleAdminError(error, { title: titles[action], description: serverMessage(error) ?? 'Please try again.' })) reload();
    } finally {
      setBusyIds((current) => toggled(current, licence.id, false));
    }
  };

  const certify = async (guide: LicenceGuide, certifiedOn: string | null): Promise<boolean> => {
    setBusyGuides((current) => toggled(current, guide.id, true));
    try {
      const response = await apiRequest('PUT', `/api/admin/guides/${encodeURIComponent(guide.id)}/certification`, { certifiedOn });
      const status = (await response.json()) as GuideStatus;
      // 'not-certified' is always the first of the reasons (unlistedReasons' order).
      updateGuide(guide.id, (current) => {
        const others = current.unlistedReasons.filter((reason) => reason !== 'not-certified');
        return { ...current, certifiedOn: status.certifiedOn, unlistedReasons: status.certifiedOn ? others : ['not-certified', ...others] };
      });
      toast(
        status.certifiedOn
          ? { title: 'Certification Saved', description: `${guide.name} is certified as of ${day(`${status.certifiedOn}T12:00:00`)}.` }
          : { title: 'Certification Cleared', description: `${guide.name} is no longer marked as certified.` },
      );
      return true;
    } catch (error) {
      handleAdminError(error, { title: 'Certification Failed', description: serverMessage(error) ?? 'Please try again.' });
      return false;
    } finally {
      setBusyGuides((current) => toggled(current, guide.id, false));
    }
  };

  const setVisibility = async (guide: LicenceGuide, visibility: GuideVisibilityInput) => {
    setBusyGuides((current) => toggled(current, guide.id, true));
    try {
      const response = await apiRequest('POST', `/api/admin/guides/${encodeURIComponent(guide.id)}/visibility`, visibility);
      const listing = (await response.json()) as GuideListing;
      updateGuide(guide.id, (current) => ({ ...current, ...listing }));
      toast(
        visibility.hidden
          ? { title: 'Profile Hidden', description: `${guide.name} has been emailed your reason.` }
          : { title: 'Profile Shown', description: `${guide.name} has been told that their profile is shown again.` },
      );
    } catch (error) {
      handleAdminError(error, { title: 'Change Failed', description: serverMessage(error) ?? 'Please try again.' });
    } finally {
      setBusyGuides((current) => toggled(current, guide.id, false));
    }
  };

  const showGuide = (guide: LicenceGuide) => {
    if (window.confirm(`Show the profile of ${guide.name} again? They are emailed that it is shown.`))
      void setVisibility(guide, { hidden: false });
  };

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

        <form
          {...SCRIPT_FORM}
          className="mt-5 grid grid-cols-2 gap-4 lg:grid-cols-[2fr_1.4fr_1fr_1fr_1.2fr] lg:items-end"
          role="search"
          aria-label="Filter licences"
          onSubmit={(event) => {
            event.preventDefault();
            const q = text.trim();
            setFilters((current) => ({ ...current, q: q || undefined, page: 1 }));
          }}
        >
          <div className="col-span-2 lg:col-span-1">
            <FormField label="Search licences" hint="Guide name or email, area, or order reference">
              <input type="search" value={text} maxLength={100} onChange={(event) => setText(event.target.value)} aria-controls={tableId} />
            </FormField>
          </div>
          <div className="col-span-2 lg:col-span-1">
            <FormField label="Status">
              <select value={filters.status ?? ''} onChange={(event) => setFilter('status', event.target.value)} aria-controls={tableId}>
                <option value="">All statuses</option>
                {LICENCE_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {STATUS_FILTER_LABELS[status]}
                  </option>
                ))}
              </select>
            </FormField>
          </div>
          <FormField label="Kind">
            <select value={filters.kind ?? ''} onChange={(event) => setFilter('kind', event.target.value)} aria-controls={tableId}>
              <option value="">Both kinds</option>
              {LICENCE_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {KIND_LABELS[kind]}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Area kind">
            <select value={filters.areaKind ?? ''} onChange={(event) => setFilter('areaKind', event.target.value)} aria-controls={tableId}>
              <option value="">All areas</option>
              {AREA_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {AREA_KIND_LABELS[kind]}
                </option>
              ))}
            </select>
          </FormField>
          <div className="col-span-2 lg:col-span-1">
            <FormField label="State">
              <select value={filters.state ?? ''} onChange={(event) => setFilter('state', event.target.value)} aria-controls={tableId}>
                <option value="">All states</option>
                <StateOptions />
              </select>
            </FormField>
          </div>
        </form>

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
