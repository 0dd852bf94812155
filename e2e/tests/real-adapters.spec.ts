import { expect, test, type Page } from '@playwright/test';
import { AfterSalesApi } from './support/after-sales-api';
import { AfterSalesPage } from './support/after-sales-page';
import { ADULT, BookingPage } from './support/booking-page';
import { DEMO_PLATFORM_ADMINS, signInToPlatform } from './support/platform';
import { PortalPage } from './support/portal-page';
import { ShoppingPage } from './support/shopping-page';

/**
 * The real adapters end to end (issue 25): a server with the Duffel flight supplier and Stripe
 * card payments on, and no simulated party, against the local contract mocks of both providers
 * (`e2e/playwright.config.ts` starts the three). The platform switches Duffel on for the demo
 * agency; an agent books a Duffel flight with a seat and a checked bag, pays by card on the
 * Stripe checkout page, is ticketed, changes to the next day, and refunds to the card.
 */
const adaptersPort = Number(process.env.E2E_ADAPTERS_PORT ?? 18490);
const origin = `http://127.0.0.1:${adaptersPort}`;
/** The Stripe mock (`playwright.config.ts`), asked with the server's test key. */
const stripeMock = `http://127.0.0.1:${adaptersPort + 2}`;
const STRIPE_KEY = 'sk_test_e2eContractMock0000';
test.use({ baseURL: origin });

const USER = 'admin';
const journey = { orderId: '', bookingNumber: '', changedId: '' };

async function loginInEnglish(page: Page): Promise<PortalPage> {
  const portal = new PortalPage(page);
  await portal.open('/');
  await portal.chooseLanguage('English');
  await portal.login(USER);
  await expect(page).toHaveURL('/flight/booking');
  return portal;
}

async function waitForStatus(api: AfterSalesApi, id: string, status: string) {
  await expect.poll(async () => (await api.order(id)).status, { timeout: 60_000 }).toBe(status);
}

test.describe.serial('Duffel flights and Stripe cards, against their contract mocks', () => {
  test('the platform switches Duffel, in test mode, on for the demo agency', async ({ browser }) => {
    const page = await (await browser.newContext({ baseURL: origin })).newPage();
    await page.goto('/platform');
    await new PortalPage(page).chooseLanguage('English');
    await signInToPlatform(page, DEMO_PLATFORM_ADMINS.finance);
    await page.goto('/platform/agencies/1/suppliers');
    const flight = page.getByTestId('suppliers-flight');
    await flight.getByLabel('Only these').check();
    const duffel = flight.getByLabel('duffel (test mode, only when ticked)');
    await expect(duffel).not.toBeChecked();
    await duffel.check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.reload();
    await expect(page.getByTestId('suppliers-flight').getByLabel(/^duffel/)).toBeChecked();
    await page.context().close();
  });

  test('an agent books a Duffel flight with a seat and a bag, pays by card on Stripe, and is ticketed', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const portal = await loginInEnglish(page);
    const flow = new BookingPage(portal, new ShoppingPage(page));
    await flow.searchAndChoose('PEK', 'SHA');
    await flow.fillPassenger(0, ADULT);

    const extras = page.getByTestId('passenger-ancillaries-0');
    const seat = extras.getByTestId('seat-map-0').locator('button[aria-disabled="false"]').first();
    await seat.click();
    await expect(seat).toHaveAttribute('aria-pressed', 'true');
    const bag = extras.getByRole('spinbutton').first();
    await bag.fill('1');
    await bag.press('Tab');
    await expect(page.getByTestId('ancillaries-extras')).not.toHaveText(/^CNY 0\.00$/);

    await flow.fillContact();
    journey.bookingNumber = await flow.submit();
    await flow.pay('Card (Stripe)');
    // Stripe's hosted checkout (the mock's page), then back to the order.
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/c\/pay\//, { timeout: 15_000 });
    await page.locator('#pay').click();
    await expect(page).toHaveURL(/\/flight\/orders\/[^/]+$/, { timeout: 15_000 });
    journey.orderId = page.url().split('/').pop() ?? '';
    await expect(page.getByTestId('order-booking-number')).toHaveText(journey.bookingNumber);
    await expect(page.getByTestId('order-payment-state')).toHaveText('Paid', { timeout: 15_000 });
    await expect(page.getByTestId('order-status')).toHaveText('Issued', { timeout: 60_000 });
    await expect(page.getByTestId('order-ancillaries')).toContainText('kg');
  });

  test('the agent changes the flight to the next day through Duffel', async ({ page, request }) => {
    test.setTimeout(150_000);
    const api = await AfterSalesApi.login(request, USER);
    const original = await api.order(journey.orderId);
    const [segment] = original.segments;
    if (!segment) throw new Error('the order has no segment');
    const nextDay = new Date(Date.parse(`${segment.departure.time.slice(0, 10)}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);

    const portal = await loginInEnglish(page);
    const orderPage = new AfterSalesPage(page);
    await orderPage.openOrder(journey.orderId);
    await page.getByTestId('order-change').click();
    const dialog = page.getByTestId('change-dialog');
    await expect(dialog).toBeVisible();
    await orderPage.tick(dialog.getByTestId('after-sales-passengers'), `${ADULT.surname}/${ADULT.given}`);
    await orderPage.tick(
      dialog.getByTestId('after-sales-segments'),
      `${segment.marketingCarrier}${segment.flightNumber}`,
    );
    await orderPage.pick(dialog, 'Reason', 'Voluntary change');
    const date = dialog.getByRole('textbox', { name: 'New date of journey 1' });
    await date.click();
    await date.fill(nextDay);
    await date.press('Enter');
    await page.getByTestId('change-search').click();
    const results = dialog.getByTestId('change-results');
    await expect(results).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
    await results.getByTestId('change-choose').first().click();
    await expect(dialog.getByTestId('change-review')).toBeVisible();
    await page.getByTestId('change-submit').click();

    journey.changedId = await orderPage.waitForNewOrder(journey.orderId);
    await expect
      .poll(async () => (await api.order(journey.changedId)).status, { timeout: 60_000 })
      .toMatch(/^(chg_to_be_paid|changed)$/);
    if ((await api.order(journey.changedId)).status === 'chg_to_be_paid') {
      await page.getByTestId('order-pay').click();
      await page.getByTestId('balance-pay-confirm').click();
    }
    await waitForStatus(api, journey.changedId, 'changed');
    await expect(orderPage.status()).toHaveText('Changed');
    await portal.waitForPage();
  });

  test('the agent refunds the changed tickets, and the money goes back to the card', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const api = await AfterSalesApi.login(request, USER);
    const changed = await api.order(journey.changedId);
    const [segment] = changed.segments;
    if (!segment) throw new Error('the changed order has no segment');

    await loginInEnglish(page);
    const orderPage = new AfterSalesPage(page);
    await orderPage.openOrder(journey.changedId);
    await page.getByTestId('order-refund').click();
    const dialog = page.getByTestId('refund-dialog');
    await expect(dialog).toBeVisible();
    await orderPage.tick(dialog.getByTestId('after-sales-passengers'), `${ADULT.surname}/${ADULT.given}`);
    await orderPage.tick(
      dialog.getByTestId('after-sales-segments'),
      `${segment.marketingCarrier}${segment.flightNumber}`,
    );
    await orderPage.pick(dialog, 'Reason', 'Change of plans');
    await page.getByTestId('refund-submit').click();
    const refundId = await orderPage.waitForNewOrder(journey.changedId);
    await waitForStatus(api, refundId, 'rfd_to_be_confirm');
    const balanceBefore = await api.balance('CNY');
    await page.getByTestId('order-confirm-refund').click();
    await expect(
      page.locator('.ant-modal').filter({ has: page.getByTestId('confirm-refund-dialog') }),
    ).not.toHaveClass(/-(appear|enter)/);
    await page.getByTestId('confirm-refund-ok').click();
    await waitForStatus(api, refundId, 'refunded_reimbursed');
    await expect(orderPage.status()).toHaveText('Refunded, reimbursed');
    await expect(page.getByTestId('order-timeline')).toContainText('Money going back to the card');
    // The card, not the wallet: the balance is as it was, and Stripe was asked for the refund.
    expect(await api.balance('CNY')).toBe(balanceBefore);
    await expect
      .poll(
        async () => {
          const res = await request.get(`${stripeMock}/v1/refunds`, {
            headers: { authorization: `Bearer ${STRIPE_KEY}` },
          });
          return ((await res.json()) as { data: { status: string }[] }).data.map((r) => r.status);
        },
        { timeout: 30_000 },
      )
      .toContain('succeeded');
  });
});
