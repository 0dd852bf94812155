import { expect, test } from '@playwright/test';
import { PortalPage } from './support/portal-page';

test.describe('language switch (spec §1, §2 footer)', () => {
  test('the default language is Simplified Chinese', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('login-form').getByRole('button', { name: '登录' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', /zh/i);
  });

  test('switching language changes the visible text and is remembered', async ({ page }) => {
    const portal = new PortalPage(page);
    await portal.open('/');
    await portal.chooseLanguage('English');
    await expect(page.getByTestId('login-form').getByLabel('Username')).toBeVisible();

    await portal.chooseLanguage('简体中文');
    await expect(page.getByTestId('login-form').getByLabel('用户名')).toBeVisible();
    await expect(page.getByTestId('login-form').getByRole('button', { name: '登录' })).toBeVisible();

    await portal.chooseLanguage('繁體中文');
    await expect(page.getByTestId('login-form').getByLabel('使用者名稱')).toBeVisible();

    await page.reload();
    await expect(page.getByTestId('login-form').getByLabel('使用者名稱')).toBeVisible();

    await portal.login('operator', undefined, { username: '使用者名稱', password: '密碼', submit: '登入' });
    await expect(page).toHaveURL('/flight/booking');
    await expect(page.getByTestId('top-menu').getByText('機票', { exact: true })).toBeVisible();
  });

  test("a page's own texts follow a language switch, on that page and on the pages opened after it", async ({
    page,
  }) => {
    // A page's texts download with the page (docs/ARCHITECTURE.md, "Locale files"): a switch must
    // bring them in the new language before it shows, and a language chosen earlier must get the
    // texts of the pages opened since.
    const rawKey = /\b(?:flight|booking|orders|common|menu)\.[a-z]\w*\.\w/;
    const portal = new PortalPage(page);
    await portal.open('/');
    await portal.chooseLanguage('English');
    await portal.login('operator');
    await expect(page).toHaveURL('/flight/booking');
    const searchForm = page.getByTestId('flight-search-form');
    await expect(searchForm.getByRole('button', { name: 'Search', exact: true })).toBeVisible();

    await portal.chooseLanguage('繁體中文');
    await expect(searchForm.getByRole('button', { name: '搜尋', exact: true })).toBeVisible();
    await expect(page.locator('body')).not.toContainText(rawKey);

    await page.getByTestId('top-menu').getByText('我的訂單', { exact: true }).click();
    await page.getByText('機票訂單', { exact: true }).click();
    await expect(page).toHaveURL(/\/flight\/orders/);
    await expect(page.getByRole('columnheader', { name: '訂單編號' })).toBeVisible();

    await portal.chooseLanguage('English');
    await expect(page.getByRole('columnheader', { name: 'Booking number' })).toBeVisible();
    await expect(page.locator('body')).not.toContainText(rawKey);
  });

  test('the currency switch keeps the chosen currency', async ({ page }) => {
    const portal = new PortalPage(page);
    await portal.open('/');
    await portal.chooseLanguage('English');
    const currency = page.getByTestId('currency-switch');
    await currency.getByRole('combobox').selectOption('USD');
    await expect(currency.getByRole('combobox')).toHaveValue('USD');
    await page.reload();
    await expect(page.getByTestId('currency-switch').getByRole('combobox')).toHaveValue('USD');
  });
});
