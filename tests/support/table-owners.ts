import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// Decision 040: each domain owns its tables. These read the facts the unit test compares: the tables the migrations
// make, the tables each domain declares (src/lib/server/<storey>/tables.ts) and the tables each file's SQL names.

/** The tables the migrations create, plus the migrator's own `schema_migrations` (made by platform/db/migrate.ts). */
export function migratedTables(migrations = 'db/migrations'): string[] {
  const tables = new Set(['schema_migrations']);
  for (const file of readdirSync(migrations).filter((name) => name.endsWith('.sql'))) {
    const text = stripSqlComments(readFileSync(path.join(migrations, file), 'utf8'));
    for (const match of text.matchAll(/\bcreate\s+(?:unlogged\s+)?table\s+(?:if\s+not\s+exists\s+)?([a-z_][a-z0-9_]*)/gi)) {
      tables.add(match[1]!.toLowerCase());
    }
    for (const match of text.matchAll(/\bdrop\s+table\s+(?:if\s+exists\s+)?([a-z_][a-z0-9_]*)/gi)) {
      tables.delete(match[1]!.toLowerCase());
    }
    for (const match of text.matchAll(/\balter\s+table\s+([a-z_][a-z0-9_]*)\s+rename\s+to\s+([a-z_][a-z0-9_]*)/gi)) {
      tables.delete(match[1]!.toLowerCase());
      tables.add(match[2]!.toLowerCase());
    }
  }
  return [...tables].sort();
}

function stripSqlComments(text: string): string {
  return text.replace(/--[^\n]*/g, ' ').replace(/\/\*[\s\S]*?\*\//g, ' ');
}

/**
 * The SQL texts of a TypeScript file: every tagged template (`sql\`…\``, `tx\`…\``), and a literal given to
 * `.unsafe(…)`. A `${…}` hole becomes a space, so a table name is never glued to a neighbour.
 */
export function sqlTexts(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const texts: string[] = [];
  const templateText = (template: ts.TemplateLiteral | ts.StringLiteral): string =>
    ts.isNoSubstitutionTemplateLiteral(template) || ts.isStringLiteral(template)
      ? template.text
      : [template.head.text, ...template.templateSpans.map((span) => span.literal.text)].join(' ');
  const visit = (node: ts.Node): void => {
    if (ts.isTaggedTemplateExpression(node)) texts.push(templateText(node.template));
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'unsafe' &&
      node.arguments[0] &&
      (ts.isTemplateLiteral(node.arguments[0]) || ts.isStringLiteral(node.arguments[0]))
    ) {
      texts.push(templateText(node.arguments[0]));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return texts;
}

const READ_OR_WRITE = /\b(?:from|join|update|into|truncate(?:\s+table)?|lock\s+table)\s+(?:only\s+)?(?:public\.)?([a-z_][a-z0-9_]*)/gi;
// A from clause may list several tables with commas ("from member_links l, clubs c"): each after the first.
const FROM_LIST = /\bfrom\s+((?:[a-z_][a-z0-9_]*(?:\s+(?:as\s+)?[a-z_][a-z0-9_]*)?\s*,\s*)+[a-z_][a-z0-9_]*)/gi;
const WRITE = /\b(?:update|into|delete\s+from|truncate(?:\s+table)?|lock\s+table)\s+(?:only\s+)?(?:public\.)?([a-z_][a-z0-9_]*)/gi;

/**
 * The known tables a file's SQL reads or writes: named after from (each of a comma list), join, update, into, truncate or
 * lock table; with
 * `writes`, only those it writes (update, insert into, delete from, truncate, lock table).
 */
export function tablesInSql(fileName: string, source: string, known: readonly string[], { writes = false } = {}): string[] {
  const tables = new Set<string>();
  const knownSet = new Set(known);
  for (const text of sqlTexts(fileName, source)) {
    const sql = stripSqlComments(text);
    for (const match of sql.matchAll(writes ? WRITE : READ_OR_WRITE)) {
      const name = match[1]!.toLowerCase();
      if (knownSet.has(name)) tables.add(name);
    }
    if (writes) continue;
    for (const match of sql.matchAll(FROM_LIST)) {
      for (const item of match[1]!.split(',')) {
        const name = item.trim().split(/\s+/)[0]!.toLowerCase();
        if (knownSet.has(name)) tables.add(name);
      }
    }
  }
  return [...tables].sort();
}

/** A read model's file name: the one place where one domain's SQL may join another's tables, saying why. */
export const readModelFile = /-read-model\.ts$/;

/**
 * The domains a read model's header comment names, as `Joins: clubs, guides, licensing.` (or `Reads: clubs.` for one
 * domain's tables read the way only this model needs), or null when the header names none or does not say why it is the
 * fast way (the word "fast" must appear).
 */
export function readModelDomains(source: string): string[] | null {
  const header = /^\s*\/\/[^\n]*(?:\n\s*\/\/[^\n]*)*|^\s*\/\*[\s\S]*?\*\//.exec(source)?.[0] ?? '';
  const joins = /(?:Joins|Reads):\s*([a-z-]+(?:\s*,\s*[a-z-]+)*)/i.exec(header);
  if (!joins || !/\bfast\b/i.test(header)) return null;
  return joins[1]!.split(',').map((name) => name.trim());
}

/** Every table of `tables` with no owner or more than one: `clubs: owned by clubs, directory`. */
export function ownershipProblems(tables: readonly string[], declared: Record<string, readonly string[]>): string[] {
  const owners = new Map<string, string[]>(tables.map((table) => [table, []]));
  const problems: string[] = [];
  for (const [storey, owned] of Object.entries(declared)) {
    for (const table of owned) {
      const list = owners.get(table);
      if (list) list.push(storey);
      else problems.push(`${table}: declared by ${storey}, but no migration creates it`);
    }
  }
  for (const [table, list] of owners) {
    if (list.length === 0) problems.push(`${table}: owned by no domain`);
    if (list.length > 1) problems.push(`${table}: owned by ${list.join(', ')}`);
  }
  return problems;
}

/** The storey a file's SQL belongs to: `src/lib/server/<storey>/…`; none for a script, which asks the domains. */
export function storeyOf(file: string): string | null {
  return /^src\/lib\/server\/([^/]+)\//.exec(file)?.[1] ?? null;
}

/**
 * The foreign tables of one file: the tables its SQL names that its storey does not own. A read model may read the
 * tables of the domains its header lists (and of its own), but writes only its own: anything else is still foreign.
 */
export function foreignTables(file: string, source: string, known: readonly string[], ownerOf: ReadonlyMap<string, string>): string[] {
  const storey = storeyOf(file);
  const allowed = new Set(storey ? [storey] : []);
  const foreign = (table: string, storeys: Set<string>) => !storeys.has(ownerOf.get(table) ?? '');
  const own = new Set(allowed);
  if (readModelFile.test(file)) for (const domain of readModelDomains(source) ?? []) allowed.add(domain);
  const tables = new Set(tablesInSql(file, source, known).filter((table) => foreign(table, allowed)));
  for (const table of tablesInSql(file, source, known, { writes: true })) if (foreign(table, own)) tables.add(table);
  return [...tables].sort();
}

/** Every .ts file under the given folders, as paths relative to the checkout, sorted. */
export function tsFiles(...folders: string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) files.push(full.split(path.sep).join('/'));
    }
  };
  for (const folder of folders) walk(folder);
  return files.sort();
}
