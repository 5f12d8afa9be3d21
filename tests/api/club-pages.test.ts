import ical, { type VEvent } from 'node-ical';
import { beforeAll, describe, expect, it } from 'vitest';
import { clubPagePath } from '#lib/clubs/pages.ts';
import { request, testSql } from '../support/api.ts';
import { insertClub } from '../support/clubs.ts';
import { occurrences } from '../support/ics.ts';

const TUESDAY_EVENINGS = [{ weekday: 'tuesday' as const, start: '19:00', durationMinutes: 90 }];

let readingClub: { id: number; clubName: string };
let monthlyClub: { id: number; clubName: string };
let onlineClub: { id: number; clubName: string };
let timelessClub: { id: number; clubName: string };
let pendingClub: { id: number; clubName: string };

beforeAll(async () => {
  const sql = testSql();
  const add = async (clubName: string, fixture: Parameters<typeof insertClub>[1]) => ({
    id: (await insertClub(sql, { clubName, ...fixture })).id,
    clubName,
  });
  // Its cycle began on Tuesday, January 6, 2026: week 8 is February 24 and month 3 begins with the March 3 session,
  // before the clocks change on March 8; its series after the reading plan crosses their change back on November 1.
  readingClub = await add('Riverbend Flamekeepers', {
    meetingSchedule: 'Doors open 15 minutes early',
    city: 'Austin',
    state: 'TX',
    zipCode: '78704',
    website: 'https://riverbend.example.org',
    meetings: {
      meetingSlots: TUESDAY_EVENINGS,
      meetingFrequency: 'weekly',
      meetingFormat: 'hybrid',
      videoLink: 'https://meet.example.org/riverbend',
      cycleStart: '2026-01-06',
      timeZone: 'America/Chicago',
    },
  });
  monthlyClub = await add('First Tuesday Lanterns', {
    city: 'Brooklyn',
    state: 'NY',
    zipCode: '11201',
    createdAt: new Date('2026-02-10T12:00:00Z'),
    meetings: { meetingSlots: TUESDAY_EVENINGS, meetingFrequency: 'first', meetingFormat: 'in-person', timeZone: 'America/New_York' },
  });
  onlineClub = await add('Quiet Screen Circle', {
    meetings: {
      meetingSlots: [{ weekday: 'saturday', start: '10:00', durationMinutes: 60 }],
      meetingFormat: 'online',
      videoLink: 'https://meet.example.org/secret-room',
      dialIn: 'Dial +1 555 0100, passcode 4242',
      timeZone: 'America/Los_Angeles',
    },
  });
  timelessClub = await add('Unscheduled Embers', { city: 'Denver', state: 'CO', zipCode: '80202', meetingSchedule: 'Saturdays, 10 AM' });
  pendingClub = await add('Pending Sparks Circle', {
    isVerified: false,
    meetings: { meetingSlots: TUESDAY_EVENINGS, meetingFormat: 'online' },
  });
});

const page = (club: { id: number; clubName: string }) => request(clubPagePath(club));
const feed = (club: { id: number }, query = '') => request(`/api/clubs/${club.id}/calendar.ics${query}`);

/** The JSON-LD a page carries. */
function structuredData(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  expect(match, 'the page has JSON-LD').not.toBeNull();
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

/** The events of a calendar feed, by summary then start. */
async function eventsOf(club: { id: number }): Promise<VEvent[]> {
  const response = await feed(club);
  expect(response.status).toBe(200);
  const parsed = ical.sync.parseICS(await response.text());
  return Object.values(parsed)
    .filter((component): component is VEvent => component?.type === 'VEVENT')
    .sort((a, b) => a.start.getTime() - b.start.getTime());
}

describe("a club's page", () => {
  it('is a 200 for a verified club, server-rendered with its title, Open Graph and Twitter tags and an Event series', async () => {
    const response = await page(readingClub);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const html = await response.text();
    const url = new URL(clubPagePath(readingClub), response.url).pathname;
    expect(html).toContain('<title>Riverbend Flamekeepers, Austin, TX | FlameKeeper Clubs</title>');
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*${url}"`));
    expect(html).toMatch(/<meta property="og:title" content="Riverbend Flamekeepers, Austin, TX \| FlameKeeper Clubs"/);
    expect(html).toMatch(/<meta property="og:description" content="Riverbend Flamekeepers is a verified FlameKeeper Club in Austin, TX/);
    expect(html).toMatch(new RegExp(`<meta property="og:url" content="[^"]*${url}"`));
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
    expect(html).toContain('Verified Club');
    // "Host:" names the host once (issue 41, item 19: it read "Host: Hosted by Test Host").
    expect(html).toMatch(/>Host:<\/dt>\s*<dd>Test Host<\/dd>/);
    expect(html).not.toContain('Hosted by');
    expect(html).toContain('Austin, TX 78704');
    expect(html).toContain('Add to calendar');
    expect(html).not.toContain('meet.example.org');
    expect(html).toMatch(/Meeting link:<\/dt>\s*<dd[^>]*>The link is sent to members<\/dd>/);
    expect(html).toContain(`href="/api/clubs/${readingClub.id}/contact-host"`);
    expect(html).toMatch(/href="https:\/\/riverbend.example.org" target="_blank" rel="noopener noreferrer"/);
    expect(html).toContain('<svg');

    const data = structuredData(html);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Riverbend Flamekeepers',
      eventAttendanceMode: 'https://schema.org/MixedEventAttendanceMode',
      eventSchedule: [
        {
          '@type': 'Schedule',
          byDay: 'https://schema.org/Tuesday',
          startTime: '19:00:00',
          duration: 'PT1H30M',
          repeatFrequency: 'P1W',
          scheduleTimezone: 'America/Chicago',
          startDate: '2026-01-06',
        },
      ],
    });
    // The next session is a Tuesday at 7 PM in Chicago, whatever the season.
    expect(String(data.startDate)).toMatch(/T19:00:00-0[56]:00$/);
  });

  it('lists the next four sessions in the club’s time zone', async () => {
    const html = await (await page(readingClub)).text();
    const sessions = [...html.matchAll(/<time[^>]*datetime="([^"]+)"[^>]*>\s*(Tue, [A-Z][a-z]{2} \d{1,2}, 7:00 PM C[SD]T)/g)];
    expect(sessions).toHaveLength(4);
  });

  // Issue 30: the free-text schedule read as a second, contradicting schedule above the structured times.
  it("says the free-text schedule after the structured times as the host's note, and as the schedule when there are none", async () => {
    const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    const timed = text(await (await page(readingClub)).text());
    expect(timed).toContain('Note: Doors open 15 minutes early');
    expect(timed).not.toContain('Schedule: Doors open');
    expect(timed.indexOf('Note: Doors open')).toBeGreaterThan(timed.indexOf('How often:'));
    expect(text(await (await page(timelessClub)).text())).toContain('Schedule: Saturdays, 10 AM');
  });

  it('never shows an online club’s meeting link or dial-in, and says the link is sent to members', async () => {
    const html = await (await page(onlineClub)).text();
    expect(html).toContain('The link is sent to members');
    expect(html).not.toContain('secret-room');
    expect(html).not.toContain('4242');
  });

  it('is an Organization for a club without meeting times, with no calendar links', async () => {
    const response = await page(timelessClub);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(structuredData(html)).toMatchObject({ '@type': 'Organization', name: 'Unscheduled Embers' });
    expect(html).not.toContain('Add to calendar');
  });

  it('escapes club text inside the JSON-LD', async () => {
    const club = {
      id: (await insertClub(testSql(), { clubName: 'Tag </script><b>x', description: '<!-- & -->' })).id,
      clubName: 'Tag </script><b>x',
    };
    const html = await (await page(club)).text();
    const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(jsonLd).not.toMatch(/[<>&]/);
    expect(structuredData(html)).toMatchObject({ name: 'Tag </script><b>x', description: '<!-- & -->' });
  });

  it('redirects (301) a wrong or missing slug to the club’s path, keeping the query', async () => {
    for (const path of [`/flamekeeper-clubs/${readingClub.id}-old-name`, `/flamekeeper-clubs/${readingClub.id}`]) {
      const response = await request(`${path}?from=share`);
      expect(response.status).toBe(301);
      expect(response.headers.get('location')).toBe(`${clubPagePath(readingClub)}?from=share`);
    }
  });

  it('is the 404 page for pending, unknown and malformed clubs', async () => {
    for (const path of [
      clubPagePath(pendingClub),
      '/flamekeeper-clubs/2147483000-nobody',
      '/flamekeeper-clubs/not-a-club',
      '/flamekeeper-clubs/0',
    ]) {
      const response = await request(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain('<title>Page Not Found | FlameKeeper Clubs</title>');
    }
  });

  it('keeps the directory at /flamekeeper-clubs', async () => {
    expect((await request('/flamekeeper-clubs')).status).toBe(200);
  });
});

describe("the page's Contact Host link", () => {
  it('redirects to a mail to the host with the subject of interest in the club', async () => {
    const response = await request(`/api/clubs/${readingClub.id}/contact-host`);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toMatch(
      /^mailto:host\.[0-9a-f]+@example\.com\?subject=Interest%20in%20Riverbend%20Flamekeepers$/,
    );
  });

  it('is a 404 for a pending club', async () => {
    expect((await request(`/api/clubs/${pendingClub.id}/contact-host`)).status).toBe(404);
  });
});

describe("a club's calendar feed", () => {
  it('is text/calendar, and an attachment named after the club with ?download=1', async () => {
    const response = await feed(readingClub);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBeNull();
    const download = await feed(readingClub, '?download=1');
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="riverbend-flamekeepers.ics"');
    const text = await download.text();
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:America/Chicago');
    expect(text).toContain('DTSTART;TZID=America/Chicago:20260106T190000');
  });

  it('titles each session of the reading plan with what the club reads, across the month boundary and the DST change', async () => {
    const events = await eventsOf(readingClub);
    // One series, whose sessions of the reading plan are overridden (RECURRENCE-ID) with their titles (decision 018).
    expect(events).toHaveLength(1);
    const [series] = events;
    const text = await (await feed(readingClub)).text();
    const titled = occurrences(text, new Date('2026-01-01T00:00:00Z'), new Date('2027-01-01T00:00:00Z'));
    const at = (date: string) => titled.find(([start]) => start.startsWith(date))?.[1];
    expect(at('2026-01-07T01:00')).toBe('Week 1 — Awakening · Riverbend Flamekeepers');
    expect(at('2026-02-25T01:00')).toBe('Week 8 — Becoming · Riverbend Flamekeepers');
    // March 3 is still standard time (UTC−6), March 10 daylight time (UTC−5): 7 PM in Chicago both times.
    expect(at('2026-03-04T01:00')).toBe('Month 3 — Starlight Bond · Riverbend Flamekeepers');
    expect(at('2026-03-11T00:00')).toBe('Month 3 — Starlight Bond · Riverbend Flamekeepers');
    const [first] = [...new Set(Object.values(series!.recurrences!) as VEvent[])].sort((a, b) => a.start.getTime() - b.start.getTime());
    expect(first!.start.tz).toBe('America/Chicago');
    expect(first!.end!.getTime() - first!.start.getTime()).toBe(90 * 60_000);
    expect(first!.location).toBe('Austin, TX');
    expect(JSON.stringify(first!.url)).toContain(clubPagePath(readingClub));
    expect(first!.description).toContain('Meeting link: The link is sent to members.');
    expect(first!.description).not.toContain('meet.example.org');
    expect(first!.description).toContain('The journey begins by noticing.');
  });

  it('continues after the reading plan with the weekly series that stays at 7 PM in Chicago across November', async () => {
    const [series] = await eventsOf(readingClub);
    expect(series!.summary).toBe('Riverbend Flamekeepers');
    expect(series!.rrule!.toString()).toContain('FREQ=WEEKLY;BYDAY=TU');
    const text = await (await feed(readingClub)).text();
    const titled = occurrences(text, new Date('2026-01-01T00:00:00Z'), new Date('2026-12-01T00:00:00Z'));
    // 8 weeks, then months 3 to 8 of four weeks each: the plan's last session is August 11, then the series' own.
    const last = titled.filter(([, summary]) => summary !== 'Riverbend Flamekeepers').at(-1)!;
    expect(last).toEqual(['2026-08-12T00:00:00.000Z', expect.stringMatching(/^Month 8 — /), series!.uid]);
    expect(titled.find(([start]) => start === '2026-08-19T00:00:00.000Z')![1]).toBe('Riverbend Flamekeepers');
    const sessions = titled.filter(([start]) => start >= '2026-10-20' && start < '2026-11-12');
    expect(sessions.map(([start]) => start)).toEqual([
      '2026-10-21T00:00:00.000Z',
      '2026-10-28T00:00:00.000Z',
      '2026-11-04T01:00:00.000Z',
      '2026-11-11T01:00:00.000Z',
    ]);
  });

  it('is one series per slot from the first session after registering, for a club without a cycle start', async () => {
    const events = await eventsOf(monthlyClub);
    expect(events).toHaveLength(1);
    const [series] = events;
    expect(series!.rrule!.toString()).toContain('RRULE:FREQ=MONTHLY;BYDAY=1TU');
    expect(series!.start.tz).toBe('America/New_York');
    // Registered February 10, 2026: the first 1st Tuesday after is March 3, 7 PM EST.
    expect(series!.start.toISOString()).toBe('2026-03-04T00:00:00.000Z');
    expect(series!.location).toBe('Brooklyn, NY');
    const april = ical.expandRecurringEvent(series!, { from: new Date('2026-04-01T00:00:00Z'), to: new Date('2026-04-30T00:00:00Z') });
    expect(april.map((session) => session.start.toISOString())).toEqual(['2026-04-07T23:00:00.000Z']);
  });

  it('lists a monthly meeting by its week of the month, not as every week (issue 41, item 19)', async () => {
    const html = await (await page(monthlyClub)).text();
    expect(html).toContain('1st Tuesday of the month, 7:00 PM – 8:30 PM');
    expect(html).not.toContain('Tuesdays, 7:00 PM');
  });

  it('says "The link is sent to members" for an online club, and never gives the link', async () => {
    const [event] = await eventsOf(onlineClub);
    expect(event!.location).toBe('Online');
    expect(event!.description).toContain('Meeting link: The link is sent to members.');
    expect(event!.description).not.toContain('secret-room');
  });

  it('is a 404 for pending and unknown clubs and for clubs without times', async () => {
    for (const club of [pendingClub, timelessClub, { id: 2147483000 }]) expect((await feed(club)).status).toBe(404);
    expect((await request('/api/clubs/abc/calendar.ics')).status).toBe(404);
  });
});

describe('the clubs sitemap', () => {
  it('lists verified clubs’ pages and not pending ones, and the sitemap index and robots.txt name it', async () => {
    const response = await request('/sitemap-clubs.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(locations).toContain(clubPagePath(readingClub));
    expect(locations).not.toContain(clubPagePath(pendingClub));
    expect(await (await request('/sitemap-index.xml')).text()).toContain('/sitemap-clubs.xml</loc>');
    expect(await (await request('/robots.txt')).text()).toMatch(/^Sitemap: .*\/sitemap-clubs\.xml$/m);
  });
});
