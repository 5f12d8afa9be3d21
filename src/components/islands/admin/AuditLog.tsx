import { useEffect, useState } from 'react';
import { getJson } from '../../../lib/client/api.ts';
import { LocalDateTime } from './LocalDateTime.tsx';
import type { AuditEntry } from './types.ts';

/** How the log names the club fields an edit changed. */
const FIELD_LABELS: Record<string, string> = {
  clubName: 'club name',
  hostName: 'host name',
  email: 'email',
  city: 'city',
  state: 'state',
  zipCode: 'ZIP code',
  description: 'description',
  website: 'website',
  meetingSchedule: 'meeting schedule',
  isVerified: 'verification',
  membershipType: 'membership',
  renewalDate: 'renewal date',
};

const ACTIONS: Record<string, string> = {
  'club.verify': 'Verified the club',
  'club.unverify': 'Unverified the club',
  'club.set-lifetime': 'Set a lifetime membership',
  'club.set-yearly': 'Set a yearly renewal',
  'club.delete': 'Deleted the club',
};

/** A sentence for one entry; an edit names the fields it changed. */
export function describeAuditEntry(entry: AuditEntry): string {
  if (entry.action === 'club.edit') {
    const changed = Object.keys(FIELD_LABELS).filter(
      (field) => entry.before && entry.after && JSON.stringify(entry.before[field]) !== JSON.stringify(entry.after[field]),
    );
    return changed.length > 0 ? `Edited ${changed.map((field) => FIELD_LABELS[field]).join(', ')}` : 'Saved without changes';
  }
  return ACTIONS[entry.action] ?? entry.action;
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
              <li key={entry.id} className="rounded-lg border border-stone-200 px-3 py-2 text-sm">
                <p className="font-semibold text-stone-900">{describeAuditEntry(entry)}</p>
                <p className="mt-0.5 text-stone-700">
                  <LocalDateTime value={entry.createdAt} /> · <span className="break-all">{entry.actorEmail}</span>
                </p>
              </li>
            ))}
          </ol>
        ))}
    </section>
  );
}
