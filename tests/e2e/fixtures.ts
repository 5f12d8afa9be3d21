import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../support/e2e-admin.ts';

/**
 * Every test fails on an unexpected console error or uncaught exception. Tests that provoke an error on purpose
 * (a 404 page, a refused request) list the messages they expect in `allowedConsoleErrors`.
 */
export const test = base.extend<{ allowedConsoleErrors: RegExp[]; consoleGuard: void }>({
  allowedConsoleErrors: [[], { option: true }],
  // A server-rendered button does nothing until its island hydrates; a click that lands earlier is lost. Every
  // navigation therefore waits for the page's islands, as a person waits for the page to finish loading.
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      // A test that asks for less than the load event (to act while the page loads) gets just that.
      const untilLoaded = (options?: { waitUntil?: string }) => (options?.waitUntil ?? 'load') === 'load';
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (untilLoaded(options)) await waitForIslands(page);
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        if (untilLoaded(options)) await waitForIslands(page);
        return response;
      };
    }
    await use(page);
  },
  consoleGuard: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !allowedConsoleErrors.some((re) => re.test(message.text()))) {
          errors.push(message.text());
        }
      });
      page.on('pageerror', (error) => errors.push(error.message));
      // A blocked eval is only reported as a DevTools issue, not on the console.
      const devtools = await page.context().newCDPSession(page);
      devtools.on('Audits.issueAdded', ({ issue }) => {
        const violation = issue.details.contentSecurityPolicyIssueDetails;
        if (violation)
          errors.push(
            `CSP ${violation.contentSecurityPolicyViolationType} (${violation.violatedDirective}) at ${violation.sourceCodeLocation?.url}`,
          );
      });
      await devtools.send('Audits.enable');
      await use();
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Signs the page's browser context in as the e2e admin (the API call sets the session cookies). */
export async function signInAsAdmin(page: Page): Promise<void> {
  const response = await page.request.post('/api/login', {
    data: { emailOrUsername: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(response.status()).toBe(200);
}

const AXE_IMPACTS = ['minor', 'moderate', 'serious', 'critical'] as const;

/** Runs axe on the current page and expects no violations. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

/**
 * What axe finds on the current page, one line a rule; with `atLeast`, only of that impact or worse (the sweep of every
 * page holds them to issue 41's "0 serious").
 */
export async function axeViolations(page: Page, { atLeast = 'minor' }: { atLeast?: (typeof AXE_IMPACTS)[number] } = {}): Promise<string[]> {
  // axe measures colours as drawn: a link still in its 150 ms colour transition (just focused by a dialog that
  // opened) is neither the colour it had nor the one a reader sees. Endless animations (spinners) are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Legacy mode runs axe in the page itself. The default runs it in parts and joins them in a new blank page, for
  // pages with cross-origin frames, which the site has none of: that page doubled the cost of every check (7.2 s
  // against 3.2 s on /admin-clubs, 1.6 s against 0.9 s on the home page, idle machine).
  // Only violations are read: axe still runs every rule, but builds selectors for the nodes of no other result (passes,
  // incomplete, inapplicable), which took a third of a check (1.9 s against 1.0 s on /flamekeeper-clubs).
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const counted = results.violations.filter(({ impact }) => AXE_IMPACTS.indexOf(impact ?? 'critical') >= AXE_IMPACTS.indexOf(atLeast));
  return counted.map((v) => `${v.id} (${v.impact}): ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** The toast area (Radix Toast's viewport, "Notifications (F8)"). */
/** The language switch to `name` ("English", "Español"): in the header from md up, in the footer below it. */
export function languageSwitch(page: Page, name: string) {
  return page.getByRole(page.viewportSize()!.width >= 768 ? 'banner' : 'contentinfo').getByRole('link', { name, exact: true });
}

export function toasts(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

/**
 * Holds the page's requests that match `url` until the returned function is called: a screen that shows a message
 * and then navigates after a short delay stays on screen while a test checks the message, however slow the machine,
 * and a test can act while part of a page is still loading.
 */
export async function holdRequests(page: Page, url: Parameters<Page['route']>[0]): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Waits until every island on the page has hydrated (Astro drops an island's `ssr` attribute once it has). A
 * `client:idle` island hydrates in the browser's first idle period, and Chromium's headless shell sometimes gives a
 * loaded page none until it draws a frame: an island waited 10 s and hydrated the moment the page was asked for an
 * animation frame. A browser on a screen draws at every refresh, so each check asks for a frame. The 120 s are a wait
 * for the page on a busy machine (the API suite runs beside this one), not a claim about its speed.
 */
export async function waitForIslands(page: Page): Promise<void> {
  const nextFrame = () =>
    page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          requestAnimationFrame(() => resolve());
          // A page in the background draws no frame.
          setTimeout(resolve, 100);
        }),
    );
  await expect
    .poll(
      async () => {
        await nextFrame();
        return page.locator('astro-island[ssr]').count();
      },
      { timeout: 120_000 },
    )
    .toBe(0);
}

const toastLogs = new WeakMap<Page, string[]>();
/**
 * Every text the page's toast area shows from now on, reported by the page itself as it renders (across
 * navigations). A toast that a navigation follows 500 ms later cannot be polled for with locators: once the (held)
 * navigation starts they wait for it, and on a busy machine the first poll can come too late.
 */
export async function toastLog(page: Page): Promise<string[]> {
  const existing = toastLogs.get(page);
  if (existing) return existing;
  const log: string[] = [];
  toastLogs.set(page, log);
  await page.exposeFunction('reportToastText', (text: string) => void log.push(text));
  const watch = () => {
    const report = () => {
      const text = document.querySelector('[role="region"][aria-label^="Notifications"]')?.textContent;
      if (text) void (window as unknown as { reportToastText: (text: string) => Promise<void> }).reportToastText(text);
    };
    const start = () => new MutationObserver(report).observe(document.body, { childList: true, subtree: true, characterData: true });
    if (document.body) start();
    else document.addEventListener('DOMContentLoaded', start);
  };
  await page.addInitScript(watch);
  await page.evaluate(watch);
  return log;
}

/**
 * Runs an action the server answers with 401 and checks the spec's way out: the toast, then /api/login after 500 ms,
 * which leads to the sign-in page.
 */
export async function expectLoggedOutThenSignIn(page: Page, action: () => Promise<void>) {
  const releaseSignIn = await holdRequests(page, '**/api/login');
  const shown = await toastLog(page);
  const before = shown.length;
  await action();
  await expect.poll(() => shown.slice(before).join('\n')).toContain('You are logged out. Logging in again...');
  releaseSignIn();
  await expect(page).toHaveURL(/\/login$/);
}
