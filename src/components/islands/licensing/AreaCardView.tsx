import { Fragment, useId, type ReactNode } from 'react';
import { CheckCircle2, Loader2, MapPin, XCircle } from 'lucide-react';
import { shownCountText, type AreaCardWithDemand } from '#lib/demand/counts.ts';
import type { AreaCard, LicenceKind } from '#lib/licensing/types.ts';
import { fillTemplate, formatDollars, formatNumber } from '#lib/shared/format.ts';
import { Detail } from '#components/islands/shared/Detail.tsx';
import type { AreaSearchCopy } from '#components/islands/shared/copy.ts';

interface Props {
  area: AreaCardWithDemand;
  copy: AreaSearchCopy['card'];
  /** The locale of its numbers and prices. */
  locale: string;
  /** The kind being reserved right now, if any. */
  reserving: LicenceKind | null;
  /** Why the last reservation was refused (a 409: someone else was quicker), shown above the buttons. */
  refusal: string | null;
  /** Good news shown in the same place (the guide's email has just been confirmed). */
  notice?: string | null;
  onReserve: (kind: LicenceKind) => void;
  /** The account step, shown inside the card when a signed-out visitor chose to reserve. */
  children?: ReactNode;
}

const KINDS = ['shared', 'exclusive'] as const;

/** "Maya Lopez", "Sam Lee", "1 other guide": the listed holders as links to their pages, then a count of the rest. */
function holderParts(holders: AreaCard['holders'], copy: AreaSearchCopy['card']): ReactNode[] {
  const others = holders.others === 1 ? copy.otherGuides.one : fillTemplate(copy.otherGuides.other, { count: holders.others });
  return [
    ...holders.guides.map((guide) => (
      <a className="font-semibold text-flame-800 underline underline-offset-2" href={guide.path}>
        {guide.name}
      </a>
    )),
    ...(holders.others > 0 ? [others] : []),
  ];
}

/** An area as the server describes it: where it is, its population, the arithmetic of its price, and whether it is free. */
export function AreaCardView({ area, copy, locale, reserving, refusal, notice, onReserve, children }: Props) {
  const headingId = useId();
  const reasonId = useId();
  const labels = { shared: copy.sharedLabel, exclusive: copy.exclusiveLabel };
  const reserveLabels = { shared: copy.reserveShared, exclusive: copy.reserveExclusive };

  return (
    <article className="card" aria-labelledby={headingId}>
      <div className="grid gap-8 lg:grid-cols-[1fr_18rem]">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-flame-800">{copy.kindLabels[area.kind]}</p>
          <h2 id={headingId} className="mt-1 text-3xl font-bold text-ember-900">
            {area.name}
          </h2>
          <dl className="mt-4 grid gap-x-6 gap-y-2 text-stone-800 sm:grid-cols-2">
            <Detail label={copy.stateLabel}>{area.state.name}</Detail>
            {area.kind === 'zip' && area.county && <Detail label={copy.countyLabel}>{area.county.name}</Detail>}
            {area.kind === 'zip' && area.city && <Detail label={copy.cityLabel}>{area.city}</Detail>}
            <Detail label={copy.populationLabel}>
              {fillTemplate(copy.population, { population: formatNumber(area.population, locale), source: area.populationSource })}
            </Detail>
          </dl>
          {/* Demand, rounded by the server (docs/decisions/032): "fewer than 5" below 5. */}
          <p className="mt-3 text-stone-800" data-testid="area-demand">
            <span className="font-semibold text-ember-900">{copy.demand.waiting}</span>{' '}
            {shownCountText(area.demand.waiting, copy.demand.fewer)}
            <span aria-hidden="true" className="hidden sm:inline">
              {' · '}
            </span>
            <br className="sm:hidden" />
            <span className="font-semibold text-ember-900">{copy.demand.unmetSearches}</span>{' '}
            {shownCountText(area.demand.unmetSearches, copy.demand.fewer)}
          </p>

          <h3 className="mt-6 text-lg font-semibold text-ember-900">{copy.pricingLabel}</h3>
          <p className="mt-1 font-mono text-stone-800" data-testid="price-arithmetic">
            {formatNumber(area.population, locale)} ÷ {area.multiplier} = {formatNumber(area.pricedPopulation, locale)} →{' '}
            {fillTemplate(copy.tierLabel, { tier: area.tier })}
          </p>

          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {KINDS.map((kind) => {
              const availability = area.availability[kind];
              return (
                <li key={kind} className="rounded-xl border border-stone-200 bg-stone-50 p-4">
                  <p className="text-sm font-semibold text-stone-700">{labels[kind]}</p>
                  <p className="mt-1 text-2xl font-bold text-ember-900">
                    {fillTemplate(copy.fee, { fee: formatDollars(area.prices[kind], locale) })}
                  </p>
                  <p
                    id={`${reasonId}-${kind}`}
                    className={`mt-2 flex items-start gap-1.5 text-sm ${availability.available ? 'text-emerald-800' : 'text-red-800'}`}
                  >
                    {availability.available ? (
                      <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                    ) : (
                      <XCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                    )}
                    {availability.available ? copy.available : availability.reason}
                  </p>
                </li>
              );
            })}
          </ul>

          {(area.holders.guides.length > 0 || area.holders.others > 0) && (
            <p className="mt-3 text-sm text-stone-700" data-testid="area-holders">
              <span className="font-semibold text-ember-900">{copy.heldBy}</span>{' '}
              {holderParts(area.holders, copy).map((part, index, parts) => (
                <Fragment key={index}>
                  {index > 0 && (index === parts.length - 1 ? ` ${copy.and} ` : ', ')}
                  {part}
                </Fragment>
              ))}
            </p>
          )}

          {notice && !refusal && (
            <p className="mt-4 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900" role="status">
              {notice}
            </p>
          )}
          {refusal && (
            <p className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800" role="alert">
              {refusal}
            </p>
          )}

          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            {KINDS.map((kind) => {
              const available = area.availability[kind].available;
              return (
                <button
                  key={kind}
                  type="button"
                  className={kind === 'exclusive' ? 'btn-primary' : 'btn-secondary'}
                  disabled={!available || reserving !== null}
                  // A disabled button still names why: the availability line under its price.
                  aria-describedby={available ? undefined : `${reasonId}-${kind}`}
                  onClick={() => onReserve(kind)}
                >
                  {reserving === kind && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
                  {reserving === kind ? copy.reserving : reserveLabels[kind]}
                </button>
              );
            })}
          </div>
        </div>

        <figure className="order-first lg:order-none">
          {/* Trusted markup: the server draws this map from its own census geometry (GET /api/areas/{id}). */}
          <div
            className="overflow-hidden rounded-xl border border-stone-200 bg-stone-50 [&>svg]:h-auto [&>svg]:w-full"
            dangerouslySetInnerHTML={{ __html: area.mapSvg }}
          />
          <figcaption className="mt-2 flex items-center gap-1 text-sm text-stone-600">
            <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" />
            {fillTemplate(copy.mapCaption, { area: area.label, state: area.state.name })}
          </figcaption>
        </figure>
      </div>
      {children}
    </article>
  );
}
