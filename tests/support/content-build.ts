import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** What a copy of the project leaves out: installed packages (linked instead), builds, data and reports. */
const LEFT_OUT = new Set(['node_modules', 'dist', '.data', '.astro', '.git', 'test-results', 'playwright-report', 'coverage']);

export interface ContentBuild {
  /** The copy's folder: its build is in dist/, its server script in scripts/serve.ts. */
  dir: string;
  exitCode: number | null;
  /** Everything `astro build` printed. */
  output: string;
  remove(): void;
}

/**
 * A copy of the project with some content files edited as an editor would (`edits` maps a path under src/content/ to
 * the change of its text), built with `astro build` in a temporary folder, so that a test can see what the edit does to
 * the built site without touching this checkout's build. About a minute.
 */
export async function buildWithContent(edits: Record<string, (text: string) => string>): Promise<ContentBuild> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fk-content-build-'));
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    fs.cpSync(ROOT, dir, { recursive: true, filter: (source) => !LEFT_OUT.has(path.relative(ROOT, source).split(path.sep)[0]!) });
    fs.symlinkSync(fs.realpathSync(path.join(ROOT, 'node_modules')), path.join(dir, 'node_modules'));
    for (const [file, edit] of Object.entries(edits)) {
      const target = path.join(dir, 'src/content', file);
      const before = fs.readFileSync(target, 'utf8');
      const after = edit(before);
      if (after === before) throw new Error(`The edit of ${file} changed nothing`);
      fs.writeFileSync(target, after);
    }
    // Astro keeps its build cache in node_modules/.astro, which the copy shares with every checkout: keep its own.
    fs.writeFileSync(
      path.join(dir, 'astro.copy.config.mjs'),
      "import config from './astro.config.mjs';\nexport default { ...config, cacheDir: './.astro-cache/' };\n",
    );
    const { exitCode, output } = await run(dir, [
      path.join(dir, 'node_modules/astro/bin/astro.mjs'),
      'build',
      '--config',
      'astro.copy.config.mjs',
    ]);
    return { dir, exitCode, output, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

function run(cwd: string, args: string[]): Promise<{ exitCode: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, env: { ...process.env, FORCE_COLOR: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve({ exitCode, output }));
  });
}
