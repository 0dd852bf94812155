import { expect, test, type Page } from '@playwright/test';
import { OrdersApi } from './support/orders-api';
import { PortalPage } from './support/portal-page';

const TAB_KEYS = [
  'to_be_paid',
  'chg_to_be_paid',
  'reviewing',
  'proceeding',
  'rfd_to_be_confirm',
  'refunded_reimbursing',
];

/** Waits until the API says the order has reached `status` (the ticketing job runs in the background). */
async function waitForStatus(api: OrdersApi, id: string, status: string) {
  await expect.poll(() => api.status(id), { timeout: 30_000 }).toBe(status);
}

/**
 * The page's tab counts and the menu's "To be paid" count are the API's. The counts are read
 * beside each look, not once before: unpaid orders of the suite's earlier tests reach their
 * 30-minute payment deadline while it runs and leave "To be paid" at any moment (one did between
 * this test's two looks in a 30-minute run). When one leaves between the page's read and the
 * API's, the page is read again.
 */
async function expectTabCounts(page: Page, api: OrdersApi) {
  await expect(async () => {
    const counts = await api.counts([...TAB_KEYS, 'pending.to_be_paid']);
    try {
      for (const key of TAB_KEYS) {
        await expect(page.getByTestId(`orders-tab-count-${key}`)).toHaveText(String(counts[key] ?? 0), {
          timeout: 10_000,
        });
      }
      await expect(page.getByTestId('menu-count-pending-to_be_paid')).toHaveText(
        String(counts['pending.to_be_paid']),
        { timeout: 10_000 },
      );
    } catch (error) {
      await page.reload();
      throw error;
    }
  }).toPass({ timeout: 60_000 });
}

test.describe('flight order list', () => {
  test('tabs, counts, pending groups and advanced search follow the orders, in English and Traditional Chinese', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const api = await OrdersApi.login(request, 'operator');
    const unpaid = await api.book('UNPAID');
    const paid = await api.book('PAID');
    await api.payWithBalance(paid.id);
    const canceled = await api.book('CANCELED');
    await api.cancel(canceled.id);
    await waitForStatus(api, paid.id, 'issued');
    expect((await api.counts(['to_be_paid'])).to_be_paid).toBeGreaterThan(0);

    const portal = new PortalPage(page);
    await portal.open('/');
    await portal.chooseLanguage('English');
    await portal.login('operator');
    await expect(page).toHaveURL('/flight/booking');
    await page.goto('/flight/orders');
    await portal.waitForPage();
    await expectTabCounts(page, api);
    const menu = page.getByRole('navigation', { name: 'Section menu' });
    await portal.screenshot('orders-list');

    // The "To be paid" tab lists the unpaid order and neither the issued nor the canceled one.
    await page.getByTestId('orders-tab-to_be_paid').click();
    const table = page.getByTestId('orders-table');
    await expect(table.getByText(unpaid.bookingNumber)).toBeVisible();
    await expect(table.getByText(paid.bookingNumber)).toHaveCount(0);
    await expect(table.getByText(canceled.bookingNumber)).toHaveCount(0);

    // Advanced search by booking number finds exactly the issued order.
    const allTab = page.getByRole('tab', { name: 'All', exact: true });
    await allTab.click();
    await expect(allTab).toHaveAttribute('aria-selected', 'true');
    const search = page.getByTestId('order-search');
    await search.getByLabel('Booking number').fill(paid.bookingNumber);
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(table.locator('tbody tr.ant-table-row')).toHaveText([
      new RegExp(`${paid.bookingNumber}.*Issued`),
    ]);

    // The pending group opens the list filtered to it.
    await menu.getByRole('link', { name: /^To be paid/ }).click();
    await expect(page).toHaveURL(/group=to_be_paid/);
    await expect(page.getByTestId('orders-group')).toBeVisible();
    await expect(table.getByText(unpaid.bookingNumber)).toBeVisible();

    await portal.chooseLanguage('繁體中文');
    await page.goto('/flight/orders');
    await expect(page.getByTestId('orders-tab-to_be_paid')).toContainText('待付款');
    await expectTabCounts(page, api);
    await portal.screenshot('orders-list-zh-tw');
  });
});
