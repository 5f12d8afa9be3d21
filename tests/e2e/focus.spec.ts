import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

interface Focused {
  /** The element's tag and accessible text, to name it in a failure. */
  name: string;
  outlineStyle: string;
  outlineWidth: string;
  outlineColor: string;
  boxShadow: string;
}

/** The focused element and the styles that could mark it: its outline, or a ring drawn as a box shadow. */
function focused(page: Page): Promise<(Focused & { key: number }) | null> {
  return page.evaluate(async () => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    // Buttons fade their colours, the outline's included: read the style they settle on.
    await Promise.all(element.getAnimations().map((animation) => animation.finished));
    const style = getComputedStyle(element);
    const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    const label = element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`)?.textContent : null;
    return {
      key: [...document.querySelectorAll('*')].indexOf(element),
      name: `${element.tagName.toLowerCase()} "${label ?? text}"`,
      outlineStyle: style.outlineStyle,
      outlineWidth: style.outlineWidth,
      outlineColor: style.outlineColor,
      boxShadow: style.boxShadow,
    };
  });
}

/** An opaque rgb() colour's contrast with white (WCAG), or null for a translucent or unparsed one. */
function contrastWithWhite(color: string): number | null {
  const match = /^rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)$/.exec(color.trim());
  if (!match || (match[4] !== undefined && Number(match[4]) < 1)) return null;
  const [r, g, b] = match.slice(1, 4).map((channel) => {
    const c = Number(channel) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05);
}

/** The rings in a computed box-shadow: layers with no offset or blur and a spread of at least 1 px, with their colour. */
function rings(boxShadow: string): string[] {
  if (boxShadow === 'none') return [];
  // Layers are separated by commas outside the colour's parentheses.
  const layers = boxShadow.split(/,(?![^(]*\))/);
  return layers.flatMap((layer) => {
    const match = /^\s*(rgba?\([^)]*\))\s+(-?[\d.]+)px\s+(-?[\d.]+)px\s+([\d.]+)px\s+([\d.]+)px\s*$/.exec(layer);
    if (!match) return [];
    const [, color, x, y, blur, spread] = match;
    return Number(x) === 0 && Number(y) === 0 && Number(blur) === 0 && Number(spread) >= 1 ? [color!] : [];
  });
}

/** Why the focused element's indicator is not clearly visible, or null when it is (WCAG 2.4.7 and 1.4.11: 3:1). */
function invisibleBecause(element: Focused): string | null {
  const outlineShown = element.outlineStyle !== 'none' && parseFloat(element.outlineWidth) >= 1;
  const outlineContrast = outlineShown ? contrastWithWhite(element.outlineColor) : null;
  if (outlineContrast !== null && outlineContrast >= 3) return null;
  const ringContrast = Math.max(0, ...rings(element.boxShadow).map((color) => contrastWithWhite(color) ?? 0));
  if (ringContrast >= 3) return null;
  return `${element.name}: outline ${element.outlineStyle} ${element.outlineWidth} ${element.outlineColor}, box-shadow ${element.boxShadow}`;
}

/** Tabs from the top of the page until focus comes round again, returning every element it stopped on. */
async function tabThrough(page: Page): Promise<Focused[]> {
  const seen = new Set<number>();
  const stops: Focused[] = [];
  for (let presses = 0; presses < 200; presses++) {
    await page.keyboard.press('Tab');
    const element = await focused(page);
    if (element === null || seen.has(element.key)) return stops;
    seen.add(element.key);
    stops.push(element);
  }
  throw new Error('focus never left the page or came round again after 200 presses of Tab');
}

test.describe('keyboard focus', () => {
  for (const { path, expected } of [
    { path: '/', expected: ['a "Skip to content"', 'a "Find Clubs"', 'a "View Reading Schedule"', 'a "Contact Us"'] },
    {
      path: '/contact-us',
      expected: [
        'input "Your Name"',
        'select "Reason for Contact"',
        'textarea "Message"',
        'button "Send Message"',
        'a "Read our privacy policy"',
      ],
    },
  ]) {
    test(`every element Tab reaches on ${path} shows a clearly visible focus indicator`, async ({ page }) => {
      await page.goto(path);
      const stops = await tabThrough(page);
      expect(stops.map((stop) => stop.name)).toEqual(expect.arrayContaining(expected));
      expect(stops.map(invisibleBecause).filter((reason) => reason !== null)).toEqual([]);
    });
  }
});
