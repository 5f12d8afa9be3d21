import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CLIENT_DIR = path.resolve('dist/client');

function htmlFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .flatMap((entry) => (entry.isFile() && entry.name.endsWith('.html') ? [path.join(entry.parentPath, entry.name)] : []));
}

describe('the built pages', () => {
  // The admin's pages answer 404 to everyone but an admin: linked from the header's HTML, they were 415 broken links
  // to linkinator from `/` (issue 30). The header adds them in the browser for an admin only.
  it('link to no admin page', () => {
    const files = htmlFiles(CLIENT_DIR);
    expect(files.length).toBeGreaterThan(5);
    const linking = files.filter((file) => /href="\/admin-/.test(fs.readFileSync(file, 'utf8')));
    expect(linking.map((file) => path.relative(CLIENT_DIR, file))).toEqual([]);
  });
});
