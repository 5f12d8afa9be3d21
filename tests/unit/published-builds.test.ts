import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publishBuild, publishedBuildDir, readBuildInfo, serverCodeDigest } from '#server/platform/published-builds.ts';

/** Above any pid Linux hands out (pid_max is at most 2^22). */
const ENDED_PID = 999_999_999;

let root: string;

function write(relative: string, text = '') {
  fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  fs.writeFileSync(path.join(root, relative), text);
}
const build = (name: string) => {
  write(`.builds/${name}/server/entry.mjs`);
  return path.join(root, '.builds', name);
};
const builds = () => fs.readdirSync(path.join(root, '.builds')).sort();

beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fk-builds-')));
  write('src/lib/server/a.ts', 'export const a = 1;');
  write('src/content/faq.yaml', '- question: Why?');
  write('scripts/serve.ts');
  write('package-lock.json', '{}');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('publishing a build', () => {
  it('points dist at the new build and keeps the previous one, the ones live processes use and nothing else', () => {
    const [older, used, previous, fresh] = ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04'].map(build);
    fs.symlinkSync(path.relative(root, previous!), path.join(root, 'dist'));
    write(`.builds/in-use/${process.pid}`, path.basename(used!));
    write(`.builds/in-use/${ENDED_PID}`, path.basename(older!));

    expect(publishBuild(root, fresh!)).toEqual([path.basename(older!)]);

    expect(fs.readlinkSync(path.join(root, 'dist'))).toBe(path.join('.builds', '2026-01-04'));
    expect(publishedBuildDir(root)).toBe(fresh);
    expect(builds()).toEqual(['2026-01-02', '2026-01-03', '2026-01-04', 'in-use']);
    expect(fs.readdirSync(path.join(root, '.builds', 'in-use'))).toEqual([String(process.pid)]);
    expect(readBuildInfo(fresh!)).toEqual({ serverCode: serverCodeDigest(root) });
    expect(fs.readdirSync(root).filter((name) => name.startsWith('.dist'))).toEqual([]);
  });

  it('keeps a plain dist/ folder of an older build among the builds', () => {
    write('dist/server/entry.mjs', '// the old build');
    const fresh = build('2026-01-04');

    expect(publishBuild(root, fresh)).toEqual([]);

    expect(publishedBuildDir(root)).toBe(fresh);
    const kept = builds().find((name) => name.endsWith('-dist'))!;
    expect(fs.readFileSync(path.join(root, '.builds', kept, 'server', 'entry.mjs'), 'utf8')).toBe('// the old build');
  });

  it('finds nothing published without a server entry', () => {
    expect(publishedBuildDir(root)).toBeUndefined();
    fs.symlinkSync(path.join('.builds', 'missing'), path.join(root, 'dist'));
    expect(publishedBuildDir(root)).toBeUndefined();
  });
});

describe('the server code digest', () => {
  it('changes with the code the server loads from source, not with the content', () => {
    const before = serverCodeDigest(root);
    write('src/content/faq.yaml', '- question: Why not?');
    expect(serverCodeDigest(root)).toBe(before);
    write('src/lib/server/a.ts', 'export const a = 2;');
    expect(serverCodeDigest(root)).not.toBe(before);
  });
});
