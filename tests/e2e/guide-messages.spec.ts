import { firstName, guidePagePath } from '#lib/guides/types.ts';
import { insertListedGuide } from '../support/guides.ts';
import { withDatabase } from './database.ts';
import { expect, expectNoAxeViolations, signInAsAdmin, test, toasts } from './fixtures.ts';

// Issue 27: messages that reach the coach, from a guide's page or forwarded from the contact page, and the guide's
// inbox on /my-licences. Each worker makes listed guides of its own, with names no other test uses.

const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const guide = { publicId: 0, name: `Oriana Vex${unique}` };
const screenshots = process.env.E2E_SCREENSHOTS;

test.beforeAll(async () => {
  guide.publicId = (await withDatabase((sql) => insertListedGuide(sql, guide.name))).publicId;
});

test.describe("the contact page's Coach Name", () => {
  for (const width of [1280, 375]) {
    test(`suggests listed guides in a combobox worked with the keyboard, and forwards to the one picked (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/contact-us');
      const coach = page.getByRole('combobox', { name: 'Coach Name' });
      await coach.fill(`oriana vex${unique}`);
      const listbox = page.getByRole('listbox', { name: 'Coach Name' });
      const option = listbox.getByRole('option', { name: guide.name });
      await expect(option).toBeVisible();
      await expect(coach).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('status').filter({ hasText: /guides? match/ })).toHaveText(/1 guide matches/);
      await expectNoAxeViolations(page);
      if (screenshots) {
        await option.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${screenshots}/contact-combobox-${width}.png` });
      }

      // Escape closes the list and keeps the text; the arrows open it again and move through it; Enter picks.
      await page.keyboard.press('Escape');
      await expect(listbox).toBeHidden();
      await expect(coach).toHaveValue(`oriana vex${unique}`);
      await page.keyboard.press('ArrowDown');
      await expect(option).toHaveAttribute('aria-selected', 'true');
      await expect(coach).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
      await page.keyboard.press('Enter');
      await expect(coach).toHaveValue(guide.name);
      await expect(listbox).toBeHidden();

      const email = `contact.${unique}.${width}@example.com`;
      await page.getByLabel('Your Name').fill('Jordan Ellis');
      await page.getByLabel('Email Address').fill(email);
      await page.getByLabel('Phone Number').fill('(828) 555-0199');
      await page.getByLabel('Message', { exact: true }).fill('Could we meet for a first session next week?');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(toasts(page).getByText(`Your message was forwarded to ${guide.name}, who will reply to your email.`)).toBeVisible();
      await expect(coach).toHaveValue('');

      // The admin's queue says where it went, with the way to the guide's page.
      await signInAsAdmin(page);
      await page.goto('/admin-notifications');
      const entry = page.getByRole('listitem').filter({ hasText: email });
      await expect(entry).toContainText(`Forwarded to ${guide.name} at`);
      await expect(entry.getByRole('link', { name: guide.name })).toHaveAttribute(
        'href',
        guidePagePath({ id: guide.publicId, name: guide.name }),
      );
    });
  }

  test('keeps free text: a name no listed guide has is sent to the team, as before', async ({ page }) => {
    await page.goto('/contact-us');
    await page.getByLabel('Your Name').fill('Jordan Ellis');
    await page.getByLabel('Email Address').fill(`free.${unique}@example.com`);
    await page.getByLabel('Phone Number').fill('(828) 555-0199');
    await page.getByRole('combobox', { name: 'Coach Name' }).fill('Zebulon Nobody');
    await page.getByLabel('Message', { exact: true }).fill('Is there a circle near Asheville?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(toasts(page).getByText('Thank you for reaching out. We will reply as soon as we can.')).toBeVisible();
  });
});

// Needs the guide's page (/guides/{id}-{slug}), which renders <GuideMessageForm client:idle guide={{ id, firstName }} />.
test.describe("a guide's page", () => {
  test('"Message {first name}": field messages, then a message the guide gets', async ({ page }) => {
    await page.goto(guidePagePath({ id: guide.publicId, name: guide.name }));
    const form = page.getByRole('form', { name: `Message ${firstName(guide.name)}` });
    await form.scrollIntoViewIfNeeded();
    await form.getByRole('button', { name: 'Send Message' }).click();
    for (const message of [
      'Name must be at least 2 characters',
      'Please enter a valid email address',
      'Message must be at least 10 characters',
    ]) {
      await expect(form.getByText(message)).toBeVisible();
    }
    await expect(form.getByLabel('Your Name')).toBeFocused();
    if (screenshots) await form.screenshot({ path: `${screenshots}/guide-message-form.png` });
    await expect(form.getByLabel('Reason for Contact')).toHaveValue('schedule');

    await form.getByLabel('Your Name').fill('Jordan Ellis');
    await form.getByLabel('Email Address').fill(`page.${unique}@example.com`);
    await form.getByLabel('Reason for Contact').selectOption({ label: 'A question' });
    await form.getByLabel('Message', { exact: true }).fill('Do we need the workbook for the first session?');
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(toasts(page).getByText('Message Sent Successfully')).toBeVisible();
    await expect(form.getByLabel('Your Name')).toHaveValue('');

    const stored = await withDatabase(
      (sql) =>
        sql<{ source: string; reason: string }[]>`select source, reason from guide_messages where email = ${`page.${unique}@example.com`}`,
    );
    expect([...stored]).toEqual([{ source: 'guide-page', reason: 'question' }]);
  });

  test.describe('over the limit', () => {
    test.use({ allowedConsoleErrors: [/status of 429/] });
    test('says so, and keeps saying it', async ({ page }) => {
      await page.route(`**/api/guides/${guide.publicId}/messages`, (route) =>
        route.fulfill({
          status: 429,
          headers: { 'retry-after': '3600' },
          body: JSON.stringify({ error: { message: 'Too many messages. Please try again later.' } }),
        }),
      );
      await page.goto(guidePagePath({ id: guide.publicId, name: guide.name }));
      const form = page.getByRole('form', { name: `Message ${firstName(guide.name)}` });
      await form.getByLabel('Your Name').fill('Jordan Ellis');
      await form.getByLabel('Email Address').fill('limited@example.com');
      await form.getByLabel('Message', { exact: true }).fill('One message too many for the hour.');
      await form.getByRole('button', { name: 'Send Message' }).click();
      await expect(toasts(page).getByText('Too many messages')).toBeVisible();
      await expect(form.getByRole('alert').filter({ hasText: 'Too many messages.' })).toBeVisible();
      await expect(form.getByLabel('Message', { exact: true })).toHaveValue('One message too many for the hour.');
    });
  });
});

test.describe("the guide's inbox on /my-licences", () => {
  for (const width of [1280, 375]) {
    test(`lists the messages with the unread count, and marks one replied (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const email = `inbox.${unique}.${width}@example.com`;
      const register = await page.request.post('/api/guides/register', {
        data: { name: 'Robin Ash', email, password: 'kindling-42', confirmPassword: 'kindling-42', phone: '' },
      });
      expect(register.status(), await register.text()).toBe(201);
      await withDatabase(async (sql) => {
        const [account] = await sql<{ id: string }[]>`select id from users where email = ${email}`;
        await sql`
          insert into guide_messages (guide_id, name, email, phone, reason, message, source, created_at)
          values
            (${account!.id}, 'Priya Natarajan', 'priya@example.com', '(512) 555-0142', 'schedule',
              ${'Could we meet one evening next week?\nI am free after 6 PM.'}, 'contact-page', now() - interval '2 days'),
            (${account!.id}, 'Marcus Bell', 'marcus@example.com', null, 'question',
              'Do I need to read anything before the first session?', 'guide-page', now() - interval '3 hours')`;
      });

      await page.goto('/my-licences');
      const unread = page.getByRole('link', { name: '2 unread messages' });
      await expect(unread).toBeVisible();
      const inbox = page.getByRole('region', { name: /Messages/ });
      const cards = inbox.getByRole('article');
      await expect(cards).toHaveCount(2);
      await expect(cards.nth(0)).toContainText('Marcus Bell');
      await expect(cards.nth(0)).toContainText('Sent from your page');
      await expect(cards.nth(0)).toContainText('Not given');
      await expect(cards.nth(1)).toContainText('Forwarded from the contact page');
      await expect(cards.nth(1)).toContainText('Schedule a session');
      await expect(cards.nth(1).getByRole('link', { name: 'priya@example.com' })).toHaveAttribute('href', 'mailto:priya@example.com');
      await expectNoAxeViolations(page);
      if (screenshots) await page.screenshot({ path: `${screenshots}/inbox-${width}.png`, fullPage: true });

      await cards.nth(1).getByRole('button', { name: 'Mark replied' }).click();
      await expect(cards.nth(1)).toContainText('Replied');
      await expect(cards.nth(1).getByRole('button', { name: 'Mark replied' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: '1 unread message' })).toBeVisible();
      await cards.nth(0).getByRole('button', { name: 'Mark read' }).click();
      await expect(page.getByRole('link', { name: /unread message/ })).toHaveCount(0);
      await page.reload();
      await expect(inbox.getByRole('article').nth(1)).toContainText('Replied');
      await expect(page.getByRole('link', { name: /unread message/ })).toHaveCount(0);
    });
  }
});
