import { expect, test } from '@playwright/test';
import { ADULT, BookingPage } from './support/booking-page';
import { passportPng } from './support/passport';
import { PortalPage } from './support/portal-page';
import { ShoppingPage } from './support/shopping-page';

test.describe('passengers: frequent passengers and passport reading', () => {
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

  test('a passport photo fills the passenger card from its machine-readable zone', async ({ page }) => {
    test.setTimeout(120_000);
    const portal = new PortalPage(page);
    const flow = new BookingPage(portal, new ShoppingPage(page));
    await portal.open('/');
    await portal.chooseLanguage('English');
    await portal.login('operator');
    await flow.searchAndChoose('PEK', 'SHA');
    const card = page.getByTestId('passenger-card-0');
    const image = await passportPng({
      surname: 'ZHAO',
      given: 'LEI',
      country: 'CHN',
      number: 'E12345678',
      birth: '880506',
      sex: 'M',
      expiry: '340506',
    });
    await card
      .locator('input[type=file]')
      .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: image });
    await expect(page.getByTestId('passenger-filled-0')).toBeVisible({ timeout: 30_000 });
    await expect(card.getByLabel('Surname')).toHaveValue('ZHAO');
    await expect(card.getByLabel('Given names')).toHaveValue('LEI');
    await expect(card.getByLabel('Birthday')).toHaveValue('1988-05-06');
    await expect(card.getByLabel('Document number')).toHaveValue('E12345678');
    await expect(card.getByLabel('Expiry date')).toHaveValue('2034-05-06');
    await expect(card).toContainText('China (CN)');
    await portal.screenshot('booking-passport-read');
  });
});
