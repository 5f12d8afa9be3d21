import { describe, expect, it } from 'vitest';
import { meetingFilterBits, type MeetingSlot } from '#lib/clubs/meetings/types.ts';
import { asUser, registerHost, request, signInAdmin, testSql } from '../support/api.ts';

const asAdmin = asUser(await signInAdmin());

const tuesdayEvening: MeetingSlot = { weekday: 'tuesday', start: '19:00', durationMinutes: 90 };
const saturdayMorning: MeetingSlot = { weekday: 'saturday', start: '09:30', durationMinutes: 60 };

const meetings = {
  meetingSlots: [tuesdayEvening, saturdayMorning],
  meetingFrequency: 'biweekly',
  meetingFormat: 'hybrid',
  videoLink: 'https://meet.example.org/quinn-circle',
  dialIn: 'Dial +1 555 0100\nMeeting ID 123 456',
  cycleStart: '2026-11-03',
  timeZone: 'America/New_York',
};

const profile = { hostName: 'Avery Quinn', clubName: 'Meeting Times Circle', city: 'Austin', state: 'TX', zipCode: '78704' };

interface StoredMeetings {
  meetingSlots: MeetingSlot[];
  meetingFrequency: string;
  meetingFormat: string | null;
  videoLink: string | null;
  dialIn: string | null;
  cycleStart: string | null;
  timeZone: string | null;
}

const putProfile = (clubId: number, token: string, body: Record<string, unknown>) =>
  request(`/api/clubs/${clubId}`, { method: 'PUT', headers: asUser(token), json: body });

async function clubAsHost(clubId: number, token: string): Promise<StoredMeetings> {
  return (await (await request(`/api/clubs/${clubId}`, { headers: asUser(token) })).json()) as StoredMeetings;
}

async function meetingBits(clubId: number): Promise<number> {
  const [row] = await testSql()<{ meetingBits: number }[]>`select meeting_bits from clubs where id = ${clubId}`;
  return row!.meetingBits;
}

async function fieldErrors(response: Response): Promise<Record<string, string[]>> {
  expect(response.status).toBe(400);
  return ((await response.json()) as { error: { fieldErrors: Record<string, string[]> } }).error.fieldErrors;
}

describe('meetings at registration', () => {
  it('stores the meeting fields a new host gives, with the filter bits', async () => {
    const { clubId, token } = await registerHost(meetings);
    expect(await clubAsHost(clubId, token)).toMatchObject(meetings);
    expect(await meetingBits(clubId)).toBe(meetingFilterBits([tuesdayEvening, saturdayMorning], 'hybrid', 'en'));
  });

  it('refuses a bad schedule with the field messages', async () => {
    const response = await request('/api/clubs/register', {
      method: 'POST',
      json: { meetingSlots: [{ ...tuesdayEvening, start: '25:00' }] },
    });
    expect(await fieldErrors(response)).toMatchObject({ 'meetingSlots.0.start': ['Start time must be a time such as 19:00'] });
  });
});

describe("meetings in the host's profile edit", () => {
  it('reads back what was saved, with meeting_bits from the slots and the format', async () => {
    const { clubId, token } = await registerHost();
    const response = await putProfile(clubId, token, { ...profile, ...meetings, meetingFormat: 'online' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ...meetings, meetingFormat: 'online' });
    expect(await clubAsHost(clubId, token)).toMatchObject({ ...meetings, meetingFormat: 'online' });
    expect(await meetingBits(clubId)).toBe(meetingFilterBits([tuesdayEvening, saturdayMorning], 'online', 'en'));

    // Clearing the times and the format clears the bits, so the club leaves every meeting filter.
    const cleared = await putProfile(clubId, token, { ...profile, meetingSlots: [], meetingFormat: null });
    expect(await cleared.json()).toMatchObject({ meetingSlots: [], meetingFormat: null, videoLink: null, cycleStart: null });
    expect(await meetingBits(clubId)).toBe(meetingFilterBits([], null, 'en'));
  });

  it("takes the time zone from the ZIP code when none is given, and keeps the host's own", async () => {
    const { clubId, token } = await registerHost();
    await putProfile(clubId, token, { ...profile, timeZone: '' });
    expect((await clubAsHost(clubId, token)).timeZone).toBe('America/Chicago');

    await putProfile(clubId, token, { ...profile, city: 'Los Angeles', state: 'CA', zipCode: '90012', timeZone: null });
    expect((await clubAsHost(clubId, token)).timeZone).toBe('America/Los_Angeles');

    await putProfile(clubId, token, { ...profile, timeZone: 'America/Denver' });
    expect((await clubAsHost(clubId, token)).timeZone).toBe('America/Denver');
  });

  const slot = (weekday: string, start = '19:00', durationMinutes = 60) => ({ weekday, start, durationMinutes });
  const BAD_INPUT: [string, Record<string, unknown>, Record<string, string[]>][] = [
    ['an unknown weekday', { meetingSlots: [slot('funday')] }, { 'meetingSlots.0.weekday': ['Choose a day of the week'] }],
    [
      'a start of 25:00',
      { meetingSlots: [slot('tuesday', '25:00')] },
      { 'meetingSlots.0.start': ['Start time must be a time such as 19:00'] },
    ],
    [
      'a 5-minute meeting',
      { meetingSlots: [slot('tuesday', '19:00', 5)] },
      { 'meetingSlots.0.durationMinutes': ['Length must be 15 to 480 minutes'] },
    ],
    [
      'eight meeting times',
      { meetingSlots: ['07:00', '08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00'].map((start) => slot('monday', start)) },
      { meetingSlots: ['At most 7 meeting times'] },
    ],
    [
      'the same meeting time twice',
      { meetingSlots: [slot('tuesday'), slot('thursday'), slot('tuesday', '19:00', 90)] },
      { 'meetingSlots.2.start': ['This meeting time is listed twice'] },
    ],
    [
      'a meeting link for an in-person club',
      { meetingFormat: 'in-person', videoLink: 'https://meet.example.org/x' },
      { videoLink: ['A meeting link is for online or hybrid meetings'] },
    ],
    [
      'dial-in details for an in-person club',
      { meetingFormat: 'in-person', dialIn: 'Dial +1 555 0100' },
      { dialIn: ['Dial-in details are for online or hybrid meetings'] },
    ],
    [
      'a meeting link that is not https',
      { meetingFormat: 'online', videoLink: 'http://meet.example.org/x' },
      { videoLink: ['Meeting link must be a web address starting with https://'] },
    ],
    [
      'dial-in details over 500 characters',
      { meetingFormat: 'online', dialIn: 'x'.repeat(501) },
      { dialIn: ['Dial-in details must be at most 500 characters'] },
    ],
    [
      'every two weeks without a cycle start',
      { meetingSlots: [slot('tuesday')], meetingFrequency: 'biweekly' },
      { cycleStart: ['Every two weeks needs the cycle start date, to know which weeks'] },
    ],
    ['an unknown time zone', { timeZone: 'Mars/Olympus_Mons' }, { timeZone: ['Choose a time zone such as America/Chicago'] }],
    ['a date that does not exist', { cycleStart: '2026-02-30' }, { cycleStart: ['Cycle start must be a date (YYYY-MM-DD)'] }],
  ];

  it.each(BAD_INPUT)('refuses %s with the message on the field', async (_name, meetingInput, expected) => {
    const { clubId, token } = await registerHost(meetings);
    expect(await fieldErrors(await putProfile(clubId, token, { ...profile, ...meetingInput }))).toEqual(expected);
    // Nothing was written.
    expect(await clubAsHost(clubId, token)).toMatchObject(meetings);
  });
});

describe("meetings in the admin's club edit", () => {
  it('saves them and writes them to the audit log', async () => {
    const { clubId } = await registerHost();
    const edit = {
      ...profile,
      email: `meetings.admin.${Date.now()}@example.com`,
      isVerified: true,
      meetingSlots: [tuesdayEvening],
      meetingFrequency: 'weekly',
      meetingFormat: 'online',
      videoLink: 'https://meet.example.org/admin-edit',
      dialIn: null,
      cycleStart: '2026-12-01',
      timeZone: null,
    };
    const response = await request(`/api/admin/clubs/${clubId}`, { method: 'PUT', headers: asAdmin, json: edit });
    expect(response.status).toBe(200);
    const saved = { ...edit, timeZone: 'America/Chicago' };
    const { email: _email, isVerified: _verified, ...meetingsAndProfile } = saved;
    expect(await response.json()).toMatchObject(meetingsAndProfile);
    expect(await meetingBits(clubId)).toBe(meetingFilterBits([tuesdayEvening], 'online', 'en'));

    const [entry] = (await (await request(`/api/admin/clubs/${clubId}/audit`, { headers: asAdmin })).json()) as {
      action: string;
      before: StoredMeetings;
      after: StoredMeetings;
    }[];
    expect(entry).toMatchObject({
      action: 'club.edit',
      before: { meetingSlots: [], meetingFormat: null, videoLink: null, cycleStart: null },
      after: {
        meetingSlots: [tuesdayEvening],
        meetingFrequency: 'weekly',
        meetingFormat: 'online',
        videoLink: 'https://meet.example.org/admin-edit',
        dialIn: null,
        cycleStart: '2026-12-01',
        timeZone: 'America/Chicago',
      },
    });
  });
});

describe('GET /api/zip-codes/{zip}/time-zone', () => {
  it("answers a ZIP code's time zone, cacheable by anyone", async () => {
    const response = await request('/api/zip-codes/78704/time-zone');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ zipCode: '78704', timeZone: 'America/Chicago' });
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    expect(await (await request('/api/zip-codes/90012/time-zone')).json()).toEqual({ zipCode: '90012', timeZone: 'America/Los_Angeles' });
  });

  it('is a 404 for a ZIP code nobody has', async () => {
    const response = await request('/api/zip-codes/00000/time-zone');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { message: 'No time zone is known for this ZIP code.' } });
  });

  it('is a 400 with the field message for a malformed ZIP code', async () => {
    const response = await request('/api/zip-codes/7870/time-zone');
    expect(await fieldErrors(response)).toEqual({ zipCode: ['ZIP code must be 5 digits'] });
  });
});
