import { useCallback, useState } from 'react';
import type { AreaCard, LicenceKind, Reservation } from '#lib/licensing/types.ts';
import { apiRequest, serverMessage, serverStatus } from '#lib/client/api.ts';
import { clearClientCache, loadCurrentUser } from '#lib/client/session.ts';
import { toast } from '#lib/client/toast.ts';
import { fillTemplate } from '#lib/shared/format.ts';
import type { AreaSearchCopy } from '#components/islands/shared/copy.ts';

/**
 * The way from an area card's Reserve button to a reservation: the account step for a signed-out visitor, the review
 * the guide confirms, the server's refusal or its word that the email must be confirmed first, and the reservation.
 * `reloadArea` shows the card again quietly (what is free now, after a refusal).
 */
export function useReservationSteps(copy: AreaSearchCopy, reloadArea: (id: string, quietly: boolean) => Promise<void>) {
  const [accountFor, setAccountFor] = useState<LicenceKind | null>(null);
  /** The kind whose reservation the guide is reviewing: nothing is reserved before they confirm it. */
  const [reviewing, setReviewing] = useState<LicenceKind | null>(null);
  const [reserving, setReserving] = useState<LicenceKind | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  /** The word that the account's email must be confirmed first (before the review, or the server's), and where the link went. */
  const [confirmationSent, setConfirmationSent] = useState<string | null>(null);
  const [reservation, setReservation] = useState<Reservation | null>(null);

  /** Back to the card alone, for another area. */
  const reset = useCallback(() => {
    setAccountFor(null);
    setReviewing(null);
    setRefusal(null);
    setConfirmationSent(null);
    setReservation(null);
  }, []);

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
        void reloadArea(area.id, true);
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

  /**
   * A Reserve button, or the account step done: the review, the account step for a visitor, or, for an account whose
   * email is unconfirmed, the word that it must be confirmed first (the server would refuse the reservation).
   */
  const onReserve = async (kind: LicenceKind) => {
    setRefusal(null);
    let user = await loadCurrentUser();
    if (user?.emailConfirmed === false) {
      // The cached answer may predate the confirmation link's use.
      clearClientCache();
      user = await loadCurrentUser();
    }
    setAccountFor(null);
    setReviewing(null);
    setConfirmationSent(null);
    if (!user) setAccountFor(kind);
    else if (user.emailConfirmed === false) setConfirmationSent(fillTemplate(copy.emailConfirmation.unconfirmed, { email: user.email }));
    else setReviewing(kind);
  };

  return {
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
  };
}
