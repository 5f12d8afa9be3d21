import { firstName, guidePagePath } from '#lib/guides/types.ts';
import { messageReplies } from '#lib/follow-ups/message-replies.ts';
import { insertListedGuide } from '../support/guides.ts';
import { runJobsAt, withDatabase } from './database.ts';
import { expect, expectNoAxeViolations, signInAsAdmin, test, toasts } from './fixtures.ts';

// Issue 28: a coach message nobody marks replied reaches the admin's Unanswered queue, through the follow-ups job run
// with the project's CLI (`npm run jobs:run -- --now`) past the promised time (the reminder), then a day later (the
// escalation); and a guide's page says how soon the guide usually replies once 3 messages are marked replied.

const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const screenshots = process.env.E2E_SCREENSHOTS;
const HOUR_MS = 3_600_000;

test('an unanswered coach message reaches the admin’s Unanswered queue, where the admin marks it followed up', async ({ page }) => {
  const guide = await withDatabase((sql) => insertListedGuide(sql, `Tamsin Hale${unique}`));
  const email = `unanswered.${unique}@example.com`;

  await page.goto(guidePagePath({ id: guide.publicId, name: guide.name }));
  const form = page.getByRole('form', { name: `Message ${firstName(guide.name)}` });
  await form.getByLabel('Your Name').fill('Jordan Ellis');
  await form.getByLabel('Email Address').fill(email);
  await form.getByLabel('Message', { exact: true }).fill('Could we meet for a first session next week?');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(toasts(page).getByText('Message Sent Successfully')).toBeVisible();
  const sentAt = new Date();
  // Signed in before the jobs run as of two days ahead, when every admin session would have passed its idle hour: the
  // run leaves the sessions alone, this one and those of the tests beside it (the pruning job is not among its jobs).
  await signInAsAdmin(page);

  const reminded = new Date(sentAt.getTime() + messageReplies.promisedReplyHours.guideMessage * HOUR_MS + 60_000);
  expect(runJobsAt(reminded, ['message-follow-ups'])).toMatch(/message-follow-ups: [1-9]\d* reminded/);
  expect(runJobsAt(new Date(reminded.getTime() + messageReplies.escalationHours * HOUR_MS + 60_000), ['message-follow-ups'])).toMatch(
    /message-follow-ups: \d+ reminded, [1-9]\d* escalated/,
  );

  await page.goto('/admin-notifications');
  const section = page.getByRole('region', { name: /^Unanswered/ });
  const entry = section.getByRole('listitem').filter({ hasText: email });
  await expect(entry).toContainText('Message to a guide');
  await expect(entry).toContainText('Could we meet for a first session next week?');
  await expect(entry.getByRole('link', { name: guide.name })).toHaveAttribute(
    'href',
    guidePagePath({ id: guide.publicId, name: guide.name }),
  );
  await expect(entry.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
  await expectNoAxeViolations(page);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    if (screenshots) await section.screenshot({ path: `${screenshots}/unanswered-${width}.png` });
  }

  const heading = section.getByRole('heading', { level: 2 });
  const count = Number(/(\d+) messages?$/.exec((await heading.textContent())!)![1]);
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe(`Mark the message from Jordan Ellis to ${guide.name} as followed up? It leaves this list.`);
    void dialog.accept();
  });
  await entry.getByRole('button', { name: 'Followed up' }).click();
  await expect(toasts(page).getByText('Marked followed up')).toBeVisible();
  await expect(entry).toHaveCount(0);
  await expect(heading).toHaveText(new RegExp(`^Unanswered${count - 1} messages?$`));
  const [row] = await withDatabase(
    (sql) => sql<{ closed: boolean }[]>`select closed_at is not null as closed from guide_messages where email = ${email}`,
  );
  expect(row).toEqual({ closed: true });
});

test('a guide’s page says "Usually replies within" once 3 messages are marked replied', async ({ page }) => {
  const [quiet, answering] = await withDatabase((sql) =>
    Promise.all([insertListedGuide(sql, `Quinn Moss${unique}`), insertListedGuide(sql, `Rowan Vale${unique}`)]),
  );
  await withDatabase(async (sql) => {
    for (const [guide, delays] of [
      [quiet, [1, 2]],
      [answering, [1, 2, 4]],
    ] as const) {
      for (const hours of delays) {
        await sql`
          insert into guide_messages (guide_id, name, email, reason, message, source, created_at, read_at, replied_at, closed_at)
          values (${guide.userId}, 'Jordan Ellis', 'jordan@example.com', 'schedule', 'Hello there, guide.', 'guide-page',
            now() - make_interval(hours => ${hours + 24}), now() - interval '1 day', now() - interval '1 day', now() - interval '1 day')`;
      }
    }
  });

  await page.goto(guidePagePath({ id: quiet.publicId, name: quiet.name }));
  await expect(page.getByRole('heading', { level: 1, name: quiet.name })).toBeVisible();
  await expect(page.getByText('Usually replies within')).toHaveCount(0);

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(guidePagePath({ id: answering.publicId, name: answering.name }));
    await expect(page.getByText('Usually replies within a few hours')).toBeVisible();
    if (screenshots)
      await page
        .locator('header')
        .nth(1)
        .screenshot({ path: `${screenshots}/guide-response-time-${width}.png` });
  }
  await expectNoAxeViolations(page);
});
