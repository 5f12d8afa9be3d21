import fs from 'node:fs';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { contentPlaceholders } from '#lib/shared/content-placeholders.ts';
import { licenceTerms } from '#lib/licensing/terms.ts';
import { readTiersFile } from '#server/licensing/tiers-file.ts';
import { CONTENT_FILES } from '../../scripts/content/files.ts';

// docs/editing.md, the editors' guide, lists which file feeds which page and every placeholder: it must not fall
// behind the list the content check uses nor the placeholders the site fills.

const guide = fs.readFileSync('docs/editing.md', 'utf8');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

describe("the editors' guide", () => {
  it('has a row for every content file with what it feeds, as the check prints it', () => {
    for (const { file, feeds } of CONTENT_FILES) expect(guide).toContain(`| \`src/content/${file}\` | ${feeds.join('; ')} |`);
  });

  it('names every placeholder, a numbered one by its shape', () => {
    const weeks = load(fs.readFileSync('src/content/weeks.yaml', 'utf8')) as { week: number; theme: string }[];
    const names = contentPlaceholders({ tiers: readTiersFile(), weeks, terms: licenceTerms }).keys();
    for (const name of names) {
      const shape = name
        .split('.')
        .map((part) => (/^\d+(-\d+)?$/.test(part) ? '\\d+(?:-\\d+)?' : escape(part)))
        .join('\\.');
      expect(guide, name).toMatch(new RegExp(`\`\\{${shape}\\}\``));
    }
  });
});
