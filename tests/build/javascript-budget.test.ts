import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const CLIENT_DIR = path.resolve('dist/client');
// Pages allowed to hydrate islands; every other prerendered page must ship no framework runtime.
const PAGES_WITH_ISLANDS = new Set<string>(['area-search.html', 'flamekeeper-clubs.html', 'es/flamekeeper-clubs.html']);
const DIRECTORY_BUDGET_BYTES = 80 * 1024;

function prerenderedPages(): string[] {
  return fs
    .readdirSync(CLIENT_DIR, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .sort();
}

/** The JavaScript files a page's HTML names: its scripts, its islands' component and renderer modules. */
function entriesOf(html: string): string[] {
  const entries = [...html.matchAll(/(?:<script[^>]*\ssrc|component-url|renderer-url|before-hydration-url)="([^"]+\.js)"/g)].map(
    (m) => m[1]!,
  );
  // Inline module scripts import chunks too.
  for (const inline of html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const m of inline[1]!.matchAll(/(?:import|from)\s*["'](\/_astro\/[^"']+\.js)["']/g)) entries.push(m[1]!);
  }
  return entries;
}

/** The files behind `urls` and everything they import. */
function withImports(urls: string[]): string[] {
  const seen = new Set<string>();
  const visit = (url: string) => {
    const file = path.join(CLIENT_DIR, url);
    if (seen.has(file)) return;
    seen.add(file);
    const code = fs.readFileSync(file, 'utf8');
    for (const m of code.matchAll(/(?:import|from)\s*\(?\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      visit(path.posix.join(path.posix.dirname(url), m[1]!));
    }
  };
  urls.forEach(visit);
  return [...seen];
}

function readPage(page: string): string {
  return fs.readFileSync(path.join(CLIENT_DIR, page), 'utf8');
}

/** Every JavaScript file a page can load. */
function javascriptOf(page: string): string[] {
  return withImports(entriesOf(readPage(page)));
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

  it('keeps the directory page within 80 KB of gzipped JavaScript', () => {
    const files = javascriptOf('flamekeeper-clubs.html');
    expect(files.length).toBeGreaterThan(0);
    const total = files.reduce((sum, file) => sum + gzipSync(fs.readFileSync(file)).length, 0);
    console.info(`directory page JavaScript: ${(total / 1024).toFixed(1)} KB gzipped`);
    expect(total, `${(total / 1024).toFixed(1)} KB gzipped in ${files.length} files`).toBeLessThanOrEqual(DIRECTORY_BUDGET_BYTES);
  });
});
