import { useState } from 'react';
import { CheckCircle2, Copy, ExternalLink } from 'lucide-react';
import type { Reservation } from '#lib/licensing/types.ts';
import { fillTemplate, formatDollars } from '#lib/shared/format.ts';
import { StepHeading } from '#components/islands/shared/StepHeading.tsx';
import { LocalDate } from '#components/islands/shared/LocalDate.tsx';
import type { AreaSearchCopy } from '#components/islands/shared/copy.ts';

interface Props {
  reservation: Reservation;
  copy: AreaSearchCopy['confirmation'];
  /** The locale of the amount. */
  locale: string;
  kindLabel: string;
  onSearchAgain: () => void;
}

/** What a guide needs to pay for the reservation just made: the reference to quote, the amount, the date and the store. */
export function ReservationConfirmation({ reservation, copy, locale, kindLabel, onSearchAgain }: Props) {
  const { licence, order, store } = reservation;
  const [copied, setCopied] = useState(false);

  const copyReference = async () => {
    try {
      await navigator.clipboard.writeText(order.reference);
      setCopied(true);
    } catch {
      // Clipboard access can be refused (permissions, insecure origin); the reference stays selectable on screen.
    }
  };

  return (
    <section className="card border-emerald-300">
      <CheckCircle2 className="h-10 w-10 text-emerald-700" aria-hidden="true" />
      <div className="mt-3">
        <StepHeading>{copy.heading}</StepHeading>
      </div>
      <p className="mt-2 text-stone-700">{fillTemplate(copy.intro, { kind: kindLabel.toLowerCase(), area: licence.area.label })}</p>

      <dl className="mt-6 grid gap-4 sm:grid-cols-3">
        <div className="sm:col-span-3">
          <dt className="text-sm font-semibold text-stone-600">{copy.referenceLabel}</dt>
          <dd className="mt-1 flex flex-wrap items-center gap-3">
            <span className="select-all font-mono text-3xl font-bold tracking-wider text-ember-900" data-testid="reservation-reference">
              {order.reference}
            </span>
            <button type="button" className="btn-secondary" onClick={() => void copyReference()}>
              <Copy className="h-4 w-4" aria-hidden="true" />
              {copy.copy}
            </button>
            <span role="status" className="text-sm text-emerald-800">
              {copied ? copy.copied : ''}
            </span>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-stone-600">{copy.amountLabel}</dt>
          <dd className="mt-1 text-xl font-bold text-ember-900">{formatDollars(order.amount, locale)}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-stone-600">{copy.dueLabel}</dt>
          <dd className="mt-1 text-xl font-bold text-ember-900">
            <LocalDate value={order.dueAt} />
          </dd>
        </div>
      </dl>

      <p className="mt-6 text-stone-700">{copy.storeNote}</p>
      <a className="btn-primary mt-3" href={store.href} target="_blank" rel="noopener">
        {store.label}
        <ExternalLink className="h-4 w-4" aria-hidden="true" />
        <span className="sr-only">{copy.opensInNewTab}</span>
      </a>
      {reservation.emailed && <p className="mt-6 text-stone-700">{copy.emailed}</p>}
      <div className="mt-4 flex flex-wrap gap-3 border-t border-stone-200 pt-4">
        <a className="font-semibold text-flame-800 underline" href="/my-licences">
          {copy.myLicences}
        </a>
        <button type="button" className="font-semibold text-flame-800 underline" onClick={onSearchAgain}>
          {copy.searchAgain}
        </button>
      </div>
    </section>
  );
}
