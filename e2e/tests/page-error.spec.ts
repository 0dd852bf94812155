import { expect, test } from '@playwright/test';
import { PortalPage } from './support/portal-page';

test.describe('a page that fails to download', () => {
  test('shows the error in the layout, and Try again downloads it once the network is back', async ({
    page,
  }) => {
    const portal = new PortalPage(page);
    await portal.loginInEnglish('operator', '/flight/booking');

    // The order list's own chunk fails, as after a deploy that replaced the files or a dropped line.
    const chunk = /\/assets\/flight-orders-page-[\w-]+\.js$/;
    await page.route(chunk, (route) => route.abort('internetdisconnected'));
    await page.goto('/flight/orders');
    const failed = page.getByTestId('page-failed');
    await expect(failed).toContainText('This page could not be loaded');
    // The menus are still there to go elsewhere.
    await expect(page.getByTestId('top-menu')).toBeVisible();

    await page.unroute(chunk);
    await failed.getByRole('button', { name: 'Try again' }).click();
    await expect(failed).toBeHidden();
    await expect(page).toHaveURL('/flight/orders');
    await expect(page.getByRole('heading', { name: 'Flight orders' })).toBeVisible();
  });
});
