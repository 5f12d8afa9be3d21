import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { verifyCodeSchema } from '#lib/schemas/clubs.ts';
import { apiRequest } from '#lib/client/api.ts';
import { toast } from '#lib/client/toast.ts';
import { FormField } from '#components/islands/shared/FormField.tsx';
import { FORM_ACTIONS, FORM_WORDS } from '#lib/shared/form-posts.ts';
import { StepHeading } from '#components/islands/shared/StepHeading.tsx';
import { StepLink } from './StepLink.tsx';
import { useServerErrors } from '#components/islands/shared/form-posts.ts';

type Input = z.input<typeof verifyCodeSchema>;
type Output = z.output<typeof verifyCodeSchema>;

interface Props {
  storeUrl: string;
  /** What the field starts with: the code of the emailed link that opened the page. Checked only when submitted. */
  initialCode?: string | undefined;
  focusOnMount: boolean;
  /** The server's field messages of a code posted without JavaScript. */
  serverErrors?: Record<string, string[]> | undefined;
  onVerified: (code: string) => void;
  onSignIn: () => void;
}

/** Step 1: the HOST SET code, checked by the server before the registration form opens. */
export function VerifyCodeStep({ storeUrl, initialCode = '', focusOnMount, serverErrors, onVerified, onSignIn }: Props) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(verifyCodeSchema),
    defaultValues: { hostSetCode: initialCode },
    errors: useServerErrors(serverErrors),
  });

  const onSubmit = async ({ hostSetCode }: Output) => {
    try {
      const response = await apiRequest('POST', '/api/clubs/verify-code', { hostSetCode });
      const result = (await response.json()) as { isValid: boolean; code: string };
      if (result.isValid) onVerified(result.code);
      else {
        toast({ title: FORM_WORDS.verifyCode.invalid, description: FORM_WORDS.verifyCode.invalidText, variant: 'destructive' });
      }
    } catch {
      toast({ title: FORM_WORDS.verifyCode.failed, description: FORM_WORDS.verifyCode.unable, variant: 'destructive' });
    }
  };

  return (
    <div>
      <StepHeading focusOnMount={focusOnMount}>Verify Your HOST SET</StepHeading>
      <p className="mt-2 text-stone-700">
        Enter the unique club verification code that came with your official HOST SET. Only HOST SET purchasers can register a club.
      </p>
      <form method="post" action={FORM_ACTIONS.verifyCode} onSubmit={handleSubmit(onSubmit)} noValidate className="mt-6 space-y-4">
        <FormField label="HOST SET Code" error={errors.hostSetCode?.message}>
          <input
            type="text"
            autoComplete="off"
            spellCheck={false}
            placeholder="e.g. HOST2025"
            defaultValue={initialCode}
            className="uppercase placeholder:normal-case"
            {...register('hostSetCode')}
          />
        </FormField>
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Verifying...' : 'Verify Code'}
        </button>
      </form>
      <div className="mt-6 space-y-3 border-t border-stone-200 pt-5 text-sm text-stone-700">
        <p>
          Don't have a code yet?{' '}
          <a className="font-semibold text-flame-800 underline" href={storeUrl} target="_blank" rel="noopener noreferrer">
            Buy a HOST SET<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
        <p>
          Already registered your club?{' '}
          <StepLink href="/club-registration?signin=true" className="font-semibold text-flame-800 underline" onClick={onSignIn}>
            Sign in to manage your club
          </StepLink>
        </p>
      </div>
    </div>
  );
}
