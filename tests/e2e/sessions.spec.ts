import { expect, expectNoAxeViolations, signInAsAdmin, test } from './fixtures.ts';
import { signInAsNewHost } from './hosts.ts';

// The "Signed-in sessions" card: a host's or a guide's on /account, the admin's on /admin-clubs. The `request` fixture
// is a second browser of the same user, with a session (and cookie jar) of its own.

test.describe('signed-in sessions', () => {
  test('a host ends their other session from their account page, after confirming', async ({ page, request }) => {
    const host = await signInAsNewHost(page);
    const otherBrowser = await request.post('/api/clubs/signin', { data: { email: host.email, password: host.password } });
    expect(otherBrowser.status()).toBe(200);

    await page.goto('/account');
    const card = page.getByRole('region', { name: 'Signed-in sessions' });
    await expect(card.getByRole('listitem')).toHaveCount(2);
    await expect(card.getByRole('listitem').filter({ hasText: 'This browser' })).toHaveCount(1);
    // Only the other session can be ended here; this one signs out with Log Out.
    const endButton = card.getByRole('button', { name: 'End session' });
    await expect(endButton).toHaveCount(1);
    await expectNoAxeViolations(page);

    // Cancelling the confirmation keeps the session.
    page.once('dialog', (dialog) => void dialog.dismiss());
    await endButton.click();
    await expect(card.getByRole('listitem')).toHaveCount(2);
    expect((await request.get('/api/auth/user')).status()).toBe(200);

    // With the keyboard, confirmed: the session ends and leaves the list; focus goes to the card's heading.
    let confirmation = '';
    page.once('dialog', (dialog) => {
      confirmation = dialog.message();
      void dialog.accept();
    });
    await endButton.focus();
    await page.keyboard.press('Enter');
    await expect(card.getByRole('listitem')).toHaveCount(1);
    expect(confirmation).toBe('End this session? That browser will be signed out.');
    await expect(card.getByRole('button', { name: 'End session' })).toHaveCount(0);
    await expect(card.getByRole('heading', { name: 'Signed-in sessions' })).toBeFocused();
    await expect(card.getByRole('status')).toHaveText('Session ended.');
    expect((await request.get('/api/auth/user')).status()).toBe(401);

    // This browser is still signed in, and the list says so after a reload too.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Signed-in sessions' }).getByRole('listitem')).toHaveCount(1);
  });

  test('the admin sees their own sessions on the clubs page', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin-clubs');
    const card = page.getByRole('region', { name: 'Signed-in sessions' });
    await expect(card.getByRole('listitem').filter({ hasText: 'This browser' })).toHaveCount(1);
    await expectNoAxeViolations(page);
  });
});
