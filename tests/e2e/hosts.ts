import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { decodeQuotedPrintable } from '../support/mail.ts';
import { readE2EState } from '../support/e2e-state.ts';
import { issueHostSetCodes } from '#server/codes/index.ts';
import { withDatabase } from './database.ts';
import { expect } from './fixtures.ts';

/** Issues a new HOST SET code with the project's CLI (`npm run codes:issue`) against the e2e database. */
export function issueCodeWithCli(note = 'e2e'): string {
  const state = readE2EState();
  const output = execFileSync(process.execPath, ['scripts/codes-issue.ts', '--count', '1', '--note', note], {
    env: { ...process.env, DATABASE_URL: state.databaseUrl, DATABASE_POOL_MAX: String(state.databasePoolMax) },
    encoding: 'utf8',
  });
  return output.trim();
}

/** A new HOST SET code, issued straight in the e2e database: the CLI's own start is a second of CPU per host. */
async function newCode(): Promise<string> {
  return (await withDatabase((sql) => issueHostSetCodes(1, 'e2e', sql)))[0]!;
}

/** The emails the e2e server wrote for one address, oldest first, decoded. */
export function emailsTo(address: string): string[] {
  const dir = path.join(readE2EState().dataDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((file) => decodeQuotedPrintable(fs.readFileSync(path.join(dir, file), 'latin1')))
    .filter((mail) => mail.includes(`To: ${address}`));
}

/**
 * The path of the latest email confirmation link sent to `address`, once the job worker has sent one: the link's
 * origin is the server's loopback name (localhost), the tests' 127.0.0.1, whose cookies hold the session.
 */
export async function confirmationPathFor(address: string): Promise<string> {
  const latestPath = () =>
    emailsTo(address)
      .flatMap((mail) => [...mail.matchAll(/https?:\/\/[^/\s]+(\/confirm-email\?token=[A-Za-z0-9_-]{43})/g)].map((match) => match[1]!))
      .at(-1);
  await expect.poll(latestPath).toBeTruthy();
  return latestPath()!;
}

/** Confirms `address`, the page's browser's account, with the latest confirmation link emailed to it. */
export async function confirmEmailOf(page: Page, address: string): Promise<void> {
  const token = new URL(await confirmationPathFor(address), 'http://site').searchParams.get('token');
  expect((await page.request.post('/api/auth/confirm-email', { data: { token } })).status()).toBe(200);
}

export interface Host {
  email: string;
  password: string;
  clubId: number;
  clubName: string;
}

/** Registers a new host and club through the API (not the wizard) and signs the page's browser in as that host. */
export async function signInAsNewHost(page: Page, overrides: Partial<Record<string, string>> = {}): Promise<Host> {
  const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const host = { email: `host.${unique}@example.com`, password: 'kindling-42', clubName: `Hearth Circle ${unique}` };
  const register = await page.request.post('/api/clubs/register', {
    data: {
      hostName: 'Robin Vale',
      email: host.email,
      password: host.password,
      confirmPassword: host.password,
      clubName: host.clubName,
      city: 'Asheville',
      state: 'NC',
      zipCode: '28801',
      description: 'A small circle that reads on Tuesday evenings.',
      website: '',
      meetingSchedule: 'Tuesdays, 7:00 PM',
      hostSetCode: await newCode(),
      ...overrides,
    },
  });
  expect(register.status(), await register.text()).toBe(201);
  const signin = await page.request.post('/api/clubs/signin', { data: { email: host.email, password: host.password } });
  const { clubId } = (await signin.json()) as { clubId: number };
  return { ...host, clubId };
}

/** A new guide account through the API; signed in in the page's browser unless the cookies are cleared. */
export async function registerGuide(page: Page) {
  const guide = { email: `account.${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`, password: 'kindling-42' };
  const response = await page.request.post('/api/guides/register', {
    data: { name: 'Jordan Ember', email: guide.email, password: guide.password, confirmPassword: guide.password, phone: '' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return guide;
}

/** The path of the latest reset link emailed to `address`, once the worker has sent it. */
export async function resetPathFor(address: string): Promise<string> {
  const latest = () =>
    emailsTo(address)
      .flatMap((mail) => [...mail.matchAll(/https?:\/\/[^/\s]+(\/reset-password\?token=[A-Za-z0-9_-]+)/g)].map((match) => match[1]!))
      .at(-1);
  await expect.poll(latest).toBeTruthy();
  return latest()!;
}
