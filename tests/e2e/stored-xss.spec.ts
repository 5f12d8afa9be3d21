import { expect, signInAsAdmin, test } from './fixtures.ts';
import { issueCodeWithCli } from './hosts.ts';

const PAYLOAD = '<img src=x onerror="alert(1)">"><script>alert(2)</script>';

test('script and event-handler payloads in club fields and questions stay inert text everywhere', async ({ page, browser, baseURL }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  const hostContext = await browser.newContext();
  const hostPage = await hostContext.newPage();
  const register = await hostPage.request.post('/api/clubs/register', {
    data: {
      hostName: `Host ${PAYLOAD}`,
      email: `xss.${Date.now()}@example.com`,
      password: 'kindling-42',
      confirmPassword: 'kindling-42',
      clubName: `Club ${PAYLOAD}`.slice(0, 120),
      city: 'Montpelier',
      state: 'VT',
      zipCode: '05602',
      description: `About ${PAYLOAD}`,
      website: '',
      meetingSchedule: `Mondays ${PAYLOAD}`.slice(0, 200),
      hostSetCode: issueCodeWithCli('xss test'),
    },
  });
  expect(register.status()).toBe(201);
  const { clubId } = (await register.json()) as { clubId: number };
  await hostContext.close();

  await signInAsAdmin(page);
  const verify = await page.request.post(`/api/clubs/${clubId}/verify`, { headers: { origin: baseURL! } });
  expect(verify.status(), await verify.text()).toBe(200);
  await page.request.post('/api/contact-requests', {
    data: {
      name: `Visitor ${PAYLOAD}`.slice(0, 100),
      email: 'xss@example.com',
      phone: '5550001111',
      coachName: 'Coach Name',
      message: `Question ${PAYLOAD}`,
    },
  });

  // After every screen: no element the payload would have made, and no alert.
  const expectInert = async (where: string) => {
    expect(await page.locator('img[src="x"]').count(), where).toBe(0);
    expect(await page.locator('script:text("alert(2)")').count(), where).toBe(0);
    expect(dialogs, where).toEqual([]);
  };
  const clubName = `Club ${PAYLOAD}`.slice(0, 120);

  await page.goto('/flamekeeper-clubs?state=VT');
  await expect(page.getByText(`Hosted by Host ${PAYLOAD}`).first()).toBeVisible();
  await expect(page.getByText(clubName, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(`Mondays ${PAYLOAD}`.slice(0, 200)).first()).toBeVisible();
  await expectInert('directory');
  await page
    .getByRole('link', { name: /^Club / })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`About ${PAYLOAD}`)).toBeVisible();
  await expect(dialog.getByRole('heading', { name: clubName })).toBeVisible();
  await expectInert('club dialog');

  await page.goto(`/club-profile/${clubId}`);
  await expect(page.getByText(`About ${PAYLOAD}`).first()).toBeVisible();
  await expect(page.getByText(clubName, { exact: true }).first()).toBeVisible();
  await expectInert('club profile');

  await page.goto('/admin-clubs');
  await expect(page.getByText(`Host ${PAYLOAD}`).first()).toBeVisible();
  await expectInert('admin clubs');
  const row = page
    .getByRole('row')
    .filter({ hasText: `Host ${PAYLOAD}` })
    .first();
  await row.getByRole('button', { name: /^Edit/ }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Club' });
  await expect(editor.getByText(clubName, { exact: true })).toBeVisible();
  await expect(editor.getByLabel(/Club Name/i)).toHaveValue(clubName);
  await expectInert('admin club editor');
  await page.keyboard.press('Escape');

  await page.goto('/admin-notifications');
  await expect(page.getByText(`Question ${PAYLOAD}`).first()).toBeVisible();
  await expect(page.getByText(`Visitor ${PAYLOAD}`.slice(0, 100)).first()).toBeVisible();
  await expectInert('admin notifications');

  expect(dialogs).toEqual([]);
});
