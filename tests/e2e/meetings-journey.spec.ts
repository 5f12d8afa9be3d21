import fs from 'node:fs';
import ical, { type VEvent } from 'node-ical';
import { clubPagePath } from '#lib/clubs/pages.ts';
import { expect, expectNoAxeViolations, signInAsAdmin, test } from './fixtures.ts';
import { signInAsNewHost } from './hosts.ts';

// Issue 18 from end to end, across three browsers: a host sets a weekly Tuesday 7 PM online meeting and a cycle
// starting today; once the admin verifies the club, a visitor finds it by day and time of day, opens its page, reads
// the next session and what the club reads at it, takes the calendar and shares the link.

/** Today in Madison, as the cycle start date the host types. */
const todayInMadison = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());

test('a host schedules Tuesday evenings, and a visitor finds the club by time, reads its page, takes its calendar and shares it', async ({
  browser,
  page: hostPage,
}) => {
  const host = await signInAsNewHost(hostPage, { city: 'Madison', state: 'WI', zipCode: '53703', meetingSchedule: '' });
  const pagePath = clubPagePath({ id: host.clubId, clubName: host.clubName });
  await hostPage.goto(`/club-profile/${host.clubId}`);
  await hostPage.locator('astro-island[component-url*="ClubProfile"]:not([ssr])').waitFor({ state: 'attached' });
  await hostPage.getByRole('button', { name: 'Edit Profile' }).click();
  const meetings = hostPage.getByRole('group', { name: 'When and how the club meets' });
  await meetings.getByRole('button', { name: 'Add a meeting time' }).click();
  const slot = meetings.getByRole('group', { name: 'Meeting time 1' });
  await slot.getByLabel('Day').selectOption({ label: 'Tuesday' });
  await slot.getByLabel('Start time').fill('19:00');
  await slot.getByLabel('Length (minutes)').fill('90');
  await meetings.getByLabel('Format').selectOption({ label: 'Online' });
  await meetings.getByLabel('Meeting link').fill('https://meet.example.org/tuesday-hearth');
  await meetings.getByLabel('Cycle start').fill(todayInMadison());
  await hostPage.getByRole('button', { name: 'Save Changes' }).click();
  await expect(hostPage.getByText('Tuesdays 7:00 PM (90 min) · every week · Online · America/Chicago')).toBeVisible();

  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signInAsAdmin(adminPage);
  expect((await adminPage.request.put(`/api/admin/clubs/${host.clubId}`, { data: { isVerified: true } })).status()).toBe(200);
  await admin.close();

  const visitor = await browser.newContext({ timezoneId: 'America/New_York' });
  await visitor.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await visitor.newPage();
  await page.goto('/flamekeeper-clubs?state=53703&day=tuesday&time=evening');
  await expect(page.getByText(/^Found \d+ clubs? within 25 mi of "53703" \(Madison, WI\) meeting on Tuesday evenings$/)).toBeVisible();
  const card = page.locator('li', { has: page.getByText(host.clubName, { exact: true }) });
  // 7 PM in Madison is 8 PM in New York, where this visitor is: the card says both.
  await expect(card).toContainText(/Next: Tue, [A-Z][a-z]{2} \d{1,2}, 7:00 PM C[SD]T · 8:00 PM your time/);
  await expect(card).toContainText('Online');
  await card.getByRole('link').first().click();
  await page
    .getByRole('dialog')
    .getByRole('link', { name: /Open the club's page/ })
    .click();

  await expect(page).toHaveURL(new RegExp(`${pagePath}$`));
  await expect(page.getByRole('heading', { level: 1, name: host.clubName })).toBeVisible();
  await expect(page.getByText('Tuesdays, 7:00 PM CT, every week')).toBeVisible();
  const next = page.getByRole('region', { name: 'Next Sessions' }).getByRole('listitem').first();
  await expect(next).toContainText(/Tue, [A-Z][a-z]{2} \d{1,2}, 7:00 PM C[SD]T/);
  await expect(next).toContainText('Week 1 — Awakening');
  await expect(page.getByText('The link is sent to members')).toBeVisible();
  await expect(page.getByRole('link', { name: 'https://meet.example.org/tuesday-hearth' })).toHaveCount(0);

  await page.getByText('Add to calendar').click();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download .ics' }).click();
  const calendar = fs.readFileSync((await (await download).path())!, 'utf8');
  const series = Object.values(ical.sync.parseICS(calendar)).filter((component): component is VEvent => component?.type === 'VEVENT');
  // The weekly series and its sessions of the reading plan, overridden with their titles (RECURRENCE-ID).
  const events = [...series, ...series.flatMap((event) => Object.values(event.recurrences ?? {}) as VEvent[])];
  const first = events.find((event) => event.summary === `Week 1 — Awakening · ${host.clubName}`);
  expect(first?.start.tz).toBe('America/Chicago');
  expect(events.some((event) => event.summary === `Week 8 — Becoming · ${host.clubName}`)).toBe(true);

  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status')).toHaveText('Link copied to the clipboard.');
  expect(new URL(await page.evaluate(() => navigator.clipboard.readText())).pathname).toBe(pagePath);
  await expectNoAxeViolations(page);

  const html = await (await page.request.get(pagePath)).text();
  expect(html).toContain(`<title>${host.clubName}, Madison, WI | FlameKeeper Clubs</title>`);
  await visitor.close();
});
