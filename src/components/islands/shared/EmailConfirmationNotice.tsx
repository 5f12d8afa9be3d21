import { useEffect, useState } from 'react';
import { CheckCircle2, Loader2, MailWarning } from 'lucide-react';
import { apiRequest, serverMessage, serverStatus } from '#lib/client/api.ts';
import { toast } from '#lib/client/toast.ts';
import { CONFIRMATION_LINK_HOURS, type ConfirmationPlace } from '#lib/auth/email-status-types.ts';
import { FORM_ACTIONS, FORM_WORDS } from '#lib/shared/form-posts.ts';
import { fillTemplate } from '#lib/shared/format.ts';

/** The account's email and whether it is confirmed, as the page read them on the server. */
export interface EmailConfirmationState {
  email: string;
  confirmed: boolean;
}

interface EmailConfirmationNoticeProps extends EmailConfirmationState {
  /** The page it is on, where a new link leads back to. */
  from: Exclude<ConfirmationPlace, 'area-search'>;
  /** What waits for the confirmation on this page, and what does not. */
  note: string;
}

/** Takes the `email=confirmed` mark the confirmation link's answer puts on the page's address: was it there? */
function takeConfirmedMark(): boolean {
  const url = new URL(window.location.href);
  if (url.searchParams.get('email') !== 'confirmed') return false;
  url.searchParams.delete('email');
  window.history.replaceState(window.history.state, '', url);
  return true;
}

/**
 * "Send the link again" from `from`: `send` asks for a new link (a toast says where it went, or why not), `sending`
 * while it does, `sentTo` once it has. An account confirmed meanwhile (in another tab, say) calls `onConfirmed`.
 */
export function useConfirmationLinkSender(from: ConfirmationPlace, onConfirmed: () => void) {
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const send = async () => {
    setSending(true);
    setSentTo(null);
    try {
      const response = await apiRequest('POST', '/api/auth/email-confirmation', { from });
      const sent = ((await response.json()) as { sentTo: string }).sentTo;
      setSentTo(sent);
      toast({ title: FORM_WORDS.confirmationLink.sent, description: fillTemplate(FORM_WORDS.confirmationLink.sentText, { email: sent }) });
    } catch (error) {
      if (serverStatus(error) === 409) onConfirmed();
      else
        toast({
          title: FORM_WORDS.confirmationLink.failed,
          description: serverMessage(error) ?? FORM_WORDS.tryAgain,
          variant: 'destructive',
        });
    } finally {
      setSending(false);
    }
  };
  return { from, sending, sentTo, send };
}

/**
 * The "Send the link again" button of a sender, with its progress: a form of its own, which without JavaScript posts
 * to the same endpoint (decision 030) and comes back to the page saying where the link went.
 */
export function SendLinkAgainButton({ sender, className }: { sender: ReturnType<typeof useConfirmationLinkSender>; className?: string }) {
  return (
    <form
      method="post"
      action={FORM_ACTIONS.confirmationLink}
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        void sender.send();
      }}
    >
      <input type="hidden" name="from" value={sender.from} />
      <button type="submit" className="btn-secondary" disabled={sender.sending}>
        {sender.sending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
        {sender.sending ? 'Sending…' : 'Send the link again'}
      </button>
    </form>
  );
}

/**
 * While the account's email is unconfirmed: says so, with "Send the link again". Once confirmed, nothing, except just
 * after the link brought the reader back here, when it says the address is confirmed.
 */
export function EmailConfirmationNotice({ email, confirmed: initiallyConfirmed, from, note }: EmailConfirmationNoticeProps) {
  const [confirmed, setConfirmed] = useState(initiallyConfirmed);
  const [justConfirmed, setJustConfirmed] = useState(false);
  const sender = useConfirmationLinkSender(from, () => {
    setConfirmed(true);
    setJustConfirmed(true);
  });

  useEffect(() => setJustConfirmed(takeConfirmedMark() && initiallyConfirmed), [initiallyConfirmed]);

  if (confirmed) {
    return justConfirmed ? (
      <p className="flex items-center gap-2 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900" role="status">
        <CheckCircle2 className="h-5 w-5 shrink-0" aria-hidden="true" />
        Your email address is confirmed.
      </p>
    ) : null;
  }

  return (
    <section className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950" aria-labelledby="email-confirmation-heading">
      <h2 id="email-confirmation-heading" className="flex items-center gap-2 text-lg font-bold">
        <MailWarning className="h-5 w-5 shrink-0" aria-hidden="true" />
        Please confirm your email address
      </h2>
      <p className="mt-2">
        We sent a confirmation link to <strong className="break-all">{email}</strong>. Open it and press &quot;Confirm my email&quot;.{' '}
        {note}
      </p>
      <p className="mt-2 text-sm">
        If it has not arrived, check your spam folder, or have a new one sent. A link works for {CONFIRMATION_LINK_HOURS} hours.
      </p>
      <SendLinkAgainButton sender={sender} className="mt-4" />
      <p className="mt-2 text-sm" role="status">
        {sender.sentTo && `A new link is on its way to ${sender.sentTo}.`}
      </p>
    </section>
  );
}
