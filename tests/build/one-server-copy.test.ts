import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The built server imports src/lib/server from its source, as scripts/serve.ts does (astro.config.mjs), so that the
// process holds one copy of each server module: one pool, one worker, one set of settings.

const SERVER_SOURCE = 'src/lib/server';

function textsUnder(dir: string, ending: string): { file: string; text: string }[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(ending))
    .map((file) => ({ file: path.join(dir, file), text: fs.readFileSync(path.join(dir, file), 'utf8') }));
}

/** Messages written once each in src/lib/server: the pool's (platform/db), the worker's (app) and the outbox's. */
const SERVER_MESSAGES = ['No database: start the site with', 'job worker pass failed', 'email not sent; gave up'];

describe('one copy of the server modules', () => {
  it('the built server imports the pool and the worker from their source', () => {
    const scripts = textsUnder('dist/server', '.mjs').map(({ text }) => text);
    expect(scripts.some((text) => text.includes('"#server/platform/db/db.ts"'))).toBe(true);
    expect(scripts.some((text) => text.includes('"#server/app/worker.ts"'))).toBe(true);
  });

  it('the built server holds no code of src/lib/server', () => {
    const sources = textsUnder(SERVER_SOURCE, '.ts');
    for (const message of SERVER_MESSAGES) expect(sources.filter(({ text }) => text.includes(message))).toHaveLength(1);
    const bundled = textsUnder('dist/server', '.mjs').filter(({ text }) => SERVER_MESSAGES.some((message) => text.includes(message)));
    expect(bundled.map(({ file }) => file)).toEqual([]);
  });
});
