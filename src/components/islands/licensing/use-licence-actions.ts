import { useState, type Dispatch, type SetStateAction } from 'react';
import { apiRequest, serverMessage } from '#lib/client/api.ts';
import { handleAdminError } from '#lib/client/admin-errors.ts';
import { toast } from '#lib/client/toast.ts';
import { formatDollars } from '#lib/shared/format.ts';
import type { GuideListing } from '#lib/guides/types.ts';
import { guideNameOf, type AdminLicence, type GuideStatus, type LicenceGuide } from '#lib/licensing/types.ts';
import type { GuideVisibilityInput } from '#lib/schemas/guides.ts';
import type { LicenceAction } from './LicenceActions.tsx';
import type { AdminPage } from '#components/islands/shared/use-admin-page.ts';

/** `current` with `key` added (on) or removed. */
function toggled<T>(current: ReadonlySet<T>, key: T, on: boolean): ReadonlySet<T> {
  const next = new Set(current);
  if (on) next.add(key);
  else next.delete(key);
  return next;
}

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : '');

/** "the exclusive licence of Jane Doe for ZIP 78704": how confirmations and toasts name a licence. */
const describe = (licence: AdminLicence) => `the ${licence.kind} licence of ${guideNameOf(licence)} for ${licence.area.label}`;

interface LicenceActionsOptions {
  /** The page of licences on screen, which each answer updates. */
  setList: Dispatch<SetStateAction<AdminPage<AdminLicence> | null>>;
  /** Loads the page again, to show the list as the server has it after a refusal. */
  reload: () => void;
  /** The table's id: a row's area cell is `${tableId}-area-${licence id}`. */
  tableId: string;
}

/**
 * The admin's actions on the licences of /admin-licences (mark paid, renew, revoke, release) and on their guides
 * (certification, hiding or showing the profile): each asks the API, updates the rows on screen and says so in a toast;
 * `busyIds` and `busyGuides` are the licences and guides whose change is on its way.
 */
export function useLicenceActions({ setList, reload, tableId }: LicenceActionsOptions) {
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(() => new Set());
  const [busyGuides, setBusyGuides] = useState<ReadonlySet<string>>(() => new Set());

  /** Changes the guide of every row of theirs on the page. */
  const updateGuide = (guideId: string, change: (guide: LicenceGuide) => LicenceGuide) =>
    setList(
      (current) =>
        current && { ...current, items: current.items.map((l) => (l.guide?.id === guideId ? { ...l, guide: change(l.guide) } : l)) },
    );

  // The guide comes back with the licence: their other rows learn whether they are listed now (a payment lists them).
  const replaceLicence = (updated: AdminLicence) =>
    setList(
      (current) =>
        current && {
          ...current,
          items: current.items.map((l) =>
            l.id === updated.id ? updated : updated.guide && l.guide?.id === updated.guide.id ? { ...l, guide: updated.guide } : l,
          ),
        },
    );

  /** When the button that was used has gone (a paid order has no Mark paid), focus goes to the row instead of the page. */
  const keepFocusInRow = (licenceId: number, opener: Element | null) => {
    requestAnimationFrame(() => {
      if (opener instanceof HTMLElement && opener.isConnected && document.activeElement === opener) return;
      if (opener instanceof HTMLElement && opener.isConnected && !(opener as HTMLButtonElement).disabled) return opener.focus();
      document.getElementById(`${tableId}-area-${licenceId}`)?.focus();
    });
  };

  const act = async (licence: AdminLicence, action: LicenceAction) => {
    if (action === 'revoke' && !window.confirm(`Revoke ${describe(licence)}? The area will be free for others.`)) return;
    if (
      action === 'release' &&
      !window.confirm(
        `Release the reservation of ${guideNameOf(licence)} for ${licence.area.label}? Its order will be cancelled and the area will be free for others.`,
      )
    )
      return;
    const opener = document.activeElement;
    setBusyIds((current) => toggled(current, licence.id, true));
    try {
      const response = await apiRequest(
        'POST',
        action === 'renew' ? `/api/licences/${licence.id}/renew` : `/api/admin/licences/${licence.id}/${action}`,
      );
      // The admin gets the whole row back from each, the renewal's order in its history.
      const updated = (await response.json()) as AdminLicence;
      replaceLicence(updated);
      if (action === 'renew') {
        const order = updated.openOrder;
        toast({
          title: 'Renewal Order Created',
          description: order
            ? `Order ${order.reference} for ${formatDollars(order.amount)} is awaiting payment, due ${day(order.dueAt)}.`
            : `${licence.area.label} has a renewal order.`,
        });
      } else {
        toast(
          action === 'mark-paid'
            ? {
                title: 'Payment Recorded',
                description: `${licence.area.label} is active${updated.endsAt ? ` until ${day(updated.endsAt)}` : ''} for ${guideNameOf(licence)}.`,
              }
            : action === 'revoke'
              ? { title: 'Licence Revoked', description: `${licence.area.label} is free for others.` }
              : { title: 'Reservation Released', description: `${licence.area.label} is free for others.` },
        );
      }
      keepFocusInRow(licence.id, opener);
    } catch (error) {
      const titles: Record<LicenceAction, string> = {
        'mark-paid': 'Mark Paid Failed',
        renew: 'Renew Failed',
        revoke: 'Revoke Failed',
        release: 'Release Failed',
      };
      // After a refusal (the job lapsed it, another admin acted first) show the list as the server has it.
      if (!handleAdminError(error, { title: titles[action], description: serverMessage(error) ?? 'Please try again.' })) reload();
    } finally {
      setBusyIds((current) => toggled(current, licence.id, false));
    }
  };

  const certify = async (guide: LicenceGuide, certifiedOn: string | null): Promise<boolean> => {
    setBusyGuides((current) => toggled(current, guide.id, true));
    try {
      const response = await apiRequest('PUT', `/api/admin/guides/${encodeURIComponent(guide.id)}/certification`, { certifiedOn });
      const status = (await response.json()) as GuideStatus;
      // 'not-certified' is always the first of the reasons (unlistedReasons' order).
      updateGuide(guide.id, (current) => {
        const others = current.unlistedReasons.filter((reason) => reason !== 'not-certified');
        return { ...current, certifiedOn: status.certifiedOn, unlistedReasons: status.certifiedOn ? others : ['not-certified', ...others] };
      });
      toast(
        status.certifiedOn
          ? { title: 'Certification Saved', description: `${guide.name} is certified as of ${day(`${status.certifiedOn}T12:00:00`)}.` }
          : { title: 'Certification Cleared', description: `${guide.name} is no longer marked as certified.` },
      );
      return true;
    } catch (error) {
      handleAdminError(error, { title: 'Certification Failed', description: serverMessage(error) ?? 'Please try again.' });
      return false;
    } finally {
      setBusyGuides((current) => toggled(current, guide.id, false));
    }
  };

  const setVisibility = async (guide: LicenceGuide, visibility: GuideVisibilityInput) => {
    setBusyGuides((current) => toggled(current, guide.id, true));
    try {
      const response = await apiRequest('POST', `/api/admin/guides/${encodeURIComponent(guide.id)}/visibility`, visibility);
      const listing = (await response.json()) as GuideListing;
      updateGuide(guide.id, (current) => ({ ...current, ...listing }));
      toast(
        visibility.hidden
          ? { title: 'Profile Hidden', description: `${guide.name} has been emailed your reason.` }
          : { title: 'Profile Shown', description: `${guide.name} has been told that their profile is shown again.` },
      );
    } catch (error) {
      handleAdminError(error, { title: 'Change Failed', description: serverMessage(error) ?? 'Please try again.' });
    } finally {
      setBusyGuides((current) => toggled(current, guide.id, false));
    }
  };

  const showGuide = (guide: LicenceGuide) => {
    if (window.confirm(`Show the profile of ${guide.name} again? They are emailed that it is shown.`))
      void setVisibility(guide, { hidden: false });
  };

  return { busyIds, busyGuides, act, certify, setVisibility, showGuide };
}
