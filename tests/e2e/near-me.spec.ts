import type { Locator } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';

// The e2e server holds the demo data (db/seed/demo-data.json): verified clubs at real ZIP codes in 17 states, among
// them Berkeley 94704, Santa Cruz 95060, Sacramento 95816 and San Diego 92104 in California, Austin 78704,
// San Antonio 78209 and Houston 77006 in Texas, and none in Alaska.

const AUSTIN_78704 = { latitude: 30.2428, longitude: -97.7658 };

/** The "N mi away" of every card in a list, in the order shown. */
async function distancesIn(list: Locator): Promise<number[]> {
  const texts = await list.getByText(/mi away$/).allTextContents();
  return texts.map((text) => Number(/([\d.]+) mi away/.exec(text)![1]));
}

test.describe('finding a club near a place', () => {
  test('a ZIP code search lists clubs nearest first with their distance, and the radius widens it', async ({ page }) => {
    await page.goto('/flamekeeper-clubs');
    await expect(page.getByText(/recently registered clubs/)).toBeVisible();
    const input = page.getByRole('searchbox', { name: 'Search clubs by state, city or ZIP code' });
    await input.fill('94704');
    await input.press('Enter');
    await expect(page.getByText('Found 1 club within 25 mi of "94704" (Berkeley, CA)')).toBeVisible();
    const list = page.getByRole('list', { name: 'Clubs' });
    await expect(list.getByText('0 mi away')).toBeVisible();

    await page.getByRole('combobox', { name: 'Distance' }).selectOption('100');
    await expect(page.getByText('Found 3 clubs within 100 mi of "94704" (Berkeley, CA)')).toBeVisible();
    await expect(page).toHaveURL(/\?state=94704&radius=100$/);
    const distances = await distancesIn(list);
    expect(distances).toHaveLength(3);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    await expect(list.getByRole('listitem').first()).toContainText('Berkeley, CA 94704');
    await expectNoAxeViolations(page);

    await page.goBack();
    await expect(page.getByText('Found 1 club within 25 mi of "94704" (Berkeley, CA)')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Found 1 club within 25 mi of "94704" (Berkeley, CA)')).toBeVisible();
  });

  test('a city search says which place it measured from', async ({ page }) => {
    await page.goto('/flamekeeper-clubs?state=san%20antonio&radius=100');
    await expect(page.getByText('Found 2 clubs within 100 mi of "san antonio" (San Antonio, TX)')).toBeVisible();
    const distances = await distancesIn(page.getByRole('list', { name: 'Clubs' }));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    await expect(page.getByRole('list', { name: 'Clubs' }).getByRole('listitem').first()).toContainText('San Antonio, TX');
  });

  test('a search that finds nothing offers the nearest clubs in any state and the way to host one', async ({ page }) => {
    await page.goto('/flamekeeper-clubs');
    await expect(page.getByText(/recently registered clubs/)).toBeVisible();
    await page.getByRole('searchbox').fill('Anchorage, AK');
    await page.getByRole('searchbox').press('Enter');
    await expect(page.getByText('No clubs found within 25 mi of "Anchorage, AK" (Anchorage, AK).')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Nearest verified clubs' })).toBeVisible();
    const nearest = page.getByRole('list', { name: 'Nearest clubs' });
    await expect(nearest.getByRole('listitem')).toHaveCount(6);
    const distances = await distancesIn(nearest);
    expect(distances[0]).toBeGreaterThan(1000);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    await expect(nearest.getByRole('listitem').first()).toContainText('Seattle, WA');
    await expect(page.getByText('Be the First Club Host!')).toBeVisible();
    await expect(page.getByRole('link', { name: /Purchase HOST SET/ }).last()).toHaveAttribute('target', '_blank');
    await expectNoAxeViolations(page);

    await nearest.getByRole('link', { name: /Fremont Lantern Circle/ }).click();
    await expect(page.getByRole('dialog', { name: 'Fremont Lantern Circle' })).toBeVisible();
  });

  test('an empty state search offers the nearest clubs too, below the spec message', async ({ page }) => {
    await page.goto('/flamekeeper-clubs?state=Alaska');
    await expect(page.getByText('No clubs found for "Alaska". Try searching with full state name or abbreviation.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Nearest clubs' }).getByRole('listitem')).toHaveCount(6);
    await expect(page.getByText('Be the First Club Host!')).toBeVisible();
  });

  test('an unknown ZIP code gets a clear message', async ({ page }) => {
    await page.goto('/flamekeeper-clubs?state=00000');
    await expect(page.getByText('We don\'t know the ZIP code "00000". Check it, or search by city or state.')).toBeVisible();
    await expect(page.getByText('Be the First Club Host!')).toBeVisible();
  });
});

test.describe('Near me', () => {
  test.describe('with the location shared', () => {
    test.use({ geolocation: AUSTIN_78704, permissions: ['geolocation'] });

    test('lists the clubs around the visitor with their distance, and keeps the position out of the URL', async ({ page }) => {
      await page.goto('/flamekeeper-clubs');
      await expect(page.getByText(/recently registered clubs/)).toBeVisible();
      await page.getByRole('button', { name: 'Near me' }).click();
      await expect(page.getByText('Found 1 club within 25 mi of your location')).toBeVisible();
      const list = page.getByRole('list', { name: 'Clubs' });
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await expect(list.getByText('0 mi away')).toBeVisible();

      await page.getByRole('combobox', { name: 'Distance' }).selectOption('100');
      await expect(page.getByText('Found 2 clubs within 100 mi of your location')).toBeVisible();
      const distances = await distancesIn(list);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(page.url()).not.toMatch(/lat|lng|30\.24|97\.76/);
      await expectNoAxeViolations(page);
    });
  });

  test.describe('with the location refused', () => {
    test.use({ permissions: [] });

    test('says so clearly and leaves the list as it was', async ({ page }) => {
      await page.goto('/flamekeeper-clubs');
      await expect(page.getByText(/recently registered clubs/)).toBeVisible();
      await page.getByRole('button', { name: 'Near me' }).click();
      await expect(page.getByText('Location access was refused. Search by city, state or ZIP code instead.')).toBeVisible();
      await expect(page.getByText(/recently registered clubs/)).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
});

test.describe('map of clubs by state', () => {
  test('announces each state with its count of verified clubs and runs its search when clicked', async ({ page }) => {
    await page.goto('/flamekeeper-clubs');
    const map = page.getByRole('group', { name: /Map of the United States/ });
    await expect(map.getByRole('link', { name: 'Texas: 3 verified clubs' })).toBeVisible();
    await expect(map.getByRole('link', { name: 'California: 4 verified clubs' })).toBeVisible();
    await expect(map.getByRole('link', { name: 'Vermont: 1 verified club' })).toBeVisible();
    await expect(map.getByRole('link', { name: 'Alaska: 0 verified clubs' })).toBeVisible();
    await expect(map.getByRole('link')).toHaveCount(50);
    await expectNoAxeViolations(page);

    await map.getByRole('link', { name: 'Texas: 3 verified clubs' }).click();
    await expect(page).toHaveURL(/\/flamekeeper-clubs\?state=TX#active-heading$/);
    await expect(page.getByText('Found 3 clubs in Texas')).toBeVisible();
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('still draws every state as a link to its search', async ({ page }) => {
      await page.goto('/flamekeeper-clubs');
      const map = page.getByRole('group', { name: /Map of the United States/ });
      await expect(map.getByRole('link')).toHaveCount(50);
      await expect(map.getByRole('link', { name: 'Texas', exact: true })).toHaveAttribute(
        'href',
        '/flamekeeper-clubs?state=TX#active-heading',
      );
    });
  });
});
