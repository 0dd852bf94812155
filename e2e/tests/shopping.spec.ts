import { expect, test } from '@playwright/test';
import { PortalPage } from './support/portal-page';
import { SHOPPING_LABELS, ShoppingPage } from './support/shopping-page';
import { clearSupplierFaults, setSupplierFaults, SIMULATED_SUPPLIERS } from './support/supplier-faults';

async function openBooking(portal: PortalPage) {
  await portal.open('/');
  await portal.chooseLanguage('English');
  await portal.login('operator');
  await expect(portal.page).toHaveURL('/flight/booking');
  await portal.waitForPage();
}

const ascending = (list: (string | number)[]) => list.every((v, i, all) => i === 0 || (all[i - 1] ?? v) <= v);

test.describe('flight shopping', () => {
  test.afterEach(async ({ request }) => clearSupplierFaults(request));

  test('searches PEK → SHA one-way and lists fares with prices', async ({ page }) => {
    const portal = new PortalPage(page);
    const shop = new ShoppingPage(page);
    await openBooking(portal);
    await expect(shop.form.getByRole('radio', { name: 'One-way' })).toBeChecked();
    await shop.fillLeg(0, 'PEK', 'SHA');
    await portal.screenshot('shopping-search-form');
    await shop.search();
    await expect(shop.cards.first()).toBeVisible({ timeout: 30_000 });
    await shop.waitForFinished();
    await expect(page.getByTestId('supplier-status')).toHaveCount(3);
    await expect(shop.cards.first().getByTestId('solution-total')).toContainText(/CNY [\d,]+\.\d{2}/);
    await expect(shop.cards.first().getByRole('button', { name: 'Book' })).toBeVisible();
    await portal.screenshot('shopping-results');
  });

  test('a sort and a filter change the list', async ({ page }) => {
    const portal = new PortalPage(page);
    const shop = new ShoppingPage(page);
    await openBooking(portal);
    await shop.fillLeg(0, 'PEK', 'SHA');
    await shop.search();
    await shop.waitForFinished();
    await expect(shop.cards.first()).toBeVisible();

    await page.getByTestId('sort-bar').getByText('Lowest price').click();
    const byPrice = await shop.cardIds();
    expect(ascending(await shop.totals())).toBe(true);
    await page.getByTestId('sort-bar').getByText('Earliest departure').click();
    const byTime = await shop.cardIds();
    expect(ascending(await shop.departureTimes())).toBe(true);
    expect(byTime).not.toEqual(byPrice);
    expect([...byTime].sort()).toEqual([...byPrice].sort());

    const all = byTime.length;
    await page.getByTestId('filter-departure-time').getByText('06:00-12:00').click();
    await expect.poll(async () => (await shop.cardIds()).length).toBeLessThan(all);
    for (const time of await shop.departureTimes()) {
      expect(time >= '06:00' && time < '12:00').toBe(true);
    }
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect.poll(async () => (await shop.cardIds()).length).toBe(all);
  });

  test('rejects PEK → PKX as the same city', async ({ page }) => {
    const portal = new PortalPage(page);
    const shop = new ShoppingPage(page);
    await openBooking(portal);
    await shop.fillLeg(0, 'PEK', 'PKX');
    await shop.search();
    await expect(
      shop.form.getByText('Flight 1: Origin and destination cannot be the same city or airport'),
    ).toBeVisible();
    await expect(page.getByTestId('flight-results')).toHaveCount(0);
  });

  test('searches a multi-city trip with five flights', async ({ page }) => {
    const portal = new PortalPage(page);
    const shop = new ShoppingPage(page);
    await openBooking(portal);
    await shop.form.getByText('Multi-city').click();
    const add = shop.form.getByRole('button', { name: /^Add a flight/ });
    await add.click();
    await add.click();
    await add.click();
    await expect(add).toBeDisabled();
    const legs = [
      ['PEK', 'SHA'],
      ['SHA', 'CAN'],
      ['CAN', 'CTU'],
      ['CTU', 'XIY'],
      ['XIY', 'PEK'],
    ] as const;
    for (const [i, [origin, destination]] of legs.entries()) await shop.fillLeg(i, origin, destination, true);
    await portal.screenshot('shopping-multi-city-form');
    const sent = page.waitForRequest('**/shopping/v2/flight/async-shopping');
    await shop.search();
    const body = (await sent).postDataJSON() as { journeys: unknown[]; bookingType: string };
    expect(body.bookingType).toBe('multicity');
    expect(body.journeys).toHaveLength(5);
    await shop.waitForFinished();
    await expect(shop.cards.first().or(page.getByTestId('no-flights'))).toBeVisible();
  });

  test('price change: the dialog shows the new price and Accept leads to the confirmation page', async ({
    page,
    request,
  }) => {
    const portal = new PortalPage(page);
    const shop = new ShoppingPage(page);
    await openBooking(portal);
    await shop.fillLeg(0, 'PEK', 'SHA');
    await shop.search();
    await shop.waitForFinished();
    for (const name of SIMULATED_SUPPLIERS) await setSupplierFaults(request, name, { priceChange: 10 });
    await shop.cards.first().getByRole('button', { name: 'Book' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('The price has changed')).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByTestId('old-price')).toContainText('CNY');
    await expect(dialog.getByTestId('new-price')).toContainText('CNY');
    await dialog.getByRole('button', { name: 'Accept new price' }).click();
    await expect(page).toHaveURL('/flight/booking/confirm');
    await expect(page.getByTestId('price-breakdown')).toBeVisible();
    await expect(page.getByTestId('booking-form')).toBeVisible();
    await portal.screenshot('shopping-confirm');
  });

  test('searches in Simplified Chinese', async ({ page }) => {
    const portal = new PortalPage(page);
    const shop = new ShoppingPage(page, SHOPPING_LABELS['zh-cn']);
    await openBooking(portal);
    await portal.chooseLanguage('简体中文');
    await expect(shop.form.getByRole('radio', { name: '单程' })).toBeChecked();
    await shop.fillLeg(0, 'PEK', 'SHA');
    await expect(shop.form).toContainText('北京');
    await shop.search();
    await shop.waitForFinished();
    await expect(shop.cards.first().getByRole('button', { name: '预订' })).toBeVisible();
    await expect(page.getByTestId('sort-bar')).toContainText('价格最低');
    await portal.screenshot('shopping-results-zh-cn');
    await shop.fillLeg(0, 'PEK', 'PKX');
    await shop.search();
    await expect(shop.form.getByText('第 1 程: 出发地和目的地不能是同一城市或机场')).toBeVisible();
    await portal.chooseLanguage('English');
  });
});
