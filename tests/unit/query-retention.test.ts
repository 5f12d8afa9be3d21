import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../support/query-retention.ts', import.meta.url));
const MB = 1024 * 1024;

async function promotedBytes(mode: 'drop' | 'keep'): Promise<number> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', SCRIPT, mode]);
  return (JSON.parse(stdout) as { promoted: number }).promoted;
}

// Decision 013: postgres.js 3.4.9 gave each query two closures made in its constructor, and V8 then kept every
// finished query, with all its rows, through young-generation collections until the next full one. The patch in
// patches/ removes them; this fails if an upgrade or a missing postinstall brings them back.
describe('postgres.js query results', () => {
  it('die young once the caller drops them', async () => {
    const [dropped, kept] = await Promise.all([promotedBytes('drop'), promotedBytes('keep')]);
    // 2,000 results of 25 rows are about 30 MB: held, young-generation collections promote them; dropped, they must
    // die in the young generation.
    expect(kept).toBeGreaterThan(10 * MB);
    expect(dropped).toBeLessThan(5 * MB);
  }, 60_000);
});
