import { useCallback, useEffect, useState } from 'react';
import type { AreaSuggestion } from '#lib/licensing/types.ts';
import { AreaCombobox } from '#components/islands/shared/AreaCombobox.tsx';
import { AREA_CHOSEN_ATTRIBUTE } from '#lib/licensing/area-card-space.ts';
import { AreaCardStatus } from './AreaCardStatus.tsx';
import { AreaCardView } from './AreaCardView.tsx';
import { ReservationConfirmation } from './ReservationConfirmation.tsx';
import { AccountStep, EmailConfirmationStep, ReviewStep } from './ReservationSteps.tsx';
import type { AreaSearchCopy } from '#components/islands/shared/copy.ts';
import { useAreaCard } from './use-area-card.ts';
import { useReservationSteps } from './use-reservation-steps.ts';

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
 * /area-search and /es/area-search: the search box, the chosen area's card, the account step for a signed-out visitor,
 * and the reservation's confirmation. The page is prerendered; everything here happens in the browser. Its words come
 * from the page's entry (AreaSearchEn.tsx, AreaSearchEs.tsx), in its JavaScript.
 */
export default function AreaSearch({ copy, paymentDays }: { copy: AreaSearchCopy; paymentDays: number }) {
  const { card, loadArea, clearArea } = useAreaCard(copy.search.failed);
  const {
    accountFor,
    setAccountFor,
    reviewing,
    setReviewing,
    reserving,
    refusal,
    confirmationSent,
    reservation,
    setReservation,
    reset,
    reserve,
    onReserve,
  } = useReservationSteps(copy, loadArea);
  const [emailJustConfirmed, setEmailJustConfirmed] = useState(false);

  const show = useCallback(
    (id: string | null) => {
      reset();
      if (id) void loadArea(id);
      else clearArea();
    },
    [reset, loadArea, clearArea],
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
    // The card's place is kept from now on (area-card-space.ts), so a slow answer does not move the page later.
    document.documentElement.setAttribute(AREA_CHOSEN_ATTRIBUTE, '');
    if (areaInUrl() !== area.id) {
      const url = new URL(window.location.href);
      url.searchParams.set('area', area.id);
      window.history.pushState(null, '', url);
    }
    show(area.id);
  };

  if (reservation) {
    const kindLabel = reservation.licence.kind === 'shared' ? copy.card.sharedLabel : copy.card.exclusiveLabel;
    return (
      <ReservationConfirmation
        reservation={reservation}
        copy={copy.confirmation}
        locale={copy.locale}
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
        <AreaCombobox copy={copy.search} onSelect={select} locale={copy.locale} />
      </div>

      <div className="area-card-place space-y-8">
        <AreaCardStatus card={card} copy={copy.search} onRetry={(id) => void loadArea(id)} />
        {card.name === 'ready' && (
          <AreaCardView
            area={card.area}
            copy={copy.card}
            locale={copy.locale}
            reserving={reserving}
            refusal={refusal}
            notice={emailJustConfirmed && !confirmationSent ? copy.emailConfirmation.confirmed : null}
            onReserve={(kind) => void onReserve(kind)}
          >
            {reviewing && (
              <ReviewStep
                key={reviewing}
                copy={copy.review}
                locale={copy.locale}
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
                onDone={() => void onReserve(accountFor)}
              />
            )}
          </AreaCardView>
        )}
      </div>
    </div>
  );
}
