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
