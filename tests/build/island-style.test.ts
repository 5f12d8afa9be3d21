import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { misplacedIslandStyles } from '../support/island-style.ts';

const CLIENT_DIR = path.resolve('dist/client');
const pages = fs
  .readdirSync(CLIENT_DIR, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.html'))
  .map((file) => ({ file, html: fs.readFileSync(path.join(CLIENT_DIR, file), 'utf8') }));

describe("the built pages' island style", () => {
  // The W3C checker (vnu) found it out of place on /flamekeeper-clubs, /contact-us and /login (the last two are
  // rendered on demand now, and checked with the others in tests/api/w3c-pages.test.ts).
  it('is the first child of its parent wherever a page has islands', () => {
    expect(pages.filter(({ html }) => html.includes('<style>astro-island')).length).toBeGreaterThan(1);
    expect(pages.filter(({ html }) => misplacedIslandStyles(html).length > 0).map(({ file }) => file)).toEqual([]);
  });
});
