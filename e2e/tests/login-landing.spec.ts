import { expect, test } from '@playwright/test';
import { DEMO_USERS } from './support/demo';
import { PortalPage } from './support/portal-page';

test.describe('login and landing (spec §2)', () => {
  for (const { username, landing, title } of DEMO_USERS) {
    test(`${username} logs in and lands on ${landing}`, async ({ page }) => {
      const portal = new PortalPage(page);
      await portal.open('/');
      await portal.chooseLanguage('English');
      await portal.login(username);
      await expect(page).toHaveURL(landing);
      await portal.waitForPage();
      await expect(page.getByTestId('page-title')).toHaveText(title);
      await expect(page.getByTestId('user-menu')).toBeVisible();
    });
  }

  test('the menus show only what the role and company allow', async ({ page }) => {
    const portal = new PortalPage(page);
    await portal.open('/');
    await portal.chooseLanguage('English');
    await portal.login('operator');
    await expect(page).toHaveURL('/flight/booking');
    const menu = page.getByTestId('top-menu');
    await expect(menu.getByText('Flights', { exact: true })).toBeVisible();
    await expect(menu.getByText('Wallet & Invoicing')).toHaveCount(0);
    await portal.logout();

    await portal.login('finance');
    await expect(page).toHaveURL('/bills/statements');
    await expect(page.getByTestId('top-menu').getByText('Wallet & Invoicing')).toBeVisible();
    await expect(page.getByTestId('top-menu').getByText('Flights', { exact: true })).toHaveCount(0);
  });

  test('a wrong password is refused with the spec message', async ({ page }) => {
    const portal = new PortalPage(page);
    await portal.open('/');
    await portal.chooseLanguage('English');
    await portal.login('operator', 'wrong-password');
    await expect(portal.toast('Invalid username or password')).toBeVisible();
    await expect(page).toHaveURL('/');
  });
});
