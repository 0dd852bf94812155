import { expect, test, type Page } from '@playwright/test';
import { OrdersApi } from './support/orders-api';
import { PortalPage } from './support/portal-page';

/** Clicks the page's Excel export and returns the name of the file the browser saved. */
async function exportExcel(page: Page): Promise<string> {
  const download = page.waitForEvent('download');
  await page.getByTestId('export-button').click();
  const file = await download;
  expect(await file.failure()).toBeNull();
  return file.suggestedFilename();
}

test.describe('wallet and bills (finance)', () => {
  test('wallet, All Transactions and statements show a balance payment and export each list to Excel', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const api = await OrdersApi.login(request, 'operator');
    const order = await api.book('BILLS');
    await api.payWithBalance(order.id);

    const portal = new PortalPage(page);
    await portal.open('/');
    await portal.chooseLanguage('English');
    await portal.login('finance');
    await expect(page).toHaveURL('/bills/statements');
    await portal.waitForPage();
    await expect(page.getByTestId('statements-table')).toContainText('CNY');
    expect(await exportExcel(page)).toMatch(/\.xlsx$/);
    await portal.screenshot('bills-statements');

    await page.goto('/bills/wallet');
    await portal.waitForPage();
    await expect(page.getByTestId('balance-CNY')).toBeVisible();
    await expect(
      page.getByTestId('entries-table').locator('tr', { hasText: order.bookingNumber }),
    ).toBeVisible();
    expect(await exportExcel(page)).toMatch(/\.xlsx$/);
    await portal.screenshot('bills-wallet');

    await page.goto('/bills/transactions');
    await portal.waitForPage();
    await expect(page.getByTestId('transactions-table')).toContainText(order.bookingNumber);
    expect(await exportExcel(page)).toMatch(/\.xlsx$/);
    await portal.screenshot('bills-transactions');
  });
});
