// Checks every file of src/content/ as the site will read it, and says what is wrong in words a site editor
// understands, with the line and column: a YAML or JSON syntax error, a field the schema refuses or misses, a list
// that comes out empty, a Spanish twin out of step with its English file (docs/decisions/041). `npm run content:check`
// prints the result; the build (astro.config.mjs) stops on any problem.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { load, YAMLException } from 'js-yaml';
import { LineCounter, isCollection, isNode, parseDocument } from 'yaml';
import type { core } from 'zod';
import { contentPlaceholders, unknownPlaceholders } from '#lib/shared/content-placeholders.ts';
import type { LicenceTerms } from '#lib/licensing/terms.ts';
import { tierTableProblems, type PriceTier } from '#lib/licensing/pricing.ts';
import { CONTENT_FILES, englishTwinOf, type ContentFile } from './files.ts';

const CONTENT_DIR = 'src/content';
const TIERS_FILE = 'tiers.yaml';

export interface ContentProblem {
  line?: number;
  column?: number;
  message: string;
}

export interface FileReport {
  /** The file's path from the project's root, e.g. `src/content/faq.yaml`. */
  file: string;
  feeds: string[];
  problems: ContentProblem[];
}

type Path = readonly PropertyKey[];
type Position = { line: number; column: number };

/** A file read without a syntax error: its data, and where in the file the value at a path is written. */
interface Parsed {
  data: unknown;
  locate: (path: Path) => Position | undefined;
}

type Schema = { safeParseAsync: (data: unknown) => Promise<{ success: boolean; data?: unknown; error?: { issues: core.$ZodIssue[] } }> };
type Collections = Record<string, { schema?: unknown }>;

/** Checks every file of `root`'s src/content/ (the project's by default): one report per file, in the list's order. */
export async function checkContent(root: URL = new URL('../../', import.meta.url)): Promise<FileReport[]> {
  const { collections } = (await import(pathToFileURL(path.join(fileURLToPath(root), 'src/content.config.ts')).href)) as {
    collections: Collections;
  };
  const reports: FileReport[] = [];
  const read = new Map<string, Parsed>();
  for (const entry of CONTENT_FILES) {
    reports.push({ file: `${CONTENT_DIR}/${entry.file}`, feeds: entry.feeds, problems: await checkFile(root, entry, collections, read) });
  }
  const values = await placeholderValues(root, collections, read);
  if (values) {
    for (const [index, entry] of CONTENT_FILES.entries()) {
      const parsed = read.get(entry.file);
      if (parsed && entry.source.kind !== 'markdown') reports[index]!.problems.push(...placeholderProblems(parsed, values));
    }
  }
  for (const [index, entry] of CONTENT_FILES.entries()) {
    const english = englishTwinOf(entry.file);
    const [translation, original] = [read.get(entry.file), english === null ? undefined : read.get(english)];
    // A file with problems of its own is fixed first: its missing fields would be reported twice.
    if (translation && original && reports[index]!.problems.length === 0) {
      const isList = entry.source.kind === 'list';
      reports[index]!.problems.push(...parityProblems(translation, original, `${CONTENT_DIR}/${english}`, isList));
    }
  }
  const tiersReport = reports[CONTENT_FILES.findIndex(({ file }) => file === TIERS_FILE)];
  const tiers = read.get(TIERS_FILE);
  if (tiers && tiersReport?.problems.length === 0) tiersReport.problems.push(...tierTableProblemsOf(tiers));
  const listed = new Set(CONTENT_FILES.map(({ file }) => file));
  for (const file of filesUnder(new URL(`${CONTENT_DIR}/`, root)).filter((file) => !listed.has(file))) {
    const message = 'is not listed in scripts/content/files.ts, so nothing checks it: add it there with what it feeds.';
    reports.push({ file: `${CONTENT_DIR}/${file}`, feeds: [], problems: [{ message }] });
  }
  const covered = new Set<string>(CONTENT_FILES.flatMap(({ source }) => ('collection' in source ? [source.collection] : [])));
  for (const name of Object.keys(collections).filter((name) => !covered.has(name))) {
    const message = `declares the collection "${name}", whose file is not listed in scripts/content/files.ts: add it there.`;
    reports.push({ file: 'src/content.config.ts', feeds: [], problems: [{ message }] });
  }
  return reports;
}

/** `src/content/faq.yaml line 14, column 4: …`, as the check and the build print a problem. */
export function formatProblem(file: string, { line, column, message }: ContentProblem): string {
  return `${file}${line === undefined ? '' : ` line ${line}${column === undefined ? '' : `, column ${column}`}`}: ${message}`;
}

async function checkFile(root: URL, entry: ContentFile, collections: Collections, read: Map<string, Parsed>): Promise<ContentProblem[]> {
  const url = new URL(`${CONTENT_DIR}/${entry.file}`, root);
  if (!fs.existsSync(url)) return [{ message: 'is missing: the site reads this file, so it must exist.' }];
  const text = fs.readFileSync(url, 'utf8');
  const { source } = entry;
  const parsed = source.kind === 'markdown' ? parseFrontMatter(text) : entry.file.endsWith('.json') ? parseJson(text) : parseYaml(text);
  if (Array.isArray(parsed)) return parsed;
  read.set(entry.file, parsed);
  if (source.kind === 'json') return [];
  if (source.kind === 'module') return checkedByModule(root, source.module, parsed);

  const schema = collections[source.collection]?.schema;
  if (!isSchema(schema)) return [{ message: `the collection "${source.collection}" has no schema object to check it with.` }];
  const { data, locate } = parsed;
  if (source.kind === 'list') return checkList(data, schema, locate);
  if (source.kind === 'page' && !isRecord(data)) {
    const message = data == null ? 'is empty: the page would have no words.' : 'should hold named fields (`name: text`), one a line.';
    return [{ ...(locate([]) ?? { line: 1, column: 1 }), message }];
  }
  // As content.config.ts's singleEntry hands the file to Astro: the whole file is the entry `page`.
  const input = source.kind === 'page' ? { id: 'page', ...(data as object) } : data;
  return schemaProblems(await schema.safeParseAsync(input), [], data, locate, false);
}

/**
 * The values of the `{tiers.…}`, `{weeks.…}`, `{multipliers.…}` and `{terms.…}` placeholders, computed as the site
 * computes them (#lib/shared/content-placeholders.ts) from the files as read; null when one of those files has a problem of
 * its own (reported already), since no value can be trusted then.
 */
async function placeholderValues(
  root: URL,
  collections: Collections,
  read: Map<string, Parsed>,
): Promise<ReadonlyMap<string, string> | null> {
  const entriesOf = async (file: string, collection: string) => {
    const schema = collections[collection]?.schema;
    const data = read.get(file)?.data;
    if (!isSchema(schema) || !Array.isArray(data)) return null;
    const results = await Promise.all(data.map((item) => schema.safeParseAsync(item)));
    return results.every(({ success }) => success) ? results.map(({ data }) => data as never) : null;
  };
  const [tiers, weeks] = await Promise.all([entriesOf(TIERS_FILE, 'tiers'), entriesOf('weeks.yaml', 'weeks')]);
  const terms = await import(pathToFileURL(path.join(fileURLToPath(root), 'src/lib/licensing/terms.ts')).href).then(
    (module: { licenceTerms: LicenceTerms }) => module.licenceTerms,
    () => null,
  );
  return tiers && weeks && terms ? contentPlaceholders({ tiers, weeks, terms }) : null;
}

/** The tier table's problems as a whole (#lib/licensing/pricing.ts), once each tier passes the schema on its own. */
function tierTableProblemsOf({ data, locate }: Parsed): ContentProblem[] {
  return tierTableProblems(data as PriceTier[]).map(({ index, field, message }) => ({ ...locate([index, field]), message }));
}

/** Every placeholder in the file's words that names no value, where it stands: the build would stop on it. */
function placeholderProblems({ data, locate }: Parsed, values: ReadonlyMap<string, string>): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const walk = (value: unknown, at: Path) => {
    if (typeof value === 'string') {
      for (const name of unknownPlaceholders(value, values)) {
        problems.push({ ...locate(at), message: `uses {${name}}, which is no placeholder: docs/editing.md lists those there are.` });
      }
    } else if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...at, index]));
    else if (isRecord(value)) for (const [key, item] of Object.entries(value)) walk(item, [...at, key]);
  };
  walk(data, []);
  return problems;
}

/** A placeholder or a blank the page fills: `{tiers.3.sharedFee}`, `{fee}`. */
const BLANK = /\{[\w.-]+\}/g;

/**
 * A value a translation keeps as it is: an id, a number, a date, a link, an email address, or a text with no letters
 * (a phone number, a price).
 */
function keptAsIs(key: PropertyKey | undefined, value: string): boolean {
  return key === 'id' || !/\p{L}/u.test(value) || /^(\/|https?:\/\/|mailto:)/.test(value) || /^[^\s@]+@[^\s@]+$/.test(value);
}

/**
 * Where a Spanish twin (`translation`) is out of step with its English file (`original`): a field or list item that
 * one has and the other has not, a placeholder one text uses and the same text of the other does not, and a value
 * that stays as it is (keptAsIs) but differs. Each problem is reported at its line of the Spanish file and names the
 * line of the English one.
 */
function parityProblems(translation: Parsed, original: Parsed, originalFile: string, isList: boolean): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const inOriginal = (at: Path) => {
    const position = original.locate(at);
    return position ? `${originalFile} line ${position.line}` : originalFile;
  };
  const named = (at: Path) => describePath(at, translation.data, isList) || 'this file';
  const add = (at: Path, message: string) => problems.push({ ...(translation.locate(at) ?? translation.locate(at.slice(0, -1))), message });
  /** List items are paired by their `id` when every item has one, else by their place in the list. */
  const pairs = (mine: unknown[], theirs: unknown[]): [Path[number], number | undefined, number | undefined][] => {
    const ids = (items: unknown[]) => items.map((item) => (isRecord(item) && typeof item.id === 'string' ? item.id : undefined));
    const [myIds, theirIds] = [ids(mine), ids(theirs)];
    if ([...myIds, ...theirIds].some((id) => id === undefined)) {
      return Array.from({ length: Math.max(mine.length, theirs.length) }, (_, index) => [
        index,
        index < mine.length ? index : undefined,
        index < theirs.length ? index : undefined,
      ]);
    }
    const keys = [...new Set([...theirIds, ...myIds])] as string[];
    return keys.map((id) => [
      id,
      myIds.indexOf(id) < 0 ? undefined : myIds.indexOf(id),
      theirIds.indexOf(id) < 0 ? undefined : theirIds.indexOf(id),
    ]);
  };
  const walk = (mine: unknown, theirs: unknown, at: Path, theirAt: Path) => {
    if (isRecord(mine) && isRecord(theirs)) {
      for (const key of Object.keys(theirs).filter((key) => !(key in mine))) {
        add(at, `${named(at)} has no \`${key}\`, which ${inOriginal([...theirAt, key])} has: add its translation here.`);
      }
      for (const key of Object.keys(mine).filter((key) => !(key in theirs))) {
        add(
          [...at, key],
          `\`${key}\` is not in ${originalFile}${at.length > 0 ? ` (${inOriginal(theirAt)})` : ''}: add it there too, or remove it here.`,
        );
      }
      for (const key of Object.keys(mine).filter((key) => key in theirs)) walk(mine[key], theirs[key], [...at, key], [...theirAt, key]);
    } else if (Array.isArray(mine) && Array.isArray(theirs)) {
      for (const [label, myIndex, theirIndex] of pairs(mine, theirs)) {
        const item = typeof label === 'string' ? `the entry "${label}"` : `item ${Number(label) + 1}`;
        if (myIndex === undefined)
          add(at, `${named(at)} lacks ${item}, which ${inOriginal([...theirAt, theirIndex!])} has: add its translation here.`);
        else if (theirIndex === undefined) add([...at, myIndex], `${item} is not in ${originalFile}: add it there too, or remove it here.`);
        else walk(mine[myIndex], theirs[theirIndex], [...at, myIndex], [...theirAt, theirIndex]);
      }
    } else if (typeof mine === 'string' && typeof theirs === 'string') {
      const blanks = (text: string) => new Set(text.match(BLANK) ?? []);
      const [myBlanks, theirBlanks] = [blanks(mine), blanks(theirs)];
      for (const blank of theirBlanks) {
        if (!myBlanks.has(blank)) add(at, `${named(at)} does not use ${blank}, which ${inOriginal(theirAt)} uses: use it here too.`);
      }
      for (const blank of myBlanks) {
        if (!theirBlanks.has(blank))
          add(at, `${named(at)} uses ${blank}, which ${inOriginal(theirAt)} does not: use the same ones in both.`);
      }
      if (keptAsIs(at.at(-1), theirs) && mine !== theirs) {
        add(
          at,
          `${named(at)} should be ${JSON.stringify(theirs)} as in ${inOriginal(theirAt)}: links, ids and numbers are the same in both languages.`,
        );
      }
    } else if (String(mine) !== String(theirs)) {
      add(
        at,
        `${named(at)} should be ${JSON.stringify(theirs)} as in ${inOriginal(theirAt)}: numbers and dates are the same in both languages.`,
      );
    }
  };
  walk(translation.data, original.data, [], []);
  return problems;
}

/** A `file()` collection: a list of entries, each with its own `id`, none missing (Astro would skip it) or repeated. */
async function checkList(data: unknown, schema: Schema, locate: Parsed['locate']): Promise<ContentProblem[]> {
  const top = locate([]) ?? { line: 1, column: 1 };
  if (data == null || (Array.isArray(data) && data.length === 0)) return [{ ...top, message: 'has no entries: the page would be empty.' }];
  if (!Array.isArray(data)) return [{ ...top, message: 'should be a list of entries, each starting with `- id:`.' }];
  const problems: ContentProblem[] = [];
  const seen = new Map<string, number>();
  for (const [index, item] of data.entries()) {
    const id = isRecord(item) ? (item.id ?? item.slug)?.toString() : undefined;
    if (!id) {
      problems.push({ ...locate([index]), message: `entry ${index + 1} has no \`id\`: the site would leave it out.` });
      continue;
    }
    if (seen.has(id)) {
      const first = locate([seen.get(id)!]);
      const where = first ? ` (on line ${first.line} too)` : '';
      problems.push({ ...locate([index, 'id']), message: `the id "${id}" is used twice${where}: each entry needs its own.` });
    } else seen.set(id, index);
    problems.push(...schemaProblems(await schema.safeParseAsync(item), [index], data, locate, true));
  }
  return problems;
}

/**
 * A JSON file that a module of src/ imports and checks with its own schema when it loads: the check loads it the same
 * way and turns the module's refusal into the file's lines. Node keeps a module it has loaded, so a process checks such
 * a file's schema once (the dev server's checks of an edited file see its syntax; Vite reloads the module itself).
 */
async function checkedByModule(root: URL, module: string, { data, locate }: Parsed): Promise<ContentProblem[]> {
  try {
    await import(pathToFileURL(path.join(fileURLToPath(root), module)).href);
    return [];
  } catch (error) {
    const issues = (error as { issues?: unknown }).issues;
    if (Array.isArray(issues)) return schemaProblems({ success: false, error: { issues } }, [], data, locate, false);
    return [{ message: `${module} could not load it: ${(error as Error).message}` }];
  }
}

function schemaProblems(
  result: { success: boolean; error?: { issues: core.$ZodIssue[] } },
  prefix: Path,
  data: unknown,
  locate: Parsed['locate'],
  isList: boolean,
): ContentProblem[] {
  if (result.success) return [];
  return result.error!.issues.map((issue) => {
    const issuePath = [...prefix, ...issue.path];
    return { ...locate(issuePath), message: describeIssue(issue, issuePath, data, isList) };
  });
}

// ---- Reading the files, with the line and column of each syntax error and of every value.

function parseYaml(text: string, lineOffset = 0): Parsed | ContentProblem[] {
  const lines = text.split(/\r?\n/);
  const tabs = lines.flatMap((line, index) => {
    const tab = /^[ ]*\t/.exec(line);
    return tab ? [{ line: index + 1 + lineOffset, column: tab[0].length, message: 'uses a tab for indentation; use spaces.' }] : [];
  });
  if (tabs.length > 0) return tabs;
  let data: unknown;
  try {
    // The parser Astro's loaders and content.config.ts use, so that the data checked is the data the site gets.
    data = load(text);
  } catch (error) {
    if (!(error instanceof YAMLException)) throw error;
    if (!error.mark) {
      // js-yaml refuses a file of nothing but blank lines and comments; Astro's loader takes it as no data.
      if (/input is empty/.test(error.reason)) return { data: null, locate: () => undefined };
      return [{ message: `YAML cannot read this file (${error.reason}).` }];
    }
    const { line, column } = error.mark;
    return [{ line: line + 1 + lineOffset, column: column + 1, message: yamlSyntaxMessage(error.reason, lines, line, column) }];
  }
  return { data, locate: locator(text, lineOffset) };
}

function parseJson(text: string): Parsed | ContentProblem[] {
  try {
    return { data: JSON.parse(text), locate: locator(text, 0) };
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    const at = /at position (\d+)/.exec(error.message);
    const offset = at ? Number(at[1]) : text.trimEnd().length;
    const before = text.slice(0, offset).split(/\r?\n/);
    return [{ line: before.length, column: before.at(-1)!.length + 1, message: jsonSyntaxMessage(error.message) }];
  }
}

/** The YAML between the `---` lines that open a Markdown file, which Astro checks against the collection's schema. */
function parseFrontMatter(text: string): Parsed | ContentProblem[] {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?(?:\n|$)/.exec(text);
  if (!match) return { data: {}, locate: () => ({ line: 1, column: 1 }) };
  return parseYaml(match[1]!, 1);
}

/** Where the value at `path` is written; for a missing field, where the fields around it are. */
function locator(text: string, lineOffset: number): Parsed['locate'] {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter });
  return (path) => {
    let node: unknown = document.contents;
    for (const key of path) {
      const next: unknown = isCollection(node) ? node.get(key, true) : undefined;
      if (!isNode(next)) break;
      node = next;
    }
    const offset = isNode(node) ? node.range?.[0] : undefined;
    if (offset === undefined) return undefined;
    const { line, col } = lineCounter.linePos(offset);
    return { line: line + lineOffset, column: col };
  };
}

// ---- Messages for editors.

/** The column at which a line's text starts, after its indentation and any list dashes (`- `). */
const indentation = (line: string): number => /^ *(?:- +)*/.exec(line)![0].length;

function yamlSyntaxMessage(reason: string, lines: string[], lineIndex: number, column: number): string {
  const line = lines[lineIndex] ?? '';
  if (reason.startsWith('tab characters')) return 'uses a tab for indentation; use spaces.';
  if (reason === 'duplicated mapping key') {
    const key = /^[\s-]*([^:]+):/.exec(line)?.[1]?.trim();
    return `${key ? `\`${key}\`` : 'this field'} appears twice in the same entry: keep one.`;
  }
  if (reason === 'deficient indentation' || reason.includes('within a double quoted') || reason.includes('within a single quoted')) {
    return 'the text above this line is not finished: check that every quotation mark it opens is closed.';
  }
  if (reason.startsWith('bad indentation')) {
    if (column > indentation(line)) {
      return (
        'YAML reads part of this line as a new field or as the end of the text. If the text holds a colon or a quotation ' +
        'mark, put it all in double quotes "…" (or, inside single quotes, write an apostrophe as \'\').'
      );
    }
    const above = lines
      .slice(0, lineIndex)
      .reverse()
      .find((text) => text.trim() !== '' && !text.trim().startsWith('#'));
    const [mine, theirs] = [indentation(line), above === undefined ? 0 : indentation(above)];
    const fix = 'line it up with the fields it belongs with, using spaces.';
    if (mine === theirs) return `this line's indentation does not match the lines above it: ${fix}`;
    const columns = `its text starts at column ${mine + 1}, the line above's at column ${theirs + 1}`;
    return `this line is indented ${mine < theirs ? 'less' : 'more'} than the line above it (${columns}): ${fix}`;
  }
  if (reason === "expected ':' after a mapping key") {
    return 'YAML expects a field here: a name, a colon and a space, then the text (`title: Some words`).';
  }
  return `YAML cannot read this line (${reason}).`;
}

function jsonSyntaxMessage(message: string): string {
  const what = message.replace(/ in JSON at position \d+.*$/s, '');
  if (what.startsWith("Expected ':' after property name")) return 'a name must be followed by a colon (`"name": "text"`).';
  if (/^Expected ',' or '[}\]]' after/.test(what)) {
    return 'a comma is missing between two entries (at the end of the line before), or a quotation mark is not closed.';
  }
  if (what.startsWith('Expected double-quoted property name')) {
    return 'a name must be in double quotes, and the last entry of a group has no comma after it.';
  }
  if (what.startsWith('Unexpected end of JSON input')) return 'the file ends too soon: a closing } or ] or quotation mark is missing.';
  if (what.startsWith('Bad control character')) return 'a text holds a line break or a tab: keep each text on one line.';
  return `JSON cannot read this (${what}).`;
}

const EXPECTED: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a group of fields',
  date: 'a date (2024-01-31)',
  null: 'empty (null)',
};

function kindOf(value: unknown): string {
  if (value === null) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (value instanceof Date) return 'a date';
  if (typeof value === 'string') return 'text';
  if (typeof value === 'number') return Number.isInteger(value) ? 'a whole number' : 'a number';
  if (typeof value === 'boolean') return 'true or false';
  return 'a group of fields';
}

function describeIssue(issue: core.$ZodIssue, issuePath: Path, data: unknown, isList: boolean): string {
  const value = valueAt(data, issuePath);
  const where = describePath(issuePath, data, isList);
  const what = where || 'this file';
  switch (issue.code) {
    case 'invalid_type': {
      if (value === undefined) {
        const field = issuePath.at(-1);
        const owner = describePath(issuePath.slice(0, -1), data, isList) || 'this file';
        return typeof field === 'string' ? `${owner} has no \`${field}\`.` : `${what} is missing.`;
      }
      return `${what} should be ${EXPECTED[issue.expected] ?? issue.expected}, not ${kindOf(value)}.`;
    }
    case 'too_small':
    case 'too_big': {
      const limit = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum);
      const [least, most] = issue.code === 'too_small' ? ['at least', 'more than'] : ['at most', 'less than'];
      const bound = issue.exact ? 'exactly' : issue.inclusive === false ? most : least;
      if (issue.origin === 'array') {
        return `${what} should have ${bound} ${limit} item${limit === 1 ? '' : 's'}, not ${(value as unknown[]).length}.`;
      }
      if (issue.origin === 'string') {
        if (limit === 1 && issue.code === 'too_small') return `${what} is empty.`;
        return `${what} should be ${bound} ${limit} characters long, not ${(value as string).length}.`;
      }
      return `${what} should be ${bound} ${limit}, not ${String(value)}.`;
    }
    case 'invalid_value':
      return `${what} should be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, not ${JSON.stringify(value)}.`;
    case 'invalid_format': {
      if (issue.format === 'url') return `${what} should be a web address (https://…), not ${JSON.stringify(value)}.`;
      if (issue.format === 'email') return `${what} should be an email address, not ${JSON.stringify(value)}.`;
      if (issue.format === 'starts_with') return `${what} should start with "${(issue as { prefix?: string }).prefix}".`;
      return issue.message.startsWith('Invalid') ? `${what} is not written as expected.` : `${what}: ${issue.message}.`;
    }
    default: {
      const message = issue.message.charAt(0).toLowerCase() + issue.message.slice(1);
      return `${what}: ${message}${/[.!?]$/.test(message) ? '' : '.'}`;
    }
  }
}

/**
 * The value at `path` in words, innermost first: "question 3 ("How do I join a club?") in entry "getting-started"",
 * "`description` in `meta`".
 */
function describePath(path: Path, data: unknown, isList: boolean): string {
  const parts: string[] = [];
  let value = data;
  for (const [index, key] of path.entries()) {
    const parent = value;
    value = isRecord(value) || Array.isArray(value) ? (value as Record<PropertyKey, unknown>)[key] : undefined;
    if (typeof key !== 'number') {
      parts.push(`\`${String(key)}\``);
      continue;
    }
    if (index === 0 && isList && Array.isArray(parent)) {
      const id = isRecord(value) ? value.id : undefined;
      parts.push(id === undefined ? `entry ${key + 1}` : `entry "${String(id)}"`);
      continue;
    }
    const listName = typeof path[index - 1] === 'string' ? String(path[index - 1]) : '';
    const label = labelOf(value);
    const item = /^[a-z]+s$/.test(listName)
      ? `${listName.slice(0, -1)} ${key + 1}`
      : `item ${key + 1}${listName ? ` of \`${listName}\`` : ''}`;
    if (listName) parts.pop();
    parts.push(`${item}${label ? ` (${JSON.stringify(label)})` : ''}`);
  }
  return parts.reverse().join(' in ');
}

/** What an editor would recognise an item by: its question, title, label or name. */
function labelOf(value: unknown): string | undefined {
  const text =
    typeof value === 'string'
      ? value
      : isRecord(value)
        ? ['q', 'title', 'label', 'name', 'theme', 'category', 'heading', 'id'].map((key) => value[key]).find((v) => typeof v === 'string')
        : undefined;
  if (typeof text !== 'string') return undefined;
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

function valueAt(data: unknown, path: Path): unknown {
  let value = data;
  for (const key of path) value = isRecord(value) || Array.isArray(value) ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const isSchema = (value: unknown): value is Schema => typeof (value as Schema | undefined)?.safeParseAsync === 'function';

/** The files under `dir`, as paths relative to it with `/`, leaving out dot files. */
function filesUnder(dir: URL): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => path.relative(fileURLToPath(dir), path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}
