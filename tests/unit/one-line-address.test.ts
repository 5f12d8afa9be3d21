import { describe, expect, it } from 'vitest';
import { meetingPlace, oneLineAddress } from '#lib/clubs/meetings/place.ts';

// Issue 41 item 10: a venue address typed in full is not followed by its city, state and ZIP code again.

const asheville = { city: 'Asheville', state: 'NC' as const, zipCode: '28801' };

describe('oneLineAddress', () => {
  it.each([
    ['a street line alone', '67 Haywood St', '67 Haywood St, Asheville, NC 28801'],
    ['a line with city, state and ZIP code', '67 Haywood St, Asheville, NC 28801', '67 Haywood St, Asheville, NC 28801'],
    ['a line in other case, spacing and commas', '67 Haywood St  asheville nc,28801', '67 Haywood St  asheville nc,28801'],
    ['a line with a ZIP+4 code', '67 Haywood St, Asheville, NC 28801-3512', '67 Haywood St, Asheville, NC 28801-3512'],
    ['a line with city and state', '67 Haywood St, ASHEVILLE,NC', '67 Haywood St, ASHEVILLE,NC 28801'],
    ['a line with the city', '67 Haywood St, Asheville,', '67 Haywood St, Asheville, NC 28801'],
    ['a street named after the city', '100 Asheville Hwy', '100 Asheville Hwy, Asheville, NC 28801'],
    ['a line whose number is another ZIP code', 'PO Box 28801 Main St', 'PO Box 28801 Main St, Asheville, NC 28801'],
  ])('completes %s once', (_name, street, expected) => {
    expect(oneLineAddress(street, asheville)).toBe(expected);
  });

  it('is the address of a meeting place and of its directions', () => {
    const place = meetingPlace({
      ...asheville,
      meetingFormat: 'in-person',
      venueName: 'Pack Memorial Library',
      venueAddress: '67 Haywood St, Asheville, NC 28801',
      venuePrivate: false,
    });
    expect(place).toEqual({
      name: 'Pack Memorial Library',
      address: '67 Haywood St, Asheville, NC 28801',
      directionsUrl: 'https://www.google.com/maps/search/?api=1&query=67%20Haywood%20St%2C%20Asheville%2C%20NC%2028801',
    });
  });
});
