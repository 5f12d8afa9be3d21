import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { AccountDetails } from '#lib/app/account-types.ts';
import { LANGUAGES, type Language } from '#lib/shared/languages.ts';
import { accountDetailsSchema } from '#lib/schemas/account.ts';
import { apiRequest, serverFieldErrors, serverMessage } from '#lib/client/api.ts';
import { clearClientCache } from '#lib/client/session.ts';
import { toast } from '#lib/client/toast.ts';
import { FormField } from '#components/islands/shared/FormField.tsx';
import { useHydrated, useServerErrors } from '#components/islands/shared/form-posts.ts';
import { FORM_ACTIONS, FORM_WORDS } from '#lib/shared/form-posts.ts';

type Input = z.input<typeof accountDetailsSchema>;
type Output = z.output<typeof accountDetailsSchema>;

/** The account's language choices, named in the words of the page (English). */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Spanish' };

/**
 * "Your details": the account holder's name (their club's host name and their guide name), for a guide their phone,
 * and the language of their emails.
 * Without JavaScript it posts to the same endpoint (decision 030); `serverErrors` are the field messages of a refusal.
 */
export function AccountDetailsCard({
  account,
  onSaved,
  serverErrors,
}: {
  account: AccountDetails;
  onSaved: (account: AccountDetails) => void;
  serverErrors?: Record<string, string[]> | undefined;
}) {
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(accountDetailsSchema),
    defaultValues: { name: account.name, phone: account.phone ?? '', language: account.language },
    errors: useServerErrors(serverErrors),
  });

  const onSubmit = async (data: Output) => {
    try {
      const saved = (await (await apiRequest('PATCH', '/api/account', data)).json()) as AccountDetails;
      clearClientCache();
      reset({ name: saved.name, phone: saved.phone ?? '', language: saved.language });
      onSaved(saved);
      toast({ title: FORM_WORDS.accountDetails.saved, description: FORM_WORDS.accountDetails.savedText });
    } catch (error) {
      for (const [field, messages] of Object.entries(serverFieldErrors(error))) {
        if (field === 'name' || field === 'phone' || field === 'language') setError(field, { message: messages[0] });
      }
      toast({ title: FORM_WORDS.accountDetails.failed, description: serverMessage(error) ?? FORM_WORDS.tryAgain, variant: 'destructive' });
    }
  };

  const usedFor = [account.clubId !== null && 'as your club’s host name', account.isGuide && 'as your guide name']
    .filter(Boolean)
    .join(' and ');
  return (
    <section className="card" aria-labelledby="details-heading">
      <h2 id="details-heading" className="text-xl font-bold text-ember-900">
        Your details
      </h2>
      <form
        method="post"
        action={FORM_ACTIONS.accountDetails}
        onSubmit={handleSubmit(onSubmit)}
        noValidate
        className="mt-4 space-y-4"
        aria-labelledby="details-heading"
      >
        <FormField label="Name" hint={usedFor ? `Shown ${usedFor}.` : undefined} error={errors.name?.message}>
          {/* The server's HTML shows the values: react-hook-form sets them only once hydrated. */}
          <input type="text" autoComplete="name" defaultValue={account.name} {...register('name')} />
        </FormField>
        {account.isGuide && (
          <FormField
            label="Phone (optional)"
            hint="Shown on your guide page only if you choose so in your guide profile."
            error={errors.phone?.message}
          >
            <input type="tel" autoComplete="tel" defaultValue={account.phone ?? ''} {...register('phone')} />
          </FormField>
        )}
        <FormField label="Email language" hint="The language of the emails we send you." error={errors.language?.message}>
          <select defaultValue={account.language} {...register('language')}>
            {LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {LANGUAGE_NAMES[language]}
              </option>
            ))}
          </select>
        </FormField>
        {/* Before hydration nothing tells whether a field changed: the button stays usable for a post without JavaScript. */}
        <button type="submit" className="btn-primary" disabled={isSubmitting || (hydrated && !isDirty)}>
          {isSubmitting ? 'Saving...' : 'Save details'}
        </button>
      </form>
    </section>
  );
}
