import { describe, expect, it } from 'vitest';
import { availabilityOf, type HeldLicence } from '#lib/licensing/availability.ts';
import type { Availability } from '#lib/licensing/types.ts';
import { localizedMessage } from '#server/platform/http/localized-errors.ts';

// The area search in Spanish (/es/area-search, issue 42): why a kind of licence is not available is written by
// availability.ts in English, as a refused reservation says it, and the card and the refusal give it in Spanish through
// the API's catalogue (messages-es.ts), its date and count written again in es-US. These hold the catalogue's patterns
// to what availability.ts writes.

const texas = { kind: 'state', stateCode: 'TX', countyFips: null, zip: null } as const;
const travis = { kind: 'county', stateCode: 'TX', countyFips: '48453', zip: null } as const;
const zip78704 = { kind: 'zip', stateCode: 'TX', countyFips: '48453', zip: '78704' } as const;

const held = (area: typeof texas | typeof travis | typeof zip78704, licenceKind: 'shared' | 'exclusive', label: string, reserved = false) =>
  ({ ...area, licenceKind, label, heldUntil: new Date('2027-03-03T12:00:00Z'), reserved }) satisfies HeldLicence;

/** Why `kind` is not available on `area`, in Spanish. */
function spanishReason(area: Parameters<typeof availabilityOf>[0], licences: HeldLicence[], kind: 'shared' | 'exclusive'): string {
  const availability: Availability = availabilityOf(area, licences)[kind];
  if (availability.available) throw new Error('available');
  const spanish = localizedMessage(availability.reason, 'es');
  expect(spanish, availability.reason).not.toBe(availability.reason);
  return spanish;
}

describe('why a licence is not available, in Spanish', () => {
  it('says an exclusive licence held or reserved here, around or inside the area, with its date in Spanish', () => {
    expect(spanishReason(zip78704, [held(zip78704, 'exclusive', 'ZIP 78704')], 'shared')).toBe(
      'Con licencia exclusiva hasta el 3 de marzo de 2027',
    );
    expect(spanishReason(zip78704, [held(zip78704, 'exclusive', 'ZIP 78704', true)], 'exclusive')).toBe(
      'Con reserva exclusiva (pendiente de pago hasta el 3 de marzo de 2027)',
    );
    expect(spanishReason(zip78704, [held(travis, 'exclusive', 'Travis County, TX')], 'exclusive')).toBe(
      'Dentro de Travis County, TX, que tiene licencia exclusiva hasta el 3 de marzo de 2027',
    );
    expect(spanishReason(texas, [held(zip78704, 'exclusive', 'ZIP 78704', true)], 'shared')).toBe(
      'ZIP 78704, dentro de esta zona, tiene una reserva exclusiva (pendiente de pago hasta el 3 de marzo de 2027)',
    );
  });

  it('counts the coaches holding shared licences here, around or inside the area, one or many', () => {
    expect(spanishReason(zip78704, [held(zip78704, 'shared', 'ZIP 78704')], 'exclusive')).toBe(
      '1 coach tiene una licencia compartida aquí',
    );
    const three = [1, 2, 3].map(() => held(zip78704, 'shared', 'ZIP 78704'));
    expect(spanishReason(zip78704, three, 'exclusive')).toBe('3 coaches tienen licencias compartidas aquí');
    expect(spanishReason(zip78704, [held(travis, 'shared', 'Travis County, TX')], 'exclusive')).toBe(
      'Dentro de Travis County, TX, donde 1 coach tiene una licencia compartida',
    );
    expect(spanishReason(texas, three, 'exclusive')).toBe('3 coaches tienen licencias compartidas dentro de esta zona');
  });

  it('says the area notes and refusals of the search in Spanish, keeping what they quote', () => {
    expect(localizedMessage('ZIP 20001 is in the District of Columbia, which cannot be licensed.', 'es')).toBe(
      'El código postal 20001 está en el Distrito de Columbia, que no admite licencias.',
    );
    expect(
      localizedMessage('ZIP 00501 has no census population. It can be licensed as part of its county, Suffolk County, NY.', 'es'),
    ).toBe(
      'El código postal 00501 no tiene población en el censo. Puedes obtener su licencia como parte de su condado, Suffolk County, NY.',
    );
    expect(localizedMessage('No ZIP code, county or state matches "Atlantis".', 'es')).toBe(
      'Ningún código postal, condado o estado coincide con "Atlantis".',
    );
    expect(
      localizedMessage('Your reservation of ZIP 78704 lapsed unpaid on March 3, 2027. You can reserve it again from April 2, 2027.', 'es'),
    ).toBe('Tu reserva de ZIP 78704 venció sin pagarse el 3 de marzo de 2027. Puedes volver a reservarla a partir del 2 de abril de 2027.');
    expect(
      localizedMessage('Please confirm your email address first: we sent a link to ana@example.com. Open it, then reserve.', 'es'),
    ).toBe('Primero confirma tu correo electrónico: te enviamos un enlace a ana@example.com. Ábrelo y luego reserva.');
  });
});
