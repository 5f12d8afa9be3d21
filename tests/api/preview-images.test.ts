import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { clubPagePath } from '#lib/clubs/pages.ts';
import { guidePagePath } from '#lib/guides/types.ts';
import { request, testSql } from '../support/api.ts';
import { insertClub } from '../support/clubs.ts';
import { insertListedGuide } from '../support/guides.ts';

// Issue 30, item 16: club and guide pages had no og:image, twitter:image or image alt. Each now names a preview card
// the server draws at its path + /preview.png, for its public page only.

interface Page {
  id: number;
  name: string;
  path: string;
}

let hearth: Page;
let awkward: Page;
let pending: Page;
let guide: Page & { userId: string };

const club = async (clubName: string, fixture: Parameters<typeof insertClub>[1] = {}): Promise<Page> => {
  const { id } = await insertClub(testSql(), { clubName, ...fixture });
  return { id, name: clubName, path: clubPagePath({ id, clubName }) };
};

beforeAll(async () => {
  hearth = await club('Hearth Circle', {
    city: 'Asheville',
    state: 'NC',
    zipCode: '28801',
    meetings: {
      meetingSlots: [{ weekday: 'tuesday', start: '19:00', durationMinutes: 90 }],
      meetingFormat: 'in-person',
      timeZone: 'America/New_York',
    },
  });
  awkward = await club(`<script>&"' Lantern & Co.`, {
    city: 'Austin',
    state: 'TX',
    zipCode: '78704',
    meetingSchedule: 'Saturdays <10 AM> & "after"',
  });
  pending = await club('Pending Embers', { isVerified: false });
  const listed = await insertListedGuide(testSql(), 'Vera Preview');
  guide = {
    id: listed.publicId,
    name: listed.name,
    userId: listed.userId,
    path: guidePagePath({ id: listed.publicId, name: listed.name }),
  };
});

const preview = (page: { path: string }, headers: Record<string, string> = {}) => request(`${page.path}/preview.png`, { headers });

/** The response as an image: it is a PNG of 1200 × 630 that sharp reads whole. */
async function expectCard(response: Response): Promise<Buffer> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/png');
  expect(response.headers.get('cache-control')).toBe('public, max-age=300');
  expect(response.headers.get('etag')).toMatch(/^W\/"[\w-]+"$/);
  const png = Buffer.from(await response.arrayBuffer());
  const { format, width, height } = await sharp(png).metadata();
  expect({ format, width, height }).toEqual({ format: 'png', width: 1200, height: 630 });
  // Decoding every pixel fails on a truncated or broken image.
  await sharp(png).raw().toBuffer();
  return png;
}

/** The statistics of a region's colour channels (stats() alone would read the whole input). */
async function regionStats(png: Buffer, region: { left: number; top: number; width: number; height: number }) {
  return (await sharp(await sharp(png).extract(region).png().toBuffer()).stats()).channels.slice(0, 3);
}

/** How dark the darkest pixel of the title's area is: the name is drawn in near-black on a cream card. */
async function darkestInTitle(png: Buffer): Promise<number> {
  return Math.min(...(await regionStats(png, { left: 72, top: 140, width: 600, height: 160 })).map((channel) => channel.min));
}

const HTML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };
const unescapeHtml = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => HTML_ENTITIES[name]!);

/** The content of the page's <meta> with this property or name, unescaped; undefined when it has none. */
function meta(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html);
  return match ? unescapeHtml(match[1]!) : undefined;
}

async function pageHead(page: Page): Promise<string> {
  const response = await request(page.path);
  expect(response.status).toBe(200);
  const html = await response.text();
  return html.slice(0, html.indexOf('</head>'));
}

describe("a club's preview image", () => {
  it('is a 1200 × 630 PNG card with the name drawn on it, cached with an ETag', async () => {
    const png = await expectCard(await preview(hearth));
    expect(await darkestInTitle(png)).toBeLessThan(90);
    expect(png.byteLength).toBeLessThan(200_000);
  });

  it('draws a name full of markup as text: the SVG behind it stays well-formed', async () => {
    const png = await expectCard(await preview(awkward));
    expect(await darkestInTitle(png)).toBeLessThan(90);
  });

  it('answers 304 to the same card and a new ETag once the card changes', async () => {
    const first = await preview(hearth);
    const etag = first.headers.get('etag')!;
    const again = await preview(hearth, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await again.text()).toBe('');
    // A list of tags, and the strong form of the same tag, match too (If-None-Match compares weakly).
    expect((await preview(hearth, { 'if-none-match': `"other", ${etag.slice(2)}` })).status).toBe(304);

    await testSql()`update clubs set city = 'Black Mountain' where id = ${hearth.id}`;
    const changed = await preview(hearth, { 'if-none-match': etag });
    await expectCard(changed);
    expect(changed.headers.get('etag')).not.toBe(etag);
    await testSql()`update clubs set city = 'Asheville' where id = ${hearth.id}`;
    expect((await preview(hearth, { 'if-none-match': etag })).status).toBe(304);
  });

  it('is a 404 wherever the page is one: pending, inactive, unknown and malformed clubs', async () => {
    expect((await preview(pending)).status).toBe(404);
    expect((await request(`/flamekeeper-clubs/2000000000-nobody/preview.png`)).status).toBe(404);
    expect((await request(`/flamekeeper-clubs/abc/preview.png`)).status).toBe(404);
    const inactive = await club('Quiet Embers');
    await expectCard(await preview(inactive));
    await testSql()`update clubs set inactive_since = now() where id = ${inactive.id}`;
    expect((await request(inactive.path)).status).toBe(404);
    expect((await preview(inactive)).status).toBe(404);
  });

  it("is named by the page's Open Graph and Twitter tags, with an absolute URL, its size and an alt saying what it shows", async () => {
    const head = await pageHead(hearth);
    const url = meta(head, 'og:image')!;
    expect(url).toMatch(/^https?:\/\//);
    expect(new URL(url).pathname).toBe(`${hearth.path}/preview.png`);
    expect(new URL(url).origin).toBe(new URL(meta(head, 'og:url')!).origin);
    expect(meta(head, 'og:image:type')).toBe('image/png');
    expect(meta(head, 'og:image:width')).toBe('1200');
    expect(meta(head, 'og:image:height')).toBe('630');
    expect(meta(head, 'twitter:card')).toBe('summary_large_image');
    expect(meta(head, 'twitter:image')).toBe(url);
    const alt = meta(head, 'og:image:alt');
    expect(alt).toMatch(/^Hearth Circle — a FlameKeeper Club in Asheville, NC; next session Tuesday, [A-Z][a-z]+ \d{1,2}, 7:00 PM E[SD]T$/);
    expect(meta(head, 'twitter:image:alt')).toBe(alt);
    await expectCard(await request(new URL(url).pathname));
  });

  it("says a club's own schedule where it has no meeting times, and keeps markup in its name as text", async () => {
    const head = await pageHead(awkward);
    expect(meta(head, 'og:image:alt')).toBe(
      `<script>&"' Lantern & Co. — a FlameKeeper Club in Austin, TX; schedule Saturdays <10 AM> & "after"`,
    );
  });
});

describe("a guide's preview image", () => {
  it("is a PNG card of a listed guide, named by the guide's page", async () => {
    const png = await expectCard(await preview(guide));
    expect(await darkestInTitle(png)).toBeLessThan(90);
    const head = await pageHead(guide);
    expect(new URL(meta(head, 'og:image')!).pathname).toBe(`${guide.path}/preview.png`);
    expect(meta(head, 'twitter:image')).toBe(meta(head, 'og:image'));
    expect(meta(head, 'twitter:card')).toBe('summary_large_image');
    expect(meta(head, 'og:image:alt')).toBe('Vera Preview — Certified FlameKeeper Guide for Vermont');
    expect(meta(head, 'twitter:image:alt')).toBe(meta(head, 'og:image:alt'));
  });

  it('shows the photo once the guide has one: a new ETag, and the photo drawn round at the right', async () => {
    const before = await preview(guide);
    const etag = before.headers.get('etag')!;
    const withoutPhoto = await expectCard(before);
    // A plain green square as the photo: the portrait's centre turns from the initials' brown to green.
    const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#1f9d55' } })
      .webp()
      .toBuffer();
    await testSql()`insert into guide_photos (guide_id, image) values (${guide.userId}, ${photo})`;
    const after = await preview(guide, { 'if-none-match': etag });
    const withPhoto = await expectCard(after);
    expect(after.headers.get('etag')).not.toBe(etag);
    const centre = async (png: Buffer) =>
      (await regionStats(png, { left: 955, top: 200, width: 10, height: 10 })).map((channel) => Math.round(channel.mean));
    expect(await centre(withoutPhoto)).toEqual([0x8f, 0x33, 0x14]);
    const [red, green, blue] = await centre(withPhoto);
    expect(green).toBeGreaterThan(red! + 60);
    expect(green).toBeGreaterThan(blue! + 40);
    expect(meta(await pageHead(guide), 'og:image:alt')).toBe('Vera Preview — Certified FlameKeeper Guide for Vermont, with their photo');
  });

  it('is a 404 for a hidden, an unlisted and an unknown guide', async () => {
    const hidden = await insertListedGuide(testSql(), 'Hugo Hidden');
    const hiddenPage = { path: guidePagePath({ id: hidden.publicId, name: hidden.name }) };
    await expectCard(await preview(hiddenPage));
    await testSql()`update guides set profile_hidden = true where user_id = ${hidden.userId}`;
    expect((await preview(hiddenPage)).status).toBe(404);

    const lapsed = await insertListedGuide(testSql(), 'Lena Lapsed');
    await testSql()`update licences set status = 'expired' where guide_id = ${lapsed.userId}`;
    expect((await preview({ path: guidePagePath({ id: lapsed.publicId, name: lapsed.name }) })).status).toBe(404);

    expect((await request('/guides/2000000000-nobody/preview.png')).status).toBe(404);
  });
});
