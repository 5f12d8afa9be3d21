import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { BadgeCheck, Loader2, MailWarning } from 'lucide-react';
import { emailChangeSchema } from '#lib/schemas/auth.ts';
import type { EmailStatus } from '#lib/auth/email-status-types.ts';
import { FORM_ACTIONS, FORM_WORDS } from '#lib/shared/form-posts.ts';
import { fillTemplate } from '#lib/shared/format.ts';
import { apiRequest, serverFieldErrors, serverMessage, serverStatus } from '#lib/client/api.ts';
import { toast } from '#lib/client/toast.ts';
import { FormField } from '#components/islands/shared/FormField.tsx';
import { LocalDateTime } from '#components/islands/shared/LocalDateTime.tsx';
import { SendLinkAgainButton, useConfirmationLinkSender } from '#components/islands/shared/EmailConfirmationNotice.tsx';
import { useServerErrors } from '#components/islands/shared/form-posts.ts';

type ChangeInput = z.input<typeof emailChangeSchema>;
type Change = z.output<typeof emailChangeSchema>;
const EMPTY: ChangeInput = { newEmail: '', currentPassword: '' };

type FieldMessages = Record<string, string[]> | undefined;

/**
 * The /account page's Email card, for a signed-in host or guide: the sign-in email, whether it is confirmed (with
 * "Send the link again" while it is not), a change waiting for its new address, and, once the email is confirmed, the
 * form that asks for a change (new email and current password, POST /api/account/email). The change takes effect only when the link emailed to
 * the new address is used; the old address is told.
 *
 * Props: `status`, the account's email as the page read it on the server (GET /api/account/email's answer), so that
 * the server renders the form, which also works without JavaScript (decision 030); `serverErrors`, the field messages
 * of a change refused without it.
 */
export default function EmailCard({ status: initialStatus, serverErrors }: { status: EmailStatus; serverErrors?: FieldMessages }) {
  const [status, setStatus] = useState(initialStatus);
  const sender = useConfirmationLinkSender('account', () => setStatus((current) => ({ ...current, confirmed: true })));

  return (
    <section className="card" aria-labelledby="email-card-heading">
      <h2 id="email-card-heading" className="text-xl font-bold text-ember-900">
        Email
      </h2>
      <p className="mt-1 text-sm text-stone-600">You sign in with this address, and our emails about your account go to it.</p>
      <p className="mt-4 break-all text-lg font-semibold text-stone-900">{status.email}</p>
      {status.confirmed ? (
        <p className="mt-1 flex items-center gap-1.5 text-sm font-semibold text-emerald-800">
          <BadgeCheck className="h-4 w-4" aria-hidden="true" />
          Confirmed
        </p>
      ) : (
        <div className="mt-2 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          <p className="flex items-center gap-1.5 font-semibold">
            <MailWarning className="h-4 w-4" aria-hidden="true" />
            Not confirmed yet
          </p>
          <p className="mt-1">Open the link we emailed to this address and press &quot;Confirm my email&quot;.</p>
          <SendLinkAgainButton sender={sender} className="mt-3" />
          <p className="mt-2" role="status">
            {sender.sentTo && `A new link is on its way to ${sender.sentTo}.`}
          </p>
        </div>
      )}
      {status.pending && (
        <div className="mt-4 rounded-xl border border-flame-200 bg-flame-50 p-4 text-sm text-stone-800">
          <p className="font-semibold text-ember-900">
            Waiting for confirmation of <span className="break-all">{status.pending.email}</span>
          </p>
          <p className="mt-1">
            Open the link we sent to that address to make it your sign-in email. Until then nothing changes. The link works until{' '}
            <LocalDateTime value={status.pending.expiresAt} />; asking again sends a new one.
          </p>
        </div>
      )}
      {status.confirmed ? (
        <EmailChangeForm onRequested={setStatus} serverErrors={serverErrors} />
      ) : (
        <p className="mt-4 text-sm text-stone-700">You can change your email once this one is confirmed.</p>
      )}
    </section>
  );
}

/** New email and current password; on success, the card shows the change waiting for the new address. */
function EmailChangeForm({ onRequested, serverErrors }: { onRequested: (status: EmailStatus) => void; serverErrors: FieldMessages }) {
  const [notice, setNotice] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangeInput, unknown, Change>({
    resolver: zodResolver(emailChangeSchema),
    defaultValues: EMPTY,
    errors: useServerErrors(serverErrors),
  });

  const onSubmit = async (data: Change) => {
    setNotice('');
    try {
      const status = (await (await apiRequest('POST', '/api/account/email', data)).json()) as EmailStatus;
      reset(EMPTY);
      onRequested(status);
      const sent = fillTemplate(FORM_WORDS.emailChange.sentText, { email: status.pending?.email ?? data.newEmail });
      setNotice(sent);
      toast({ title: FORM_WORDS.emailChange.sent, description: sent });
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      let fieldShown = false;
      for (const field of ['newEmail', 'currentPassword'] as const) {
        const message = fieldErrors[field]?.[0];
        if (message) {
          setError(field, { message }, { shouldFocus: !fieldShown });
          fieldShown = true;
        }
      }
      if (fieldShown) return;
      if (serverStatus(error) === 409) {
        setError('newEmail', { message: serverMessage(error) ?? 'Another account already uses this email.' }, { shouldFocus: true });
        return;
      }
      toast({ title: FORM_WORDS.emailChange.failed, description: serverMessage(error) ?? FORM_WORDS.tryAgain, variant: 'destructive' });
    }
  };

  return (
    <form
      method="post"
      action={FORM_ACTIONS.emailChange}
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      className="mt-6 space-y-4 border-t border-stone-200 pt-5"
      aria-label="Change email"
    >
      <h3 className="font-semibold text-ember-900">Change your email</h3>
      <FormField label="New email" error={errors.newEmail?.message}>
        <input type="email" autoComplete="email" {...register('newEmail')} />
      </FormField>
      <FormField label="Current password" error={errors.currentPassword?.message} hint="To show it is you asking.">
        <input type="password" autoComplete="current-password" {...register('currentPassword')} />
      </FormField>
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
        {isSubmitting ? 'Sending link…' : 'Change email'}
      </button>
      <p className="text-sm text-emerald-900" role="status">
        {notice}
      </p>
    </form>
  );
}
