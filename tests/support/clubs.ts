import { randomBytes } from 'node:crypto';
import type { Sql } from '#server/platform/db/db.ts';
import type { Club } from '#lib/clubs/types.ts';
import { meetingFilterBits } from '#lib/clubs/meetings/types.ts';

/** A club's meeting fields, any of them; the rest keep the table's defaults (no times). */
export type MeetingsFixture = Partial<
  Pick<
    Club,
    | 'meetingSlots'
    | 'meetingFrequency'
    | 'meetingFormat'
    | 'meetingLanguage'
    | 'videoLink'
    | 'dialIn'
    | 'venueName'
    | 'venueAddress'
    | 'venuePrivate'
    | 'cycleStart'
    | 'timeZone'
  >
>;

export interface ClubFixture {
  clubName?: string;
  state?: string;
  city?: string;
  zipCode?: string;
  isVerified?: boolean;
  email?: string;
  description?: string | null;
  website?: string | null;
  meetingSchedule?: string | null;
  createdAt?: Date;
  meetings?: MeetingsFixture;
}

/** Inserts a club with its host account and redeemed code straight into the database; returns its id and email. */
export async function insertClub(sql: Sql, fixture: ClubFixture = {}): Promise<{ id: number; email: string; code: string }> {
  const suffix = randomBytes(4).toString('hex');
  const email = fixture.email ?? `host.${suffix}@example.com`;
  const code = `HOST-TEST-${suffix.toUpperCase()}`;
  const createdAt = fixture.createdAt ?? new Date();
  const meetings = fixture.meetings ?? {};
  return sql.begin(async (tx) => {
    await tx`insert into host_set_codes (code, note, redeemed_at) values (${code}, 'test fixture', ${createdAt})`;
    const [owner] = await tx<{ id: string }[]>`
      insert into users (email, password_hash) values (${email}, 'not-a-real-hash') returning id`;
    const [club] = await tx<{ id: number }[]>`
      insert into clubs (owner_id, host_name, email, club_name, city, state, zip_code, description, website,
        meeting_schedule, is_verified, membership_type, host_set_code, created_at)
      values (${owner!.id}, 'Test Host', ${email}, ${fixture.clubName ?? `Test Circle ${suffix}`}, ${fixture.city ?? 'Testville'},
        ${fixture.state ?? 'TX'}, ${fixture.zipCode ?? '78704'}, ${fixture.description === undefined ? 'A test club.' : fixture.description},
        ${fixture.website ?? null}, ${fixture.meetingSchedule ?? null}, ${fixture.isVerified ?? true}, 'lifetime',
        ${code}, ${createdAt})
      returning id`;
    if (fixture.meetings) {
      const slots = meetings.meetingSlots ?? [];
      await tx`
        update clubs set
          meeting_slots = ${tx.json(slots as unknown as Parameters<typeof tx.json>[0])},
          meeting_frequency = ${meetings.meetingFrequency ?? 'weekly'},
          meeting_format = ${meetings.meetingFormat ?? null},
          meeting_language = ${meetings.meetingLanguage ?? 'en'},
          video_link = ${meetings.videoLink ?? null},
          dial_in = ${meetings.dialIn ?? null},
          venue_name = ${meetings.venueName ?? null},
          venue_address = ${meetings.venueAddress ?? null},
          venue_private = ${meetings.venuePrivate ?? false},
          cycle_start = ${meetings.cycleStart ?? null},
          time_zone = ${meetings.timeZone ?? 'America/Chicago'},
          meeting_bits = ${meetingFilterBits(slots, meetings.meetingFormat ?? null, meetings.meetingLanguage ?? 'en')}
        where id = ${club!.id}`;
    }
    return { id: club!.id, email, code };
  });
}

const unique = () => randomBytes(4).toString('hex');

/** What a visitor sends to "Ask to join", with an address and a message of its own; `overrides` replaces any field. */
export const askToJoinPayload = (overrides: Record<string, unknown> = {}) => ({
  name: 'Jordan Ellis',
  email: `visitor.${unique()}@example.com`,
  phone: '(828) 555-0199',
  start: 'next-cycle',
  message: `We would love to read with you. (${unique()})`,
  ...overrides,
});
