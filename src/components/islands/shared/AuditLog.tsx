import { useEffect, useState } from 'react';
import { getJson } from '#lib/client/api.ts';
import { LocalDate } from './LocalDate.tsx';
import { LocalDateTime } from './LocalDateTime.tsx';
import {
  FORMAT_LABELS,
  FREQUENCY_LABELS,
  LANGUAGE_LABELS,
  type MeetingFormat,
  type MeetingFrequency,
  type MeetingLanguage,
  type MeetingSlot,
} from '#lib/clubs/meetings/types.ts';
import { slotText } from '#lib/clubs/meetings/text.ts';
import { CLUB_FIELD_LABELS, fieldNameInText, type ChangeableClubField } from '#lib/clubs/fields.ts';
import type { AuditEntry } from './admin-types.ts';

const ACTIONS: Record<string, string> = {
  'club.edit': 'Edited the club',
  'club.verify': 'Verified the club',
  'club.unverify': 'Unverified the club',
  'club.set-lifetime': 'Set a lifetime membership',
  'club.set-yearly': 'Set a yearly renewal',
  'club.confirm-active': 'Confirmed the club still meets',
  'club.delete': 'Deleted the club',
  'account.delete': "Deleted the host's account",
  'account.keep': "Kept the host's account: it is a guide's too",
};

const MEMBERSHIPS: Record<string, string> = { lifetime: 'Lifetime', yearly: 'Yearly', none: 'None' };
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** One change an entry made: the field's label and its value before and after. */
interface AuditChange {
  field: string;
  label: string;
  before: unknown;
  after: unknown;
}

/** The club fields an entry changed, in the form's order. A deletion keeps only the club as it was: no changes. */
function auditChanges(entry: AuditEntry): AuditChange[] {
  const { before, after } = entry;
  if (!before || !after) return [];
  return (Object.keys(CLUB_FIELD_LABELS) as ChangeableClubField[])
    .filter((field) => JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null))
    .map((field) => ({ field, label: fieldNameInText(field), before: before[field], after: after[field] }));
}

/** A sentence for one entry; an edit that changed nothing says so. */
function describeAuditEntry(entry: AuditEntry, changes: AuditChange[]): string {
  if (entry.action === 'club.edit' && changes.length === 0) return 'Saved without changes';
  return ACTIONS[entry.action] ?? entry.action;
}

/** A field's value as a reader wants it: words for the flag and the membership, a local date, "(empty)" for nothing. */
function AuditValue({ field, value }: { field: string; value: unknown }) {
  if (value === null || value === undefined || value === '') return <span className="italic">(empty)</span>;
  if (field === 'isVerified') return <>{value ? 'Verified' : 'Pending'}</>;
  if (typeof value === 'boolean') return <>{value ? 'Yes' : 'No'}</>;
  if (field === 'membershipType') return <>{MEMBERSHIPS[String(value)] ?? String(value)}</>;
  if (field === 'meetingSlots') {
    const slots = value as MeetingSlot[];
    return slots.length === 0 ? <span className="italic">(none)</span> : <>{slots.map((slot) => slotText(slot)).join(', ')}</>;
  }
  if (field === 'meetingFrequency') return <>{FREQUENCY_LABELS[value as MeetingFrequency] ?? String(value)}</>;
  if (field === 'meetingFormat') return <>{FORMAT_LABELS[value as MeetingFormat] ?? String(value)}</>;
  if (field === 'meetingLanguage') return <>{LANGUAGE_LABELS[value as MeetingLanguage] ?? String(value)}</>;
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) return <LocalDate value={value} />;
  return <>{String(value)}</>;
}

/** One entry: what was done, each field's old → new value, when and by whom. */
function AuditItem({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry);
  return (
    <li className="rounded-lg border border-stone-200 px-3 py-2 text-sm">
      <p className="font-semibold text-stone-900">{describeAuditEntry(entry, changes)}</p>
      {changes.length > 0 && (
        <ul className="mt-1 space-y-0.5 break-words text-stone-800" aria-label="Changes">
          {changes.map((change) => (
            <li key={change.field}>
              {change.label}: <AuditValue field={change.field} value={change.before} /> →{' '}
              <AuditValue field={change.field} value={change.after} />
            </li>
          ))}
        </ul>
      )}
      <p className="mt-0.5 text-stone-700">
        <LocalDateTime value={entry.createdAt} /> · <span className="break-all">{entry.actorEmail}</span>
      </p>
    </li>
  );
}

type State = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; entries: AuditEntry[] };

/** The admin changes made to one club, newest first: when, who, what. */
export function AuditLog({ clubId }: { clubId: number }) {
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    getJson<AuditEntry[]>(`/api/admin/clubs/${clubId}/audit`).then(
      (entries) => current && setState({ status: 'loaded', entries }),
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [clubId]);

  return (
    <section aria-labelledby="audit-heading" aria-busy={state.status === 'loading'}>
      <h3 id="audit-heading" className="text-lg font-bold text-ember-900">
        Change History
      </h3>
      {state.status === 'loading' && <p className="mt-2 text-sm text-stone-700">Loading changes...</p>}
      {state.status === 'failed' && <p className="mt-2 text-sm text-red-800">The change history could not be loaded.</p>}
      {state.status === 'loaded' &&
        (state.entries.length === 0 ? (
          <p className="mt-2 text-sm text-stone-700">No admin changes yet.</p>
        ) : (
          <ol className="mt-3 space-y-3" aria-label="Admin changes, newest first">
            {state.entries.map((entry) => (
              <AuditItem key={entry.id} entry={entry} />
            ))}
          </ol>
        ))}
    </section>
  );
}
