import { expect, test } from '@playwright/test';
import { partnerSsoQuery } from './support/demo';
import { PortalPage } from './support/portal-page';

test.describe('partner agency 222 (spec §1, §2, §9)', () => {
  test('single sign-on by query parameters logs the partner user in, in zh-cn with the green theme', async ({
    page,
  }) => {
    const portal = new PortalPage(page);
    await portal.open('/');
    await portal.chooseLanguage('English');
    await portal.open(`/?${partnerSsoQuery()}`);
    await expect(page).toHaveURL('/flight/booking');
    await expect(page.getByTestId('top-menu').getByText('机票', { exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', /zh/i);
    const header = page.locator('header').first();
    await expect(header).toHaveCSS('background-color', 'rgb(0, 0, 0)');
    await portal.screenshot('partner-embedded-flight-booking');
  });

  test('a replayed single-login link is refused', async ({ page }) => {
    const portal = new PortalPage(page);
    const query = partnerSsoQuery();
    await portal.open(`/?${query}`);
    await expect(page).toHaveURL('/flight/booking');
    await page.evaluate(() => window.localStorage.clear());
    await portal.open(`/?${query}`);
    await expect(portal.toast('合作方登录失败：该链接已被使用')).toBeVisible();
  });
});
