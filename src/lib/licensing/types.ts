// The shapes of guide licensing that the server sends and the islands show (docs/decisions/017). Zod-free and
// server-free, so islands import them and the server's repositories return them.
import type { GuideListing } from '#lib/guides/types.ts';

export const AREA_KINDS = ['zip', 'county', 'state'] as const;
export type AreaKind = (typeof AREA_KINDS)[number];

export const LICENCE_KINDS = ['shared', 'exclusive'] as const;
export type LicenceKind = (typeof LICENCE_KINDS)[number];

export const LICENCE_STATUSES = ['reserved', 'active', 'grace', 'lapsed', 'cancelled', 'released', 'revoked', 'expired'] as const;
export type LicenceStatus = (typeof LICENCE_STATUSES)[number];
/**
 * The statuses in which a licence holds its area against others. Migration 013's index licences_held_idx and the
 * availability query (areas-read-model.ts) spell them in SQL, where a partial index needs the literal list; a unit test
 * (tests/unit/licence-statuses.test.ts) holds every such spelling to this one.
 */
export const HELD_STATUSES = ['reserved', 'active', 'grace'] as const satisfies readonly LicenceStatus[];
export type HeldStatus = (typeof HELD_STATUSES)[number];

/** Whether a licence in this status holds its area. */
export const isHeld = (status: LicenceStatus): status is HeldStatus => (HELD_STATUSES as readonly LicenceStatus[]).includes(status);

export const ORDER_STATUSES = ['awaiting_payment', 'paid', 'lapsed', 'cancelled', 'released'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Every move a licence makes, in one table (docs/decisions/017): the statuses it may make it from, the status it goes
 * to (null: it stays, as a renewal only adds an order), and the status its open order takes (null: the order is left
 * alone, or written by the move's own rule). The guide cancels; the admin releases, revokes, marks paid and renews (so
 * may the guide); the licence-transitions job lapses unpaid reservations and moves licences past their end; a guide
 * deleting their account cancels their reservations and gives up the licences they hold.
 */
export const LICENCE_MOVES = {
  cancel: { from: ['reserved'], to: 'cancelled', order: 'cancelled' },
  release: { from: ['reserved'], to: 'released', order: 'released' },
  revoke: { from: HELD_STATUSES, to: 'revoked', order: 'cancelled' },
  'mark-paid': { from: HELD_STATUSES, to: 'active', order: 'paid' },
  renew: { from: ['active', 'grace'], to: null, order: null },
  lapse: { from: ['reserved'], to: 'lapsed', order: 'lapsed' },
  'enter-grace': { from: ['active'], to: 'grace', order: null },
  expire: { from: ['active', 'grace'], to: 'expired', order: null },
  'give-up': { from: ['active', 'grace'], to: 'released', order: 'cancelled' },
} as const satisfies Record<string, { from: readonly LicenceStatus[]; to: LicenceStatus | null; order: OrderStatus | null }>;
export type LicenceMove = keyof typeof LICENCE_MOVES;

/** Whether a licence in `status` may make `move`. */
export const canMove = (status: LicenceStatus, move: LicenceMove): boolean =>
  (LICENCE_MOVES[move].from as readonly LicenceStatus[]).includes(status);

/**
 * An area's id as URLs and payloads carry it: `zip-78704`, `county-48453` (the county's FIPS code) or `state-TX`.
 */
export type AreaId = `${AreaKind}-${string}`;

/** One suggestion of the area search box. */
export interface AreaSuggestion {
  id: AreaId;
  kind: AreaKind;
  /** What the box shows: "78704 · Austin, TX", "Travis County, TX", "Texas". */
  label: string;
  population: number;
}

/** GET /api/areas/suggest?q=: the areas matching the text, and why nothing can be licensed when that is the answer. */
export interface AreaSuggestions {
  areas: AreaSuggestion[];
  /**
   * Set when the text names something that cannot be licensed, or nothing at all: "ZIP 20500 is in Washington,
   * DC, which cannot be licensed.", "ZIP 00501 has no census population. It can be licensed as part of its county:
   * Suffolk County, NY." The areas then hold the county to licence instead, if there is one.
   */
  message: string | null;
}

/** Whether a kind of licence can be reserved on an area now, and if not, why, in words for the visitor. */
export type Availability = { available: true } | { available: false; reason: string };

/** GET /api/areas/{id}: everything the area card shows. */
export interface AreaCard {
  id: AreaId;
  kind: AreaKind;
  /** "78704", "Travis County", "Texas". */
  name: string;
  /** "ZIP 78704", "Travis County, TX", "Texas". */
  label: string;
  state: { code: string; name: string };
  /** The county a ZIP code lies in (its primary county), or the county itself; null for a state. */
  county: { fips: string; name: string } | null;
  /** The post office's town of a ZIP code, when known ("Austin"). */
  city: string | null;
  population: number;
  /** "US Census 2020". */
  populationSource: string;
  /** 1 for a ZIP code, 5 for a county, 200 for a state. */
  multiplier: number;
  /** population ÷ multiplier, rounded down: the number the tier is chosen by. */
  pricedPopulation: number;
  tier: number;
  /** Yearly fees in whole dollars. */
  prices: Record<LicenceKind, number>;
  availability: Record<LicenceKind, Availability>;
  /**
   * Who holds licences on this area or on areas containing it or inside it: the listed guides by name, with their
   * pages, and how many others (a reservation awaiting payment, a guide not listed).
   */
  holders: { guides: { name: string; path: string }[]; others: number };
  /** A small locator map, SVG markup drawn on the server (its state, the county highlighted, a ZIP code as a dot). */
  mapSvg: string;
}

/** A payment a guide owes or made: the first year of a licence or a renewal. */
export interface LicenceOrder {
  id: number;
  /** Quoted at the store: `FK-XXXX-XXXX`. */
  reference: string;
  isRenewal: boolean;
  tier: number;
  /** Whole dollars. */
  amount: number;
  status: OrderStatus;
  /** ISO timestamps. */
  createdAt: string;
  dueAt: string;
  paidAt: string | null;
}

/** A licence as its guide and the admin see it. */
export interface Licence {
  id: number;
  kind: LicenceKind;
  area: { id: AreaId; kind: AreaKind; label: string; stateCode: string };
  status: LicenceStatus;
  /** ISO timestamps of the current term; null before the first payment. */
  startsAt: string | null;
  endsAt: string | null;
  /** The end of an exclusive licence's grace period while it is in it. */
  graceEndsAt: string | null;
  /** What the guide paid for the current term (the last paid order), in whole dollars; null before any payment. */
  pricePaid: number | null;
  /** The order waiting for payment (the reservation, or a renewal), if any. */
  openOrder: LicenceOrder | null;
  /** Whether the guide can renew now: within the renewal notice period or in grace, with no renewal waiting. */
  renewalDue: boolean;
  createdAt: string;
}

/** The guide's certification: the licensing page's three steps. */
export interface GuideStatus {
  name: string;
  email: string;
  phone: string | null;
  /** YYYY-MM-DD, set by the admin. */
  certifiedOn: string | null;
}

/** GET /api/licences: the signed-in guide's page. */
export interface MyLicences {
  guide: GuideStatus | null;
  licences: Licence[];
  /** Where to pay, from site content. */
  store: { label: string; href: string };
}

/** POST /api/licences (201): the reservation made. */
export interface Reservation {
  licence: Licence;
  order: LicenceOrder;
  /** Whether its details were emailed: not for the same area reserved again within a day. */
  emailed: boolean;
  /** Where to pay: the store link carrying this order's reference (src/lib/licensing/store-link.ts). */
  store: { label: string; href: string };
}

/** The guide of a licence, as /admin-licences shows them. */
export type LicenceGuide = { id: string; name: string; email: string; certifiedOn: string | null } & GuideListing;

/** A row of /admin-licences: a licence with its guide. */
export interface AdminLicence extends Licence {
  /** Null once the guide deleted their account: the licence, ended, and its orders are kept as payment records. */
  guide: LicenceGuide | null;
  orders: LicenceOrder[];
}

/** How the admin's screens and exports name a licence's guide: a deleted account's licences have none left. */
export const guideNameOf = (licence: AdminLicence): string => licence.guide?.name ?? 'Deleted account';
