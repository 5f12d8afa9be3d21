import { useState } from 'react';
import { CheckCircle2, Mail, Phone } from 'lucide-react';
import { apiRequest, serverStatus } from '#lib/client/api.ts';
import { handleAdminError } from '#lib/client/admin-errors.ts';
import { toast } from '#lib/client/toast.ts';
import { UNANSWERED_KIND_LABELS, type UnansweredMessage } from '#lib/follow-ups/unanswered-types.ts';
import { LocalDateTime } from '#components/islands/shared/LocalDateTime.tsx';
import { plural } from '#lib/shared/plural.ts';

const keyOf = (entry: UnansweredMessage) => `${entry.kind}-${entry.id}`;

/**
 * /admin-notifications' Unanswered section: the relayed messages still open a day after their recipient's reminder,
 * oldest first, each with "Followed up" once the admin has seen to it.
 */
export default function UnansweredMessages({ initial }: { initial: UnansweredMessage[] }) {
  const [entries, setEntries] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);

  const followUp = async (entry: UnansweredMessage) => {
    const who = entry.visitor?.name ?? 'this visitor';
    if (!window.confirm(`Mark the message from ${who} to ${entry.recipient.name} as followed up? It leaves this list.`)) return;
    setBusy(keyOf(entry));
    try {
      await apiRequest('POST', `/api/admin/unanswered-messages/${entry.kind}/${entry.id}/followed-up`);
      setEntries((current) => current.filter((e) => keyOf(e) !== keyOf(entry)));
      toast({ title: 'Marked followed up', description: `The message from ${who} left the Unanswered list.` });
    } catch (failure) {
      if (serverStatus(failure) === 409) {
        setEntries((current) => current.filter((e) => keyOf(e) !== keyOf(entry)));
        toast({ title: 'Already answered', description: `The message from ${who} was answered or followed up meanwhile.` });
      } else handleAdminError(failure, { title: 'Error', description: 'Failed to mark the message followed up. Please try again.' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="mx-auto max-w-6xl px-4 pt-10">
      <section className="card min-w-0" aria-labelledby="unanswered-heading">
        <h2 id="unanswered-heading" className="flex flex-wrap items-center gap-3 text-2xl font-bold text-ember-900">
          Unanswered
          <span className="rounded-full bg-stone-100 px-2.5 font-sans text-base text-stone-800">
            {entries.length}
            <span className="sr-only"> {plural(entries.length, { one: 'message', other: 'messages' })}</span>
          </span>
        </h2>
        <p className="mt-1 text-sm text-stone-700">
          Messages and join requests still unanswered a day after their recipient was reminded, oldest first. The visitor was told that the
          team is following them up.
        </p>
        {entries.length === 0 ? (
          <p className="mt-6 text-center text-stone-700">Every relayed message has an answer.</p>
        ) : (
          <ul className="mt-6 space-y-4" aria-label="Unanswered messages">
            {entries.map((entry) => {
              const headingId = `unanswered-${keyOf(entry)}`;
              return (
                <li key={keyOf(entry)} aria-labelledby={headingId} className="rounded-xl border border-stone-200 p-4 sm:p-5">
                  <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
                    <div className="min-w-0">
                      <h3 id={headingId} className="flex flex-wrap items-center gap-2 text-lg font-bold text-ember-900">
                        <span className="break-words">{entry.visitor?.name ?? 'Details deleted'}</span>
                        <span className="rounded-full bg-amber-100 px-2 py-0.5 font-sans text-xs font-semibold text-amber-900">
                          {UNANSWERED_KIND_LABELS[entry.kind]}
                        </span>
                      </h3>
                      {entry.visitor && (
                        <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                          <a
                            className="inline-flex items-center gap-1.5 break-all text-flame-800 underline"
                            href={`mailto:${entry.visitor.email}`}
                          >
                            <Mail className="h-4 w-4 shrink-0" aria-hidden="true" />
                            {entry.visitor.email}
                          </a>
                          {entry.visitor.phone && (
                            <a
                              className="inline-flex items-center gap-1.5 text-flame-800 underline"
                              href={`tel:${entry.visitor.phone.replace(/[^\d+]/g, '')}`}
                            >
                              <Phone className="h-4 w-4 shrink-0" aria-hidden="true" />
                              {entry.visitor.phone}
                            </a>
                          )}
                        </p>
                      )}
                    </div>
                    <p className="text-sm text-stone-700">
                      Sent <LocalDateTime value={entry.createdAt} />
                    </p>
                  </div>
                  <dl className="mt-3 space-y-1 text-sm text-stone-800">
                    <div className="flex flex-wrap gap-x-2">
                      <dt className="font-semibold">Waiting on:</dt>
                      <dd className="break-words">
                        <a className="font-semibold text-flame-800 underline" href={entry.recipient.pagePath}>
                          {entry.recipient.kind === 'club' ? `The host of ${entry.recipient.name}` : entry.recipient.name}
                        </a>
                        {entry.recipient.kind === 'club' && (
                          <>
                            {' · '}
                            <a className="font-semibold text-flame-800 underline" href={entry.recipient.adminPath}>
                              Open the club
                            </a>
                            {' · '}
                            <a className="font-semibold text-flame-800 underline" href={entry.recipient.requestsPath}>
                              Join requests
                            </a>
                          </>
                        )}
                      </dd>
                    </div>
                    <div className="flex flex-wrap gap-x-2">
                      <dt className="font-semibold">Reminded:</dt>
                      <dd>
                        <LocalDateTime value={entry.remindedAt} />
                      </dd>
                    </div>
                    <div className="flex flex-wrap gap-x-2">
                      <dt className="font-semibold">Escalated:</dt>
                      <dd>
                        <LocalDateTime value={entry.escalatedAt} />
                      </dd>
                    </div>
                  </dl>
                  {entry.message && <p className="mt-3 whitespace-pre-line break-words text-stone-800">{entry.message}</p>}
                  <div className="mt-4">
                    <button
                      type="button"
                      className="btn-primary px-4 py-2"
                      disabled={busy === keyOf(entry)}
                      onClick={() => void followUp(entry)}
                    >
                      <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
                      Followed up
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
