import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { connect, type Sql } from '#server/platform/db/db.ts';
import { insertClub } from '../support/clubs.ts';
import { startKeepAliveLoad, type Attempt } from '../support/keep-alive-load.ts';
import { readerText } from '../support/reader-text.ts';
import { SERVER_START_TIMEOUT_MS, startServer, type ServerProcess } from '../support/server-process.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

// An editor's change published while the site runs (decision 026), and what it reaches (issue 31, item 3: prices and
// week themes are written once): a copy of the project is rebuilt with tier 1's description and two fees changed and
// week 1 renamed, under a steady load, and its server then shows the new words and numbers wherever the old ones
// were. The copy's one build is the rebuild under test.
const REPO = path.resolve(import.meta.dirname, '../..');
const OLD_DESCRIPTION = 'Small towns and rural communities';
const NEW_DESCRIPTION = 'Small towns, villages and rural communities';
const OLD_THEME = 'Awakening';
const NEW_THEME = 'Kindling';

/**
 * The editor's change of fees: tier 1's shared fee 79 → 69 and tier 5's exclusive fee 399 → 449, made in both
 * languages' tiers files, as docs/editing.md says (the content check stops a build whose two files differ).
 */
const editFees = (text: string) =>
  text
    .replace(/(tier: 1\n(?:.*\n)*?\s+sharedFee: )79\b/, (_match, before: string) => `${before}69`)
    .replace(/(tier: 5\n(?:.*\n)*?\s+exclusiveFee: )399\b/, (_match, before: string) => `${before}449`);
/** And of tier 1's English description. */
const editTiers = (text: string) => editFees(text.replace(`'${OLD_DESCRIPTION}'`, `'${NEW_DESCRIPTION}'`));

/** Edits a content file of the copy, and fails if the edit changed nothing (the content moved on: fix the edit). */
function editContent(root: string, file: string, edit: (text: string) => string): void {
  const target = path.join(root, 'src', 'content', file);
  const before = fs.readFileSync(target, 'utf8');
  const after = edit(before);
  if (after === before) throw new Error(`The edit of ${file} changed nothing`);
  fs.writeFileSync(target, after);
}

/**
 * A copy of the project in a folder of its own, so that its build and its content edit touch nothing of the
 * checkout's (whose dist other suites read): the sources copied, the database files and packages linked. Its
 * node_modules is a folder of links so that Astro's content cache (node_modules/.astro) is its own too. It starts
 * with the checkout's published build, copied, as its `dist`: the one real build is the rebuild under test.
 */
function copyProject(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fk-publishing-'));
  for (const entry of ['src', 'public', 'scripts', 'astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json']) {
    fs.cpSync(path.join(REPO, entry), path.join(root, entry), { recursive: true });
  }
  fs.symlinkSync(path.join(REPO, 'db'), path.join(root, 'db'));
  const modules = fs.realpathSync(path.join(REPO, 'node_modules'));
  fs.mkdirSync(path.join(root, 'node_modules'));
  for (const entry of fs.readdirSync(modules).filter((name) => name !== '.astro' && name !== '.vite')) {
    fs.symlinkSync(path.join(modules, entry), path.join(root, 'node_modules', entry));
  }
  const built = fs.realpathSync(path.join(REPO, 'dist'));
  const initial = path.join(root, '.builds', 'initial');
  fs.cpSync(built, initial, { recursive: true });
  fs.symlinkSync(path.relative(root, initial), path.join(root, 'dist'));
  return root;
}

/** `npm run build` in `root`: resolves with its exit code and output. */
function build(root: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [path.join(root, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: undefined },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

// Prerendered pages (served from memory), pages rendered on demand and API routes (their chunks imported lazily).
const PATHS = ['/', '/faq', '/become-guide', '/join-request', '/no-such-page', '/api/population-tiers', '/api/clubs', '/healthz'];
/**
 * Routes first requested once the rebuild has finished, so that their chunks are first imported then: from the old
 * build until the server has switched, which a build writing over the old one's files turns into 500s.
 */
const LATE_PATHS = [
  '/api/clubs/search?state=CA',
  '/api/guides',
  '/api/areas/suggest?q=Ash',
  '/api/zip-codes/28801/time-zone',
  '/api/auth/user',
  '/account',
  '/admin-clubs',
  '/reset-password',
  '/sitemap-clubs.xml',
];

const fault = ({ request, outcome }: Attempt) =>
  outcome.kind === 'answered' ? (outcome.status >= 500 ? `${request.path}: ${outcome.status}` : null) : `${request.path}: ${outcome.kind}`;

describe('publishing while the site runs', () => {
  let root: string;
  let database: TestDatabase;
  let server: ServerProcess;
  let sql: Sql;
  /** What the site answered while the edit was built and published. */
  let rebuild: { code: number | null; output: string; attempts: Attempt[]; late: string[]; descriptionBefore: string };

  const tiers = async () =>
    ((await (await fetch(new URL('/api/population-tiers', server.url))).json()) as { description: string }[])[0]!.description;
  const page = async () => (await fetch(new URL('/become-guide', server.url))).text();

  // The edit is built and published under load once, here; the tests below read what the site answered meanwhile and
  // what it serves since. The limit guards against a hang: a build passed 300 s with both cores busy.
  beforeAll(async () => {
    root = copyProject();
    database = await createTestDatabase(inject('databaseTemplate'));
    server = await startServer(
      { DATABASE_URL: database.url, DATABASE_POOL_MAX: String(database.poolMax), SEED_DEMO_DATA: 'false', RATE_LIMIT_MULTIPLIER: '1000' },
      SERVER_START_TIMEOUT_MS,
      path.join(root, 'scripts', 'serve.ts'),
    );
    sql = connect(database.url, { max: 1 });
    const descriptionBefore = await tiers();
    editContent(root, 'tiers.yaml', editTiers);
    editContent(root, 'es/tiers.yaml', editFees);
    editContent(root, 'weeks.yaml', (text) => text.replace(`theme: '${OLD_THEME}'`, `theme: '${NEW_THEME}'`));

    const paths = [...PATHS];
    let planned = 0;
    const load = startKeepAliveLoad(server.url, (n) => ({ method: 'GET', path: paths[(planned = n) % paths.length]! }), 2);
    try {
      const { code, output } = await build(root);
      if (code !== 0) {
        rebuild = { code, output, attempts: [], late: [], descriptionBefore };
        return;
      }
      const late = await Promise.all(
        LATE_PATHS.map(async (path) => `${path}: ${(await fetch(new URL(path, server.url), { redirect: 'manual' })).status}`),
      );
      paths.push(...LATE_PATHS);
      // The server looks for a new build every second and switches once it has loaded it.
      await vi.waitFor(async () => expect(await tiers()).toBe(NEW_DESCRIPTION), { timeout: 60_000, interval: 250 });
      // The loop goes on through every path, now answered by the new build's files and chunks.
      await load.answered(planned + paths.length * 2);
      load.stop();
      rebuild = { code, output, attempts: await load.finished, late, descriptionBefore };
    } finally {
      load.stop();
    }
  }, 900_000);

  afterAll(async () => {
    await sql?.end();
    await server?.stop();
    await database?.drop();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  async function pageText(path: string): Promise<string> {
    const response = await fetch(new URL(path, server.url));
    expect(response.status, path).toBe(200);
    return readerText(await response.text());
  }

  it('a rebuild after a content edit answers every request meanwhile and is then served, old and new builds kept', async () => {
    expect(rebuild.code, rebuild.output).toBe(0);
    expect(rebuild.descriptionBefore).toBe(OLD_DESCRIPTION);
    expect(await tiers()).toBe(NEW_DESCRIPTION);
    expect(await page()).toContain(NEW_DESCRIPTION);
    expect(rebuild.attempts.length, 'requests during the rebuild').toBeGreaterThan(PATHS.length * 5);
    expect(rebuild.attempts.map(fault).filter(Boolean)).toEqual([]);
    expect(rebuild.late.filter((answer) => / 5\d\d$/.test(answer))).toEqual([]);
    expect(server.output()).toContain('serving the newly published build');

    const published = fs.realpathSync(path.join(root, 'dist'));
    expect(path.dirname(published)).toBe(fs.realpathSync(path.join(root, '.builds')));
    expect(fs.readdirSync(path.join(root, '.builds')).sort()).toEqual(['in-use', 'initial', path.basename(published)].sort());
    expect(fs.readFileSync(path.join(root, '.builds', 'in-use', String(server.child.pid)), 'utf8')).toBe(path.basename(published));
  });

  it('does not take a build made from other server code, and its log says to restart', async () => {
    const serving = fs.realpathSync(path.join(root, 'dist'));
    const other = path.join(root, '.builds', 'other-code');
    fs.cpSync(serving, other, { recursive: true });
    fs.writeFileSync(path.join(other, 'build.json'), JSON.stringify({ serverCode: 'something else' }));
    fs.symlinkSync(path.relative(root, other), path.join(root, 'dist.next'));
    fs.renameSync(path.join(root, 'dist.next'), path.join(root, 'dist'));

    await vi.waitFor(() => expect(server.output()).toMatch(/"build":"other-code".*restart the server to serve it/), { timeout: 60_000 });
    expect(fs.readFileSync(path.join(root, '.builds', 'in-use', String(server.child.pid)), 'utf8')).toBe(path.basename(serving));
    expect(await tiers()).toBe(NEW_DESCRIPTION);
  });

  // What the edit reaches, read from the site it published.
  describe('a changed tier fee', () => {
    it('reaches the tier cards, the price ranges table and the bulk ZIP card of /become-guide', async () => {
      const text = await pageText('/become-guide');
      expect(text).toContain('Shared $69/yr');
      expect(text).toContain('Exclusive $449/yr');
      // Each row also carries its column names, shown as labels where the table becomes cards on a small screen.
      expect(text).toMatch(/Small markets Population 0 – 9,999 Price per year \$69–\$129/);
      expect(text).toMatch(/Large markets Population 50,000\+ Price per year \$199–\$449/);
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
});
