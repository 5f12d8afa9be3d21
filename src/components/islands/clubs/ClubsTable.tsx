import { useEffect, useId, useMemo, useState } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown, BadgeCheck, ExternalLink, Pencil, Trash2, Undo2 } from 'lucide-react';
import { FormField } from '#components/islands/shared/FormField.tsx';
import { LocalDate } from '#components/islands/shared/LocalDate.tsx';
import { VerificationBadge } from '#components/islands/shared/VerificationBadge.tsx';
import { CheckInBadge } from '#components/islands/shared/CheckInBadge.tsx';
import { Membership, UnconfirmedEmailBadge } from '#components/islands/shared/badges.tsx';
import type { AdminClubRecord, ClubRecord } from '#lib/clubs/types.ts';
import { meetingSummary } from '#lib/clubs/meetings/text.ts';
import { StateOptions } from '#components/islands/shared/StateOptions.tsx';
import { countOf } from '#lib/shared/plural.ts';

type SortKey = 'clubName' | 'state' | 'createdAt';
type SortDirection = 'ascending' | 'descending';
type StatusFilter = 'all' | 'verified' | 'pending' | 'needs-check-in';

/** Clubs a check-in is waiting for: flagged after 120 days (or by reports), and those that have left the directory. */
// Waiting for the host's answer: a club whose host said it stopped meeting is inactive, not waiting.
const needsCheckIn = (club: ClubRecord) => club.needsCheckInSince !== null;

const matchesStatus: Record<StatusFilter, (club: ClubRecord) => boolean> = {
  all: () => true,
  verified: (club) => club.isVerified,
  pending: (club) => !club.isVerified,
  'needs-check-in': needsCheckIn,
};

interface ClubsTableProps {
  clubs: AdminClubRecord[];
  /** Clubs with a change on its way to the server: their actions wait. */
  busyIds: ReadonlySet<number>;
  onEdit: (club: ClubRecord, opener: HTMLElement) => void;
  onToggleVerified: (club: ClubRecord) => void;
  onDelete: (club: ClubRecord) => void;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

const compare: Record<SortKey, (a: ClubRecord, b: ClubRecord) => number> = {
  clubName: (a, b) => collator.compare(a.clubName, b.clubName),
  state: (a, b) => collator.compare(a.state, b.state) || collator.compare(a.city, b.city) || collator.compare(a.clubName, b.clubName),
  createdAt: (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id,
};

const actionClass =
  'inline-flex items-center gap-1 whitespace-nowrap rounded-md border px-2.5 py-1.5 text-xs font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

/** Every club, with a text, state and status filter, sortable columns and each club's actions. */
export function ClubsTable({ clubs, busyIds, onEdit, onToggleVerified, onDelete }: ClubsTableProps) {
  const [text, setText] = useState('');
  const [state, setState] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [sort, setSort] = useState<{ key: SortKey; direction: SortDirection }>({ key: 'createdAt', direction: 'descending' });
  const tableId = useId();

  // The admins' "needs a check-in" notification links to /admin-clubs?filter=needs-check-in.
  useEffect(() => {
    if (new URLSearchParams(window.location.search).get('filter') === 'needs-check-in') setStatus('needs-check-in');
  }, []);

  const shown = useMemo(() => {
    const needle = text.trim().toLowerCase();
    const filtered = clubs.filter(
      (club) =>
        (!needle || [club.clubName, club.hostName, club.city, club.email].some((value) => value.toLowerCase().includes(needle))) &&
        (!state || club.state === state) &&
        matchesStatus[status](club),
    );
    const sign = sort.direction === 'ascending' ? 1 : -1;
    return filtered.sort((a, b) => sign * compare[sort.key](a, b));
  }, [clubs, text, state, status, sort]);

  const verified = clubs.filter((club) => club.isVerified).length;
  const waitingForCheckIn = clubs.filter(needsCheckIn).length;
  const filtering = text.trim() !== '' || state !== '' || status !== 'all';

  const sortBy = (key: SortKey) =>
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key, direction: key === 'createdAt' ? 'descending' : 'ascending' },
    );

  const header = (key: SortKey, label: string) => {
    const active = sort.key === key;
    const Icon = !active ? ArrowUpDown : sort.direction === 'ascending' ? ArrowUp : ArrowDown;
    return (
      <th scope="col" className="px-3 py-3" aria-sort={active ? sort.direction : undefined}>
        <button
          type="button"
          onClick={() => sortBy(key)}
          className="inline-flex items-center gap-1 rounded font-semibold text-stone-800 hover:text-flame-800"
        >
          {label}
          <Icon className={`h-3.5 w-3.5 ${active ? 'text-flame-800' : 'text-stone-500'}`} aria-hidden="true" />
        </button>
      </th>
    );
  };

  return (
    <section className="card min-w-0" aria-labelledby="clubs-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1">
        <h2 id="clubs-heading" className="text-2xl font-bold text-ember-900">
          All Clubs
        </h2>
        <p className="text-sm text-stone-700">
          {countOf(clubs.length, { one: 'club', other: 'clubs' })} · {verified} verified · {clubs.length - verified} pending ·{' '}
          {countOf(waitingForCheckIn, { one: 'needs a check-in', other: 'need a check-in' })}
        </p>
      </div>

      <div className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr]">
        <div className="sm:col-span-2 lg:col-span-1">
          <FormField label="Search clubs" hint="Club name, host, city or email">
            <input type="search" value={text} onChange={(event) => setText(event.target.value)} aria-controls={tableId} />
          </FormField>
        </div>
        <FormField label="State">
          <select value={state} onChange={(event) => setState(event.target.value)} aria-controls={tableId}>
            <option value="">All states</option>
            <StateOptions />
          </select>
        </FormField>
        <FormField label="Status">
          <select value={status} onChange={(event) => setStatus(event.target.value as StatusFilter)} aria-controls={tableId}>
            <option value="all">All clubs</option>
            <option value="verified">Verified</option>
            <option value="pending">Pending</option>
            <option value="needs-check-in">Needs check-in</option>
          </select>
        </FormField>
      </div>

      <div className="mt-4 flex flex-wrap items-center gap-3">
        <p className="text-sm text-stone-700" role="status">
          Showing {shown.length} of {clubs.length} clubs
        </p>
        {filtering && (
          <button
            type="button"
            className="text-sm font-semibold text-flame-800 underline"
            onClick={() => {
              setText('');
              setState('');
              setStatus('all');
            }}
          >
            Clear filters
          </button>
        )}
      </div>

      {/* Wide tables scroll inside their own box on small screens, never the page. `relative` keeps the sr-only
          texts (absolutely positioned) inside the box too. */}
      <div className="relative mt-3 overflow-x-auto rounded-xl border border-stone-200" role="region" aria-label="Clubs table" tabIndex={0}>
        <table id={tableId} className="w-full min-w-[60rem] border-collapse text-left text-sm">
          <caption className="sr-only">Clubs</caption>
          <thead className="bg-stone-100 text-stone-800">
            <tr>
              {header('clubName', 'Club')}
              <th scope="col" className="px-3 py-3 font-semibold">
                Host
              </th>
              {header('state', 'Location')}
              <th scope="col" className="px-3 py-3 font-semibold">
                Status
              </th>
              <th scope="col" className="px-3 py-3 font-semibold">
                Membership
              </th>
              {header('createdAt', 'Created')}
              <th scope="col" className="px-3 py-3 font-semibold">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200">
            {shown.map((club) => {
              const busy = busyIds.has(club.id);
              const meets = meetingSummary(club);
              return (
                <tr key={club.id} className="align-top hover:bg-flame-50/40" aria-busy={busy || undefined}>
                  <th scope="row" className="max-w-[16rem] px-3 py-3 font-semibold text-ember-900">
                    <span className="break-words">{club.clubName}</span>
                  </th>
                  <td className="max-w-[16rem] px-3 py-3">
                    <span className="block">{club.hostName}</span>
                    <span className="block break-all text-xs text-stone-600">{club.email}</span>
                    {!club.hostEmailConfirmed && <UnconfirmedEmailBadge />}
                  </td>
                  <td className="max-w-[16rem] px-3 py-3">
                    {club.city}, {club.state}
                    <span className="block text-xs text-stone-600">{club.zipCode}</span>
                    {meets && <span className="mt-1 block text-xs text-stone-700">Meets: {meets}</span>}
                  </td>
                  <td className="px-3 py-3">
                    <span className="flex flex-col items-start gap-1">
                      <VerificationBadge verified={club.isVerified} />
                      <CheckInBadge club={club} />
                    </span>
                  </td>
                  <td className="px-3 py-3">
                    <Membership club={club} />
                  </td>
                  <td className="whitespace-nowrap px-3 py-3">
                    <LocalDate value={club.createdAt} />
                  </td>
                  <td className="px-3 py-3">
                    <div className="flex flex-wrap gap-1.5">
                      <button
                        type="button"
                        className={`${actionClass} border-flame-700 bg-white text-flame-800 hover:bg-flame-50`}
                        disabled={busy}
                        onClick={(event) => onEdit(club, event.currentTarget)}
                      >
                        <Pencil className="h-3.5 w-3.5" aria-hidden="true" />
                        Edit<span className="sr-only"> {club.clubName}</span>
                      </button>
                      <button
                        type="button"
                        className={`${actionClass} ${
                          club.isVerified
                            ? 'border-stone-400 bg-white text-stone-800 hover:bg-stone-100'
                            : 'border-emerald-800 bg-emerald-800 text-white hover:bg-emerald-900'
                        }`}
                        disabled={busy}
                        onClick={() => onToggleVerified(club)}
                      >
                        {club.isVerified ? (
                          <Undo2 className="h-3.5 w-3.5" aria-hidden="true" />
                        ) : (
                          <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />
                        )}
                        {club.isVerified ? 'Unverify' : 'Verify'}
                        <span className="sr-only"> {club.clubName}</span>
                      </button>
                      <button
                        type="button"
                        className={`${actionClass} border-red-800 bg-white text-red-800 hover:bg-red-50`}
                        disabled={busy}
                        onClick={() => onDelete(club)}
                      >
                        <Trash2 className="h-3.5 w-3.5" aria-hidden="true" />
                        Delete<span className="sr-only"> {club.clubName}</span>
                      </button>
                      <a
                        className={`${actionClass} border-transparent text-flame-800 underline hover:bg-flame-50`}
                        href={`/club-profile/${club.id}`}
                      >
                        <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
                        Profile<span className="sr-only"> of {club.clubName}</span>
                      </a>
                    </div>
                  </td>
                </tr>
              );
            })}
            {shown.length === 0 && (
              <tr>
                <td colSpan={7} className="px-3 py-10 text-center text-stone-700">
                  {clubs.length === 0 ? 'No clubs registered yet.' : 'No clubs match these filters.'}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
