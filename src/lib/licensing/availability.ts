import type { AreaKind, Availability, LicenceKind } from '#lib/licensing/types.ts';
import { countOf } from '#lib/shared/plural.ts';

/** Where an area lies: a state has neither county nor ZIP code, a county no ZIP code. */
export interface AreaPlace {
  kind: AreaKind;
  stateCode: string;
  countyFips: string | null;
  zip: string | null;
}

/** A licence held on an area overlapping the one asked about. */
export interface HeldLicence extends AreaPlace {
  kind: AreaKind;
  licenceKind: LicenceKind;
  /** "ZIP 78704", "Travis County, TX", "Texas". */
  label: string;
  /** The latest instant it holds the area unless renewed or paid: its end, its grace's end, or its payment's due date. */
  heldUntil: Date;
  /** Awaiting its first payment. */
  reserved: boolean;
}

const SIZE: Record<AreaKind, number> = { zip: 0, county: 1, state: 2 };

/** Whether two areas overlap: one state, and neither names a different county or ZIP code than the other. */
export function areasOverlap(a: AreaPlace, b: AreaPlace): boolean {
  return (
    a.stateCode === b.stateCode &&
    (a.countyFips === null || b.countyFips === null || a.countyFips === b.countyFips) &&
    (a.zip === null || b.zip === null || a.zip === b.zip)
  );
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const coaches = (count: number) => countOf(count, { one: 'coach holds a shared licence', other: 'coaches hold shared licences' });

/**
 * What availability needs of the licences held on areas overlapping an area: the first exclusive one, and the shared
 * ones counted (of the area's own kind, of a larger area containing it, in all) with the first containing one's
 * label. The area card reads it counted by SQL; a reservation summarizes the licences it read (summarizeHeld).
 */
export interface HeldSummary {
  exclusive: HeldLicence | null;
  shared: { same: number; containing: number; containingLabel: string | null; total: number };
}

/** The kinds of area larger than `kind` (a ZIP code's county and state, a county's state). */
export function largerKinds(kind: AreaKind): AreaKind[] {
  return (Object.keys(SIZE) as AreaKind[]).filter((other) => SIZE[other] > SIZE[kind]);
}

/** The HeldSummary of the licences among `held` that overlap `area`, each first in the list's order. */
export function summarizeHeld(area: AreaPlace, held: readonly HeldLicence[]): HeldSummary {
  const overlapping = held.filter((licence) => areasOverlap(area, licence));
  const shared = overlapping.filter((licence) => licence.licenceKind === 'shared');
  const containing = shared.filter((licence) => SIZE[licence.kind] > SIZE[area.kind]);
  return {
    exclusive: overlapping.find((licence) => licence.licenceKind === 'exclusive') ?? null,
    shared: {
      same: shared.filter((licence) => licence.kind === area.kind).length,
      containing: containing.length,
      containingLabel: containing[0]?.label ?? null,
      total: shared.length,
    },
  };
}

/**
 * Whether each kind of licence can be reserved on `area`, given the licences held on areas overlapping it: an
 * exclusive licence only when none is held, a shared one only when no exclusive one is. The reasons are for the
 * visitor: "Held exclusively until March 3, 2027", "3 coaches hold shared licences here", "Inside Travis County, TX,
 * which is held exclusively".
 */
export function availabilityOf(area: AreaPlace, held: readonly HeldLicence[]): Record<LicenceKind, Availability> {
  return availabilityOfSummary(area, summarizeHeld(area, held));
}

/** availabilityOf, from the held licences' summary. */
export function availabilityOfSummary(area: AreaPlace, held: HeldSummary): Record<LicenceKind, Availability> {
  if (held.exclusive) {
    const refused: Availability = { available: false, reason: exclusiveReason(area, held.exclusive) };
    return { shared: refused, exclusive: refused };
  }
  return {
    shared: { available: true },
    exclusive: held.shared.total === 0 ? { available: true } : { available: false, reason: sharedReason(held.shared) },
  };
}

function exclusiveReason(area: AreaPlace, licence: HeldLicence): string {
  const until = dateFormat.format(licence.heldUntil);
  const held = licence.reserved ? `reserved exclusively (awaiting payment until ${until})` : `held exclusively until ${until}`;
  if (licence.kind === area.kind) return held.charAt(0).toUpperCase() + held.slice(1);
  if (SIZE[licence.kind] > SIZE[area.kind]) return `Inside ${licence.label}, which is ${held}`;
  return `${licence.label}, inside this area, is ${held}`;
}

function sharedReason(shared: HeldSummary['shared']): string {
  if (shared.same > 0) return `${coaches(shared.same)} here`;
  if (shared.containing > 0) return `Inside ${shared.containingLabel}, where ${coaches(shared.containing)}`;
  return `${coaches(shared.total)} inside this area`;
}
