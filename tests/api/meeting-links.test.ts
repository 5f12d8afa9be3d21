import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { listMigrations, migrate } from '#server/platform/db/migrate.ts';
import { clubPagePath } from '#lib/clubs/pages.ts';
import type { MeetingFormat } from '#lib/clubs/meetings/types.ts';
import { asUser, registerHost, request, testSql } from '../support/api.ts';
import { insertClub } from '../support/clubs.ts';
import { useFreshDatabase } from '../support/test-database.ts';

// Issue 40, online meeting links (docs/decisions/036): an online or hybrid club's meeting link and dial-in text are
// shown to its members (their "Your club" page) and its host, and never in anything a visitor can fetch: the club's
// page and its JSON-LD, the directory's APIs, the calendar feed, the sitemap. The public says "The link is sent to
// members".

const unique = () => randomBytes(6).toString('hex');
const SLOTS = [{ weekday: 'wednesday' as const, start: '19:00', durationMinutes: 60 }];

interface LinkedClub {
  id: number;
  clubName: string;
  link: string;
  dialIn: string;
  /** The passcode inside the dial-in text, which no public answer may hold either. */
  passcode: string;
  memberToken: string;
}

/** A verified club in Vermont of `format` with a link and dial-in of its own, and one member with a "Your club" link. */
async function linkedClub(format: MeetingFormat): Promise<LinkedClub> {
  const sql = testSql();
  const id = unique();
  const passcode = String(100_000 + (parseInt(id.slice(0, 6), 16) % 900_000));
  const link = `https://meet.example.org/members-only-${id}`;
  const dialIn = `Dial +1 802 555 0142\nMeeting ID 730 ${id.slice(0, 4)}\nPasscode ${passcode}`;
  const clubName = `Green Mountain ${format} circle ${id}`;
  const club = await insertClub(sql, {
    clubName,
    city: 'Burlington',
    state: 'VT',
    zipCode: '05401',
    meetings: {
      meetingSlots: SLOTS,
      meetingFormat: format,
      videoLink: link,
      dialIn,
      ...(format === 'hybrid' && { venueName: 'Fletcher Free Library', venueAddress: '235 College St' }),
      cycleStart: '2026-11-04',
      timeZone: 'America/New_York',
    },
  });
  const email = `member.${id}@example.com`;
  const [member] = await sql<{ id: string }[]>`
    insert into club_members (club_id, name, email, mailbox_hash, source)
    values (${club.id}, 'Robin Member', ${email}, ${createHash('sha256').update(email).digest('hex')}, 'host') returning id`;
  const memberToken = randomBytes(32).toString('base64url');
  await sql`
    insert into member_links (token_hash, member_id, purpose)
    values (${createHash('sha256').update(memberToken).digest('hex')}, ${member!.id}, 'club')`;
  return { id: club.id, clubName, link, dialIn, passcode, memberToken };
}

let clubs: LinkedClub[] = [];

beforeAll(async () => {
  clubs = [await linkedClub('online'), await linkedClub('hybrid')];
});

/** Every answer a visitor can fetch about the club, by what it is. */
async function publicAnswers(club: LinkedClub): Promise<Record<string, { status: number; text: string }>> {
  const paths: Record<string, string> = {
    'club page (HTML and JSON-LD)': clubPagePath(club),
    'directory list': '/api/clubs',
    'state search': '/api/clubs/search?state=VT',
    'nearby search': '/api/clubs/search?lat=44.4759&lng=-73.2121&radius=25',
    'nearest clubs': '/api/clubs/nearest?state=VT',
    'club for the dialog': `/api/clubs/${club.id}/contact`,
    'club as a visitor asks for it': `/api/clubs/${club.id}`,
    'next sessions': `/api/clubs/${club.id}/sessions`,
    'calendar feed': `/api/clubs/${club.id}/calendar.ics`,
    'clubs sitemap': '/sitemap-clubs.xml',
    'directory page': '/flamekeeper-clubs',
  };
  const answers: Record<string, { status: number; text: string }> = {};
  for (const [name, path] of Object.entries(paths)) {
    const response = await request(path, { redirect: 'manual' });
    answers[name] = { status: response.status, text: await response.text() };
  }
  return answers;
}

describe("an online or hybrid club's meeting link and dial-in", () => {
  it('are absent from every public answer, which says the link is sent to members', async () => {
    for (const club of clubs) {
      const answers = await publicAnswers(club);
      // The answers do describe the club: the test would pass vacuously otherwise.
      expect(answers['club page (HTML and JSON-LD)']!.status, club.clubName).toBe(200);
      expect(answers['state search']!.text).toContain(club.clubName);
      expect(answers['nearby search']!.text).toContain(club.clubName);
      expect(answers['club for the dialog']!.text).toContain(club.clubName);
      expect(answers['calendar feed']!.status).toBe(200);
      expect(answers['clubs sitemap']!.text).toContain(clubPagePath(club));
      expect(answers['club as a visitor asks for it']!.status).toBe(404);
      for (const [name, { text }] of Object.entries(answers)) {
        expect(text, `${name} of the ${club.clubName}`).not.toContain('members-only-');
        expect(text, `${name} of the ${club.clubName}`).not.toContain(club.passcode);
        expect(text, `${name} of the ${club.clubName}`).not.toContain('802 555 0142');
      }
      const page = answers['club page (HTML and JSON-LD)']!.text;
      expect(page).toMatch(/Meeting link:<\/dt>\s*<dd[^>]*>The link is sent to members<\/dd>/);
      const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page)![1]!;
      expect(jsonLd).toContain('VirtualLocation');
      expect(answers['calendar feed']!.text).toContain('Meeting link: The link is sent to members.');
    }
  });

  it("are on the member's Your club page, the link as a link and the dial-in text whole", async () => {
    for (const club of clubs) {
      const response = await request(`/your-club?token=${club.memberToken}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(`href="${club.link}"`);
      expect(html).toMatch(/Dial-in:<\/dt>\s*<dd[^>]*>Dial \+1 802 555 0142\nMeeting ID 730 \w{4}\nPasscode \d{6}<\/dd>/);
      expect(html).toContain(club.passcode);
      expect(html).not.toContain('The link is sent to members');
    }
  });

  it('are read back by the host, who sets them (https only, dial-in up to 500 characters)', async () => {
    const { clubId, token } = await registerHost();
    const profile = { hostName: 'Avery Quinn', clubName: `Linked Circle ${unique()}`, city: 'Austin', state: 'TX', zipCode: '78704' };
    const meetings = { meetingFormat: 'online', videoLink: 'https://us02web.zoom.example/j/123', dialIn: 'Dial +1 555 0100' };
    const saved = await request(`/api/clubs/${clubId}`, { method: 'PUT', headers: asUser(token), json: { ...profile, ...meetings } });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject(meetings);
    const html = await (await request(`/club-profile/${clubId}`, { headers: asUser(token) })).text();
    expect(html).toContain('https://us02web.zoom.example/j/123');
    expect(html).toContain('For members only');
  });

  it('cannot be stored as a plain http address, even by SQL', async () => {
    const [club] = clubs;
    await expect(testSql()`update clubs set video_link = 'http://meet.example.org/plain' where id = ${club!.id}`).rejects.toThrow(
      /clubs_video_link_https/,
    );
  });
});

describe('migration 046 on a club saved before it', () => {
  const fresh = useFreshDatabase();

  it('keeps a link the host kept public or private, for members now, an http one as its https address', async () => {
    // The database as it was before migration 046: every migration before it, from a folder of their own.
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-before-046-'));
    for (const { file } of listMigrations().filter(({ version }) => version < '046'))
      fs.copyFileSync(file, path.join(before, path.basename(file)));
    await migrate(fresh.sql, before);
    fs.rmSync(before, { recursive: true });
    const [kept, plain] = [await insertClub(fresh.sql), await insertClub(fresh.sql)];
    await fresh.sql`update clubs set meeting_format = 'online', video_link = 'https://meet.example.org/kept', video_link_private = true
      where id = ${kept.id}`;
    await fresh.sql`update clubs set meeting_format = 'hybrid', video_link = 'http://meet.example.org/plain', video_link_private = false
      where id = ${plain.id}`;

    expect((await migrate(fresh.sql)).filter((version) => version.startsWith('046'))).toHaveLength(1);
    const rows = await fresh.sql<{ id: number; videoLink: string; dialIn: string | null }[]>`
      select id, video_link, dial_in from clubs where id in ${fresh.sql([kept.id, plain.id])} order by id`;
    expect(rows).toEqual([
      { id: kept.id, videoLink: 'https://meet.example.org/kept', dialIn: null },
      { id: plain.id, videoLink: 'https://meet.example.org/plain', dialIn: null },
    ]);
    const [flag] = await fresh.sql`
      select 1 from information_schema.columns where table_name = 'clubs' and column_name = 'video_link_private'`;
    expect(flag).toBeUndefined();
  });
});
