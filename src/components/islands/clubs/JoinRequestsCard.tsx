import { useState } from 'react';
import {
  JOIN_REQUEST_ANSWER_LABELS,
  JOIN_REQUEST_ANSWERS,
  JOIN_REQUEST_STATUSES,
  JOIN_REQUEST_STATUS_LABELS,
  type JoinRequest,
  type JoinRequestAnswer,
  type JoinRequestList,
  type JoinRequestStatus,
} from '#lib/clubs/join-request-types.ts';
import type { JoinRequestCopy } from '#lib/clubs/join-request-copy.ts';
import { apiRequest, serverMessage } from '#lib/client/api.ts';
import { toast } from '#lib/client/toast.ts';
import { LocalDateTime } from '#components/islands/shared/LocalDateTime.tsx';
import { VisitorContact } from '#components/islands/shared/VisitorContact.tsx';

/** The card's words, with the start of a request for the next new cycle. */
export type JoinRequestsCardCopy = JoinRequestCopy['card'] & Pick<JoinRequestCopy, 'nextCycle'>;

const STATUS_BADGES: Record<JoinRequestStatus, string> = {
  new: 'bg-flame-700 text-white',
  replied: 'bg-sky-100 text-sky-900',
  joined: 'bg-emerald-100 text-emerald-900',
  declined: 'bg-stone-200 text-stone-800',
};

interface JoinRequestsCardProps {
  clubId: number;
  /** The club's requests, counts and switch as the page was rendered. */
  initial: JoinRequestList;
  copy: JoinRequestsCardCopy;
  /** A request just marked joined for the first time: what became of its visitor as a member (issue 40). */
  onMembership?: (membership: string) => void;
}

/**
 * The club profile's "Join requests" card (issue 28), for the host and the admin: the counts per status, the switch
 * "Not taking new members right now", and each request, newest first, with the answers the host may give it.
 */
export function JoinRequestsCard({ clubId, initial, copy, onMembership }: JoinRequestsCardProps) {
  const [list, setList] = useState(initial);
  const [switching, setSwitching] = useState(false);

  const fail = (error: unknown) => toast({ title: copy.failed, description: serverMessage(error), variant: 'destructive' });

  // The switch moves at once, and back if the server refuses.
  const setAccepting = async (acceptingMembers: boolean) => {
    setSwitching(true);
    setList((current) => ({ ...current, acceptingMembers }));
    try {
      await apiRequest('PUT', `/api/clubs/${clubId}/accepting-members`, { acceptingMembers });
    } catch (error) {
      setList((current) => ({ ...current, acceptingMembers: !acceptingMembers }));
      fail(error);
    } finally {
      setSwitching(false);
    }
  };

  const answered = (request: JoinRequest & { membership?: string }) => {
    if (request.membership) onMembership?.(request.membership);
    setList((current) => {
      const before = current.requests.find((r) => r.id === request.id);
      const counts = { ...current.counts };
      if (before) counts[before.status] -= 1;
      counts[request.status] += 1;
      return { ...current, counts, requests: current.requests.map((r) => (r.id === request.id ? request : r)) };
    });
  };

  return (
    <section id="join-requests" className="card scroll-mt-24" aria-labelledby="join-requests-heading">
      <h2 id="join-requests-heading" className="text-2xl font-bold text-ember-900">
        {copy.heading}
      </h2>
      <p className="mt-2 text-stone-700">{copy.intro}</p>

      <dl className="mt-4 flex flex-wrap gap-2" aria-label={copy.counts}>
        {JOIN_REQUEST_STATUSES.map((status) => (
          <div key={status} className="flex items-center gap-1.5 rounded-full bg-stone-100 px-3 py-1 text-sm">
            <dt className="text-stone-700">{JOIN_REQUEST_STATUS_LABELS[status]}</dt>
            <dd className="font-semibold text-stone-900" data-count={status}>
              {list.counts[status]}
            </dd>
          </div>
        ))}
      </dl>

      <div className="mt-4 rounded-xl border border-stone-200 p-4">
        <label className="flex items-start gap-3 font-semibold text-stone-900">
          <input
            type="checkbox"
            className="mt-1 h-4 w-4 accent-flame-700"
            checked={!list.acceptingMembers}
            disabled={switching}
            aria-describedby="join-requests-switch-hint"
            onChange={(event) => void setAccepting(!event.currentTarget.checked)}
          />
          {copy.notAccepting}
        </label>
        <p id="join-requests-switch-hint" className="mt-1 pl-7 text-sm text-stone-700">
          {copy.acceptingHint}
        </p>
      </div>

      {list.requests.length === 0 ? (
        <p className="mt-4 text-stone-700">{copy.empty}</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {list.requests.map((request) => (
            <li key={request.id}>
              <RequestItem clubId={clubId} request={request} copy={copy} onAnswered={answered} onFailed={fail} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface RequestItemProps {
  clubId: number;
  request: JoinRequest;
  copy: JoinRequestsCardCopy;
  onAnswered: (request: JoinRequest) => void;
  onFailed: (error: unknown) => void;
}

function RequestItem({ clubId, request, copy, onAnswered, onFailed }: RequestItemProps) {
  const [busy, setBusy] = useState(false);
  const headingId = `join-request-${request.id}`;

  const answer = async (status: JoinRequestAnswer) => {
    setBusy(true);
    try {
      onAnswered((await (await apiRequest('POST', `/api/clubs/${clubId}/join-requests/${request.id}/${status}`)).json()) as JoinRequest);
    } catch (error) {
      onFailed(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <article
      className={`rounded-xl border p-4 ${request.status === 'new' ? 'border-flame-300 bg-flame-50/40' : 'border-stone-200'}`}
      aria-labelledby={headingId}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <h3 id={headingId} className="flex flex-wrap items-center gap-2 text-lg font-bold text-ember-900">
          <span className="break-words">{request.name}</span>
          <span className={`rounded-full px-2 py-0.5 font-sans text-xs font-semibold ${STATUS_BADGES[request.status]}`}>
            <span className="sr-only">{copy.status}: </span>
            {JOIN_REQUEST_STATUS_LABELS[request.status]}
          </span>
        </h3>
        <p className="text-sm text-stone-700">
          <span className="sr-only">{copy.received}: </span>
          <LocalDateTime value={request.createdAt} />
        </p>
      </div>

      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <VisitorContact email={request.email} phone={request.phone} copy={copy} />
        <div>
          <dt className="text-stone-600">{copy.startLabel}</dt>
          <dd className="font-semibold text-stone-900">{request.startAt ? <LocalDateTime value={request.startAt} /> : copy.nextCycle}</dd>
        </div>
      </dl>

      {request.message && <p className="mt-3 whitespace-pre-line break-words text-stone-800">{request.message}</p>}

      <div className="mt-4 flex flex-wrap items-center gap-3" role="group" aria-label={`${copy.mark}: ${request.name}`}>
        {JOIN_REQUEST_ANSWERS.filter((status) => status !== request.status).map((status) => (
          <button key={status} type="button" className="btn-secondary px-4 py-2" disabled={busy} onClick={() => void answer(status)}>
            {JOIN_REQUEST_ANSWER_LABELS[status]}
          </button>
        ))}
      </div>
    </article>
  );
}
