import fs from 'node:fs';
import ical, { type VEvent } from 'node-ical';
import postgres from 'postgres';
import { clubPagePath } from '#lib/clubs/pages.ts';
import type { Sql } from '#server/platform/db/db.ts';
import { insertClub } from '../support/clubs.ts';
import { readE2EState } from '../support/e2e-state.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';

// A verified club of the test's own with a weekly Tuesday 7 PM online slot and a cycle start, written straight into
// the e2e database: the demo data may not have meeting times.
const club = { id: 0, clubName: 'Lantern Page Circle' };

test.beforeAll(async () => {
  const sql = postgres(readE2EState().databaseUrl, { max: 1, onnotice: () => {} });
  try {
    club.id = (
      await insertClub(sql as unknown as Sql, {
        clubName: club.clubName,
        city: 'Chicago',
        state: 'IL',
        zipCode: '60614',
        meetings: {
          meetingSlots: [{ weekday: 'tuesday', start: '19:00', durationMinutes: 90 }],
          meetingFrequency: 'weekly',
          meetingFormat: 'online',
          videoLink: 'https://meet.example.org/lantern',
          cycleStart: '2026-01-06',
          timeZone: 'America/Chicago',
        },
      })
    ).id;
  } finally {
    await sql.end();
  }
});

test.describe("a club's page", () => {
  test('is a 200 with its title in the HTML before any JavaScript runs', async ({ request }) => {
    const response = await request.get(clubPagePath(club));
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Lantern Page Circle, Chicago, IL | FlameKeeper Clubs</title>');
    expect(html).toContain('"@type":"Event"');
  });

  test('shows the next sessions and downloads a valid calendar from "Add to calendar"', async ({ page }) => {
    await page.goto(clubPagePath(club));
    await expect(page.getByRole('heading', { level: 1, name: club.clubName })).toBeVisible();
    const sessions = page.getByRole('region', { name: 'Next Sessions' }).getByRole('listitem');
    await expect(sessions).toHaveCount(4);
    await expect(sessions.first()).toContainText(/Tue, [A-Z][a-z]{2} \d{1,2}, 7:00 PM C[SD]T/);
    // The meeting link is for members only (decision 036): the page says so and never holds it.
    await expect(page.getByText('The link is sent to members')).toBeVisible();
    await expect(page.getByRole('link', { name: 'https://meet.example.org/lantern' })).toHaveCount(0);

    await page.getByText('Add to calendar').click();
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download .ics' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('lantern-page-circle.ics');
    const events = Object.values(ical.sync.parseICS(fs.readFileSync((await file.path())!, 'utf8'))).filter(
      (component): component is VEvent => component?.type === 'VEVENT',
    );
    // The weekly series, its sessions of the reading plan overridden with their titles (RECURRENCE-ID).
    const overrides = events.flatMap((event) => Object.values(event.recurrences ?? {}));
    expect(overrides.some((event) => event.summary === 'Week 1 — Awakening · Lantern Page Circle')).toBe(true);
    expect(events.some((event) => event.rrule?.toString().includes('FREQ=WEEKLY;BYDAY=TU'))).toBe(true);

    await expect(page.getByRole('link', { name: 'Subscribe' })).toHaveAttribute(
      'href',
      new RegExp(`^webcal://.*/api/clubs/${club.id}/calendar\\.ics$`),
    );
    await expect(page.getByRole('link', { name: /Google Calendar/ })).toHaveAttribute(
      'href',
      /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/,
    );
  });

  test('copies its link with "Copy link" and says so', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(clubPagePath(club));
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByRole('status')).toHaveText('Link copied to the clipboard.');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(new URL(copied).pathname).toBe(clubPagePath(club));
  });

  test('is accessible, and fits a 375 px screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(clubPagePath(club));
    await page.getByText('Add to calendar').click();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
