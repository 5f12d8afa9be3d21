// Runs before `npm test`: what the suites need from the machine, installed with apt-get (once per machine) when it is
// missing and we are root, else said how to get.
// - Debian's Chromium for the end-to-end tests, which Playwright cannot download here: its headless shell
//   (playwright.config.ts says why), else the full browser (`npm run audit:lighthouse` runs in it).
// - Java, for the W3C Nu Html Checker (the vnu-jar package) that checks every page (tests/support/w3c.ts).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const shell = '/usr/bin/chromium-headless-shell';
const browser = process.env.CHROMIUM_PATH ?? shell;

const hasBrowser = () => fs.existsSync(browser) || (browser === shell && fs.existsSync('/usr/bin/chromium'));
const hasJava = () => {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

const missing = [
  ...(fs.existsSync(browser) ? [] : browser === shell ? ['chromium', 'chromium-headless-shell', 'fonts-liberation'] : []),
  ...(hasJava() ? [] : ['default-jre-headless']),
];

if (missing.length > 0 && process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
  console.log(`Installing Debian's ${missing.join(', ')} for the tests (once per machine)…`);
  const run = (...args: string[]) =>
    execFileSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  run('update', '-qq');
  run('install', '-y', '-qq', '--no-install-recommends', ...missing);
}

const problems = [
  ...(hasBrowser()
    ? []
    : [
        `The end-to-end tests need Chromium at ${browser}.\n` +
          '  Debian/Ubuntu: sudo apt-get install chromium-headless-shell (or chromium)\n' +
          '  Elsewhere: install Chromium or Chrome and set CHROMIUM_PATH to its executable.',
      ]),
  ...(hasJava() ? [] : ['The W3C checks need Java 11 or later.\n  Debian/Ubuntu: sudo apt-get install default-jre-headless']),
];
for (const problem of problems) console.error(problem);
process.exit(problems.length > 0 ? 1 : 0);
