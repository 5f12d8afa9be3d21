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
 * Whether each kind of licence can be reserved on `area`, given the licences held on areas overlapping it: an
 * exclusive licence only when none is held, a shared one only when no exclusive one is. The reasons are for the
 * visitor: "Held exclusively until March 3, 2027", "3 coaches hold shared licences here", "Inside Travis County, TX,
 * which is held exclusively".
 */
export function availabilityOf(area: AreaPlace, held: readonly HeldLicence[]): Record<LicenceKind, Availability> {
  const overlapping = held.filter((licence) => areasOverlap(area, licence));
  const exclusive = overlapping.find((licence) => licence.licenceKind === 'exclusive');
  if (exclusive) {
    const refused: Availability = { available: false, reason: exclusiveReason(area, exclusive) };
    return { shared: refused, exclusive: refused };
  }
  const shared = overlapping.filter((licence) => licence.licenceKind === 'shared');
  return {
    shared: { available: true },
    exclusive: shared.length === 0 ? { available: true } : { available: false, reason: sharedReason(area, shared) },
  };
}

function exclusiveReason(area: AreaPlace, licence: HeldLicence): string {
  const until = dateFormat.format(licence.heldUntil);
  const held = licence.reserved ? `reserved exclusively (awaiting payment until ${until})` : `held exclusively until ${until}`;
  if (licence.kind === area.kind) return held.charAt(0).toUpperCase() + held.slice(1);
  if (SIZE[licence.kind] > SIZE[area.kind]) return `Inside ${licence.label}, which is ${held}`;
  return `${licence.label}, inside this area, is ${held}`;
}

function sharedReason(area: AreaPlace, licences: readonly HeldLicence[]): string {
  const same = licences.filter((licence) => licence.kind === area.kind);
  if (same.length > 0) return `${coaches(same.length)} here`;
  const containing = licences.filter((licence) => SIZE[licence.kind] > SIZE[area.kind]);
  if (containing.length > 0) return `Inside ${containing[0]!.label}, where ${coaches(containing.length)}`;
  return `${coaches(licences.length)} inside this area`;
}
