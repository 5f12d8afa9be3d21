import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import type { AreaCard, LicenceKind } from '#lib/licensing/types.ts';
import { apiRequest, serverMessage } from '#lib/client/api.ts';
import { toast } from '#lib/client/toast.ts';
import { fillTemplate, formatDollars } from '#lib/shared/format.ts';
import { Detail } from '#components/islands/shared/Detail.tsx';
import { FormLoading } from '#components/islands/shared/FormLoading.tsx';
import type { AreaSearchCopy } from '#components/islands/shared/copy.ts';

// The steps /area-search shows in the area card under its buttons on the way to a reservation.

// The account forms (react-hook-form and zod, half the page's JavaScript) load when a signed-out visitor reserves.
const GuideRegisterForm = lazy(() => import('./GuideAccountForms.tsx').then((module) => ({ default: module.GuideRegisterForm })));
const GuideSignInForm = lazy(() => import('./GuideAccountForms.tsx').then((module) => ({ default: module.GuideSignInForm })));

interface ReviewStepProps {
  copy: AreaSearchCopy['review'];
  /** The locale of the fee. */
  locale: string;
  area: AreaCard;
  kind: LicenceKind;
  kindLabel: string;
  paymentDays: number;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** What is about to be reserved (area, kind, yearly fee, the days to pay), confirmed before anything is reserved. */
export function ReviewStep({ copy, locale, area, kind, kindLabel, paymentDays, busy, onConfirm, onCancel }: ReviewStepProps) {
  return (
    <CardStep heading={copy.heading}>
      <p className="mt-1 text-stone-700">{fillTemplate(copy.intro, { kind: kindLabel, area: area.label })}</p>
      <dl className="mt-4 grid gap-4 sm:grid-cols-3">
        <Detail label={copy.areaLabel}>{area.label}</Detail>
        <Detail label={copy.kindLabel}>{kindLabel}</Detail>
        <Detail label={copy.feeLabel}>{formatDollars(area.prices[kind], locale)}</Detail>
      </dl>
      <p className="mt-4 text-stone-800">{fillTemplate(copy.payment, { days: paymentDays })}</p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <button type="button" className="btn-primary" disabled={busy} onClick={onConfirm}>
          {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          {copy.confirm}
        </button>
        <button type="button" className="btn-secondary" disabled={busy} onClick={onCancel}>
          {copy.cancel}
        </button>
      </div>
    </CardStep>
  );
}

interface EmailConfirmationStepProps {
  copy: AreaSearchCopy['emailConfirmation'];
  /** That the email must be confirmed first, naming the address the link went to. */
  message: string;
  areaId: string;
}

/** What to do while the account's email awaits confirmation: open the emailed link, or have it sent again. */
export function EmailConfirmationStep({ copy, message, areaId }: EmailConfirmationStepProps) {
  const [sending, setSending] = useState(false);

  const sendAgain = async () => {
    setSending(true);
    try {
      const response = await apiRequest('POST', '/api/auth/email-confirmation', { areaId });
      const { sentTo } = (await response.json()) as { sentTo: string };
      toast({ title: copy.sent, description: fillTemplate(copy.sentDescription, { email: sentTo }), variant: 'default' });
    } catch (error) {
      toast({ title: copy.sendFailed, description: serverMessage(error), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  };

  return (
    <CardStep heading={copy.heading}>
      <p className="mt-2 break-words text-stone-800">{message}</p>
      <p className="mt-2 text-stone-700">{copy.note}</p>
      <button type="button" className="btn-secondary mt-4" disabled={sending} onClick={() => void sendAgain()}>
        {sending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
        {sending ? copy.sending : copy.sendAgain}
      </button>
    </CardStep>
  );
}

interface AccountStepProps {
  copy: AreaSearchCopy['account'];
  /** The area being reserved: a new account's email confirmation link leads back to its card. */
  area: Pick<AreaCard, 'id' | 'label'>;
  onCancel: () => void;
  onDone: () => void;
}

/** A signed-out visitor's way to an account before reserving: a new guide account, or signing in to one. */
export function AccountStep({ copy, area, onCancel, onDone }: AccountStepProps) {
  const [choice, setChoice] = useState<'create' | 'signin'>('create');

  return (
    <CardStep heading={copy.heading}>
      <p className="mt-1 text-stone-700">{fillTemplate(copy.intro, { area: area.label })}</p>
      <div className="mt-4 grid grid-cols-2 gap-1 rounded-lg bg-stone-100 p-1" role="group" aria-label={copy.heading}>
        {(
          [
            ['create', copy.createTab],
            ['signin', copy.signInTab],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            aria-pressed={choice === value}
            onClick={() => setChoice(value)}
            className={`rounded-md px-3 py-2 text-sm font-semibold ${
              choice === value ? 'bg-white text-ember-900 shadow-sm' : 'text-stone-700 hover:text-ember-900'
            }`}
          >
            {label}
          </button>
        ))}
      </div>
      <div className="mt-6 max-w-xl">
        <Suspense fallback={<FormLoading />}>
          {choice === 'create' ? <GuideRegisterForm areaId={area.id} onDone={onDone} /> : <GuideSignInForm onDone={onDone} />}
        </Suspense>
      </div>
      <button type="button" className="mt-4 text-sm font-semibold text-flame-800 underline" onClick={onCancel}>
        {copy.cancel}
      </button>
    </CardStep>
  );
}

/**
 * A step shown in the area card under its buttons; its heading takes focus, so keyboard and screen-reader users are
 * taken to it, scrolled clear of the sticky header.
 */
function CardStep({ heading, children }: { heading: string; children: ReactNode }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className="mt-8 border-t border-stone-200 pt-6" aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="scroll-mt-24 text-xl font-bold text-ember-900 focus:outline-none">
        {heading}
      </h3>
      {children}
    </section>
  );
}
