import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test, toasts } from './fixtures.ts';

const pages = [
  {
    path: '/',
    h1: 'Join a Flamekeeper Club',
    texts: [
      'Find Clubs',
      'View Schedule',
      'Community Connection',
      'Structured Journey',
      'Verified Hosts',
      'Browse Clubs',
      'View Reading Schedule',
    ],
  },
  {
    path: '/how-it-works',
    h1: 'How It Works',
    texts: [
      'Find Your Club',
      'Connect & Join',
      'Begin Reading',
      'Transform & Grow',
      'Awakening',
      'Reflection',
      'Clarity',
      'Integration',
      'Expression',
      'Connection',
      'Service',
      'Becoming',
      'Required Materials',
      "Coach's Guide",
      'Foundation Primer',
      'Participant Workbook',
    ],
  },
  {
    path: '/club-schedule',
    h1: 'Club Schedule',
    texts: [
      'Starlight Bond',
      'Nexus Awakened',
      'Eternal Flame',
      "Flamekeeper's Mirror",
      'Threads of the Real',
      "Spiral Keeper's Book",
      'about 120 pages',
    ],
  },
  {
    path: '/become-guide',
    h1: 'Become a FlameKeeper Guide',
    texts: [
      'Shared Licence',
      'Exclusive Licence',
      'Most Popular',
      '250,000+',
      'Bulk Licensing',
      '$79–$399/yr',
      '5x',
      '200x',
      '$79–$129',
      '$99–$199',
      '$199–$399',
    ],
  },
  {
    path: '/faq',
    h1: 'Frequently Asked Questions',
    texts: [
      'Getting Started',
      'Pricing & Payments',
      'For Coaches',
      'Territory & Licensing',
      'Privacy & Security',
      'Still Have Questions?',
      'Contact Support',
      'Schedule a Call',
    ],
  },
  {
    path: '/privacy-terms',
    h1: 'Privacy Policy & Terms of Service',
    texts: ['Effective January 1, 2024', 'Privacy Policy', 'Terms of Service', 'hello@flamekeeperclubs.com'],
  },
  {
    path: '/contact-us',
    h1: 'Contact Us',
    texts: ['Send a Message', 'Contact Information', 'Response Times', 'Within 2 hours', 'Within 24 hours', 'Same day', 'Your Privacy'],
  },
];

test.describe('content pages', () => {
  for (const { path, h1, texts } of pages) {
    test(`${path} shows its content, head metadata and no accessibility violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
      expect(await page.locator('h1').count()).toBe(1);
      for (const text of texts) await expect(page.getByText(text, { exact: false }).first(), text).toBeVisible();
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path === '/' ? '/$' : `${path}$`}`));
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /FlameKeeper Clubs/);
      await expectNoAxeViolations(page);
    });
  }

  test('every page has its own title', async ({ page }) => {
    const titles = new Set<string>();
    for (const { path } of pages) {
      await page.goto(path);
      titles.add(await page.title());
    }
    expect(titles.size).toBe(pages.length);
  });

  for (const width of [360, 768, 1280]) {
    test(`no page scrolls sideways at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const { path } of pages) {
        await page.goto(path);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
    });
  }

  test('external purchase links open in a new tab without an opener', async ({ page }) => {
    await page.goto('/club-schedule');
    const links = page.locator('a[href^="https://store."]');
    await expect(links).toHaveCount(3);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
  });

  test('the guide page links to area search', async ({ page }) => {
    await page.goto('/become-guide');
    await expect(page.getByRole('link', { name: 'Search & Reserve Your Area' }).first()).toHaveAttribute('href', '/area-search');
  });

  test("the home page's buttons lead to the directory and the reading schedule", async ({ page }) => {
    await page.goto('/');
    const main = page.getByRole('main');
    for (const [name, href] of [
      ['Find Clubs', '/flamekeeper-clubs'],
      ['View Schedule', '/club-schedule'],
      ['Browse Clubs', '/flamekeeper-clubs'],
      ['View Reading Schedule', '/club-schedule'],
    ]) {
      await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
  });

  test('only the tier 3 card is badged Most Popular', async ({ page }) => {
    await page.goto('/become-guide');
    const cards = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: /^Tier \d$/ }) });
    await expect(cards).toHaveCount(5);
    const tier3 = cards.filter({ has: page.getByRole('heading', { name: 'Tier 3', exact: true }) });
    await expect(tier3.getByText('Most Popular', { exact: true })).toBeVisible();
    await expect(page.getByText('Most Popular', { exact: true })).toHaveCount(1);
  });

  test('the FAQ has exactly its five categories, then the Still Have Questions? block', async ({ page }) => {
    const categories = ['Getting Started', 'Pricing & Payments', 'For Coaches', 'Territory & Licensing', 'Privacy & Security'];
    await page.goto('/faq');
    await expect(page.getByRole('navigation', { name: 'FAQ categories' }).getByRole('link')).toHaveText(categories);
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([...categories, 'Still Have Questions?']);
    await expect(page.getByRole('link', { name: 'Contact Support', exact: true })).toHaveAttribute('href', '/contact-us');
    await expect(page.getByRole('link', { name: 'Schedule a Call', exact: true })).toHaveAttribute('href', 'tel:+18283014410');
    // The block says what its buttons do (issue 31): Schedule a Call phones the team.
    await expect(page.getByText('Schedule a Call rings our team on (828) 301-4410 during office hours')).toBeVisible();
  });
});

test.describe('FAQ without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('questions open and close with the keyboard', async ({ page }) => {
    await page.goto('/faq');
    const first = page.locator('details').first();
    await expect(first).not.toHaveAttribute('open');
    await first.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('open', '');
    await expect(first.locator('p')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(first).not.toHaveAttribute('open');
  });
});

test.describe('contact form', () => {
  test('shows the field messages for bad input and sends nothing', async ({ page }) => {
    let posted = false;
    page.on('request', (r) => r.url().includes('/api/contact-requests') && (posted = true));
    await page.goto('/contact-us');
    await page.getByLabel('Your Name').fill('J');
    await page.getByLabel('Email Address').fill('not-an-email');
    await page.getByLabel('Phone Number').fill('123');
    await page.getByLabel('Message', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Send Message' }).click();
    for (const message of [
      'Name must be at least 2 characters',
      'Please enter a valid email address',
      'Please enter a valid phone number',
      'Coach name is required',
      'Message must be at least 10 characters',
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await expect(page.getByLabel('Your Name')).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toBe(false);
  });

  test('sends a good message, confirms it and resets the form', async ({ page }) => {
    await page.goto('/contact-us');
    await expect(page.getByLabel('Reason for Contact')).toHaveValue('schedule');
    await fillContactForm(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(toasts(page).getByText('Message Sent Successfully')).toBeVisible();
    await expect(page.getByLabel('Your Name')).toHaveValue('');
    await expect(page.getByLabel('Reason for Contact')).toHaveValue('schedule');
    await expectNoAxeViolations(page);
  });
});

test.describe('toasts', () => {
  for (const width of [360, 600, 1280]) {
    test(`the toast area is full width up to 420 px and no wider, at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/contact-us');
      const area = await toasts(page).getByRole('list').boundingBox();
      expect(area?.width).toBe(Math.min(width, 420));
    });
  }
});

/** Fills the contact form with a good message, asking a question. */
async function fillContactForm(page: Page) {
  await page.getByLabel('Your Name').fill('Jordan Ellis');
  await page.getByLabel('Email Address').fill('jordan.ellis@example.com');
  await page.getByLabel('Phone Number').fill('(828) 555-0199');
  await page.getByRole('combobox', { name: 'Coach Name' }).fill('Maria Lopez');
  await page.getByLabel('Reason for Contact').selectOption('question');
  await page.getByLabel('Message', { exact: true }).fill('I would like to join the Tuesday circle in Asheville.');
}

test.describe('contact form when the server fails', () => {
  test.use({ allowedConsoleErrors: [/status of (503|429)/] });

  for (const [status, body] of [
    [503, 'Service Unavailable'],
    [429, JSON.stringify({ error: { message: 'Too many messages. Please try again later.' } })],
  ] as const) {
    test(`says the message could not be sent, in the spec's words, and keeps what was typed (${status})`, async ({ page }) => {
      await page.route('**/api/contact-requests', (route) => route.fulfill({ status, body }));
      await page.goto('/contact-us');
      await fillContactForm(page);
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(toasts(page).getByText('Error Sending Message')).toBeVisible();
      await expect(toasts(page).getByText('There was an issue sending your message. Please try again.')).toBeVisible();
      await expect(toasts(page).getByText('Too many messages')).toHaveCount(0);
      await expect(page.getByLabel('Your Name')).toHaveValue('Jordan Ellis');
    });
  }
});
