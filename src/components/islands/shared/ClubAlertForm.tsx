import { useId, useState, type FormEvent } from 'react';
import { apiRequest, serverFieldErrors, serverMessage } from '#lib/client/api.ts';
import { FORM_ACTIONS } from '#lib/shared/form-posts.ts';
import { fillTemplate } from '#lib/shared/format.ts';
import { FormOutcome, type Outcome } from './FormOutcome.tsx';
import { useClubWords } from './club-words.ts';

// The words are the page's language's content file's (ClubWordsContext; src/lib/alerts/alert-copy.ts checks them): the club's page and
// the directory's dialog load no schema library for this small form; the server's schema checks what it sends.

interface ClubAlertFormProps {
  clubId: number;
  clubName: string;
}

/**
 * "Tell me when {club} takes new members" (issue 39), shown instead of Ask to join while the host takes none: an
 * address, sent to POST /api/alerts/club, which answers the same whatever the address already has. Without
 * JavaScript it posts there through the form bridge, and the club's page shows the outcome (decision 030).
 */
export function ClubAlertForm({ clubId, clubName }: ClubAlertFormProps) {
  const id = useId();
  const { alert: copy } = useClubWords();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    setSending(true);
    setOutcome(null);
    setError(null);
    try {
      await apiRequest('POST', FORM_ACTIONS.clubAlert, { email, clubId });
      setOutcome({ tone: 'success', title: copy.sent.title, message: copy.sent.description });
    } catch (thrown) {
      setError(serverFieldErrors(thrown).email?.[0] ?? null);
      setOutcome({ tone: 'error', title: copy.failed.title, message: serverMessage(thrown) ?? copy.failed.description });
    } finally {
      setSending(false);
    }
  };

  return (
    <form method="post" action={FORM_ACTIONS.clubAlert} onSubmit={submit} noValidate className="mt-3 space-y-3" data-club-alert-form>
      <input type="hidden" name="clubId" value={clubId} />
      <label htmlFor={`${id}-email`} className="block text-sm font-semibold text-stone-800">
        {fillTemplate(copy.clubOffer, { club: clubName })}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          placeholder={copy.email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`min-w-0 flex-1 rounded-lg border bg-white px-3 py-2 text-stone-900 shadow-sm focus:border-flame-700 focus:outline-none focus:ring-2 focus:ring-flame-700 ${error ? 'border-red-700' : 'border-stone-300'}`}
        />
        <button type="submit" className="btn-secondary" disabled={sending}>
          {sending ? copy.submitting : copy.submit}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-800" role="alert">
          {error}
        </p>
      )}
      <FormOutcome outcome={outcome} />
    </form>
  );
}
