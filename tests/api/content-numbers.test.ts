import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect, type Sql } from '#server/platform/db/db.ts';
import { insertClub } from '../support/clubs.ts';
import { readerText } from '../support/reader-text.ts';
import { buildWithContent, type ContentBuild } from '../support/content-build.ts';
import { SERVER_START_TIMEOUT_MS, startServer, type ServerProcess } from '../support/server-process.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

// Issue 31, item 3: prices and week themes are written once. An editor changes a tier's fees and renames week 1 in a
// copy of the project; its build and server show the new numbers and name wherever the old ones were, and nothing of
// the old ones. Text only: the HTML's tags and scripts are dropped before looking.

const OLD_THEME = 'Awakening';
const NEW_THEME = 'Kindling';

/** Tier 1's shared fee 79 → 69 and tier 5's exclusive fee 399 → 449: the cheapest and the dearest licence. */
const editTiers = (text: string) =>
  text
    .replace(/(tier: 1\n(?:.*\n)*?\s+sharedFee: )79\b/, (_match, before: string) => `${before}69`)
    .replace(/(tier: 5\n(?:.*\n)*?\s+exclusiveFee: )399\b/, (_match, before: string) => `${before}449`);

let build: ContentBuild;
let database: TestDatabase;
let server: ServerProcess;
let sql: Sql;

beforeAll(async () => {
  build = await buildWithContent({
    'tiers.yaml': editTiers,
    'weeks.yaml': (text) => text.replace(`theme: '${OLD_THEME}'`, `theme: '${NEW_THEME}'`),
  });
  expect(build.exitCode, build.output).toBe(0);
  database = await createTestDatabase(inject('databaseTemplate'));
  server = await startServer(
    { DATABASE_URL: database.url, DATABASE_POOL_MAX: String(database.poolMax), SEED_DEMO_DATA: 'false' },
    SERVER_START_TIMEOUT_MS,
    `${build.dir}/scripts/serve.ts`,
  );
  sql = connect(database.url, { max: 1 });
}, 900_000); // a guard against a hang: building a copy of the project passed 300 s with both cores busy

afterAll(async () => {
  await sql?.end();
  await server?.stop();
  await database?.drop();
  build?.remove();
});

async function pageText(path: string): Promise<string> {
  const response = await fetch(new URL(path, server.url));
  expect(response.status, path).toBe(200);
  return readerText(await response.text());
}

describe('a changed tier fee', () => {
  it('reaches the tier cards, the price ranges table and the bulk ZIP card of /become-guide', async () => {
    const text = await pageText('/become-guide');
    expect(text).toContain('Shared $69/yr');
    expect(text).toContain('Exclusive $449/yr');
    expect(text).toMatch(/Small markets 0 – 9,999 \$69–\$129/);
    expect(text).toMatch(/Large markets 50,000\+ \$199–\$449/);
    expect(text).toContain('ZIP pricing $69–$449/yr');
    expect(text).not.toMatch(/\$79\b|\$399\b/);
  });

  it("reaches the FAQ's answers", async () => {
    const text = await pageText('/faq');
    expect(text).toContain('small markets (0 – 9,999 people) $69–$129');
    expect(text).toContain('large markets (50,000+) $199–$449');
    expect(text).toContain('A shared licence costs $69–$249 a year and an exclusive licence $109–$449');
    expect(text).toContain('ZIP pricing is $69–$449/yr');
    expect(text).not.toMatch(/\$79\b|\$399\b/);
  });

  it("reaches /area-search's pricing note", async () => {
    const text = await pageText('/area-search');
    expect(text).toMatch(/Tier 1 0 – 4,999 \$69\/yr \$109\/yr/);
    expect(text).toMatch(/Tier 5 250,000\+ \$249\/yr \$449\/yr/);
    expect(text).not.toMatch(/\$79\b|\$399\b/);
  });

  it('reaches the tiers and the area prices that the API answers', async () => {
    const tiers = (await (await fetch(new URL('/api/population-tiers', server.url))).json()) as {
      tier: number;
      sharedFee: number;
      exclusiveFee: number;
    }[];
    expect(tiers.find((tier) => tier.tier === 1)?.sharedFee).toBe(69);
    expect(tiers.find((tier) => tier.tier === 5)?.exclusiveFee).toBe(449);
    // Wyoming: 576,851 ÷ 200 = 2,884, tier 1; Travis County, TX: 1,290,188 ÷ 5 = 258,037, tier 5.
    const price = async (id: string) =>
      ((await (await fetch(new URL(`/api/areas/${id}`, server.url))).json()) as { prices: unknown }).prices;
    expect(await price('state-WY')).toEqual({ shared: 69, exclusive: 109 });
    expect(await price('county-48453')).toEqual({ shared: 249, exclusive: 449 });
  });
});

describe('a renamed week', () => {
  it('reaches How It Works: its week card and its description', async () => {
    const text = await pageText('/how-it-works');
    expect(text).toContain(`Week 1 ${NEW_THEME}`);
    expect(text).toContain(`guided journey: ${NEW_THEME}, Reflection, Clarity`);
    expect(text).not.toContain(OLD_THEME);
  });

  it("reaches /club-schedule's first month", async () => {
    const text = await pageText('/club-schedule');
    expect(text).toContain(`begins the guided journey with ${NEW_THEME}, Reflection, Clarity and Integration`);
    expect(text).not.toContain(OLD_THEME);
  });

  it("reaches a club's calendar", async () => {
    const club = await insertClub(sql, {
      clubName: 'Ember Circle',
      meetings: {
        meetingSlots: [{ weekday: 'tuesday', start: '19:00', durationMinutes: 90 }],
        cycleStart: '2026-01-06',
        timeZone: 'America/Chicago',
      },
    });
    const response = await fetch(new URL(`/api/clubs/${club.id}/calendar.ics`, server.url));
    expect(response.status).toBe(200);
    const calendar = (await response.text()).replace(/\r\n[ \t]/g, '');
    expect(calendar).toContain(`SUMMARY:Week 1 — ${NEW_THEME} · Ember Circle`);
    expect(calendar).not.toContain(OLD_THEME);
  });
});
