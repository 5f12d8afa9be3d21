// Runs before `npm test`: the end-to-end tests drive Debian's Chromium, which cannot be downloaded by Playwright
// here. Installs it with apt-get when it is missing and we are root; otherwise says how to get it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const browser = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (fs.existsSync(browser)) process.exit(0);

if (process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
  console.log(`${browser} is missing: installing Debian's chromium package (once per machine)…`);
  const run = (...args: string[]) =>
    execFileSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  run('update', '-qq');
  run('install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-liberation');
  if (fs.existsSync(browser)) process.exit(0);
}

console.error(
  `The end-to-end tests need Chromium at ${browser}.\n` +
    '  Debian/Ubuntu: sudo apt-get install chromium\n' +
    '  Elsewhere: install Chromium or Chrome and set CHROMIUM_PATH to its executable.',
);
process.exit(1);
