import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { registrationSchema } from '#lib/schemas/clubs.ts';
import { apiRequest, serverFieldErrors, serverMessage } from '#lib/client/api.ts';
import { toast } from '#lib/client/toast.ts';
import { StepHeading } from '#components/islands/shared/StepHeading.tsx';
import { AccountFields } from '#components/islands/shared/AccountFields.tsx';
import { ClubField, type ClubFormField } from './ClubForm.tsx';
import { MeetingFields, meetingDefaults } from './MeetingFields.tsx';
import { useHydrated, useServerErrors } from '#components/islands/shared/form-posts.ts';
import { FORM_ACTIONS, FORM_WORDS } from '#lib/shared/form-posts.ts';
import { StepLink } from './StepLink.tsx';

type Input = z.input<typeof registrationSchema>;
type Output = z.output<typeof registrationSchema>;

interface Props {
  hostSetCode: string;
  /** The page opened on this step (a code verified without JavaScript): the form may be posted before hydration. */
  renderedByServer: boolean;
  /** The server's field messages of the form posted without JavaScript. */
  serverErrors?: Record<string, string[]> | undefined;
  onRegistered: () => void;
  onChangeCode: () => void;
}

/** Step 2: the host's account and the club's profile, sent with the verified code. */
export function RegisterStep({ hostSetCode, renderedByServer, serverErrors, onRegistered, onChangeCode }: Props) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(registrationSchema),
    // Every text field of the payload starts empty, but the code verified in step 1 and the meeting fields.
    defaultValues: {
      ...Object.fromEntries(Object.keys(registrationSchema.shape).map((field) => [field, ''])),
      ...meetingDefaults(),
      hostSetCode,
    },
    errors: useServerErrors(serverErrors),
  });
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  // The host registers their own club: the browser may fill in what it knows.
  const field = (name: ClubFormField & keyof Input, hint?: string) => (
    <ClubField key={name} schema={registrationSchema} name={name} hint={hint} autofill />
  );

  const onSubmit = async (data: Output) => {
    try {
      await apiRequest('POST', '/api/clubs/register', data);
      toast({ title: FORM_WORDS.registerClub.done, description: FORM_WORDS.registerClub.doneText });
      onRegistered();
    } catch (error) {
      // Nested fields come named by their path ("meetingSlots.0.start"), as setError takes them.
      for (const [field, messages] of Object.entries(serverFieldErrors(error))) {
        if (field !== 'hostSetCode') setError(field as keyof Input, { message: messages[0] });
      }
      toast({
        title: FORM_WORDS.registerClub.failed,
        description: serverMessage(error) ?? FORM_WORDS.registerClub.unable,
        variant: 'destructive',
      });
    }
  };

  return (
    <div>
      <StepHeading>Register Your Club</StepHeading>
      <p className="mt-2 text-stone-700">
        Code <strong className="font-mono">{hostSetCode}</strong> verified.{' '}
        <StepLink href="/club-registration" className="text-flame-800 underline" onClick={onChangeCode}>
          Use a different code
        </StepLink>
      </p>

      <FormProvider {...form}>
        <form method="post" action={FORM_ACTIONS.registerClub} onSubmit={handleSubmit(onSubmit)} noValidate className="mt-6 space-y-8">
          {/* The island sends the code from its state; a post before hydration sends it from here. */}
          <input type="hidden" name="hostSetCode" value={hostSetCode} />
          <fieldset className="space-y-4">
            <legend className="text-lg font-semibold text-ember-900">Host Account</legend>
            {field('hostName')}
            <AccountFields
              email={register('email')}
              password={register('password')}
              confirmPassword={register('confirmPassword')}
              errors={{
                email: errors.email?.message,
                password: errors.password?.message,
                confirmPassword: errors.confirmPassword?.message,
              }}
            />
          </fieldset>

          <fieldset className="space-y-4">
            <legend className="text-lg font-semibold text-ember-900">Club Profile</legend>
            {field('clubName')}
            <div className="grid gap-4 sm:grid-cols-3">{(['city', 'state', 'zipCode'] as const).map((name) => field(name))}</div>
            {field('description', 'What makes your circle special?')}
            <div className="grid gap-4 sm:grid-cols-2">
              {field('website')}
              {field('meetingSchedule', 'e.g. Tuesdays, 7:00 PM at the library')}
            </div>
          </fieldset>

          <MeetingFields withoutScript={renderedByServer && !hydrated} />

          <p className="rounded-xl bg-flame-50 p-4 text-sm text-stone-800">
            <strong className="font-semibold">Lifetime membership included.</strong> Your HOST SET purchase includes a lifetime FlameKeeper
            Club membership: no renewals, no yearly fees.
          </p>

          <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
            {isSubmitting ? 'Registering...' : 'Register Club'}
          </button>
        </form>
      </FormProvider>
    </div>
  );
}
