import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Islands are React components run on preact/compat (docs/decisions/006). Real React in either bundle would mean a
// second runtime: rendered by one on the server, hydrated by the other in the browser, and 56 KB more per page.

/** Strings found only in React's own builds (19 and older): its error-decoder links and React 19's internals export. */
const REACT_MARKERS =
  /react\.dev\/errors|reactjs\.org\/docs\/error-decoder|__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE/;

function scriptsUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(m?js|cjs)$/.test(file))
    .map((file) => path.join(dir, file));
}

describe('the one React runtime', () => {
  it.each(['dist/client', 'dist/server'])('%s holds no code of real React or react-dom', (dir) => {
    const scripts = scriptsUnder(path.resolve(dir));
    expect(scripts.length).toBeGreaterThan(0);
    const withReact = scripts.filter((file) => REACT_MARKERS.test(fs.readFileSync(file, 'utf8')));
    expect(withReact).toEqual([]);
  });

  it('gives every package that imports react or react-dom on the server preact/compat', () => {
    const require = createRequire(path.resolve('dist/server/entry.mjs'));
    for (const name of ['react', 'react-dom']) {
      const manifest = JSON.parse(fs.readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { name: string };
      expect(manifest.name, name).toBe('@preact/compat');
    }
  });
});
