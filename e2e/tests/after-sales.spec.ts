import { expect, test, type Page } from '@playwright/test';
import { AfterSalesApi, cents, shownAmount, smallPdf } from './support/after-sales-api';
import { AfterSalesPage } from './support/after-sales-page';
import { OrdersApi } from './support/orders-api';
import { PortalPage } from './support/portal-page';

// The SuperUser books, changes, refunds and sees the wallet: one agency, one set of notices.
const USER = 'admin';

/** Waits until the API says the order has reached `status` (jobs run in the background, time-scaled). */
async function waitForStatus(api: AfterSalesApi, id: string, status: string, timeout = 60_000) {
  await expect.poll(async () => (await api.order(id)).status, { timeout }).toBe(status);
}

async function loginInEnglish(page: Page): Promise<PortalPage> {
  const portal = new PortalPage(page);
  await portal.open('/');
  await portal.chooseLanguage('English');
  await portal.login(USER);
  await expect(page).toHaveURL('/flight/booking');
  return portal;
}

/** The orders the serial tests hand on: the two-passenger booking and who is left on it. */
const journey = { originalId: '', bookingNumber: '', changeSurname: 'CHANGEB', refundSurname: 'REFUNDA' };

test.describe.serial('after-sales of a flight order', () => {
  test.afterAll(async ({ request }) => {
    await (await AfterSalesApi.login(request, USER)).desk({});
  });

  test('one of two passengers is refunded in English: documents, the desk quote, confirmation and the wallet credit', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const orders = await OrdersApi.login(request, USER);
    const api = await AfterSalesApi.login(request, USER);
    // A voluntary refund with a known fee, approved.
    await api.desk({ refund: { decision: 'approve', feePercent: 10 } });
    const booked = await orders.book(journey.refundSurname, journey.changeSurname);
    await orders.payWithBalance(booked.id);
    await waitForStatus(api, booked.id, 'issued');
    journey.originalId = booked.id;
    journey.bookingNumber = booked.bookingNumber;
    const original = await api.order(booked.id);
    const [segment] = original.segments;
    if (!segment) throw new Error('the order has no segment');

    const portal = await loginInEnglish(page);
    const orderPage = new AfterSalesPage(page);
    await orderPage.openOrder(booked.id);
    await expect(orderPage.status()).toHaveText('Issued');
    await page.getByTestId('order-refund').click();
    const dialog = page.getByTestId('refund-dialog');
    await expect(dialog).toBeVisible();
    await orderPage.tick(dialog.getByTestId('after-sales-passengers'), `${journey.refundSurname}/TEST`);
    await orderPage.tick(
      dialog.getByTestId('after-sales-segments'),
      `${segment.marketingCarrier}${segment.flightNumber}`,
    );
    await orderPage.pick(dialog, 'Reason', 'Illness');
    await orderPage.pick(dialog, 'Detail of the reason', 'With a medical certificate');
    await orderPage.upload(dialog, {
      name: 'medical-certificate.pdf',
      mimeType: 'application/pdf',
      buffer: smallPdf(),
    });
    await dialog.getByLabel('Remark').fill('Traveller is ill');
    await portal.screenshot('after-sales-refund-dialog');
    await page.getByTestId('refund-submit').click();

    const refundId = await orderPage.waitForNewOrder(booked.id);
    await expect(page.getByTestId('order-type')).toHaveText('Refund');
    await expect(page.getByTestId('order-after-sales-passengers')).toContainText(journey.refundSurname);
    await expect(page.getByTestId('order-after-sales-passengers')).not.toContainText(journey.changeSurname);
    await expect(page.getByTestId('order-documents')).toContainText('medical-certificate.pdf');
    // The desk reviews (time-scaled) and quotes; the page polls while it reviews.
    await waitForStatus(api, refundId, 'rfd_to_be_confirm');
    await expect(orderPage.status()).toHaveText('Refund to be confirmed');
    const quoted = await api.order(refundId);
    const refundable = quoted.afterSales?.quote?.refundableTotal;
    if (!refundable) throw new Error('the refund was not quoted');
    await expect(page.getByTestId('order-quote-refundableTotal')).toHaveText(
      `${refundable.currency} ${shownAmount(cents(refundable.amount))}`,
    );
    await portal.screenshot('after-sales-refund-quoted');

    const before = await api.balance(refundable.currency);
    await page.getByTestId('order-confirm-refund').click();
    await expect(page.getByTestId('confirm-refund-total')).toHaveText(
      `${refundable.currency} ${shownAmount(cents(refundable.amount))}`,
    );
    // The dialog has finished opening: a click while it zooms in can miss its scaled-down button.
    await expect(
      page.locator('.ant-modal').filter({ has: page.getByTestId('confirm-refund-dialog') }),
    ).not.toHaveClass(/-(appear|enter)/);
    await page.getByTestId('confirm-refund-ok').click();
    await expect(portal.toast('Refund confirmed')).toBeVisible();
    await waitForStatus(api, refundId, 'refunded_reimbursed');
    await expect(orderPage.status()).toHaveText('Refunded, reimbursed');
    const after = await api.balance(refundable.currency);
    expect(cents(after) - cents(before)).toBe(cents(refundable.amount));
    await portal.screenshot('after-sales-refunded');

    // The other passenger is still issued on the original.
    const left = await api.order(booked.id);
    expect(left.status).toBe('issued');

    await page.goto('/bills/wallet');
    await portal.waitForPage();
    await expect(
      page.getByTestId(`balance-${refundable.currency}`).getByTestId('balance-amount'),
    ).toContainText(shownAmount(cents(after)));
    const credit = page
      .getByTestId('entries-table')
      .locator('tr', { hasText: 'Flight refund' })
      .filter({ hasText: `+${shownAmount(cents(refundable.amount))}` });
    await expect(credit.first()).toBeVisible();
    await portal.screenshot('after-sales-wallet-refund');
  });

  test('the other passenger changes to the next day in English and pays the difference with the balance', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const api = await AfterSalesApi.login(request, USER);
    // Money is due: a change fee and a dearer fare per passenger.
    await api.desk({ change: { decision: 'approve', changeFee: 5_000, fareMove: 10_000, reissue: 'ok' } });
    const original = await api.order(journey.originalId);
    const [segment] = original.segments;
    const passenger = original.passengers.find((p) => p.surname === journey.changeSurname);
    if (!segment || !passenger) throw new Error('the order lost its segment or passenger');
    const nextDay = new Date(Date.parse(`${segment.departure.time.slice(0, 10)}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);

    const portal = await loginInEnglish(page);
    const orderPage = new AfterSalesPage(page);
    await orderPage.openOrder(journey.originalId);
    await page.getByTestId('order-change').click();
    const dialog = page.getByTestId('change-dialog');
    await expect(dialog).toBeVisible();
    await orderPage.tick(dialog.getByTestId('after-sales-passengers'), `${journey.changeSurname}/TEST`);
    await orderPage.tick(
      dialog.getByTestId('after-sales-segments'),
      `${segment.marketingCarrier}${segment.flightNumber}`,
    );
    await orderPage.pick(dialog, 'Reason', 'Voluntary change');
    const date = dialog.getByRole('textbox', { name: 'New date of journey 1' });
    await date.click();
    await date.fill(nextDay);
    await date.press('Enter');
    await expect(date).toHaveValue(nextDay);
    await portal.screenshot('after-sales-change-form');
    await page.getByTestId('change-search').click();

    const results = dialog.getByTestId('change-results');
    await expect(results).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
    const choice = results.getByTestId('change-choose').first();
    await expect(results).toContainText(nextDay);
    await portal.screenshot('after-sales-change-results');
    await choice.click();
    await expect(dialog.getByTestId('change-review')).toBeVisible();
    await page.getByTestId('change-submit').click();

    const changeId = await orderPage.waitForNewOrder(journey.originalId);
    await expect(page.getByTestId('order-type')).toHaveText('Change');
    await waitForStatus(api, changeId, 'chg_to_be_paid');
    await expect(orderPage.status()).toHaveText('Change to be paid');
    const due = (await api.order(changeId)).afterSales?.quote?.amountDue;
    if (!due) throw new Error('the change was not quoted');
    expect(cents(due.amount)).toBeGreaterThan(0);
    await expect(page.getByTestId('order-quote-amountDue')).toHaveText(
      `${due.currency} ${shownAmount(cents(due.amount))}`,
    );
    await portal.screenshot('after-sales-change-to-pay');
    const before = await api.balance(due.currency);
    await page.getByTestId('order-pay').click();
    await page.getByTestId('balance-pay-confirm').click();
    await waitForStatus(api, changeId, 'changed');
    await expect(orderPage.status()).toHaveText('Changed');
    expect(cents(before) - cents(await api.balance(due.currency))).toBe(cents(due.amount));
    const changed = await api.order(changeId);
    const tickets = changed.passengers.flatMap((p) => p.ticketNumbers);
    expect(tickets.length).toBeGreaterThan(0);
    for (const ticket of tickets) {
      expect(passenger.ticketNumbers).not.toContain(ticket);
      await expect(page.getByText(ticket).first()).toBeVisible();
    }
    await portal.screenshot('after-sales-changed');
  });
});

test.describe('after-sales in Chinese', () => {
  test('an order is voided in Simplified Chinese; a disruption is acknowledged in Traditional Chinese and rings the bell', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const orders = await OrdersApi.login(request, USER);
    const api = await AfterSalesApi.login(request, USER);
    await api.desk({ void: { decision: 'approve' } });
    const toVoid = await orders.book('VOIDC');
    const disrupted = await orders.book('DISRUPTD');
    await orders.payWithBalance(toVoid.id);
    await orders.payWithBalance(disrupted.id);
    await waitForStatus(api, toVoid.id, 'issued');
    await waitForStatus(api, disrupted.id, 'issued');

    const portal = await loginInEnglish(page);
    await portal.chooseLanguage('简体中文');
    const orderPage = new AfterSalesPage(page);
    await orderPage.openOrder(toVoid.id);
    await expect(orderPage.status()).toHaveText('已出票');
    await page.getByTestId('order-void').click();
    const dialog = page.getByTestId('void-dialog');
    await expect(dialog.getByTestId('void-note')).toContainText('废票截止时间');
    await expect(dialog.getByRole('checkbox', { name: 'VOIDC/TEST', exact: true })).toBeChecked();
    await portal.screenshot('after-sales-void-dialog-zh-cn');
    await page.getByTestId('void-submit').click();
    const voidId = await orderPage.waitForNewOrder(toVoid.id);
    await waitForStatus(api, voidId, 'voided_reimbursed');
    await expect(orderPage.status()).toHaveText('已废票已退款');
    await portal.screenshot('after-sales-voided-zh-cn');

    await api.raiseDisruption(disrupted.id, 'change');
    await portal.chooseLanguage('繁體中文');
    await page.goto('/flight/orders/disruptions');
    await portal.waitForPage();
    // A schedule change's row (the one raised, or the first): the simulated airline may disrupt the
    // same booking on its own (a fifth of bookings, depending on its flights, so on the day of the run).
    const row = page
      .getByTestId('disruptions-table')
      .locator('tr', { hasText: disrupted.bookingNumber })
      .filter({ hasText: '航班時刻變更' })
      .first();
    await expect(row).toBeVisible();
    await row.getByTestId('disruption-acknowledge').click();
    await page.getByTestId('disruption-acknowledge-ok').click();
    await expect(portal.toast('已確認航班異動')).toBeVisible();
    await expect(row.getByTestId('disruption-status')).toHaveText('已確認');
    await expect(row.getByTestId('disruption-acknowledge')).toHaveCount(0);
    await portal.screenshot('after-sales-disruption-zh-tw');

    const bell = page.getByRole('button', { name: /^消息通知/ });
    await bell.click();
    await expect(
      page
        .getByTestId('notification-item')
        .filter({ hasText: disrupted.bookingNumber })
        .filter({ hasText: '航班異動' })
        .first(),
    ).toBeVisible();
    // The popover has finished opening before the screenshot.
    await expect(page.locator('.ant-popover')).not.toHaveClass(/-(appear|enter)/);
    await portal.screenshot('after-sales-bell-zh-tw');
  });

  test('booking records list the tickets of the refunded and changed passengers', async ({ page }) => {
    // Serial: this runs only after the refund and change tests passed, which set the booking.
    expect(journey.bookingNumber, 'booking of the refund and change journey').not.toBe('');
    const portal = await loginInEnglish(page);
    await page.goto('/flight/orders/voyage');
    await portal.waitForPage();
    const search = page.getByTestId('voyage-search');
    await search.getByLabel('Booking number').fill(journey.bookingNumber);
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    const table = page.getByTestId('voyage-table');
    // One row per ticket of the original: the refunded one and the changed one, each linking its request.
    const rows = table.locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: journey.refundSurname })).toContainText('Refunded');
    await expect(rows.filter({ hasText: journey.refundSurname })).toContainText('Refund F');
    await expect(rows.filter({ hasText: journey.changeSurname })).toContainText('Changed');
    await expect(rows.filter({ hasText: journey.changeSurname })).toContainText('Change F');
    await portal.screenshot('after-sales-booking-records');
  });
});
