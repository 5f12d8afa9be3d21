import ICAL from 'ical.js';
import ical, { type VEvent } from 'node-ical';
import { beforeAll, describe, expect, it } from 'vitest';
import { clubPagePath } from '#lib/clubs/pages.ts';
import { meetingFilterBits, type MeetingLanguage, type MeetingSlot } from '#lib/clubs/meetings/types.ts';
import type { PublicClub } from '#lib/directory/types.ts';
import type { FoundGuides } from '#lib/guides/types.ts';
import { asUser, registerHost, request, testSql } from '../support/api.ts';
import { insertClub } from '../support/clubs.ts';
import { insertListedGuide } from '../support/guides.ts';

// Issue 42, "People's language": a host says the language their club meets in; the directory finds clubs by it (a
// Spanish search finds the bilingual clubs too), the club's page, JSON-LD and calendar say it, and Find a Guide
// filters by the guides' own languages. The clubs are in Maine (Portland 04101, Bangor 04401, about 110 mi apart);
// other files' clubs may be there too, so each answer is judged by the clubs' own JSON and these clubs' ids.

const tuesdayEvening: MeetingSlot = { weekday: 'tuesday', start: '19:00', durationMinutes: 90 };
const LANGUAGES = ['en', 'es', 'en-and-es', 'other'] as const satisfies readonly MeetingLanguage[];
const SPEAKS = { en: ['en', 'en-and-es'], es: ['es', 'en-and-es'], 'en-and-es': ['en-and-es'], other: ['other'] } as const;

const portland: Partial<Record<MeetingLanguage, number>> = {};
let bangorSpanish: number;
/** A club inserted without a language, as before migration 049: English. */
let untold: number;

beforeAll(async () => {
  const sql = testSql();
  for (const language of LANGUAGES) {
    const meetings = { meetingSlots: [tuesdayEvening], meetingFormat: 'in-person' as const, meetingLanguage: language };
    const clubName = `Casco Bay ${language} Circle`;
    portland[language] = (await insertClub(sql, { clubName, city: 'Portland', state: 'ME', zipCode: '04101', meetings })).id;
  }
  const spanish = { meetingSlots: [tuesdayEvening], meetingFormat: 'online' as const, meetingLanguage: 'es' as const };
  bangorSpanish = (
    await insertClub(sql, { clubName: 'Penobscot Lectores', city: 'Bangor', state: 'ME', zipCode: '04401', meetings: spanish })
  ).id;
  untold = (await insertClub(sql, { clubName: 'Casco Bay Untold', city: 'Portland', state: 'ME', zipCode: '04101' })).id;
});

async function clubsOf(path: string): Promise<PublicClub[]> {
  const response = await request(path);
  expect(response.status, path).toBe(200);
  return (await response.json()) as PublicClub[];
}

async function fieldErrors(response: Response): Promise<Record<string, string[]>> {
  expect(response.status).toBe(400);
  return ((await response.json()) as { error: { fieldErrors: Record<string, string[]> } }).error.fieldErrors;
}

const ours = (clubs: PublicClub[]) => {
  const mine = new Set([...Object.values(portland), bangorSpanish, untold]);
  return clubs.filter((club) => mine.has(club.id)).map((club) => club.id);
};

describe('the directory’s language filter', () => {
  it.each(LANGUAGES)('language=%s in a state finds the clubs meeting in it, bilingual clubs in either language', async (language) => {
    const clubs = await clubsOf(`/api/clubs/search?state=ME&language=${language}`);
    expect(clubs.every((club) => (SPEAKS[language] as readonly string[]).includes(club.meetingLanguage))).toBe(true);
    const expected = SPEAKS[language].map((spoken) => portland[spoken]!);
    if (language === 'es') expected.push(bangorSpanish);
    if (language === 'en') expected.push(untold);
    expect(ours(clubs).sort()).toEqual(expected.sort());
  });

  it('applies near a ZIP code with the other filters, and to the nearest clubs offered when none is within reach', async () => {
    const near = await clubsOf('/api/clubs/search?state=04101&radius=10&language=es&day=tuesday');
    expect(ours(near).sort()).toEqual([portland.es!, portland['en-and-es']!].sort());
    expect(near.every((club) => club.distanceMiles !== undefined)).toBe(true);
    // Online in Spanish: only the Bangor club, beyond 10 miles of Portland, and the nearest of its kind anywhere.
    expect(ours(await clubsOf('/api/clubs/search?state=04101&radius=10&language=es&format=online'))).toEqual([]);
    const nearest = await clubsOf('/api/clubs/nearest?state=04101&language=es&format=online');
    expect(ours(nearest)).toEqual([bangorSpanish]);
    expect(nearest.every((club) => ['es', 'en-and-es'].includes(club.meetingLanguage) && club.meetingFormat !== 'in-person')).toBe(true);
  });

  it('alone lists the newest clubs meeting in the language', async () => {
    const clubs = await clubsOf('/api/clubs/search?language=other');
    expect(clubs.every((club) => club.meetingLanguage === 'other')).toBe(true);
    expect(ours(clubs)).toEqual([portland.other!]);
  });

  it('refuses a language it does not know with the field’s message, never a 500', async () => {
    for (const path of [
      '/api/clubs/search?state=ME&language=spanish',
      '/api/clubs/search?language=ES',
      '/api/clubs/nearest?state=ME&language=',
    ]) {
      expect(await fieldErrors(await request(path)), path).toEqual({
        language: ['Language must be en, es, en-and-es or other.'],
      });
    }
  });

  it('counts a club inserted without a language as English, as the migration made every club before it', async () => {
    const [row] = await testSql()<{ meetingLanguage: string; meetingBits: number }[]>`
      select meeting_language, meeting_bits from clubs where id = ${untold}`;
    expect(row).toEqual({ meetingLanguage: 'en', meetingBits: meetingFilterBits([], null, 'en') });
  });
});

describe('the host’s choice', () => {
  const profile = { hostName: 'Lucía Ortega', clubName: 'Lectores del Río', city: 'Austin', state: 'TX', zipCode: '78704' };
  const putProfile = (clubId: number, token: string, body: Record<string, unknown>) =>
    request(`/api/clubs/${clubId}`, { method: 'PUT', headers: asUser(token), json: body });

  it('is English for a host who says nothing, and is given at registration', async () => {
    const untoldHost = await registerHost();
    expect(await (await request(`/api/clubs/${untoldHost.clubId}`, { headers: asUser(untoldHost.token) })).json()).toMatchObject({
      meetingLanguage: 'en',
    });
    const bilingual = await registerHost({ meetingLanguage: 'en-and-es' });
    expect(await (await request(`/api/clubs/${bilingual.clubId}`, { headers: asUser(bilingual.token) })).json()).toMatchObject({
      meetingLanguage: 'en-and-es',
    });
  });

  it('is saved by the profile edit, with the filter bits, and the verified club is then found in a Spanish search', async () => {
    const { clubId, token } = await registerHost();
    const meetings = { meetingSlots: [tuesdayEvening], meetingFormat: 'hybrid', meetingLanguage: 'es' };
    const response = await putProfile(clubId, token, { ...profile, ...meetings });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ meetingLanguage: 'es' });
    const sql = testSql();
    const [row] = await sql<{ meetingBits: number }[]>`select meeting_bits from clubs where id = ${clubId}`;
    expect(row!.meetingBits).toBe(meetingFilterBits([tuesdayEvening], 'hybrid', 'es'));
    await sql`update clubs set is_verified = true where id = ${clubId}`;
    expect((await clubsOf('/api/clubs/search?state=78704&language=es')).map((club) => club.id)).toContain(clubId);
    expect((await clubsOf('/api/clubs/search?state=78704&language=en')).map((club) => club.id)).not.toContain(clubId);
  });

  it('refuses a language that is not one of the four, with the field’s message', async () => {
    const { clubId, token } = await registerHost();
    for (const meetingLanguage of ['spanish', 'fr', null]) {
      expect(await fieldErrors(await putProfile(clubId, token, { ...profile, meetingLanguage }))).toEqual({
        meetingLanguage: ['Choose English, Spanish, English and Spanish, or another language'],
      });
    }
  });
});

describe('what the club’s page, JSON-LD and calendar say', () => {
  const pageOf = (language: MeetingLanguage) => clubPagePath({ id: portland[language]!, clubName: `Casco Bay ${language} Circle` });

  async function jsonLdOf(path: string): Promise<Record<string, unknown>> {
    const html = await (await request(path)).text();
    return JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as Record<string, unknown>;
  }

  it('the page names the language', async () => {
    const html = await (await request(pageOf('en-and-es'))).text();
    expect(html).toMatch(/Language of meetings:<\/dt>\s*<dd[^>]*>English and Spanish<\/dd>/);
  });

  it('the Event is inLanguage as BCP 47 tags, both for a bilingual club, and says nothing of another language', async () => {
    expect(await jsonLdOf(pageOf('es'))).toMatchObject({ '@type': 'Event', inLanguage: 'es' });
    expect(await jsonLdOf(pageOf('en-and-es'))).toMatchObject({ '@type': 'Event', inLanguage: ['en', 'es'] });
    expect(await jsonLdOf(pageOf('other'))).not.toHaveProperty('inLanguage');
  });

  it('an Organization knowsLanguage (schema.org gives it no inLanguage), in the directory’s JSON-LD too', async () => {
    const sql = testSql();
    const { id } = await insertClub(sql, { clubName: 'Untimed Lectores', city: 'Portland', state: 'ME', zipCode: '04101' });
    await sql`update clubs set meeting_language = 'es' where id = ${id}`;
    const data = await jsonLdOf(clubPagePath({ id, clubName: 'Untimed Lectores' }));
    expect(data).toMatchObject({ '@type': 'Organization', knowsLanguage: 'es' });
    expect(data).not.toHaveProperty('inLanguage');
  });

  it('each event of the calendar says it in its description, as both calendar parsers read it', async () => {
    const response = await request(`/api/clubs/${portland.es!}/calendar.ics`);
    expect(response.status).toBe(200);
    const ics = await response.text();
    const nodeIcal = Object.values(ical.sync.parseICS(ics)).filter((item): item is VEvent => item?.type === 'VEVENT');
    const icalJs = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((event) => new ICAL.Event(event));
    expect(nodeIcal.length).toBeGreaterThan(0);
    expect(icalJs.length).toBe(nodeIcal.length);
    for (const description of [...nodeIcal.map((event) => String(event.description)), ...icalJs.map((event) => event.description)]) {
      expect(description.split('\n\n')).toContain('Meets in Spanish (en español).');
    }
  });
});

describe('Find a Guide by language', () => {
  let spanishGuide: number;
  let englishGuide: number;

  beforeAll(async () => {
    const sql = testSql();
    // Early in the alphabet, so that Vermont's other listed guides (every file's are there) cannot push them off the list.
    const spanish = await insertListedGuide(sql, 'Aaliyah Castellano');
    const english = await insertListedGuide(sql, 'Aaron Plainsong');
    await sql`update guides set languages = '{English,spanish}' where user_id = ${spanish.userId}`;
    spanishGuide = spanish.publicId;
    englishGuide = english.publicId;
  });

  it('keeps the guides who name the language, whatever its case, for a place and for every guide', async () => {
    const found = (await (await request('/api/guides?place=Vermont&language=Spanish')).json()) as FoundGuides;
    const ids = found.guides.map((guide) => guide.id);
    expect(ids).toContain(spanishGuide);
    expect(ids).not.toContain(englishGuide);
    const all = (await (await request('/api/guides?language=SPANISH')).json()) as { states: { guides: { id: number }[] }[] };
    const listed = all.states.flatMap((state) => state.guides.map((guide) => guide.id));
    expect(listed).toContain(spanishGuide);
    expect(listed).not.toContain(englishGuide);
  });

  it('offers the listed guides’ languages on /guides, keeps the one chosen, and refuses a one-letter language', async () => {
    const html = await (await request('/guides?language=SPANISH')).text();
    // As most guides write it, whichever case the address had.
    const selected = /<option value="([^"]*)" selected(?:="")?>/.exec(html)?.[1];
    expect(selected?.toLowerCase()).toBe('spanish');
    expect(html).toContain('<option value="English">English</option>');
    expect(html).toContain(`Guides in ${selected}`);
    expect(await fieldErrors(await request('/api/guides?language=x'))).toEqual({ language: ['A language must be at least 2 characters'] });
    expect((await request('/guides?language=x')).status).toBe(400);
  });
});
