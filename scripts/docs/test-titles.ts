// The titles of a test file's `describe`, `it` and `test` blocks, and the test titles a document cites beside a test
// file: `npm run docs:security` lists the first and refuses to write a table whose citations name no test.

/** A test or block title, with the titles of the blocks around it (outermost first). */
export interface TestTitle {
  title: string;
  depth: number;
  isBlock: boolean;
  /** The enclosing blocks' titles and this one: what a citation "block › test" names. */
  path: string[];
}

/** The file's `describe` and `it`/`test` titles in order, each with its depth, as the blocks are nested. */
export function testTitles(source: string): TestTitle[] {
  const call = /^( *)(?:test\.)?(describe|it|test)(?:\.(?:each\([^)]*\)|serial|skip|only))?\(\s*(?=['"`])/gm;
  const openBlocks: { indent: number; title: string }[] = [];
  const titles: TestTitle[] = [];
  for (const match of source.matchAll(call)) {
    const indent = match[1]!.length;
    while (openBlocks.length > 0 && openBlocks.at(-1)!.indent >= indent) openBlocks.pop();
    const title = readTitle(source, match.index + match[0].length);
    const isBlock = match[2] === 'describe';
    titles.push({ title, depth: openBlocks.length, isBlock, path: [...openBlocks.map((block) => block.title), title] });
    if (isBlock) openBlocks.push({ indent, title });
  }
  return titles;
}

/** The titles as a nested Markdown list, blocks in bold. */
export function testOutline(source: string): string {
  const lines = testTitles(source).map(({ title, depth, isBlock }) => `${'  '.repeat(depth)}- ${isBlock ? `**${title}**` : title}`);
  return lines.length > 0 ? lines.join('\n') : '(no titled tests)';
}

/** A test title a document quotes beside a test file: `` `tests/x.test.ts` ("title", "block › …") ``. */
export interface Citation {
  file: string;
  quoted: string;
}

/**
 * Every quoted title in the parentheses after a cited test file. Parentheses that do not open with a quote are a
 * remark (`(fast-check)`), not a citation.
 */
export function citedTitles(markdown: string): Citation[] {
  const citations: Citation[] = [];
  for (const match of markdown.matchAll(/`(tests\/[\w/.-]+\.(?:test|spec)\.ts)` \(/g)) {
    let i = match.index + match[0].length;
    while (markdown[i] === '"') {
      let quoted = '';
      for (i++; i < markdown.length && markdown[i] !== '"'; i++) {
        if (markdown[i] === '\\' && markdown[i + 1] === '"') i++;
        quoted += markdown[i];
      }
      citations.push({ file: match[1]!, quoted });
      i++;
      if (markdown.startsWith(', "', i)) i += 2;
    }
  }
  return citations;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A title as a pattern of the text it shows: what its interpolations (`{limits.perDay}`, `…`) stand for is any text. */
const titlePattern = (title: string) =>
  new RegExp(
    `^${title
      .split(/\{[\w.]+\}|…/)
      .map(escapeRegExp)
      .join('.+?')}$`,
  );

/**
 * Whether a citation names one of `titles`. A citation is a title, or a path of titles joined by " › ", as the test
 * run shows it (an interpolation's value in its place); "…" stands for words left out, so each part between them must
 * be found, in order, in the title (or, for a path, in the titles) it names.
 */
export function citationMatches(quoted: string, titles: readonly TestTitle[]): boolean {
  const parts = quoted.split(' › ');
  return titles.some(({ path }) => {
    if (path.length < parts.length) return false;
    const named = path.slice(path.length - parts.length);
    return parts.every((part, i) => {
      const title = named[i]!;
      const fragments = part.split('…').map((fragment) => fragment.trim());
      if (fragments.length === 1) return titlePattern(title).test(part);
      let from = 0;
      for (const fragment of fragments) {
        const at = title.indexOf(fragment, from);
        if (at < 0) return false;
        from = at + fragment.length;
      }
      return true;
    });
  });
}

/**
 * The string literal that starts at `start`, unescaped. In a template literal, an interpolated name shows as `{name}`
 * and any other expression as `…`, so a test generated for each case reads as the sentence it is.
 */
function readTitle(source: string, start: number): string {
  const quote = source[start]!;
  let title = '';
  for (let i = start + 1; i < source.length; i++) {
    const char = source[i]!;
    if (char === quote) return title;
    if (char === '\\') {
      title += source[++i];
    } else if (quote === '`' && source.startsWith('${', i)) {
      const end = interpolationEnd(source, i + 2);
      const expression = source.slice(i + 2, end).trim();
      title += /^[\w.]+$/.test(expression) ? `{${expression}}` : '…';
      i = end;
    } else {
      title += char;
    }
  }
  throw new Error(`An unterminated test title in ${source.slice(start, start + 60)}`);
}

/** The index of the `}` that closes an interpolation whose expression starts at `from`. */
function interpolationEnd(source: string, from: number): number {
  let depth = 0;
  for (let i = from; i < source.length; i++) {
    const char = source[i]!;
    if (char === '`' || char === "'" || char === '"') i = source.indexOf(char, i + 1);
    else if (char === '{') depth++;
    else if (char === '}' && depth-- === 0) return i;
  }
  throw new Error('An unterminated interpolation in a test title.');
}
