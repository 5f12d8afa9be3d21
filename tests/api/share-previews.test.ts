import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { clubPagePath } from '#lib/clubs/pages.ts';
import { guidePagePath } from '#lib/guides/types.ts';
import { request, testSql } from '../support/api.ts';
import { insertClub } from '../support/clubs.ts';
import { insertListedGuide } from '../support/guides.ts';

// Issue 41, item 14: the home page, the directory, /become-guide, /faq, /guides and the other public pages had no
// og:image. Every page now names a 1200 × 630 card: the site's (/preview.png, drawn at build time), or its own.

const SITE_PAGES = [
  '/',
  '/flamekeeper-clubs',
  '/become-guide',
  '/faq',
  '/guides',
  '/how-it-works',
  '/club-schedule',
  '/contact-us',
  '/area-search',
  '/privacy-terms',
  '/wanted/vt',
];

let clubPath: string;
let guidePath: string;

beforeAll(async () => {
  const { id } = await insertClub(testSql(), { clubName: 'Share Card Circle', city: 'Burlington', state: 'VT', zipCode: '05401' });
  clubPath = clubPagePath({ id, clubName: 'Share Card Circle' });
  const guide = await insertListedGuide(testSql(), 'Sasha Sharewell');
  guidePath = guidePagePath({ id: guide.publicId, name: guide.name });
});

/** The content of the page's <meta> whose property or name is `key`, each time it appears. */
const metas = (html: string, key: string) =>
  [...html.matchAll(new RegExp(`<meta (?:property|name)="${key.replace(/:/g, '\\:')}" content="([^"]*)"`, 'g'))].map((m) => m[1]!);

/** The page's preview tags, after checking each appears once; and that the image they name is a 1200 × 630 PNG. */
async function previewOf(path: string): Promise<{ image: URL; alt: string }> {
  const response = await request(path);
  expect(response.status, path).toBe(200);
  const html = await response.text();
  const one = (key: string) => {
    const values = metas(html, key);
    expect(values, `${path}: ${key}`).toHaveLength(1);
    return values[0]!;
  };
  expect(one('twitter:card')).toBe('summary_large_image');
  expect([one('og:image:width'), one('og:image:height'), one('og:image:type')]).toEqual(['1200', '630', 'image/png']);
  const image = new URL(one('og:image'));
  expect(one('twitter:image')).toBe(image.href);
  const alt = one('og:image:alt');
  expect(alt.length, `${path}: the image's alt`).toBeGreaterThan(20);
  expect(one('twitter:image:alt')).toBe(alt);

  const png = await request(image.pathname);
  expect(png.status, image.pathname).toBe(200);
  expect(png.headers.get('content-type')).toBe('image/png');
  const bytes = Buffer.from(await png.arrayBuffer());
  const { format, width, height } = await sharp(bytes).metadata();
  expect({ format, width, height }).toEqual({ format: 'png', width: 1200, height: 630 });
  return { image, alt };
}

describe('share previews', () => {
  it.each(SITE_PAGES)('%s names the site’s 1200 × 630 card, with the large Twitter card', async (path) => {
    const { image, alt } = await previewOf(path);
    expect(image.pathname).toBe('/preview.png');
    expect(alt).toBe('FlameKeeper Clubs — join a small, welcoming reading circle near you, led by a verified host');
  });

  it('keeps a club’s and a guide’s own card', async () => {
    expect((await previewOf(clubPath)).image.pathname).toBe(`${clubPath}/preview.png`);
    expect((await previewOf(guidePath)).image.pathname).toBe(`${guidePath}/preview.png`);
  });

  it('draws the site’s card in the site’s colours: cream paper, the dark flame band at its foot, dark title text', async () => {
    const png = Buffer.from(await (await request('/preview.png')).arrayBuffer());
    const mean = async (region: { left: number; top: number; width: number; height: number }) =>
      (await sharp(await sharp(png).extract(region).png().toBuffer()).stats()).channels.slice(0, 3).map((c) => Math.round(c.mean));
    // The band is flame-800 (#8f3314); the paper flame-50 (#fff8ed), left of the title.
    expect(await mean({ left: 0, top: 600, width: 40, height: 30 })).toEqual([0x8f, 0x33, 0x14]);
    expect(await mean({ left: 0, top: 300, width: 40, height: 40 })).toEqual([0xff, 0xf8, 0xed]);
    const title = (await sharp(await sharp(png).extract({ left: 72, top: 140, width: 600, height: 160 }).png().toBuffer()).stats())
      .channels;
    expect(Math.min(...title.slice(0, 3).map((c) => c.min))).toBeLessThan(80);
  });
});
