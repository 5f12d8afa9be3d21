// Where builds go and which one is published (docs/decisions/026). Every `astro build` writes a new folder under
// .builds/ and, once it is complete, points the `dist` link at it with one rename(); a running server keeps the folder
// it loaded until it switches, so a build never changes files under a server's feet. Folders are deleted at a later
// build, once no live process records them as in use.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

const BUILDS = '.builds';
const PUBLISHED = 'dist';
/** A file per live process that uses builds (a server, or a build being written), named by its pid: their folders' names. */
const IN_USE = 'in-use';
/** Written into a build once it is complete, before it is published. */
const BUILD_INFO = 'build.json';

interface BuildInfo {
  /** serverCodeDigest() of the sources the build was made from. */
  serverCode: string;
}

/** The folder `dist` points at, if it holds a server build. */
export function publishedBuildDir(root: string): string | undefined {
  try {
    const dir = fs.realpathSync(path.join(root, PUBLISHED));
    return fs.existsSync(path.join(dir, 'server', 'entry.mjs')) ? dir : undefined;
  } catch {
    return undefined;
  }
}

export function readBuildInfo(buildDir: string): BuildInfo | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(buildDir, BUILD_INFO), 'utf8')) as BuildInfo;
  } catch {
    return undefined;
  }
}

/**
 * A digest of what the server process loads from source rather than from the build: src/lib (the build leaves
 * `#server/…` imports to Node), scripts/serve.ts and the installed packages. A running server cannot take a build
 * whose digest differs from its own: Node keeps the modules it has loaded, so the new pages would run on the old code.
 */
export function serverCodeDigest(root: string): string {
  const files = [
    ...fs
      .readdirSync(path.join(root, 'src', 'lib'), { recursive: true, encoding: 'utf8' })
      .map((file) => path.join('src', 'lib', file))
      .filter((file) => fs.statSync(path.join(root, file)).isFile()),
    path.join('scripts', 'serve.ts'),
    'package-lock.json',
  ].sort();
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(fs.readFileSync(path.join(root, file)))
      .update('\0');
  return hash.digest('base64url');
}

/**
 * Records the builds this process uses, so that no build deletes them while the process lives. Where the project's
 * folder is read-only (a deployed image) no build runs beside the server either, and nothing is recorded.
 */
export function recordInUse(root: string, ...buildDirs: string[]): void {
  const dir = path.join(root, BUILDS, IN_USE);
  unlessReadOnly(() => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, String(process.pid)), buildDirs.map((buildDir) => path.basename(buildDir)).join('\n'));
  });
}

export function forgetInUse(root: string): void {
  unlessReadOnly(() => fs.rmSync(path.join(root, BUILDS, IN_USE, String(process.pid)), { force: true }));
}

function unlessReadOnly(write: () => void): void {
  try {
    write();
  } catch (error) {
    if (!['EROFS', 'EACCES', 'EPERM'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
  }
}

/** The build folders live processes use; records of processes that have ended are removed. */
function buildsInUse(root: string): Set<string> {
  const dir = path.join(root, BUILDS, IN_USE);
  const used = new Set<string>();
  for (const pid of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    const record = path.join(dir, pid);
    if (!isAlive(Number(pid))) fs.rmSync(record, { force: true });
    else for (const name of readRecord(record)) used.add(name);
  }
  return used;
}

function readRecord(record: string): string[] {
  try {
    return fs.readFileSync(record, 'utf8').split('\n');
  } catch {
    // Removed by its process, stopping, since the folder was listed.
    return [];
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Publishes a complete build: records its digest, points `dist` at it atomically (a new link renamed over the old
 * one), then deletes every other build that neither the previous `dist` nor a live process uses. Returns the deleted
 * folders' names.
 */
export function publishBuild(root: string, buildDir: string): string[] {
  const info: BuildInfo = { serverCode: serverCodeDigest(root) };
  fs.writeFileSync(path.join(buildDir, BUILD_INFO), JSON.stringify(info));

  const link = path.join(root, PUBLISHED);
  let previous = publishedBuildDir(root);
  if (fs.lstatSync(link, { throwIfNoEntry: false })?.isDirectory()) {
    // A plain dist/ from before builds had folders of their own (or from `astro build --outDir dist`): kept as a build.
    previous = path.join(root, BUILDS, `${buildId()}-dist`);
    fs.renameSync(link, previous);
  }
  const temporary = path.join(root, `.${PUBLISHED}-${process.pid}`);
  fs.rmSync(temporary, { force: true });
  fs.symlinkSync(path.relative(root, buildDir), temporary, 'dir');
  fs.renameSync(temporary, link);

  const keep = new Set([buildDir, previous].filter((dir) => dir !== undefined).map((dir) => path.basename(dir)));
  const inUse = buildsInUse(root);
  const deleted = fs.readdirSync(path.join(root, BUILDS)).filter((name) => name !== IN_USE && !keep.has(name) && !inUse.has(name));
  for (const name of deleted) fs.rmSync(path.join(root, BUILDS, name), { recursive: true, force: true });
  return deleted;
}

/** A new build's folder name: its start time, so that names sort by age. */
function buildId(): string {
  return new Date().toISOString().replace(/[:.]/g, '-');
}

/**
 * The integration that gives every `astro build` (`npm run build`, `npm start`, `npm test`) a new folder under
 * .builds/ and publishes it when, and only when, the build has succeeded. An `--outDir` given on the command line is
 * left alone and not published.
 */
export function publishBuilds(): AstroIntegration {
  let root = '';
  let buildDir: string | undefined;
  return {
    name: 'flamekeeper:publish',
    hooks: {
      'astro:config:setup': ({ command, config, updateConfig }) => {
        root = fileURLToPath(config.root);
        if (command !== 'build' || path.resolve(fileURLToPath(config.outDir)) !== path.join(root, PUBLISHED)) return;
        buildDir = path.join(root, BUILDS, buildId());
        recordInUse(root, buildDir);
        const outDir = new URL(`${path.relative(root, buildDir)}/`, config.root);
        updateConfig({ outDir, build: { client: new URL('client/', outDir), server: new URL('server/', outDir) } });
      },
      'astro:build:done': ({ logger }) => {
        if (!buildDir) return;
        const deleted = publishBuild(root, buildDir);
        forgetInUse(root);
        logger.info(
          `Published ${path.relative(root, buildDir)} as dist${deleted.length > 0 ? `; deleted ${deleted.length} older build(s)` : ''}. ` +
            'A running server switches to it within a second, or says in its log that it needs a restart (when server code changed).',
        );
      },
    },
  };
}
