import { describe, expect, it } from 'vitest';
import { CLUB_FIELD_LABELS, fieldNameInText } from '#lib/clubs/fields.ts';
import { MEETING_FIELDS } from '#lib/clubs/meetings/types.ts';
import { adminClubSchema } from '#lib/schemas/admin.ts';
import { meetingFields } from '#lib/schemas/clubs.ts';

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
