import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { startKeepAliveLoad, type Attempt } from '../support/keep-alive-load.ts';
import { SERVER_START_TIMEOUT_MS, startServer, type ServerProcess } from '../support/server-process.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

const REPO = path.resolve(import.meta.dirname, '../..');
const OLD_DESCRIPTION = 'Small towns and rural communities';
const NEW_DESCRIPTION = 'Small towns, villages and rural communities';

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

  beforeAll(async () => {
    root = copyProject();
    database = await createTestDatabase(inject('databaseTemplate'));
    server = await startServer(
      { DATABASE_URL: database.url, DATABASE_POOL_MAX: String(database.poolMax), SEED_DEMO_DATA: 'false', RATE_LIMIT_MULTIPLIER: '1000' },
      SERVER_START_TIMEOUT_MS,
      path.join(root, 'scripts', 'serve.ts'),
    );
  });

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  const tiers = async () =>
    ((await (await fetch(new URL('/api/population-tiers', server.url))).json()) as { description: string }[])[0]!.description;
  const page = async () => (await fetch(new URL('/become-guide', server.url))).text();

  it('a rebuild after a content edit answers every request meanwhile and is then served, old and new builds kept', async () => {
    expect(await tiers()).toBe(OLD_DESCRIPTION);
    const tiersFile = path.join(root, 'src', 'content', 'tiers.yaml');
    const edited = fs.readFileSync(tiersFile, 'utf8').replace(`'${OLD_DESCRIPTION}'`, `'${NEW_DESCRIPTION}'`);
    fs.writeFileSync(tiersFile, edited);

    const paths = [...PATHS];
    let planned = 0;
    const load = startKeepAliveLoad(server.url, (n) => ({ method: 'GET', path: paths[(planned = n) % paths.length]! }), 2);
    let late: string[];
    try {
      const { code, output } = await build(root);
      expect(code, output).toBe(0);
      late = await Promise.all(
        LATE_PATHS.map(async (path) => `${path}: ${(await fetch(new URL(path, server.url), { redirect: 'manual' })).status}`),
      );
      paths.push(...LATE_PATHS);
      // The server looks for a new build every second and switches once it has loaded it.
      await vi.waitFor(async () => expect(await tiers()).toBe(NEW_DESCRIPTION), { timeout: 60_000, interval: 250 });
      expect(await page()).toContain(NEW_DESCRIPTION);
      // The loop goes on through every path, now answered by the new build's files and chunks.
      await load.answered(planned + paths.length * 2);
    } finally {
      load.stop();
    }
    const attempts = await load.finished;
    expect(attempts.length, 'requests during the rebuild').toBeGreaterThan(PATHS.length * 5);
    expect(attempts.map(fault).filter(Boolean)).toEqual([]);
    expect(late.filter((answer) => / 5\d\d$/.test(answer))).toEqual([]);
    expect(server.output()).toContain('serving the newly published build');

    const published = fs.realpathSync(path.join(root, 'dist'));
    expect(path.dirname(published)).toBe(fs.realpathSync(path.join(root, '.builds')));
    expect(fs.readdirSync(path.join(root, '.builds')).sort()).toEqual(['in-use', 'initial', path.basename(published)].sort());
    expect(fs.readFileSync(path.join(root, '.builds', 'in-use', String(server.child.pid)), 'utf8')).toBe(path.basename(published));
  }, 900_000); // a guard against a hang: building a copy of the project passed 300 s with both cores busy (content-numbers)

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
});
