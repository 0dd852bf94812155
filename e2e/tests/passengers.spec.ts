import { expect, test } from '@playwright/test';
import { ADULT, BookingPage } from './support/booking-page';
import { PortalPage } from './support/portal-page';
import { ShoppingPage } from './support/shopping-page';

test.describe('frequent passengers', () => {
  test('a passenger saved on the account page fills a booking card from the picker', async ({ page }) => {
    test.setTimeout(120_000);
    const portal = new PortalPage(page);
    const flow = new BookingPage(portal, new ShoppingPage(page));
    await portal.open('/');
    await portal.chooseLanguage('English');
    await portal.login('admin');
    await expect(page).toHaveURL('/flight/booking');

    await page.goto('/profile');
    await portal.waitForPage();
    const section = page.getByTestId('frequent-passengers');
    await section.getByRole('button', { name: 'Add passenger' }).click();
    const editor = page.getByTestId('frequent-passenger-editor');
    await flow.fillPassengerFields(editor, {
      ...ADULT,
      surname: 'LI',
      given: 'NA',
      gender: 'Female',
      number: 'G87654321',
    });
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    const row = section.locator('tr', { hasText: 'LI/NA' });
    await expect(row).toBeVisible();
    await expect(row).toContainText('*****4321');
    await portal.screenshot('profile-frequent-passengers');

    await page.goto('/flight/booking');
    await flow.searchAndChoose('PEK', 'SHA');
    const card = page.getByTestId('passenger-card-0');
    await card.getByLabel('Choose a frequent passenger').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'LI/NA' }).click();
    await expect(card.getByLabel('Surname')).toHaveValue('LI');
    await expect(card.getByLabel('Given names')).toHaveValue('NA');
    await expect(card.getByLabel('Document number')).toHaveValue('G87654321');
    await flow.fillContact();
    await flow.submit();
  });
});
