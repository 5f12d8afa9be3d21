import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { htmlErrors } from '../support/w3c.ts';

// Every prerendered page's file passes the W3C Nu Html Checker with no error (issue 30 item 15); every page as served,
// these and those rendered on demand, is checked by tests/api/w3c-pages.test.ts.

const CLIENT_DIR = path.resolve('dist/client');
const pages = fs
  .readdirSync(CLIENT_DIR, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.html'))
  .map((file) => path.join(CLIENT_DIR, file));

describe('the built pages, as the W3C checker reads them', () => {
  it('have no errors', async () => {
    expect(pages.length).toBeGreaterThanOrEqual(8);
    expect(await htmlErrors(pages)).toEqual([]);
  });
});
