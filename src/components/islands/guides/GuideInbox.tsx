import { useEffect, useState } from 'react';
import { atom } from 'nanostores';
import { useStore } from '@nanostores/react';
import { CheckCircle2, Loader2, Mail } from 'lucide-react';
import { GUIDE_MESSAGE_REASON_LABELS, type GuideInbox as Inbox, type GuideMessage } from '#lib/guides/types.ts';
import { apiRequest, getJson, serverMessage } from '#lib/client/api.ts';
import { toast } from '#lib/client/toast.ts';
import { fillTemplate } from '#lib/shared/format.ts';
import { LocalDateTime } from '#components/islands/shared/LocalDateTime.tsx';
import type { MyLicencesCopy } from '#components/islands/shared/copy.ts';
import { VisitorContact } from '#components/islands/shared/VisitorContact.tsx';

type Copy = MyLicencesCopy['messages'];

/** The inbox as last loaded or changed: the list and the unread count at the page's top read the same one. */
const $inbox = atom<Inbox | null>(null);

function replaceMessage(message: GuideMessage) {
  const inbox = $inbox.get();
  if (!inbox) return;
  const before = inbox.messages.find((m) => m.id === message.id);
  const nowRead = before && !before.readAt && message.readAt ? 1 : 0;
  $inbox.set({ messages: inbox.messages.map((m) => (m.id === message.id ? message : m)), unread: inbox.unread - nowRead });
}

const unreadText = (copy: Copy, count: number) => (count === 1 ? copy.unreadOne : fillTemplate(copy.unreadMany, { count }));

/** "3 unread messages", linking to the inbox: at the top of /my-licences, nothing while none are unread. */
export function UnreadMessages({ copy }: { copy: Copy }) {
  const inbox = useStore($inbox);
  if (!inbox || inbox.unread === 0) return null;
  return (
    <p>
      <a
        href="#messages"
        className="inline-flex items-center gap-2 rounded-full bg-flame-100 px-4 py-1.5 font-semibold text-ember-900 underline-offset-2 hover:underline"
      >
        <Mail className="h-4 w-4" aria-hidden="true" />
        {unreadText(copy, inbox.unread)}
      </a>
    </p>
  );
}

/**
 * The guide's messages on /my-licences, newest first: who wrote (email as a mailto link), why, what, when and from
 * where, with "Mark read" and "Mark replied". A message stays New until the guide marks it, so that opening the page
 * does not hide what the guide has not really read.
 */
export function GuideInbox({ copy }: { copy: Copy }) {
  const inbox = useStore($inbox);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    getJson<Inbox>('/api/guides/messages').then(
      (loaded) => $inbox.set(loaded),
      () => setFailed(true),
    );
  }, []);

  return (
    <section id="messages" aria-labelledby="messages-heading" className="scroll-mt-24">
      <h2 id="messages-heading" className="text-2xl font-bold text-ember-900">
        {copy.heading}
        {inbox && inbox.unread > 0 && (
          <span className="ml-3 rounded-full bg-flame-700 px-2.5 py-0.5 align-middle font-sans text-sm font-semibold text-white">
            {unreadText(copy, inbox.unread)}
          </span>
        )}
      </h2>
      <p className="mt-2 max-w-3xl text-stone-700">{copy.intro}</p>
      {failed ? (
        <p className="card mt-4 text-stone-800" role="alert">
          {copy.loadFailed}
        </p>
      ) : !inbox ? (
        <p className="card mt-4 flex items-center gap-2 text-stone-700" role="status">
          <Loader2 className="h-5 w-5 animate-spin text-flame-700" aria-hidden="true" />
          {copy.loading}
        </p>
      ) : inbox.messages.length === 0 ? (
        <p className="card mt-4 text-stone-700">{copy.empty}</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {inbox.messages.map((message) => (
            <li key={message.id}>
              <MessageCard message={message} copy={copy} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MessageCard({ message, copy }: { message: GuideMessage; copy: Copy }) {
  const [busy, setBusy] = useState<'read' | 'replied' | null>(null);
  const headingId = `guide-message-${message.id}`;

  const mark = async (what: 'read' | 'replied') => {
    setBusy(what);
    try {
      replaceMessage((await (await apiRequest('POST', `/api/guides/messages/${message.id}/${what}`)).json()) as GuideMessage);
    } catch (error) {
      toast({ title: copy.failed, description: serverMessage(error) ?? copy.loadFailed, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <article className={`card ${message.readAt ? '' : 'border-flame-300 bg-flame-50/40'}`} aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h3 id={headingId} className="flex flex-wrap items-center gap-2 text-lg font-bold text-ember-900">
            <span className="break-words">{message.name}</span>
            {!message.readAt && (
              <span className="rounded-full bg-flame-700 px-2 py-0.5 font-sans text-xs font-semibold text-white">{copy.new}</span>
            )}
          </h3>
          <p className="text-sm text-stone-700">{copy.sources[message.source]}</p>
        </div>
        <p className="text-sm text-stone-700">
          <span className="sr-only">{copy.received}: </span>
          <LocalDateTime value={message.createdAt} />
        </p>
      </div>

      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <VisitorContact email={message.email} phone={message.phone} copy={copy} />
        <div>
          <dt className="text-stone-600">{copy.reason}</dt>
          <dd className="font-semibold text-stone-900">{GUIDE_MESSAGE_REASON_LABELS[message.reason]}</dd>
        </div>
      </dl>

      <p className="mt-3 whitespace-pre-line break-words text-stone-800">{message.message}</p>

      <div className="mt-4 flex flex-wrap items-center gap-3">
        {message.repliedAt ? (
          <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-emerald-800">
            <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
            {copy.replied} <LocalDateTime value={message.repliedAt} className="font-normal" />
          </p>
        ) : (
          <button type="button" className="btn-primary px-4 py-2" disabled={busy !== null} onClick={() => void mark('replied')}>
            {copy.markReplied}
          </button>
        )}
        {!message.readAt && (
          <button type="button" className="btn-secondary px-4 py-2" disabled={busy !== null} onClick={() => void mark('read')}>
            {copy.markRead}
          </button>
        )}
      </div>
    </article>
  );
}
