// `npm test`: lint, format check, type check, build and every suite. Steps that do not need each other run side by
// side: one after the other, lint, type check, build and the API suite left a core of two idle most of the time
// (docs/performance.md, "Test suite time"). The build and then the end-to-end suite are the longest path; the checks
// beside them, which have no timeouts, run at a lower priority and take what is left over. Each step's output is
// printed whole when it ends, so that parallel steps do not interleave their lines.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

interface Step {
  name: string;
  command: string[];
  /** Beside the longest path and without timeouts of its own: it may wait for the cores. */
  background?: boolean;
}

const root = path.resolve(import.meta.dirname, '..');
const env = { ...process.env, PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}` };
const started = performance.now();
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const failed: string[] = [];
/** The end of each failed step's output, printed again last: CI logs and terminals keep the end of a long run. */
const failureTails: string[] = [];
const TAIL_LINES = 120;

function run(step: Step): Promise<boolean> {
  const since = performance.now();
  console.log(`▶ ${step.name}: ${step.command.join(' ')}`);
  const child = spawn(step.command[0]!, step.command.slice(1), { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (step.background && child.pid) os.setPriority(child.pid, 10);
  const output: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      const ok = code === 0;
      const text = Buffer.concat(output).toString();
      process.stdout.write(`\n── ${step.name} ──\n${text}`);
      console.log(`${ok ? '✓' : '✗'} ${step.name}: ${ok ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds(since)}\n`);
      if (!ok) {
        failed.push(step.name);
        failureTails.push(`── ${step.name} failed; its last lines ──\n${text.trimEnd().split('\n').slice(-TAIL_LINES).join('\n')}\n`);
      }
      resolve(ok);
    });
  });
}

const built = run({ name: 'build', command: ['astro', 'build'] });
// The type check reads the content types the build has just written to .astro/ (--noSync): its own sync would start
// a second Vite server to load the content config, and Vite gives each module fetch 60 s, a limit a loaded run met.
async function afterBuild(step: Step): Promise<void> {
  if (await built) await run(step);
  else failed.push(`${step.name} (not run: the build failed)`);
}

await Promise.all([
  run({ name: 'eslint', command: ['eslint', '.'], background: true }),
  run({ name: 'prettier', command: ['prettier', '--check', '.'], background: true }),
  run({ name: 'unit tests', command: ['vitest', 'run', '--project', 'unit'] }),
  afterBuild({ name: 'type check', command: ['astro', 'check', '--noSync'], background: true }),
  afterBuild({ name: 'build and API tests', command: ['vitest', 'run', '--project', 'build', '--project', 'api'] }),
  afterBuild({ name: 'end-to-end tests', command: ['playwright', 'test'] }),
]);

for (const tail of failureTails) process.stdout.write(`\n${tail}`);
console.log(
  failed.length === 0 ? `npm test passed in ${seconds(started)}` : `npm test failed in ${seconds(started)}: ${failed.join(', ')}`,
);
process.exit(failed.length === 0 ? 0 : 1);
