import { useId, useRef, useState } from 'react';
import { Ban, ChevronDown, CircleDollarSign, RefreshCw, Unlock, type LucideIcon } from 'lucide-react';
import { canMove, type AdminLicence } from '#lib/licensing/types.ts';

export type LicenceAction = 'mark-paid' | 'renew' | 'revoke' | 'release';

/** Whether the licence can be renewed now: the server sets it from the notice period on, with no renewal waiting. */
const canRenew = (licence: AdminLicence) => licence.renewalDue && canMove(licence.status, 'renew');

const actionClass =
  'inline-flex items-center gap-1 whitespace-nowrap rounded-md border px-2.5 py-1.5 text-xs font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

const ACTIONS: {
  action: LicenceAction;
  label: string;
  Icon: LucideIcon;
  className: string;
  offered: (licence: AdminLicence) => boolean;
}[] = [
  {
    action: 'mark-paid',
    label: 'Mark paid',
    Icon: CircleDollarSign,
    className: 'border-emerald-800 bg-emerald-800 text-white hover:bg-emerald-900',
    offered: (licence) => licence.openOrder?.status === 'awaiting_payment',
  },
  {
    action: 'renew',
    label: 'Renew',
    Icon: RefreshCw,
    className: 'border-flame-700 bg-flame-700 text-white hover:bg-flame-800',
    offered: canRenew,
  },
  {
    action: 'release',
    label: 'Release reservation',
    Icon: Unlock,
    className: 'border-stone-500 bg-white text-stone-800 hover:bg-stone-100',
    offered: (licence) => canMove(licence.status, 'release'),
  },
  {
    action: 'revoke',
    label: 'Revoke',
    Icon: Ban,
    className: 'border-red-800 bg-white text-red-800 hover:bg-red-50',
    offered: (licence) => canMove(licence.status, 'revoke'),
  },
];

interface LicenceActionsProps {
  licence: AdminLicence;
  /** A change to the licence is on its way to the server. */
  busy: boolean;
  onAction: (licence: AdminLicence, action: LicenceAction) => void;
}

/**
 * A licence's actions: a column of buttons from lg (1024 px) on, and below it, where the table is narrower than its
 * content, behind an "Actions" disclosure button so the column stays narrow. One set of buttons serves both.
 */
export function LicenceActions({ licence, busy, onAction }: LicenceActionsProps) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const area = licence.area.label;
  const offered = ACTIONS.filter(({ offered }) => offered(licence));
  if (offered.length === 0) return <span className="text-xs text-stone-600">No actions</span>;

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };

  return (
    <div
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <button
        ref={toggle}
        type="button"
        className={`${actionClass} border-stone-500 bg-white text-stone-800 hover:bg-stone-100 lg:hidden`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        aria-label={`Actions: ${area}`}
      >
        Actions
        <ChevronDown className={`h-3.5 w-3.5 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
      </button>
      <ul id={listId} className={`${open ? 'mt-1.5 flex' : 'hidden'} flex-col items-start gap-1.5 lg:mt-0 lg:flex`}>
        {offered.map(({ action, label, Icon, className }) => (
          <li key={action}>
            <button
              type="button"
              className={`${actionClass} ${className}`}
              disabled={busy}
              onClick={() => {
                // The toggle keeps the focus (and the confirmation's return) once the list closes under the pointer.
                if (open) close();
                onAction(licence, action);
              }}
              aria-label={`${label}: ${area}`}
            >
              <Icon className="h-3.5 w-3.5" aria-hidden="true" />
              {label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
