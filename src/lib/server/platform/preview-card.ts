import sharp from 'sharp';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from '#lib/shared/preview-images.ts';
import { escapeXml } from '#server/platform/xml.ts';

// The preview cards of clubs' and guides' pages (issue 30): an SVG written here and drawn to a PNG by sharp (librsvg),
// in the site's colours. librsvg neither wraps nor shortens text, so lines are measured here with a table of glyph
// widths taken from DejaVu Serif Bold, the widest of the fonts the card may fall back to: with Georgia or Liberation a
// line comes out shorter than measured, never longer.

/** One fact under the name: a small label, then its text. */
export interface PreviewDetail {
  label: string;
  /** A text, or a list joined by "; " and cut short with "; and N more" where the card has no room for all of it. */
  text: string | readonly string[];
  /** The lines the text may take: 1 unless told. */
  maxLines?: number;
}

export interface PreviewCard {
  /** The club's or guide's name, large; wrapped, smaller when long, and shortened with "…" past three lines. */
  title: string;
  details: readonly PreviewDetail[];
  /** What the card is about, in the band at its foot ("Verified FlameKeeper Club"). */
  kind: string;
  /** The site's host, at the band's right end. */
  site: string;
  /** A round picture at the right: the person's initials, under their photo when they have one. */
  portrait?: {
    initials: string;
    /** The photo's address, which changes with it; null without a photo. */
    photo: string | null;
  };
}

const SERIF = "Georgia, 'DejaVu Serif', 'Liberation Serif', 'Noto Serif', serif";
const SANS = "'DejaVu Sans', 'Liberation Sans', Arial, 'Noto Sans', sans-serif";
const COLOURS = {
  paper: '#fff8ed', // flame-50
  flame100: '#ffefd4',
  flame200: '#ffdba8',
  flame500: '#f2711c',
  flame700: '#b4400f',
  flame800: '#8f3314',
  ink: '#2a1a12', // ember-900
};
/** The flame of the site's logo (src/components/icons/FlameLogo.astro), on its 32-unit square. */
const FLAME_OUTER = 'M16 5c1 4.5 6.5 6.8 6.5 12.6A6.5 6.5 0 0 1 9.5 17.6c0-3 1.6-4.8 3.2-6.3-.2 2.3.6 3.8 2.1 4.5C14.6 12 15 8.5 16 5Z';
const FLAME_INNER = 'M16 14.5c.6 2.4 3.2 3.3 3.2 6.1a3.2 3.2 0 0 1-6.4 0c0-1.7.9-2.8 1.8-3.6.1 1 .5 1.6 1 1.9-.3-1.7-.1-3.1.4-4.4Z';

const LEFT = 72;
const RIGHT = PREVIEW_WIDTH - LEFT;
const BAND_TOP = 566;
/** The last baseline a detail's text may sit on, clear of the band. */
const CONTENT_BOTTOM = 540;
const PORTRAIT = { cx: 960, cy: 300, r: 150 };
/** The title's sizes, largest first, and the lines each may take. */
const TITLE_SIZES = [
  { size: 68, lines: 2 },
  { size: 58, lines: 3 },
  { size: 50, lines: 3 },
];
const LABEL_SIZE = 20;
const TEXT_SIZE = 32;
const TEXT_LINE = 42;

/** Advance widths in em, by glyph: DejaVu Serif Bold's, rounded up into a few classes. */
const EM_CLASSES: [string, number][] = [
  [" \u00a0'.,:;|!ijl/\\", 0.38],
  ['ft()[]IJ-r`', 0.53],
  ['szvyxc?*"_e', 0.65],
  ['CRBGDKOQUNHw&#+<=>^~', 0.92],
  ['mMW@%', 1.12],
];
const EM_WIDTH = new Map(EM_CLASSES.flatMap(([glyphs, width]) => [...glyphs].map((glyph) => [glyph, width] as const)));
/** Other printable ASCII (most letters, digits), and anything beyond ASCII, which may be a wide glyph. */
const ASCII_WIDTH = 0.76;
const OTHER_WIDTH = 1;

const measure = (text: string, size: number): number =>
  [...text].reduce((sum, glyph) => sum + (EM_WIDTH.get(glyph) ?? (glyph <= '~' ? ASCII_WIDTH : OTHER_WIDTH)), 0) * size;

/**
 * The text in lines of at most `width` px at `size`, word by word (a word longer than a line is broken), at most
 * `maxLines` of them: the last ends with "…" when the text does not fit.
 */
export function wrapText(text: string, width: number, size: number, maxLines = Infinity): string[] {
  const lines: string[] = [];
  let line = '';
  // A no-break space joins words that stay on one line.
  for (const word of text.trim().split(/[ \t\n]+/)) {
    const joined = line ? `${line} ${word}` : word;
    if (measure(joined, size) <= width) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (measure(line, size) > width) {
      const glyphs = [...line];
      let fits = 1;
      while (measure(glyphs.slice(0, fits + 1).join(''), size) <= width) fits += 1;
      lines.push(glyphs.slice(0, fits).join(''));
      line = glyphs.slice(fits).join('');
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = [...`${kept[maxLines - 1]} ${lines[maxLines]}`];
  while (last.length > 0 && measure(`${last.join('').trimEnd()}…`, size) > width) last = last.slice(0, -1);
  kept[maxLines - 1] = `${last
    .join('')
    .trimEnd()
    .replace(/[;,:·—-]$/, '')}…`;
  return kept;
}

/** "a; b; c" or, with more than `shown`, "a; b; and 3 more". */
export function listText(items: readonly string[], shown = items.length): string {
  const rest = items.length - shown;
  return [...items.slice(0, shown), ...(rest > 0 ? [`and ${rest} more`] : [])].join('; ');
}

/** A list in `maxLines` lines: as many items as fit, each kept on one line where it can be, then "and N more". */
function wrapList(items: readonly string[], width: number, size: number, maxLines: number): string[] {
  const unbroken = items.map((item) => item.replace(/ /g, '\u00a0'));
  const text = (shown: number) => listText(unbroken, shown).replace(/and (\d+) more$/, 'and\u00a0$1\u00a0more');
  for (let shown = items.length; shown > 1; shown -= 1) {
    const lines = wrapText(text(shown), width, size);
    if (lines.length <= maxLines) return lines;
  }
  return wrapText(text(Math.min(1, items.length)), width, size, maxLines);
}

const textElement = (x: number, y: number, attributes: string, content: string) =>
  `<text x="${x}" y="${Math.round(y)}" ${attributes}>${escapeXml(content)}</text>`;

/** The card as an SVG of PREVIEW_WIDTH × PREVIEW_HEIGHT; the same card always gives the same text. */
export function previewCardSvg(card: PreviewCard): string {
  const right = card.portrait ? PORTRAIT.cx - PORTRAIT.r - 56 : RIGHT;
  const width = right - LEFT;
  const parts: string[] = [
    `<rect width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" fill="${COLOURS.paper}"/>`,
    `<g transform="translate(${LEFT} 44) scale(2)"><circle cx="16" cy="16" r="16" fill="${COLOURS.flame800}"/>` +
      `<path d="${FLAME_OUTER}" fill="${COLOURS.flame200}"/><path d="${FLAME_INNER}" fill="${COLOURS.flame500}"/></g>`,
    textElement(LEFT + 80, 88, `font-family="${SERIF}" font-weight="700" font-size="30" fill="${COLOURS.ink}"`, 'FlameKeeper Clubs'),
  ];

  if (card.portrait) {
    const { cx, cy, r } = PORTRAIT;
    parts.push(
      `<circle cx="${cx}" cy="${cy}" r="${r + 12}" fill="${COLOURS.flame200}"/>`,
      `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${COLOURS.flame800}"/>`,
      `<text x="${cx}" y="${cy + 42}" text-anchor="middle" font-family="${SERIF}" font-weight="700" font-size="120" fill="${COLOURS.flame200}">${escapeXml(card.portrait.initials)}</text>`,
    );
  } else {
    // The logo's flame, large and faint behind the right of the card.
    parts.push(
      `<g transform="translate(633 -10) scale(22)"><path d="${FLAME_OUTER}" fill="${COLOURS.flame100}"/>` +
        `<path d="${FLAME_INNER}" fill="${COLOURS.flame200}" opacity="0.6"/></g>`,
    );
  }

  const fitting = TITLE_SIZES.find(({ size, lines }) => wrapText(card.title, width, size).length <= lines);
  const title = fitting ?? TITLE_SIZES.at(-1)!;
  const titleLines = wrapText(card.title, width, title.size, title.lines);
  let y = 140;
  for (const [index, line] of titleLines.entries()) {
    y = 140 + title.size + index * title.size * 1.15;
    parts.push(textElement(LEFT, y, `font-family="${SERIF}" font-weight="700" font-size="${title.size}" fill="${COLOURS.ink}"`, line));
  }

  for (const detail of card.details) {
    const labelY = y + 58;
    const room = Math.floor((CONTENT_BOTTOM - labelY) / TEXT_LINE);
    const maxLines = Math.min(detail.maxLines ?? 1, room);
    if (maxLines < 1) break;
    const lines =
      typeof detail.text === 'string'
        ? wrapText(detail.text, width, TEXT_SIZE, maxLines)
        : wrapList(detail.text, width, TEXT_SIZE, maxLines);
    parts.push(
      textElement(
        LEFT,
        labelY,
        `font-family="${SANS}" font-weight="700" font-size="${LABEL_SIZE}" letter-spacing="2" fill="${COLOURS.flame700}"`,
        detail.label.toUpperCase(),
      ),
    );
    for (const [index, line] of lines.entries()) {
      y = labelY + TEXT_LINE * (index + 1);
      parts.push(textElement(LEFT, y, `font-family="${SANS}" font-size="${TEXT_SIZE}" fill="${COLOURS.ink}"`, line));
    }
  }

  parts.push(
    `<rect y="${BAND_TOP}" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT - BAND_TOP}" fill="${COLOURS.flame800}"/>`,
    textElement(LEFT, 607, `font-family="${SANS}" font-weight="700" font-size="24" fill="#ffffff"`, card.kind),
    textElement(RIGHT, 607, `text-anchor="end" font-family="${SANS}" font-size="24" fill="${COLOURS.flame200}"`, card.site),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" viewBox="0 0 ${PREVIEW_WIDTH} ${PREVIEW_HEIGHT}">${parts.join('')}</svg>`;
}

/** The card's SVG as a PNG, with `photo` (any image sharp reads) cut round over the portrait's initials. */
export async function renderPreviewCard(svg: string, photo: Buffer | null): Promise<Buffer> {
  const image = sharp(Buffer.from(svg));
  if (photo) {
    const { cx, cy, r } = PORTRAIT;
    const side = 2 * r;
    const mask = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"><circle cx="${r}" cy="${r}" r="${r}"/></svg>`,
    );
    const round = await sharp(photo)
      .resize(side, side, { fit: 'cover' })
      .composite([{ input: mask, blend: 'dest-in' }])
      .png()
      .toBuffer();
    image.composite([{ input: round, left: cx - r, top: cy - r }]);
  }
  return image.png().toBuffer();
}
