// `npm run audit:lighthouse`: Lighthouse (mobile) on every public page kind of the built site, served with a fresh
// embedded database and its demo data, in Debian's Chromium: the content pages, the clubs directory and the newest
// demo club's page with meeting times, Find a Guide and a place on it, a guide's page, the area search with a ZIP
// code chosen, a state's "clubs wanted" page, the pages a link from an email opens (with a token that is no longer
// good), the signed-in pages as a signed-out visitor meets them, host registration, the admin's sign-in, the 404, and the
// Spanish home, directory, FAQ, guides and contact pages.
// Writes the scores, and for each score under 100 the audits that cost it, to its section of docs/performance.md, and
// exits 1 below 95.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { clubPagePath } from '#lib/clubs/pages.ts';
import type { PublicClub } from '#lib/directory/types.ts';
import { SERVER_START_TIMEOUT_MS, startServer } from '../tests/support/server-process.ts';
import { measuredCommit } from './lib/measured-commit.ts';
import { writeReportSection } from './lib/report-section.ts';

const PAGES = [
  '/',
  '/how-it-works',
  '/club-schedule',
  '/become-guide',
  '/faq',
  '/privacy-terms',
  '/contact-us',
  '/flamekeeper-clubs',
  '/club-registration',
  '/guides',
  '/area-search?area=zip-78704',
  '/wanted/tx',
  '/es',
  '/es/flamekeeper-clubs',
  '/es/faq',
  '/es/guides',
  '/es/contact-us',
];
// Pages a visitor can open that ask search engines not to index them (robots noindex, on purpose: a sign-in, a
// signed-in page as a signed-out visitor sees it, a search's results): Lighthouse's SEO score counts that against
// them, so they are held to the target in the other three categories.
const NOINDEX_PAGES = ['/login', '/my-licences', '/guides?place=78704'];
// Pages that answer with an error status on purpose: a signed-in page to a signed-out visitor (401, with its sign-in
// form; the status keeps crawlers from listing it), an email's link whose token is unknown or used up (404, saying
// so), and the 404. Lighthouse refuses to score a page whose document is an error, so the report says so.
const ERROR_PAGES = [
  '/account',
  `/join-request?token=${'x'.repeat(43)}&answer=joined`,
  `/confirm-email?token=${'x'.repeat(43)}`,
  '/no-such-page',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGET = 95;
const REPORT = new URL('../docs/performance.md', import.meta.url);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fk-lighthouse-'));
const server = await startServer({ DATABASE_URL: '', DATA_DIR: dataDir }, SERVER_START_TIMEOUT_MS);
// A club's page stands for all of them: the newest verified club of the demo data with meeting times, whose page has
// the most to show (the sessions, the calendar links, the map).
const recentClubs = (await (await fetch(new URL('/api/clubs', server.url))).json()) as PublicClub[];
const auditedClub = recentClubs.find((club) => club.nextSession !== null);
if (!auditedClub) throw new Error('The demo data has no verified club with meeting times to audit the page of.');
PAGES.push(clubPagePath(auditedClub));
// A guide's page stands for all of them: the first listed guide of the demo data.
const guideSitemap = await (await fetch(new URL('/sitemap-guides.xml', server.url))).text();
const guidePage = /<loc>([^<]+)<\/loc>/.exec(guideSitemap)?.[1];
if (!guidePage) throw new Error('The demo data has no listed guide to audit the page of.');
PAGES.push(new URL(guidePage).pathname);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

interface Row {
  page: string;
  scores: Record<string, number>;
  /** Why a score is under 100: the audits of that category that did not pass, by what they weigh in it. */
  costs: string[];
  /** Why Lighthouse gave no scores at all. */
  notScored?: string;
}
const rows: Row[] = [];
try {
  for (const page of [...PAGES, ...NOINDEX_PAGES, ...ERROR_PAGES]) {
    const result = await lighthouse(new URL(page, server.url).toString(), {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    const lhr = result!.lhr;
    if (lhr.runtimeError) {
      rows.push({ page, scores: {}, costs: [], notScored: lhr.runtimeError.message });
      console.log(page, lhr.runtimeError.code);
      continue;
    }
    const scored = CATEGORIES.filter((c) => c !== 'seo' || !NOINDEX_PAGES.includes(page));
    const scores = Object.fromEntries(scored.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
    const costs = scored
      .filter((c) => scores[c]! < 100)
      .flatMap((c) =>
        (lhr.categories[c]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .sort((a, b) => b.weight - a.weight)
          .map(
            (ref) =>
              `${c}: ${lhr.audits[ref.id]!.title}${lhr.audits[ref.id]!.displayValue ? ` (${lhr.audits[ref.id]!.displayValue})` : ''}`,
          ),
      );
    rows.push({ page, scores, costs });
    console.log(page, scores);
  }
} finally {
  chrome.kill();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const failing = rows.filter((r) => CATEGORIES.some((c) => (r.scores[c] ?? TARGET) < TARGET));
const cell = (row: Row, category: string) => row.scores[category] ?? (row.notScored ? 'n/a' : 'n/a (noindex)');
const table = [
  `| page | ${CATEGORIES.join(' | ')} |`,
  `| --- | ${CATEGORIES.map(() => '---:').join(' | ')} |`,
  ...rows.map((r) => `| \`${r.page.replaceAll('|', '%7C')}\` | ${CATEGORIES.map((c) => cell(r, c)).join(' | ')} |`),
].join('\n');
const reasons = rows
  .filter((r) => r.notScored || r.costs.length > 0)
  .map((r) => `- \`${r.page}\`: ${r.notScored ? `not scored: ${r.notScored}` : r.costs.join('; ')}`)
  .join('\n');

writeReportSection(
  REPORT,
  'lighthouse',
  'Lighthouse (mobile)',
  `Generated by \`npm run audit:lighthouse\` on ${new Date().toISOString().slice(0, 10)} at commit ${measuredCommit()}: Lighthouse's default mobile
emulation and simulated throttling, against the built site (\`npm run build\`) served by \`npm run serve\` on this
machine, in Debian's Chromium. Aim: 100 in every category on every public page kind; the script fails below
${TARGET}. ${NOINDEX_PAGES.join(', ')} ask not to be indexed, so Lighthouse's SEO score (which counts that against it)
does not apply there. ${ERROR_PAGES.join(', ')} answer 401 or 404 on purpose, which Lighthouse does not score.

${table}

Why a page is under 100, or not scored:

${reasons || '- Every page scored 100 in every category.'}

${failing.length === 0 ? `Every page meets the target.` : `Below target: ${failing.map((r) => r.page).join(', ')}.`}
`,
);
console.log(`Wrote ${path.relative(process.cwd(), new URL(REPORT).pathname)}`);
process.exit(failing.length === 0 ? 0 : 1);
