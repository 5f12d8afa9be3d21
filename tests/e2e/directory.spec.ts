import { SEARCH_PAGE_SIZE } from '#lib/directory/types.ts';
import { expect, expectNoAxeViolations, holdRequests, test } from './fixtures.ts';

// The e2e server holds the demo data (db/seed/demo-data.json): 4 verified clubs in California, 3 verified and
// 1 pending in Texas.

test.describe('clubs directory', () => {
  test('shows the host panel, the recent clubs and the verified-only notice', async ({ page }) => {
    await page.goto('/flamekeeper-clubs');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('FlameKeeper Clubs');
    await expect(page.getByRole('heading', { name: 'Host a FlameKeeper Club' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register Your Club' })).toHaveAttribute('href', '/club-registration');
    await expect(page.getByRole('link', { name: 'Sign in to manage your profile' })).toHaveAttribute(
      'href',
      '/club-registration?signin=true',
    );
    const store = page.getByRole('link', { name: /Purchase HOST SET/ });
    await expect(store).toHaveAttribute('target', '_blank');
    await expect(page.getByText(/^Showing \d+ recently registered clubs$/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Verified Clubs Only' })).toBeVisible();
    await expect(page.getByText('White Rock Lake Readers')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('searches by full name with the button and by abbreviation with Enter, then clears', async ({ page }) => {
    await page.goto('/flamekeeper-clubs');
    await expect(page.getByText(/recently registered clubs/)).toBeVisible();
    const input = page.getByRole('searchbox', { name: 'Search clubs by state' });
    const button = page.getByRole('button', { name: 'Search', exact: true });
    await expect(button).toBeDisabled();
    await input.fill('   ');
    await expect(button).toBeDisabled();

    await input.fill(' california ');
    await button.click();
    await expect(page.getByText('Found 4 clubs in California')).toBeVisible();
    await expect(page).toHaveURL(/\?state=california$/);
    await expect(page.getByRole('list', { name: 'Clubs' }).getByRole('listitem')).toHaveCount(4);

    await input.fill('TX');
    await input.press('Enter');
    await expect(page.getByText('Found 3 clubs in Texas')).toBeVisible();
    await expect(page.getByText('White Rock Lake Readers')).toHaveCount(0);

    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(input).toHaveValue('');
    await expect(page.getByText(/recently registered clubs/)).toBeVisible();
    await expect(page).toHaveURL(/\/flamekeeper-clubs$/);
  });

  // Issue 41, item 4: on a phone the results were below eight controls, and nothing visible changed after Search.
  test('on a phone, folds the filters behind "Filters (n)" and moves to what a search found', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/flamekeeper-clubs');
    await expect(page.getByText(/recently registered clubs/)).toBeVisible();
    const filters = page.getByRole('button', { name: /^Filters/ });
    const day = page.getByRole('combobox', { name: 'Day', exact: true });
    await expect(filters).toHaveText('Filters');
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await expect(day).toBeHidden();
    await filters.click();
    await expect(filters).toHaveAttribute('aria-expanded', 'true');
    await day.selectOption('tuesday');
    await page.getByRole('combobox', { name: 'Time of day' }).selectOption('evening');
    await expect(filters).toHaveText('Filters (2)');
    await filters.click();
    await expect(day).toBeHidden();

    await page.getByRole('searchbox', { name: 'Search clubs by state' }).fill('TX');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const found = page.getByText('Found 1 club in Texas meeting on Tuesday evenings', { exact: true });
    await expect(found).toBeVisible();
    await expect(found).toBeInViewport();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Found 1 club in Texas');
    await expectNoAxeViolations(page);

    await page.setViewportSize({ width: 1024, height: 740 });
    await expect(filters).toBeHidden();
    await expect(day).toBeVisible();
  });

  // Issue 43: Lighthouse found the directory moving as it loaded on a phone (CLS 0.085): the filters folded once the
  // script ran, and the list pushed the host panel down in sight when it came.
  test('on a phone, nothing on the page moves as the script and the list of clubs load', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { fkShifts: number[] }).fkShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/flamekeeper-clubs');
    await expect(page.getByText(/recently registered clubs/)).toBeVisible();
    // The list's cards draw in the frame after the text; the observer reports a shift once its frame is drawn.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => (window as unknown as { fkShifts: number[] }).fkShifts)).toEqual([]);
    await expect(page.getByRole('button', { name: 'Filters' })).toBeEnabled();
  });

  test('shows Loading clubs... until the list arrives, and invites the first host when there are no clubs', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/clubs', async (route) => {
      await held;
      await route.fulfill({ json: [] });
    });
    await page.goto('/flamekeeper-clubs');
    await expect(page.getByText('Loading clubs...')).toBeVisible();
    await expect(page.getByText('No clubs registered yet.')).toHaveCount(0);
    release();
    await expect(page.getByText('No clubs registered yet. Be the first to host a FlameKeeper Club in your area!')).toBeVisible();
    await expect(page.getByText('Be the First Club Host!')).toBeVisible();
  });

  test('says so when nothing matches, with search tips', async ({ page }) => {
    await page.goto('/flamekeeper-clubs');
    await expect(page.getByText(/recently registered clubs/)).toBeVisible();
    await page.getByRole('searchbox').fill('Atlantis');
    await page.getByRole('searchbox').press('Enter');
    await expect(page.getByText('No clubs found for "Atlantis". Try searching with full state name or abbreviation.')).toBeVisible();
    await expect(page.getByText('California', { exact: true })).toBeVisible();
  });

  // Issue 30: "Showing 24 recently registered clubs" of 28 verified left four reachable only by search or the map.
  test('shows more of the recent clubs, past the first 24, moving the focus to the first one added', async ({ page }) => {
    await page.goto('/flamekeeper-clubs');
    await expect(page.getByText('Showing 24 recently registered clubs')).toBeVisible();
    const cards = page.getByRole('list', { name: 'Clubs' }).getByRole('listitem');
    await expect(cards).toHaveCount(24);
    await page.getByRole('button', { name: 'Show more clubs' }).click();
    await expect(page.getByText(/^Showing (2[5-9]|[3-9]\d) recently registered clubs$/)).toBeVisible();
    expect(await cards.count()).toBeGreaterThan(24);
    await expect(cards.nth(24).getByRole('link').first()).toBeFocused();
    // Still the recent clubs, not a search: nothing to clear.
    await expect(page.getByRole('button', { name: 'Clear' })).toHaveCount(0);
  });

  // Issue 30: "Springfield" silently meant Springfield, IL.
  test('asks which city a name in several states means, and searches the one chosen', async ({ page }) => {
    await page.goto('/flamekeeper-clubs');
    const input = page.getByRole('searchbox');
    await expect(input).toHaveAccessibleDescription(/a state \(CA or California\), a city .* or a ZIP code/);
    await input.fill('Springfield');
    await input.press('Enter');
    await expect(page.getByText('"Springfield" is in several states. Which one do you mean?')).toBeVisible();
    const choices = page.getByRole('list', { name: 'Places named Springfield' });
    await expect(choices.getByRole('link')).toHaveCount(6);
    await expect(page.getByText('Nearest verified clubs')).toHaveCount(0);
    // A question, not an empty answer: no invitation to host the first club.
    await expect(page.getByText('Be the First Club Host!')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await choices.getByRole('link', { name: 'Springfield, MO' }).click();
    await expect(page).toHaveURL(/\?state=Springfield%2C\+MO#active-heading$/);
    await expect(page.getByText(/Springfield, MO/).first()).toBeVisible();
    await expect(page.getByText('is in several states')).toHaveCount(0);
  });

  test('shows more clubs a page at a time, moving the focus to the first one added', async ({ page }) => {
    const club = (index: number) => ({
      id: 10_000 + index,
      clubName: `Ohio Circle ${index + 1}`,
      hostName: 'Pat Lee',
      city: 'Columbus',
      state: 'OH',
      zipCode: '43004',
      description: null,
      website: null,
      meetingSchedule: null,
      isVerified: true,
      createdAt: '2026-01-01T00:00:00.000Z',
      confirmedAt: '2026-01-01T00:00:00.000Z',
    });
    const pages = {
      '1': Array.from({ length: SEARCH_PAGE_SIZE }, (_, i) => club(i)),
      '2': [club(SEARCH_PAGE_SIZE), club(SEARCH_PAGE_SIZE + 1)],
    };
    await page.route('**/api/clubs/search**', (route) => {
      const pageNumber = new URL(route.request().url()).searchParams.get('page') ?? '1';
      const headers: Record<string, string> =
        pageNumber === '1' ? { link: '</api/clubs/search?state=OH&radius=25&page=2>; rel="next"' } : {};
      return route.fulfill({ json: pages[pageNumber as keyof typeof pages], headers });
    });
    await page.goto('/flamekeeper-clubs');
    await expect(page.getByText(/recently registered clubs/)).toBeVisible();
    await page.getByRole('searchbox').fill('OH');
    await page.getByRole('searchbox').press('Enter');
    await expect(page.getByText(`Found ${SEARCH_PAGE_SIZE} clubs in Ohio`, { exact: true })).toBeVisible();
    await expect(page.getByText(`These are the ${SEARCH_PAGE_SIZE} newest; more clubs meet in this state.`)).toBeVisible();
    const cards = page.getByRole('list', { name: 'Clubs' }).getByRole('listitem');
    await expect(cards).toHaveCount(SEARCH_PAGE_SIZE);

    await page.getByRole('button', { name: 'Show more clubs' }).click();
    await expect(page.getByText(`Found ${SEARCH_PAGE_SIZE + 2} clubs in Ohio`, { exact: true })).toBeVisible();
    await expect(cards).toHaveCount(SEARCH_PAGE_SIZE + 2);
    await expect(page.getByRole('link', { name: new RegExp(`Ohio Circle ${SEARCH_PAGE_SIZE + 1}\\b`) })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Show more clubs' })).toHaveCount(0);
    await expect(page.getByText(/more clubs meet in this state/)).toHaveCount(0);
  });

  test.describe('when a search fails', () => {
    // One pattern: a two-element array would read as a fixture's [value, options].
    test.use({ allowedConsoleErrors: [/Club search failed|status of 500|net::ERR_FAILED/] });

    test('only logs it: the list on screen stays and no message appears', async ({ page }) => {
      await page.goto('/flamekeeper-clubs');
      const showing = page.getByText(/^Showing \d+ recently registered clubs$/);
      await expect(showing).toBeVisible();
      const logged: string[] = [];
      page.on('console', (message) => message.type() === 'error' && logged.push(message.text()));

      await page.route('**/api/clubs/search**', (route) => route.fulfill({ status: 500, body: 'boom' }));
      await page.getByRole('searchbox').fill('CA');
      const answered = page.waitForResponse('**/api/clubs/search**');
      await page.getByRole('searchbox').press('Enter');
      expect((await answered).status()).toBe(500);
      await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeEnabled();
      await expect(showing).toBeVisible();

      await page.unroute('**/api/clubs/search**');
      await page.route('**/api/clubs/search**', (route) => route.abort('failed'));
      await page.getByRole('searchbox').press('Enter');
      await expect.poll(() => logged.some((text) => text.includes('Club search failed'))).toBe(true);
      await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeEnabled();
      await expect(showing).toBeVisible();
      await expect(page.getByText(/^Found |^No clubs found/)).toHaveCount(0);
    });
  });

  test('disables the button and reads Searching... while a search runs', async ({ page }) => {
    const release = await holdRequests(page, '**/api/clubs/search**');
    await page.goto('/flamekeeper-clubs');
    await expect(page.getByText(/recently registered clubs/)).toBeVisible();
    await page.getByRole('searchbox').fill('CA');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const busy = page.getByRole('button', { name: 'Searching...' });
    await expect(busy).toBeDisabled();
    release();
    await expect(page.getByText('Found 4 clubs in California')).toBeVisible();
  });

  test('opens a club in a dialog from the keyboard, with its details and links, and closes with Escape', async ({ page }) => {
    await page.goto('/flamekeeper-clubs?state=CA');
    await expect(page.getByText('Found 4 clubs in California')).toBeVisible();
    const card = page.getByRole('link', { name: /North Park Lantern Society/ });
    await card.focus();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'North Park Lantern Society' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Verified Club')).toBeVisible();
    await expect(dialog.getByText('Grace Kim', { exact: true })).toBeVisible();
    await expect(dialog.getByText(/San Diego, CA \d{5}/)).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'About This Club' })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Connect' })).toBeVisible();
    // The address is asked for only when Contact Host is followed: a redirect to the mailto.
    const mail = dialog.getByRole('link', { name: 'Contact Host' });
    const contactHost = await page.request.get((await mail.getAttribute('href'))!, { maxRedirects: 0 });
    expect(contactHost.status()).toBe(303);
    expect(contactHost.headers().location).toMatch(/^mailto:[^?]+@example\.\w+\?subject=Interest%20in%20North%20Park%20Lantern%20Society$/);
    const website = dialog.getByRole('link', { name: /Visit Website/ });
    await expect(website).toHaveAttribute('target', '_blank');
    await expect(dialog.getByText(/^Registered /)).toBeVisible();
    await expect(page).toHaveURL(/state=CA&club=\d+/);
    await expectNoAxeViolations(page);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(card).toBeFocused();
    await expect(page).toHaveURL(/\?state=CA$/);
  });

  test('shows no Visit Website link for a club without a website', async ({ page }) => {
    await page.goto('/flamekeeper-clubs?state=CA');
    await page.getByRole('link', { name: /Fabulous Forties Fireside/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Fabulous Forties Fireside' });
    await expect(dialog.getByRole('link', { name: 'Contact Host' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: /Visit Website/ })).toHaveCount(0);
  });

  test('keeps searches and open clubs in the address bar: shareable, and Back/Forward restore them', async ({ page }) => {
    await page.goto('/flamekeeper-clubs');
    await expect(page.getByText(/recently registered clubs/)).toBeVisible();
    await page.getByRole('searchbox').fill('Texas');
    await page.getByRole('searchbox').press('Enter');
    await expect(page.getByText('Found 3 clubs in Texas')).toBeVisible();
    await page.getByRole('searchbox').fill('CA');
    await page.getByRole('searchbox').press('Enter');
    await expect(page.getByText('Found 4 clubs in California')).toBeVisible();

    await page.goBack();
    await expect(page.getByText('Found 3 clubs in Texas')).toBeVisible();
    await expect(page.getByRole('searchbox')).toHaveValue('Texas');
    await page.goForward();
    await expect(page.getByText('Found 4 clubs in California')).toBeVisible();

    await page.getByRole('link', { name: /Telegraph Avenue Torchbearers/ }).click();
    const shared = page.url();
    await page.goto('/');
    await page.goto(shared);
    await expect(page.getByRole('dialog', { name: 'Telegraph Avenue Torchbearers' })).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText('Found 4 clubs in California')).toBeVisible();
  });

  // Issue 30 item 22: the dialog gave no address and no directions.
  test("a club's dialog gives its meeting place with directions, or says a private one is shared after you ask to join", async ({
    page,
  }) => {
    await page.goto('/flamekeeper-clubs?state=CA');
    await page.getByRole('link', { name: /Telegraph Avenue Torchbearers/ }).click();
    const place = page.getByRole('dialog', { name: 'Telegraph Avenue Torchbearers' }).locator('[data-meeting-place]');
    await expect(place.locator('dd')).toHaveText(
      'Berkeley Public Library central branch, 2090 Kittredge St, Berkeley, CA 94704 Directions (opens in a new tab)',
    );
    await expect(place.getByRole('link', { name: 'Directions (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=2090%20Kittredge%20St%2C%20Berkeley%2C%20CA%2094704',
    );
    await page.getByRole('button', { name: 'Close' }).click();

    await page.goto('/flamekeeper-clubs?state=NY');
    await page.getByRole('link', { name: /Hudson Highlands Hearthkeepers/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Hudson Highlands Hearthkeepers' });
    await expect(dialog.locator('[data-meeting-place] dd')).toHaveText('shared after you ask to join');
    await expect(dialog.getByText('Orchard')).toHaveCount(0);
  });

  test('keeps what a visitor typed before the page finished loading', async ({ page }) => {
    const release = await holdRequests(page, '**/_astro/ClubDirectory*.js');
    await page.goto('/flamekeeper-clubs', { waitUntil: 'domcontentloaded' });
    await page.getByRole('searchbox').fill('Texas');
    release();
    await expect(page.getByText(/recently registered clubs/)).toBeVisible();
    await expect(page.getByRole('searchbox')).toHaveValue('Texas');
    await page.getByRole('searchbox').press('Enter');
    await expect(page.getByText('Found 3 clubs in Texas')).toBeVisible();
  });

  for (const [width, columns] of [
    [360, 1],
    [800, 2],
    [1280, 3],
  ] as const) {
    test(`lays the cards out in ${columns} column(s) at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/flamekeeper-clubs');
      const cards = page.getByRole('list', { name: 'Clubs' }).getByRole('listitem');
      await expect(cards.first()).toBeVisible();
      const lefts = await cards.evaluateAll((items) => items.slice(0, 6).map((item) => Math.round(item.getBoundingClientRect().left)));
      expect(new Set(lefts).size).toBe(columns);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }

  test('describes the clubs on screen with schema.org JSON-LD', async ({ page }) => {
    await page.goto('/flamekeeper-clubs?state=CA');
    await expect(page.getByText('Found 4 clubs in California')).toBeVisible();
    const json = await page.locator('script[type="application/ld+json"]').textContent();
    const data = JSON.parse(json!) as { '@graph': { '@type': string; name: string; address: { addressRegion: string } }[] };
    expect(data['@graph']).toHaveLength(4);
    expect(data['@graph'].every((o) => o['@type'] === 'Organization' && o.address.addressRegion === 'CA')).toBe(true);
  });
});
