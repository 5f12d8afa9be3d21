import type { Page } from '@playwright/test';
import type { SessionView } from '#lib/clubs/meetings/changes.ts';
import { clubPagePath } from '#lib/clubs/pages.ts';
import { occurrences } from '../support/ics.ts';
import { withDatabase } from './database.ts';
import { expect, expectNoAxeViolations, test, toasts, waitForIslands } from './fixtures.ts';
import { signInAsNewHost } from './hosts.ts';

// Issue 40, "Sessions cancelled or moved", from end to end at 1280 and 375 px: the host cancels next week's session
// from the profile, and the club's page shows it struck through with the note while its calendar no longer has it.

const ZONE = 'America/New_York';
const NOTE = 'No meeting this week — holiday';

/** The Thursday two weeks or so before today (YYYY-MM-DD): the club's cycle is under way. */
function recentThursday(): string {
  const day = new Date(Date.now() - 14 * 86_400_000);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() - 4 + 7) % 7));
  return day.toISOString().slice(0, 10);
}

async function cancelNextWeeksSession(page: Page) {
  const host = await signInAsNewHost(page, {
    meetingSlots: [{ weekday: 'thursday', start: '19:00', durationMinutes: 90 }],
    meetingFrequency: 'weekly',
    meetingFormat: 'in-person',
    cycleStart: recentThursday(),
    timeZone: ZONE,
  } as unknown as Record<string, string>);
  await withDatabase((sql) => sql`update clubs set is_verified = true where id = ${host.clubId}`);
  const listed = await page.request.get(`/api/clubs/${host.clubId}/session-changes`);
  const [, nextWeek, following] = ((await listed.json()) as { sessions: SessionView[] }).sessions;

  await page.goto(`/club-profile/${host.clubId}`);
  await waitForIslands(page);
  const card = page.getByRole('region', { name: 'Cancel or move a session' });
  const item = card.getByRole('listitem').nth(1);
  await item.getByRole('button', { name: /^Cancel session/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Cancel the session of Thu, / });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Note (optional)').fill(NOTE);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel this session' }).click();
  await expect(toasts(page)).toContainText('Session cancelled');
  await expect(dialog).toBeHidden();
  await expect(item).toContainText('Cancelled');
  await expect(item).toContainText(NOTE);
  await expect(item.getByRole('button', { name: /^Undo cancellation/ })).toBeVisible();
  await expectNoAxeViolations(page);

  // The club's page: the session struck through with the note, the next one reading the step it would have.
  await page.goto(clubPagePath({ id: host.clubId, clubName: host.clubName }));
  const sessions = page.getByRole('region', { name: 'Next Sessions' }).getByRole('listitem');
  const cancelled = sessions.nth(1);
  await expect(cancelled.locator('del time')).toHaveAttribute('datetime', /T19:00:00\.000-0[45]:00$/);
  await expect(cancelled).toContainText('Cancelled');
  await expect(cancelled).toContainText(NOTE);
  expect(await cancelled.locator('del').evaluate((element) => getComputedStyle(element).textDecorationLine)).toBe('line-through');
  await expect(sessions.nth(2)).toContainText(nextWeek!.reading!);
  await expectNoAxeViolations(page);

  // The calendar no longer has it, as node-ical and ical.js read it; the next week's is there.
  const feed = await page.request.get(`/api/clubs/${host.clubId}/calendar.ics`);
  const found = occurrences(await feed.text(), new Date(), new Date(Date.now() + 35 * 86_400_000)).map(([start]) => start);
  expect(found).not.toContain(nextWeek!.occurrence);
  expect(found).toContain(following!.occurrence);
  return { clubId: host.clubId };
}

test.describe('a session cancelled by its host', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the host cancels next week's session: the page strikes it through with the note, the calendar drops it", async ({ page }) => {
    const { clubId } = await cancelNextWeeksSession(page);

    // Undone from the profile, the session is back on the page as it was.
    await page.goto(`/club-profile/${clubId}`);
    await waitForIslands(page);
    const item = page.getByRole('region', { name: 'Cancel or move a session' }).getByRole('listitem').nth(1);
    await item.getByRole('button', { name: /^Undo cancellation/ }).click();
    await expect(toasts(page)).toContainText('Cancellation undone');
    await expect(item).not.toContainText('Cancelled');
    await expect(item.getByRole('button', { name: /^Cancel session/ })).toBeVisible();
  });
});

test.describe('a session cancelled by its host on a 375 px screen @mobile', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the host cancels next week's session on a phone, and nothing is cut off", async ({ page }) => {
    await cancelNextWeeksSession(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
