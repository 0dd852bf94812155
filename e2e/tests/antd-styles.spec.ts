import { expect, test } from '@playwright/test';
import { partnerSsoQuery } from './support/demo';
import { PortalPage } from './support/portal-page';

// antd's styles ship as static CSS cut by component (apps/web/antd-styles-plugin.ts) while the
// theme's tokens stay CSS variables written at run time. These checks read computed styles that
// need both: a part missing from a chunk, or a token not written, shows here before in a screenshot.
test.describe("antd's static styles", () => {
  test('style the first page and a lazily loaded table page in the default theme', async ({ page }) => {
    const portal = new PortalPage(page);
    await portal.open('/');
    await portal.chooseLanguage('English');
    const submit = page.getByTestId('login-form').getByRole('button', { name: 'Log in' });
    // The theme's primary colour (#1668dc) on antd's primary button.
    await expect(submit).toHaveCSS('background-color', 'rgb(22, 104, 220)');
    await expect(submit).toHaveCSS('border-radius', '6px');
    await expect(page.getByTestId('login-form').getByLabel('Username')).toHaveCSS('border-style', 'solid');

    await portal.login('finance');
    await expect(page).toHaveURL('/bills/statements');
    await portal.waitForPage();
    // The table's part comes with the statements page's chunk, not with the login page.
    const header = page.getByTestId('statements-table').locator('th').first();
    await expect(header).toHaveCSS('font-weight', '600');
    await expect(header).toHaveCSS('text-align', 'start');
  });

  test("take the partner agency's green theme", async ({ page }) => {
    const portal = new PortalPage(page);
    await portal.open(`/?${partnerSsoQuery()}`);
    await expect(page).toHaveURL('/flight/booking');
    await portal.waitForPage();
    await expect(page.getByRole('button', { name: '搜索' })).toHaveCSS('background-color', 'rgb(0, 127, 85)');
  });
});
