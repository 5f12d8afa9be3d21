import fs from 'node:fs';
import path from 'node:path';

/** The built site's static files. */
export const CLIENT_DIR = path.resolve('dist/client');

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

/** What a page's JavaScript counts: only what loads with the page, or also the modules imported on demand (`import()`). */
export interface Loading {
  onDemand: boolean;
}

const STATIC_IMPORT = /(?:import|from)\s*["'](\.{1,2}\/[^"']+\.js)["']/g;
const ANY_IMPORT = /(?:import|from)\s*\(?\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g;

/** The files behind `urls` (addresses under the site) and everything they import. */
export function withImports(urls: string[], { onDemand }: Loading = { onDemand: true }): string[] {
  const seen = new Set<string>();
  const visit = (url: string) => {
    const file = path.join(CLIENT_DIR, url);
    if (seen.has(file)) return;
    seen.add(file);
    const code = fs.readFileSync(file, 'utf8');
    for (const m of code.matchAll(onDemand ? ANY_IMPORT : STATIC_IMPORT)) {
      visit(path.posix.join(path.posix.dirname(url), m[1]!));
    }
  };
  urls.forEach(visit);
  return [...seen];
}

/** A built page's HTML (`flamekeeper-clubs.html`, `es/faq.html`). */
export function readBuiltPage(page: string): string {
  return fs.readFileSync(path.join(CLIENT_DIR, page), 'utf8');
}

/** Every JavaScript file a built page loads, and by default those it can load on demand too. */
export function javascriptOf(page: string, loading?: Loading): string[] {
  return withImports(entriesOf(readBuiltPage(page)), loading);
}
