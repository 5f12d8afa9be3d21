import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { GUIDE_PHOTO_BROWSER_MAX_SIDE, GUIDE_PHOTO_MAX_BYTES } from '#lib/schemas/guides.ts';
import { E2E_ADMIN } from '../support/e2e-admin.ts';
import { expect, expectNoAxeViolations, test, toasts } from './fixtures.ts';
import { confirmationPathFor } from './hosts.ts';

// "Your public profile" on /my-licences: a new guide (not certified, no licence) edits the profile, sees the preview
// follow the unsaved values, uploads a photo and saves; the card passes axe on a wide and a narrow screen.

/** A new guide account, signed in in the page's browser context, its email confirmed (photos need it) unless told. */
async function signInNewGuide(page: Page, phone = '(512) 555-0142', { confirmed = true } = {}) {
  const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `profile.${unique}@example.com`;
  const response = await page.request.post('/api/guides/register', {
    data: { name: 'Jordan Ember', email, password: 'kindling-42', confirmPassword: 'kindling-42', phone },
  });
  expect(response.status(), await response.text()).toBe(201);
  if (!confirmed) return;
  // Registration emails the link.
  const token = new URL(await confirmationPathFor(email), 'http://x').searchParams.get('token');
  expect((await page.request.post('/api/auth/confirm-email', { data: { token } })).status()).toBe(200);
}

const card = (page: Page) => page.getByRole('region', { name: 'Your public profile' });
const preview = (page: Page) => card(page).getByRole('region', { name: 'Preview' });

/** The uploaded photo is shown in the preview, as the server's 400 px re-encoding, and can be replaced. */
async function expectPhotoShown(page: Page) {
  await expect(preview(page).locator('img')).toHaveAttribute('src', /^\/api\/guides\/\d+\/photo\?v=\d+$/);
  await expect
    .poll(() =>
      preview(page)
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBe(400);
  await expect(card(page).getByRole('button', { name: 'Replace photo' })).toBeVisible();
}

for (const width of [1280, 375]) {
  test(`a guide edits their public profile and sees the preview follow, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInNewGuide(page);
    await page.goto('/my-licences');
    await expect(card(page).getByLabel('Display name')).toHaveValue('Jordan Ember');
    await expect(preview(page).getByRole('heading', { level: 3, name: 'Jordan Ember' })).toBeVisible();
    await expect(preview(page).getByText('Not certified yet', { exact: true })).toBeVisible();
    await expect(preview(page).getByText(/records your certification when you complete it/)).toBeVisible();
    await expect(preview(page).getByText(/You hold no active licence/)).toBeVisible();

    await card(page).getByLabel('Display name').fill('Maya Lopez');
    await card(page).getByLabel('About you').fill('I guide small circles through the eight weeks.');
    await expect(card(page).getByText('46 of 1000 characters')).toBeVisible();
    await card(page).getByLabel('Languages you guide in').fill('English, Spanish');
    await card(page).getByRole('radio', { name: 'Online', exact: true }).check();
    await card(page).getByRole('checkbox', { name: 'Show my phone number' }).check();
    await expect(card(page).getByText('You have unsaved changes.')).toBeVisible();
    await expect(preview(page).getByRole('heading', { level: 3, name: 'Maya Lopez' })).toBeVisible();
    await expect(preview(page).getByText('Guides in English, Spanish')).toBeVisible();
    await expect(preview(page).getByText('Meets online')).toBeVisible();
    await expect(preview(page).getByRole('link', { name: '(512) 555-0142' })).toBeVisible();
    await expect(preview(page).getByText('I guide small circles through the eight weeks.')).toBeVisible();

    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#d9560f' } })
      .jpeg()
      .toBuffer();
    await card(page).locator('input[type=file]').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(toasts(page).getByText('Photo updated')).toBeVisible();
    await expectPhotoShown(page);

    await card(page).getByRole('button', { name: 'Save profile' }).click();
    await expect(toasts(page).getByText('Profile saved')).toBeVisible();
    await expect(card(page).getByText('You have unsaved changes.')).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.reload();
    await expect(card(page).getByLabel('Languages you guide in')).toHaveValue('English, Spanish');
    await expect(card(page).getByRole('radio', { name: 'Online', exact: true })).toBeChecked();
    await expect(page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).resolves.toBe(0);
  });
}

test('refuses a bio over 1,000 characters and a file that is no photo, saying why', async ({ page }) => {
  await signInNewGuide(page, '', { confirmed: false });
  await page.goto('/my-licences');
  await expect(card(page).getByText('Your account has no phone number, so there is none to show.')).toBeVisible();
  await expect(card(page).getByRole('checkbox', { name: 'Show my phone number' })).toBeDisabled();

  await card(page).getByLabel('About you').fill('x'.repeat(1001));
  await expect(card(page).getByText('1001 of 1000 characters')).toBeVisible();
  await card(page).getByLabel('Languages you guide in').fill('');
  await card(page).getByRole('button', { name: 'Save profile' }).click();
  await expect(card(page).getByText('Bio must be at most 1000 characters')).toBeVisible();
  await expect(card(page).getByText('Name at least one language')).toBeVisible();
  await expect(card(page).getByLabel('About you')).toBeFocused();

  await card(page)
    .locator('input[type=file]')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
  await expect(card(page).getByRole('alert').filter({ hasText: 'Choose a JPEG, PNG or WebP image' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a 10 MB phone photo is made smaller in the browser, sent as a JPEG of 2,000 px and shown, at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInNewGuide(page);
  await page.goto('/my-licences');
  await expect(card(page).getByRole('button', { name: 'Upload a photo' })).toBeVisible();
  // A 12-megapixel phone photo of noise, which no JPEG compresses: over 10 MB, twice what the server takes.
  const [width, height] = [4032, 3024];
  const photo = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
  expect(photo.byteLength).toBeGreaterThan(10_000_000);

  // Every status line the field shows, however briefly, and the body the upload sends.
  await page.evaluate(() => {
    const seen = { statuses: [] as string[], body: null as Blob | null };
    (window as unknown as { photoUpload: typeof seen }).photoUpload = seen;
    new MutationObserver(() => {
      for (const status of document.querySelectorAll('[role=status]')) seen.statuses.push(status.textContent ?? '');
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body) {
      if (body instanceof Blob) seen.body = body;
      send.call(this, body);
    };
  });
  await card(page).locator('input[type=file]').setInputFiles({ name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(toasts(page).getByText('Photo updated')).toBeVisible();

  const upload = await page.evaluate(async () => {
    const { statuses, body } = (window as unknown as { photoUpload: { statuses: string[]; body: Blob } }).photoUpload;
    const bitmap = await createImageBitmap(body);
    return { statuses, size: body.size, type: body.type, width: bitmap.width, height: bitmap.height };
  });
  expect(upload.statuses).toContain('Preparing photo…');
  expect(upload).toMatchObject({ type: 'image/jpeg', width: GUIDE_PHOTO_BROWSER_MAX_SIDE, height: 1500 });
  expect(upload.size).toBeLessThanOrEqual(GUIDE_PHOTO_MAX_BYTES);
  await expectPhotoShown(page);
  await expect(page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).resolves.toBe(0);
});

// Issue 41, item 20: a photo the browser cannot make smaller (an iPhone's HEIC, which Chromium does not decode) and
// over 5 MB is refused before it is sent, with its size and what to do.
test('a 14.2 MB photo the browser cannot make smaller is refused with its size and what to do, before sending', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInNewGuide(page);
  await page.goto('/my-licences');
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().endsWith('/api/guides/profile/photo')) sent.push(request.url());
  });
  // 14.2 MB of bytes no browser decodes, named and typed as a JPEG: fitForUpload sends such a file as it is.
  const bytes = Math.round(14.15 * 1024 * 1024);
  await card(page)
    .locator('input[type=file]')
    .setInputFiles({ name: 'IMG_0043.jpg', mimeType: 'image/jpeg', buffer: randomBytes(bytes) });
  await expect(card(page).getByRole('alert')).toHaveText(
    'This photo is 14.2 MB. Choose one under 5 MB, or save a smaller copy as a JPEG (most photo apps can)',
  );
  expect(sent).toEqual([]);
  // The button stays the way to try again, from the keyboard too.
  await expect(card(page).getByRole('button', { name: 'Upload a photo' })).toBeEnabled();
  await expectNoAxeViolations(page);
});

test("a profile the team hid says so, quoting the team's reason", async ({ page, request }) => {
  await signInNewGuide(page);
  const { id } = (await (await page.request.get('/api/auth/user')).json()) as { id: string };
  const admin = await request.post('/api/login', { data: { emailOrUsername: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(admin.status()).toBe(200);
  const reason = 'Your photo shows another person.';
  expect((await request.post(`/api/admin/guides/${id}/visibility`, { data: { hidden: true, reason } })).status()).toBe(200);

  await page.goto('/my-licences');
  await expect(
    preview(page)
      .getByRole('listitem')
      .filter({ hasText: `The FlameKeeper team has hidden your profile: “${reason}”` }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});
