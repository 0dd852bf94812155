import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './support/demo';
import { PortalPage } from './support/portal-page';
import { xsrfHeaders } from './support/xsrf';

const newPassword = 'Fresh-pass9';

/** Presses "Change password" and waits for the server to accept the change. */
async function changePassword(page: Page) {
  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/base/v2/me/password') && r.request().method() === 'PUT',
  );
  await page.getByTestId('password-form').getByRole('button', { name: 'Change password' }).click();
  const response = await answered;
  expect(((await response.json()) as { code: number }).code).toBe(0);
}

test.describe('account: password change and logout (spec §2, §4, §5)', () => {
  // Later tests log in as subop with the demo password: if a test stopped before putting it back,
  // put it back here through the API.
  test.afterEach(async ({ request }) => {
    const login = await request.post('/base/v2/login', {
      data: { username: 'subop', password: newPassword },
    });
    const body = (await login.json()) as { code: number; data: { token: string } };
    if (body.code !== 0) return;
    const restored = await request.put('/base/v2/me/password', {
      data: { oldPassword: newPassword, newPassword: DEMO_PASSWORD },
      headers: { Authorization: `Bearer ${body.data.token}`, ...(await xsrfHeaders(request)) },
    });
    expect(restored.ok(), await restored.text()).toBe(true);
  });

  test('a changed password works at the next login and the old one does not', async ({ page }) => {
    const portal = new PortalPage(page);
    await portal.open('/');
    await portal.chooseLanguage('English');
    await portal.login('subop');
    await expect(page).toHaveURL('/flight/booking');

    await portal.userMenu('Account');
    await expect(page).toHaveURL('/profile');
    const form = page.getByTestId('password-form');
    await form.getByLabel('Current password').fill(DEMO_PASSWORD);
    await form.getByLabel('New password', { exact: true }).fill('12345');
    await form.getByLabel('Confirm new password').fill('12345');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('The password must be 6 to 15 characters').first()).toBeVisible();

    await form.getByLabel('New password', { exact: true }).fill(newPassword);
    await form.getByLabel('Confirm new password').fill('Something-else');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('The two passwords do not match')).toBeVisible();

    await form.getByLabel('Confirm new password').fill(newPassword);
    await changePassword(page);
    await expect(portal.toast('Password changed')).toBeVisible();
    await portal.logout();

    await portal.login('subop', DEMO_PASSWORD);
    await expect(portal.toast('Invalid username or password')).toBeVisible();
    await portal.login('subop', newPassword);
    await expect(page).toHaveURL('/flight/booking');

    // Put the demo password back for anyone using this data directory afterwards.
    await portal.userMenu('Account');
    await form.getByLabel('Current password').fill(newPassword);
    await form.getByLabel('New password', { exact: true }).fill(DEMO_PASSWORD);
    await form.getByLabel('Confirm new password').fill(DEMO_PASSWORD);
    await changePassword(page);
  });

  test('logout clears the session and shows the logout message', async ({ page }) => {
    const portal = new PortalPage(page);
    await portal.open('/');
    await portal.chooseLanguage('English');
    await portal.login('admin');
    await expect(page).toHaveURL('/flight/booking');
    await portal.logout();
    await expect(portal.toast('Logged out successfully')).toBeVisible();
    const token = await page.evaluate(() => JSON.stringify(window.localStorage));
    expect(token).not.toMatch(/"token":"[^"]/);
    await portal.open('/flight/booking');
    await expect(page).toHaveURL('/');
    await expect(portal.toast('Please log in')).toBeVisible();
  });
});
