import fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CLIENT_DIR, javascriptOf, readBuiltPage as readPage, withImports } from '../support/built-javascript.ts';

// Pages allowed to hydrate islands; every other prerendered page must ship no framework runtime.
const PAGES_WITH_ISLANDS = new Set<string>([
  'area-search.html',
  'es/area-search.html',
  'flamekeeper-clubs.html',
  'es/flamekeeper-clubs.html',
]);
const DIRECTORY_BUDGET_BYTES = 80 * 1024;

function prerenderedPages(): string[] {
  return fs
    .readdirSync(CLIENT_DIR, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .sort();
}

/** The islands' framework runtime: the renderer module a hydrating page names, and its imports. */
function frameworkRuntime(): Set<string> {
  const renderer = /renderer-url="([^"]+\.js)"/.exec(readPage('flamekeeper-clubs.html'))?.[1];
  expect(renderer, 'the directory page hydrates an island').toBeDefined();
  return new Set(withImports([renderer!]));
}

describe('the built site', () => {
  it('has prerendered content pages to check', () => {
    expect(prerenderedPages()).toEqual(expect.arrayContaining(['index.html', 'flamekeeper-clubs.html', 'faq.html']));
  });

  it('ships no framework runtime on content pages', () => {
    const runtime = frameworkRuntime();
    expect(runtime.size).toBeGreaterThan(0);
    for (const page of prerenderedPages().filter((p) => !PAGES_WITH_ISLANDS.has(p))) {
      expect(readPage(page), page).not.toContain('<astro-island');
      for (const file of javascriptOf(page)) expect(runtime.has(file), `${page} loads ${file}`).toBe(false);
    }
  });

  it('keeps the directory page within 80 KB of gzipped JavaScript as it loads (forms loaded on a click are not counted)', () => {
    const files = javascriptOf('flamekeeper-clubs.html', { onDemand: false });
    expect(files.length).toBeGreaterThan(0);
    const total = files.reduce((sum, file) => sum + gzipSync(fs.readFileSync(file)).length, 0);
    console.info(`directory page JavaScript: ${(total / 1024).toFixed(1)} KB gzipped`);
    expect(total, `${(total / 1024).toFixed(1)} KB gzipped in ${files.length} files`).toBeLessThanOrEqual(DIRECTORY_BUDGET_BYTES);
  });
});
