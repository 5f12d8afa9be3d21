import { lazy, Suspense, useRef, useState } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { FormLoading } from '#components/islands/shared/FormLoading.tsx';
import { dismissErrorToasts } from '#lib/client/toast.ts';
import { SignInStep } from './SignInStep.tsx';
import { StepHeading } from '#components/islands/shared/StepHeading.tsx';
import { VerifyCodeStep } from './VerifyCodeStep.tsx';

// The club's form (with the meeting fields) loads once a code is verified: the page's first load does not carry it.
const RegisterStep = lazy(() => import('./RegisterStep.tsx').then((module) => ({ default: module.RegisterStep })));

/**
 * Where the wizard opens; `code` fills step 1's field (the link of a HOST SET order's email). A step posted without
 * JavaScript opens the next one (decision 030): the club form with the code verified, or the success step.
 */
export type WizardStart = { step: 'verify'; code?: string } | { step: 'register'; code: string } | { step: 'success' } | { step: 'signin' };
type Step = { name: 'verify' } | { name: 'register'; code: string } | { name: 'success' } | { name: 'signin' };

const PROGRESS = ['Verify Code', 'Register', 'Done'] as const;

/**
 * /club-registration: verification → registration → success, with sign-in reachable from verification and back.
 */
export default function RegistrationWizard({
  start,
  storeUrl,
  serverErrors,
  returnTo = null,
}: {
  start: WizardStart;
  storeUrl: string;
  /** Where signing in leads back to: the page that asked for it (checked by the server), else the account's own page. */
  returnTo?: string | null;
  /** The field messages of the step posted without JavaScript (decision 030). */
  serverErrors?: Record<string, string[]> | undefined;
}) {
  const [step, setStep] = useState<Step>(() => (start.step === 'register' ? { name: 'register', code: start.code } : { name: start.step }));
  // The first step on screen keeps the page's focus where the visitor left it; later steps take focus.
  const moved = useRef(false);
  const go = (next: Step) => {
    moved.current = true;
    dismissErrorToasts();
    setStep(next);
  };
  // The server's messages are for the step it rendered, until the visitor moves on.
  const initialErrors = moved.current ? undefined : serverErrors;
  const progressIndex = { verify: 0, register: 1, success: 2 }[step.name as 'verify' | 'register' | 'success'];

  return (
    // data-wizard-step: the page shows what belongs to a step beside the island by it (the map of /club-registration).
    <div className="card mx-auto max-w-2xl" data-wizard-step={step.name}>
      {progressIndex !== undefined && (
        <ol className="mb-8 flex items-center gap-2 text-sm" aria-label="Registration progress">
          {PROGRESS.map((label, index) => (
            <li key={label} className="flex flex-1 items-center gap-2" aria-current={index === progressIndex ? 'step' : undefined}>
              <span
                className={`inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full font-bold ${
                  index <= progressIndex ? 'bg-flame-700 text-white' : 'bg-stone-200 text-stone-700'
                }`}
              >
                {index + 1}
              </span>
              <span className={index === progressIndex ? 'font-semibold text-ember-900' : 'text-stone-600'}>{label}</span>
            </li>
          ))}
        </ol>
      )}

      {step.name === 'verify' && (
        <VerifyCodeStep
          storeUrl={storeUrl}
          initialCode={start.step === 'verify' ? start.code : undefined}
          focusOnMount={moved.current}
          serverErrors={initialErrors}
          onVerified={(code) => go({ name: 'register', code })}
          onSignIn={() => go({ name: 'signin' })}
        />
      )}
      {step.name === 'register' && (
        <Suspense fallback={<FormLoading />}>
          <RegisterStep
            hostSetCode={step.code}
            renderedByServer={!moved.current}
            serverErrors={initialErrors}
            onRegistered={() => go({ name: 'success' })}
            onChangeCode={() => go({ name: 'verify' })}
          />
        </Suspense>
      )}
      {step.name === 'success' && <SuccessStep />}
      {step.name === 'signin' && (
        <SignInStep
          focusOnMount={moved.current}
          onRegister={() => go({ name: 'verify' })}
          serverErrors={initialErrors}
          returnTo={returnTo}
        />
      )}
    </div>
  );
}

function SuccessStep() {
  return (
    <div className="text-center">
      <CheckCircle2 className="mx-auto h-14 w-14 text-emerald-700" aria-hidden="true" />
      <div className="mt-4">
        <StepHeading>Your Club Is Registered!</StepHeading>
      </div>
      <p className="mt-4 text-stone-700">Check your email for login instructions.</p>
      <p className="mt-2 text-stone-700">
        Your club is pending verification and will appear in the directory once our admin team approves it.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a className="btn-primary" href="/club-login">
          Sign In to Your Club
        </a>
        <a className="btn-secondary" href="/flamekeeper-clubs">
          Browse the Directory
        </a>
      </div>
    </div>
  );
}
