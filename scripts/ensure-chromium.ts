// Runs before `npm test`: the end-to-end tests drive Debian's Chromium, which cannot be downloaded by Playwright
// here: its headless shell (playwright.config.ts says why), else the full browser. Installs the shell with apt-get
// when it is missing and we are root; otherwise says how to get a browser.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const shell = '/usr/bin/chromium-headless-shell';
const browser = process.env.CHROMIUM_PATH ?? shell;

if (fs.existsSync(browser)) process.exit(0);

if (browser === shell && process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
  // The full browser too, as before: `npm run audit:lighthouse` runs in it.
  console.log(`${shell} is missing: installing Debian's chromium and chromium-headless-shell packages (once per machine)…`);
  const run = (...args: string[]) =>
    execFileSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  run('update', '-qq');
  run('install', '-y', '-qq', '--no-install-recommends', 'chromium', 'chromium-headless-shell', 'fonts-liberation');
  if (fs.existsSync(browser)) process.exit(0);
}

if (browser === shell && fs.existsSync('/usr/bin/chromium')) process.exit(0);

console.error(
  `The end-to-end tests need Chromium at ${browser}.\n` +
    '  Debian/Ubuntu: sudo apt-get install chromium-headless-shell (or chromium)\n' +
    '  Elsewhere: install Chromium or Chrome and set CHROMIUM_PATH to its executable.',
);
process.exit(1);
