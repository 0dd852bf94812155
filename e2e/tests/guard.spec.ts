import { expect, test } from '@playwright/test';
import { PortalPage } from './support/portal-page';

test.describe('navigation guard (spec §2, §6)', () => {
  test('a logged-out visit to /bills/wallet lands on / with the login message', async ({ page }) => {
    const portal = new PortalPage(page);
    await portal.open('/');
    await portal.chooseLanguage('English');
    await portal.open('/bills/wallet');
    await expect(page).toHaveURL('/');
    await expect(portal.toast('Please log in')).toBeVisible();
    await expect(page.getByTestId('login-form')).toBeVisible();
  });

  test('operator is refused /bills/wallet with the no-access message', async ({ page }) => {
    const portal = new PortalPage(page);
    await portal.open('/');
    await portal.chooseLanguage('English');
    await portal.login('operator');
    await expect(page).toHaveURL('/flight/booking');
    await portal.open('/bills/wallet');
    await expect(page).toHaveURL('/');
    await expect(portal.toast('You do not have the access')).toBeVisible();
  });

  test('a logged-out visit to a page keeps it as the redirect after login', async ({ page }) => {
    const portal = new PortalPage(page);
    await portal.open('/?redirect=%2Fusers');
    await portal.chooseLanguage('English');
    await portal.login('operator');
    await expect(page).toHaveURL('/users');
  });

  test('the train-only agency cannot open flight pages', async ({ page }) => {
    const portal = new PortalPage(page);
    await portal.open('/');
    await portal.chooseLanguage('English');
    await portal.login('trainop');
    await expect(page).toHaveURL('/train/booking');
    await expect(page.getByTestId('page-title')).toHaveText('Train booking');
    await portal.open('/flight/booking');
    await expect(page).toHaveURL('/');
    await expect(portal.toast('You do not have the access')).toBeVisible();
  });
});
