import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import type { AreaCard, AreaSuggestion, LicenceKind, Reservation } from '#lib/licensing-types.ts';
import { apiRequest, getJson, serverMessage, serverStatus } from '#lib/client/api.ts';
import { clearClientCache, loadCurrentUser } from '#lib/client/session.ts';
import { toast } from '#lib/client/toast.ts';
import { fillTemplate, formatDollars } from '#lib/format.ts';
import { Detail } from '#components/islands/shared/Detail.tsx';
import { AreaCombobox } from './AreaCombobox.tsx';
import { AreaCardView } from './AreaCardView.tsx';
import { FormLoading } from '#components/islands/FormLoading.tsx';
import { ReservationConfirmation } from './ReservationConfirmation.tsx';
import type { AreaSearchCopy } from './copy.ts';

// The account forms (react-hook-form and zod, half the page's JavaScript) load when a signed-out visitor reserves.
const GuideRegisterForm = lazy(() => import('./GuideAccountForms.tsx').then((module) => ({ default: module.GuideRegisterForm })));
const GuideSignInForm = lazy(() => import('./GuideAccountForms.tsx').then((module) => ({ default: module.GuideSignInForm })));

type CardState =
  | { name: 'none' }
  | { name: 'loading'; id: string }
  | { name: 'ready'; area: AreaCard }
  | { name: 'not-found'; reason: string | null }
  | { name: 'failed'; id: string };

/** The URL's chosen area (`?area=zip-78704`), so a search can be shared and reloaded. */
const areaInUrl = () => new URL(window.location.href).searchParams.get('area');
/**
 * Whether the email confirmation link has just brought the guide back to the card they were on (`&email=confirmed`).
 * The mark leaves the address bar, so a reload or a shared link does not say it again.
 */
function takeEmailConfirmedMark(): boolean {
  const url = new URL(window.location.href);
  if (url.searchParams.get('email') !== 'confirmed') return false;
  url.searchParams.delete('email');
  window.history.replaceState(null, '', url);
  return true;
}

/**
 * /area-search: the search box, the chosen area's card, the account step for a signed-out visitor, and the
 * reservation's confirmation. The page is prerendered; everything here happens in the browser.
 */
export default function AreaSearch({ copy, paymentDays }: { copy: AreaSearchCopy; paymentDays: number }) {
  const [card, setCard] = useState<CardState>({ name: 'none' });
  const [accountFor, setAccountFor] = useState<LicenceKind | null>(null);
  /** The kind whose reservation the guide is reviewing: nothing is reserved before they confirm it. */
  const [reviewing, setReviewing] = useState<LicenceKind | null>(null);
  const [reserving, setReserving] = useState<LicenceKind | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  /** The server's word that the account's email must be confirmed first, and where the link went. */
  const [confirmationSent, setConfirmationSent] = useState<string | null>(null);
  const [emailJustConfirmed, setEmailJustConfirmed] = useState(false);
  const [reservation, setReservation] = useState<Reservation | null>(null);
  const latest = useRef<string | null>(null);

  const loadArea = useCallback(
    async (id: string, quietly = false) => {
      latest.current = id;
      if (!quietly) setCard({ name: 'loading', id });
      try {
        const area = await getJson<AreaCard>(`/api/areas/${encodeURIComponent(id)}`);
        if (latest.current === id) setCard({ name: 'ready', area });
      } catch (error) {
        if (latest.current !== id) return;
        const status = serverStatus(error);
        // 400 is a malformed id in the URL: as unknown to the visitor as an id that names nothing. A 404 may say why
        // the area cannot be licensed (DC, a ZIP code without population).
        if (status === 404 || status === 400) setCard({ name: 'not-found', reason: serverMessage(error) ?? null });
        else {
          setCard({ name: 'failed', id });
          toast({ title: copy.search.failed.title, description: copy.search.failed.description, variant: 'destructive' });
        }
      }
    },
    [copy.search.failed],
  );

  const show = useCallback(
    (id: string | null) => {
      setAccountFor(null);
      setReviewing(null);
      setRefusal(null);
      setConfirmationSent(null);
      setReservation(null);
      if (id) void loadArea(id);
      else {
        latest.current = null;
        setCard({ name: 'none' });
      }
    },
    [loadArea],
  );

  useEffect(() => {
    setEmailJustConfirmed(takeEmailConfirmedMark());
    show(areaInUrl());
    // Back and forward move between the areas chosen in this tab.
    const onPopState = () => show(areaInUrl());
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [show]);

  const select = (area: AreaSuggestion) => {
    if (areaInUrl() !== area.id) {
      const url = new URL(window.location.href);
      url.searchParams.set('area', area.id);
      window.history.pushState(null, '', url);
    }
    show(area.id);
  };

  const reserve = async (area: AreaCard, kind: LicenceKind) => {
    setRefusal(null);
    setReserving(kind);
    try {
      const response = await apiRequest('POST', '/api/licences', { areaId: area.id, kind });
      setAccountFor(null);
      setReviewing(null);
      setReservation((await response.json()) as Reservation);
    } catch (error) {
      const status = serverStatus(error);
      if (status === 401) {
        // The cached user outlived the session: sign in again.
        clearClientCache();
        setReviewing(null);
        setAccountFor(kind);
      } else if (status === 403) {
        setAccountFor(null);
        setReviewing(null);
        setConfirmationSent(serverMessage(error) ?? copy.emailConfirmation.heading);
      } else if (status === 409) {
        // Someone reserved it first (or this guide already holds it): say so and show what is free now.
        setReviewing(null);
        setRefusal(serverMessage(error) ?? null);
        void loadArea(area.id, true);
      } else {
        toast({
          title: copy.card.reserveFailed,
          description: serverMessage(error) ?? copy.search.failed.description,
          variant: 'destructive',
        });
      }
    } finally {
      setReserving(null);
    }
  };

  const onReserve = async (kind: LicenceKind) => {
    setRefusal(null);
    const user = await loadCurrentUser();
    if (user) {
      setAccountFor(null);
      setReviewing(kind);
    } else setAccountFor(kind);
  };

  if (reservation) {
    const kindLabel = reservation.licence.kind === 'shared' ? copy.card.sharedLabel : copy.card.exclusiveLabel;
    return (
      <ReservationConfirmation
        reservation={reservation}
        copy={copy.confirmation}
        kindLabel={kindLabel}
        onSearchAgain={() => {
          setReservation(null);
          if (card.name === 'ready') void loadArea(card.area.id, true);
        }}
      />
    );
  }

  return (
    <div className="space-y-8">
      <div className="card">
        <AreaCombobox copy={copy.search} onSelect={select} />
      </div>

      <div aria-live="polite" aria-busy={card.name === 'loading'}>
        {card.name === 'loading' && (
          <p className="card flex items-center gap-2 text-stone-700">
            <Loader2 className="h-5 w-5 animate-spin text-flame-700" aria-hidden="true" />
            {copy.search.loadingArea}
          </p>
        )}
        {card.name === 'not-found' && (
          <p className="card text-stone-800">{card.reason ? `${card.reason} ${copy.search.searchAnother}` : copy.search.notFound}</p>
        )}
        {card.name === 'failed' && (
          <p className="card text-stone-800">
            {copy.search.failed.description}{' '}
            <button type="button" className="font-semibold text-flame-800 underline" onClick={() => void loadArea(card.id)}>
              {copy.search.retry}
            </button>
          </p>
        )}
      </div>
      {card.name === 'ready' && (
        <AreaCardView
          area={card.area}
          copy={copy.card}
          reserving={reserving}
          refusal={refusal}
          notice={emailJustConfirmed && !confirmationSent ? copy.emailConfirmation.confirmed : null}
          onReserve={(kind) => void onReserve(kind)}
        >
          {reviewing && (
            <ReviewStep
              key={reviewing}
              copy={copy.review}
              area={card.area}
              kind={reviewing}
              kindLabel={reviewing === 'shared' ? copy.card.sharedLabel : copy.card.exclusiveLabel}
              paymentDays={paymentDays}
              busy={reserving !== null}
              onConfirm={() => void reserve(card.area, reviewing)}
              onCancel={() => setReviewing(null)}
            />
          )}
          {confirmationSent && <EmailConfirmationStep copy={copy.emailConfirmation} message={confirmationSent} areaId={card.area.id} />}
          {accountFor && (
            <AccountStep
              copy={copy.account}
              area={card.area}
              onCancel={() => setAccountFor(null)}
              onDone={() => {
                setAccountFor(null);
                setReviewing(accountFor);
              }}
            />
          )}
        </AreaCardView>
      )}
    </div>
  );
}

interface ReviewStepProps {
  copy: AreaSearchCopy['review'];
  area: AreaCard;
  kind: LicenceKind;
  kindLabel: string;
  paymentDays: number;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** What is about to be reserved (area, kind, yearly fee, the days to pay), confirmed before anything is reserved. */
function ReviewStep({ copy, area, kind, kindLabel, paymentDays, busy, onConfirm, onCancel }: ReviewStepProps) {
  return (
    <CardStep heading={copy.heading}>
      <p className="mt-1 text-stone-700">{fillTemplate(copy.intro, { kind: kindLabel, area: area.label })}</p>
      <dl className="mt-4 grid gap-4 sm:grid-cols-3">
        <Detail label={copy.areaLabel}>{area.label}</Detail>
        <Detail label={copy.kindLabel}>{kindLabel}</Detail>
        <Detail label={copy.feeLabel}>{formatDollars(area.prices[kind])}</Detail>
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
  /** The server's refusal, which names the address the link went to. */
  message: string;
  areaId: string;
}

/** What to do while the account's email awaits confirmation: open the emailed link, or have it sent again. */
function EmailConfirmationStep({ copy, message, areaId }: EmailConfirmationStepProps) {
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
      <p className="mt-2 text-stone-800">{message}</p>
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
function AccountStep({ copy, area, onCancel, onDone }: AccountStepProps) {
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

/** A step shown in the area card under its buttons; its heading takes focus, so keyboard and screen-reader users are taken to it. */
function CardStep({ heading, children }: { heading: string; children: ReactNode }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className="mt-8 border-t border-stone-200 pt-6" aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-bold text-ember-900 focus:outline-none">
        {heading}
      </h3>
      {children}
    </section>
  );
}
