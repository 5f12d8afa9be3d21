// One Markdown report, several writers: each script owns a section between `<!-- name:start -->` and
// `<!-- name:end -->` and replaces only that, so `npm run audit:lighthouse` and `npm run bench` can both keep their
// results in docs/performance.md.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const NAME = /^[a-z0-9][a-z0-9-]*$/;

/**
 * Writes `## title` and `markdown` as the section `name` of the report at `file`: replaces that section when the
 * file has one, otherwise appends it. Creates the file (and its folder), headed `# Performance`, when missing.
 * A `## title` heading without markers (a report written before sections existed) is taken over as the section,
 * up to the next `##` heading or section marker. Everything outside the section is left as it was.
 */
export function writeReportSection(file: URL, name: string, title: string, markdown: string): void {
  if (!NAME.test(name)) throw new Error(`Invalid report section name "${name}": use lowercase letters, digits and -.`);
  if (/[\r\n]/.test(title)) throw new Error('A report section title must be one line.');
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const body = markdown.replace(/\r\n?/g, '\n').trim();
  if (body.includes(start) || body.includes(end)) throw new Error(`The "${name}" section's text contains its own markers.`);
  // The blank line before the end marker keeps a closing table or list from swallowing it.
  const section = [start, `## ${title}`, '', body, '', end];

  const path = fileURLToPath(file);
  const existing = fs.existsSync(path) ? fs.readFileSync(path, 'utf8').replace(/\r\n?/g, '\n') : null;
  const lines = (existing ?? '# Performance\n').split('\n');

  const from = lines.findIndex((line) => line.trim() === start);
  if (from !== -1) {
    const to = lines.findIndex((line, i) => i > from && line.trim() === end);
    if (to === -1) throw new Error(`${path}: the "${name}" section has no end marker (${end}); fix the file by hand.`);
    lines.splice(from, to - from + 1, ...section);
  } else {
    const legacy = unmarkedHeading(lines, `## ${title}`);
    if (legacy !== -1) {
      let to = legacy + 1;
      while (to < lines.length && !/^##\s/.test(lines[to]!) && !/^<!-- [a-z0-9-]+:start -->$/.test(lines[to]!.trim())) to++;
      // Keep the blank line(s) that separated the old section from what follows.
      while (to > legacy + 1 && lines[to - 1]!.trim() === '') to--;
      lines.splice(legacy, to - legacy, ...section);
    } else {
      while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
      lines.push('', ...section);
    }
  }

  const text = `${lines.join('\n').replace(/\n+$/, '')}\n`;
  fs.mkdirSync(new URL('.', file), { recursive: true });
  // Write then rename, so a reader (or a crash) never sees half a report.
  const temporary = `${path}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, text);
  fs.renameSync(temporary, path);
}

/** The line index of `heading` outside every marked section, or -1. */
function unmarkedHeading(lines: string[], heading: string): number {
  let open: string | null = null;
  for (const [i, line] of lines.entries()) {
    const marker = /^<!-- ([a-z0-9-]+):(start|end) -->$/.exec(line.trim());
    if (marker) {
      if (marker[2] === 'start' && open === null) open = marker[1]!;
      else if (marker[2] === 'end' && marker[1] === open) open = null;
    } else if (open === null && line.trim() === heading) {
      return i;
    }
  }
  return -1;
}
