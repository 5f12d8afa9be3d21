import { describe, expect, it } from 'vitest';
import { listText, previewCardSvg, wrapText, type PreviewCard } from '#server/platform/preview-card.ts';

// The preview cards' text (issue 30, item 16): librsvg neither wraps nor shortens, so the card does.

const card = (overrides: Partial<PreviewCard> = {}): PreviewCard => ({
  title: 'Hearth Circle',
  details: [{ label: 'Where', text: 'Asheville, NC' }],
  kind: 'Verified FlameKeeper Club',
  site: 'flamekeeper.example',
  ...overrides,
});

/** The text of the SVG's <text> elements, unescaped. */
const texts = (svg: string) =>
  [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map(([, text]) =>
    text!.replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name]!),
  );

describe('wrapText', () => {
  it('keeps a short text on one line and wraps a long one at spaces', () => {
    expect(wrapText('Hearth Circle', 1000, 60)).toEqual(['Hearth Circle']);
    const lines = wrapText('The Riverbend Society of Flamekeepers and Lantern Bearers', 600, 60);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe('The Riverbend Society of Flamekeepers and Lantern Bearers');
  });

  it('shortens what does not fit in its lines with an ellipsis, and breaks a word longer than a line', () => {
    const lines = wrapText('word '.repeat(60), 600, 60, 3);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/…$/);
    const long = wrapText('M'.repeat(100), 600, 60);
    expect(long.length).toBeGreaterThan(1);
    expect(long.join('')).toBe('M'.repeat(100));
  });

  it('never splits a character made of two UTF-16 units', () => {
    const lines = wrapText('🔥'.repeat(40), 300, 60);
    expect(lines.join('')).toBe('🔥'.repeat(40));
    for (const line of lines) expect(line).not.toMatch(/[\uD800-\uDBFF]$|^[\uDC00-\uDFFF]/);
  });
});

describe('listText', () => {
  it('joins a list and says how many it leaves out', () => {
    expect(listText(['Vermont', 'Texas'])).toBe('Vermont; Texas');
    expect(listText(['a', 'b', 'c', 'd'], 2)).toBe('a; b; and 2 more');
  });
});

describe('previewCardSvg', () => {
  it('writes names and details as escaped text, with the characters XML cannot carry dropped', () => {
    const svg = previewCardSvg(
      card({ title: `<script>&"' Lantern\u0007`, details: [{ label: 'Schedule', text: '<b>Saturdays</b> & "after"' }] }),
    );
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('<b>');
    expect(svg).not.toContain('\u0007');
    expect(texts(svg)).toEqual(
      expect.arrayContaining([`<script>&"' Lantern`, 'SCHEDULE', '<b>Saturdays</b> & "after"', 'Verified FlameKeeper Club']),
    );
  });

  it('gives a long name smaller type and at most three lines, and a guide’s areas with "and N more"', () => {
    const svg = previewCardSvg(
      card({ title: 'The Extraordinarily Long-Named Riverbend Society of Flamekeepers and Storytellers '.repeat(2) }),
    );
    const title = [...svg.matchAll(/<text [^>]*font-size="(\d+)"[^>]*>([^<]*)<\/text>/g)].filter(([, size]) => Number(size) >= 50);
    expect(title).toHaveLength(3);
    expect(title[2]![2]).toMatch(/…$/);

    const areas = Array.from({ length: 40 }, (_, index) => `${78700 + index} · Austin, TX`);
    const guide = previewCardSvg(
      card({ title: 'Maya Lopez', details: [{ label: 'Areas', text: areas, maxLines: 3 }], portrait: { initials: 'ML', photo: null } }),
    );
    const shown = texts(guide).filter((text) => /\d{5}|more/.test(text));
    expect(shown.length).toBeLessThanOrEqual(3);
    expect(shown.at(-1)).toMatch(/and\u00a0\d+\u00a0more$/);
  });

  it('changes with every word it shows', () => {
    expect(previewCardSvg(card())).toBe(previewCardSvg(card()));
    expect(previewCardSvg(card({ details: [{ label: 'Where', text: 'Black Mountain, NC' }] }))).not.toBe(previewCardSvg(card()));
  });
});
