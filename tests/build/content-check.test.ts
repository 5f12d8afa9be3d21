import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_FILES } from '../../scripts/content/files.ts';

// A broken content file stops `npm run content:check` and `astro build` alike, naming the file, the line and what is
// wrong. Each case breaks a copy of the project (so the real files and dist/ stay untouched), finding the line to break
// in the file as it is today, so that editing the words does not break the test. The build stops at its first step
// (astro.config.mjs), so each failing build takes seconds.

const ROOT = path.resolve('.');
const COPIED = ['src', 'scripts', 'package.json', 'package-lock.json', 'astro.config.mjs', 'tsconfig.json'];
let project: string;

const run = promisify(execFile);

async function exitOf(command: string, args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(command, args, { cwd: project, env: { ...process.env, NO_COLOR: '1' }, timeout: 90_000 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, output: stdout + stderr };
  }
}

const contentCheck = () => exitOf('npm', ['run', '--silent', 'content:check']);
const astroBuild = () => exitOf(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build']);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const contentPath = (file: string) => path.join(project, 'src/content', file);
const linesOf = (file: string) => fs.readFileSync(contentPath(file), 'utf8').split('\n');
const write = (file: string, lines: string[]) => fs.writeFileSync(contentPath(file), lines.join('\n'));

/** The index of the `nth` line (from 1) that matches `pattern`. */
function lineIndex(lines: string[], pattern: RegExp, nth = 1): number {
  const indexes = lines.flatMap((line, index) => (pattern.test(line) ? [index] : []));
  expect(indexes.length).toBeGreaterThanOrEqual(nth);
  return indexes[nth - 1]!;
}

interface Breakage {
  name: string;
  file: string;
  /** Breaks the copy's file and answers the line (from 1) that the message must name and what it must say. */
  apply: () => { line: number; says: string | RegExp };
}

const BREAKAGES: Breakage[] = [
  {
    name: 'a question indented one space less than the answer above it',
    file: 'faq.yaml',
    apply: () => {
      const lines = linesOf('faq.yaml');
      const index = lineIndex(lines, /^ {4}- q: /, 2);
      lines[index] = lines[index]!.slice(1);
      write('faq.yaml', lines);
      return { line: index + 1, says: 'this line is indented less than the line above it' };
    },
  },
  {
    name: 'a tab for indentation',
    file: 'weeks.yaml',
    apply: () => {
      const lines = linesOf('weeks.yaml');
      const index = lineIndex(lines, /^ {2}theme: /);
      lines[index] = `\t${lines[index]!.trimStart()}`;
      write('weeks.yaml', lines);
      return { line: index + 1, says: 'uses a tab for indentation; use spaces.' };
    },
  },
  {
    name: 'a week without its required description',
    file: 'weeks.yaml',
    apply: () => {
      const lines = linesOf('weeks.yaml');
      const index = lineIndex(lines, /^ {2}description: /);
      lines.splice(index, 1);
      write('weeks.yaml', lines);
      // The entry the field is missing from, which starts at its `- id:` line.
      const entry = lines.slice(0, index).findLastIndex((line) => line.startsWith('- id: '));
      const id = /- id: '([^']+)'/.exec(lines[entry]!)![1];
      return { line: entry + 1, says: `entry "${id}" has no \`description\`.` };
    },
  },
  {
    name: 'an empty collection',
    file: 'products.yaml',
    apply: () => {
      // The comments stay; every entry is gone.
      write('products.yaml', [...linesOf('products.yaml').filter((line) => line.startsWith('#')), '']);
      return { line: 1, says: 'has no entries: the page would be empty.' };
    },
  },
  {
    name: 'a placeholder that names no value',
    file: 'licensing.yaml',
    apply: () => {
      const lines = linesOf('licensing.yaml');
      const index = lineIndex(lines, /^ +(- )?\w+: '[^']*\{tiers\.\w+\}[^']*'$/);
      lines[index] = lines[index]!.replace(/\{tiers\.(\w+)\}/, '{tiers.$1x}');
      write('licensing.yaml', lines);
      return { line: index + 1, says: /uses \{tiers\.\w+x\}, which is no placeholder/ };
    },
  },
  {
    name: "a tier's shared fee above its exclusive fee",
    file: 'tiers.yaml',
    apply: () => {
      const lines = linesOf('tiers.yaml');
      const shared = lineIndex(lines, /^ {2}sharedFee: /, 3);
      const exclusive = /^ {2}exclusiveFee: (\d+)$/.exec(lines[shared + 1]!)![1]!;
      lines[shared] = `  sharedFee: ${Number(exclusive) + 301}`;
      write('tiers.yaml', lines);
      return { line: shared + 1, says: `tier 3 sharedFee $${Number(exclusive) + 301} is above its exclusiveFee $${exclusive}` };
    },
  },
  {
    name: "a tier starting inside the tier below's populations",
    file: 'tiers.yaml',
    apply: () => {
      const lines = linesOf('tiers.yaml');
      const start = lineIndex(lines, /^ {2}minPopulation: /, 4);
      const below = /^ {2}maxPopulation: (\d+)$/.exec(lines[lineIndex(lines, /^ {2}maxPopulation: /, 3)]!)![1]!;
      lines[start] = `  minPopulation: ${Number(below) - 9999}`;
      write('tiers.yaml', lines);
      return { line: start + 1, says: `inside tier 3's range (up to ${Number(below).toLocaleString('en-US')}): it must start at` };
    },
  },
  {
    name: 'a field of the English file left out of its Spanish twin',
    file: 'es/how-it-works.yaml',
    apply: () => {
      // `eyebrow` is optional, so only the comparison with the English file can miss it.
      const lines = linesOf('es/how-it-works.yaml');
      const header = lineIndex(lines, /^header:$/);
      lines.splice(lineIndex(lines, /^ {2}eyebrow: /), 1);
      write('es/how-it-works.yaml', lines);
      const english = lineIndex(linesOf('how-it-works.yaml'), /^ {2}eyebrow: /);
      return { line: header + 2, says: `\`header\` has no \`eyebrow\`, which src/content/how-it-works.yaml line ${english + 1} has` };
    },
  },
  {
    name: 'a placeholder of the English text left out of the Spanish one',
    file: 'es/faq.yaml',
    apply: () => {
      const lines = linesOf('es/faq.yaml');
      const index = lineIndex(lines, /\{terms\.termMonths\}/);
      lines[index] = lines[index]!.replace('{terms.termMonths}', 'doce');
      write('es/faq.yaml', lines);
      const english = lineIndex(linesOf('faq.yaml'), /\{terms\.termMonths\}/);
      return { line: index + 1, says: `does not use {terms.termMonths}, which src/content/faq.yaml line ${english + 1} uses` };
    },
  },
  {
    name: 'a JSON file missing a comma',
    file: 'licence-terms.json',
    apply: () => {
      const lines = linesOf('licence-terms.json');
      const index = lineIndex(lines, /^ {2}"\w+": [^{[].*,$/);
      lines[index] = lines[index]!.slice(0, -1);
      write('licence-terms.json', lines);
      return { line: index + 2, says: 'a comma is missing between two entries' };
    },
  },
];

beforeAll(() => {
  project = fs.mkdtempSync(path.join(os.tmpdir(), 'fk-content-check-'));
  for (const entry of COPIED) fs.cpSync(path.join(ROOT, entry), path.join(project, entry), { recursive: true });
  fs.symlinkSync(fs.realpathSync(path.join(ROOT, 'node_modules')), path.join(project, 'node_modules'));
});

afterEach(() => {
  fs.rmSync(path.join(project, 'src/content'), { recursive: true });
  fs.cpSync(path.join(ROOT, 'src/content'), path.join(project, 'src/content'), { recursive: true });
});

afterAll(() => fs.rmSync(project, { recursive: true, force: true }));

describe('npm run content:check', () => {
  it('passes the real files and lists each with what it feeds', async () => {
    const { code, output } = await contentCheck();
    expect(code, output).toBe(0);
    for (const { file, feeds } of CONTENT_FILES) {
      expect(output).toMatch(new RegExp(`^${escape(`src/content/${file}`)} +OK +${escape(feeds.join('; '))}$`, 'm'));
    }
    expect(output).toMatch(/^src\/content\/faq\.yaml +OK +\/faq /m);
  });

  it('names the line and says what is wrong for the other slips an editor makes', async () => {
    const steps = linesOf('steps.yaml');
    const title = lineIndex(steps, /^ {2}title: '/);
    steps[title] = steps[title]!.replace(/'$/, '');
    write('steps.yaml', steps);
    const materials = linesOf('materials.yaml');
    const audience = lineIndex(materials, /^ {2}audience: 'For guides'/);
    materials[audience] = "  audience: 'Guides'";
    write('materials.yaml', materials);
    const tiers = linesOf('tiers.yaml');
    const [firstLine, secondId] = [lineIndex(tiers, /^- id: /), lineIndex(tiers, /^- id: /, 2)];
    const firstId = /- id: '([^']+)'/.exec(tiers[firstLine]!)![1];
    tiers[secondId] = `- id: '${firstId}'`;
    write('tiers.yaml', tiers);
    const replies = linesOf('message-replies.json');
    const hours = lineIndex(replies, /^ {2}"escalationHours": /);
    replies[hours] = replies[hours]!.replace(/: \d+/, ': "a day"');
    write('message-replies.json', replies);
    const terms = linesOf('policy/terms.md');
    const effective = lineIndex(terms, /^effective: /);
    terms[effective] = 'effective: soon';
    write('policy/terms.md', terms);
    fs.writeFileSync(contentPath('new-page.yaml'), 'title: New\n');

    const { code, output } = await contentCheck();
    expect(code).not.toBe(0);
    expect(output).toContain(`src/content/steps.yaml line ${title + 2}, column 3: the text above this line is not finished`);
    expect(output).toContain(`src/content/materials.yaml line ${audience + 1}, column 13: \`audience\` in entry`);
    expect(output).toContain('should be one of "For guides", "For participants", not "Guides".');
    expect(output).toContain(
      `src/content/tiers.yaml line ${secondId + 1}, column 7: the id "${firstId}" is used twice (on line ${firstLine + 1} too)`,
    );
    expect(output).toMatch(
      new RegExp(`src/content/message-replies.json line ${hours + 1}, column \\d+: \`escalationHours\` should be a number, not text\\.`),
    );
    expect(output).toContain(`src/content/policy/terms.md line ${effective + 1}, column 12: \`effective\` should be a date`);
    expect(output).toContain('src/content/new-page.yaml: is not listed in scripts/content/files.ts');
  });
});

describe('a broken content file', () => {
  it.each(BREAKAGES)('$name ($file) stops content:check and astro build with the file and line', async ({ file, apply }) => {
    const { line, says } = apply();
    const where = `src/content/${file} line ${line}, column`;
    for (const { code, output } of [await contentCheck(), await astroBuild()]) {
      expect(code, output).not.toBe(0);
      const message = output.split('\n').find((text) => text.includes(where));
      expect(message, output).toBeDefined();
      if (typeof says === 'string') expect(message).toContain(says);
      else expect(message).toMatch(says);
      expect(output).not.toContain('Complete!');
    }
  });
});
