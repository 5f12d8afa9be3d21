import { describe, expect, it } from 'vitest';
import { CLUB_FIELD_LABELS, fieldNameInText } from '#lib/clubs/fields.ts';
import { MEETING_FIELDS } from '#lib/clubs/meetings/types.ts';
import { adminClubSchema } from '#lib/schemas/admin.ts';
import { clubProfileFields, meetingFields } from '#lib/schemas/clubs.ts';

describe("a club's fields, named once", () => {
  it('name every field of the admin edit payload, and the membership the Club Management card sets', () => {
    expect(Object.keys(CLUB_FIELD_LABELS).sort()).toEqual([...Object.keys(adminClubSchema.shape), 'membershipType', 'renewalDate'].sort());
  });

  it("list the meeting fields in MEETING_FIELDS' order, the schema's too", () => {
    expect(Object.keys(meetingFields)).toEqual([...MEETING_FIELDS]);
    expect(Object.keys(CLUB_FIELD_LABELS).filter((field) => (MEETING_FIELDS as readonly string[]).includes(field))).toEqual([
      ...MEETING_FIELDS,
    ]);
  });

  it('read in running text in lower case but for acronyms, as the change history writes them', () => {
    expect(fieldNameInText('hostName')).toBe('host name');
    expect(fieldNameInText('zipCode')).toBe('ZIP code');
    expect(fieldNameInText('meetingSlots')).toBe('meeting times');
    expect(fieldNameInText('dialIn')).toBe('dial-in details');
    expect(fieldNameInText('isVerified')).toBe('verification');
    expect(fieldNameInText('renewalDate')).toBe('renewal date');
  });
});

describe("a club's website", () => {
  const website = clubProfileFields.website;

  it('gets https:// when typed without a scheme (issue 41, item 19: it was refused)', () => {
    expect(website.parse('readers-circle.org')).toBe('https://readers-circle.org');
    expect(website.parse('www.readers-circle.org/club?x=1')).toBe('https://www.readers-circle.org/club?x=1');
  });

  it('keeps an http or https address as typed, and still refuses other schemes and non-addresses', () => {
    expect(website.parse('http://readers-circle.org')).toBe('http://readers-circle.org');
    expect(website.parse('https://readers-circle.org')).toBe('https://readers-circle.org');
    expect(website.parse('')).toBeNull();
    for (const bad of ['javascript:alert(1)', 'not a url', 'ftp://readers-circle.org']) expect(website.safeParse(bad).success).toBe(false);
  });
});
