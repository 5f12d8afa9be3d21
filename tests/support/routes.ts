import fs from 'node:fs';
import path from 'node:path';

// The API's routes as its files declare them under src/pages/api, so that tests walking every route cannot miss a new one.

const METHODS = 'GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|ALL';
/** `export const GET`, `export async function GET`, `export function* GET` and the like. */
const DECLARED_HANDLER = new RegExp(`\\bexport\\s+(?:(?:const|let|var)\\s+|(?:async\\s+)?function\\s*\\*?\\s*)(${METHODS})\\b`, 'g');
/** `export { GET }`, `export { handler as POST, DELETE }`, `export { POST } from './shared.ts'` (not `export type {…}`). */
const EXPORT_LIST = /\bexport\s*(type\s*)?\{([^}]*)\}/g;
const LISTED_HANDLER = new RegExp(`^(?:[\\w$]+\\s+as\\s+)?(${METHODS})$`);

/** The HTTP methods a route file exports handlers for, in any of the forms Astro accepts. */
export function handlersIn(source: string): string[] {
  const methods = [...source.matchAll(DECLARED_HANDLER)].map((match) => match[1]!);
  for (const [, typeOnly, names] of source.matchAll(EXPORT_LIST)) {
    if (typeOnly) continue;
    for (const name of names!.split(',')) {
      const listed = LISTED_HANDLER.exec(name.trim());
      if (listed) methods.push(listed[1]!);
    }
  }
  return [...new Set(methods)].sort();
}

/** Every file under src/pages/api that Astro turns into a route (it skips names starting with `_`), as `/api/…`. */
export function routeFiles(): { file: string; route: string }[] {
  const root = path.resolve('src/pages/api');
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).replace(/\\/g, '/'))
    .filter((file) => !file.split('/').some((segment) => segment.startsWith('_')))
    .map((file) => ({ file: path.join(root, file), route: `/api/${file.replace(/\.[^./]+$/, '').replace(/\/?index$/, '')}` }));
}

/** `METHOD /api/route` for every handler exported by a route file; a file exporting none shows as `NO HANDLER /api/…`. */
export function routesInFiles(): string[] {
  const routes: string[] = [];
  for (const { file, route } of routeFiles()) {
    const methods = handlersIn(fs.readFileSync(file, 'utf8'));
    if (methods.length === 0) routes.push(`NO HANDLER ${route}`);
    for (const method of methods) routes.push(`${method} ${route}`);
  }
  return routes.sort();
}
