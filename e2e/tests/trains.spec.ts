import { expect, test } from '@playwright/test';
import { cents, shownAmount } from './support/after-sales-api';
import { PortalPage } from './support/portal-page';
import { residentIdNumber, TRAIN_LABELS, TrainApi, TrainPage } from './support/train-page';

// The SuperUser of the demo agency: its train service is on and it has a CNY wallet.
const USER = 'admin';

test('a train from Beijing South to Shanghai Hongqiao is booked for two in Traditional Chinese, paid, ticketed and refunded', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const labels = TRAIN_LABELS['zh-tw'];
  const api = await TrainApi.login(request, USER);
  const portal = new PortalPage(page);
  await portal.open('/');
  await portal.chooseLanguage('English');
  await portal.login(USER);
  await expect(page).toHaveURL('/flight/booking');
  await portal.chooseLanguage('繁體中文');
  await page.goto('/train/booking');
  await portal.waitForPage();

  const train = new TrainPage(page, labels);
  await train.pickStation(labels.from, '北京南', 'VNP');
  await train.pickStation(labels.to, '上海虹桥', 'AOH');
  await train.search();
  // The search is by city: the station filters keep Beijing South to Shanghai Hongqiao.
  const filters = page.getByTestId('train-filters');
  await filters.getByRole('checkbox', { name: '北京南', exact: true }).check();
  await filters.getByRole('checkbox', { name: '上海虹橋', exact: true }).check();
  const cards = page.getByTestId('train-card');
  await expect(cards.first()).toBeVisible();
  for (const card of await cards.all()) {
    await expect(card).toContainText('北京南');
    await expect(card).toContainText('上海虹橋');
  }
  await portal.screenshot('train-search-zh-tw');

  // The first train with second-class seats left.
  const seat = page
    .getByTestId('train-card')
    .getByRole('button', { name: new RegExp(` ${labels.secondClass}$`) })
    .and(page.locator(':enabled'))
    .first();
  const trainNumber = ((await seat.getAttribute('aria-label')) ?? '').split(' ')[1] ?? '';
  expect(trainNumber).toMatch(/^[GDCZTK]\d+$/);
  await seat.click();
  const drawer = train.drawer;
  await expect(drawer).toContainText(trainNumber);

  const first = residentIdNumber('110105', '19900307', '123');
  const second = residentIdNumber('310104', '19880512', '246');
  await train.fillPassenger(0, '張偉', first);
  await drawer.getByRole('button', { name: labels.addPassenger }).click();
  await train.fillPassenger(1, '李娜', second);
  await train.fillContact('張偉', 'zhang.wei@example.com', '13800138000');
  await drawer.getByRole('button', { name: labels.toReview, exact: true }).click();
  const review = page.getByTestId('train-booking-review');
  await expect(review).toContainText('張偉');
  await expect(review).toContainText('李娜');
  await expect(page.getByTestId('train-booking-total')).toBeVisible();
  await portal.screenshot('train-booking-review-zh-tw');
  await review.getByRole('button', { name: labels.book, exact: true }).click();

  const pay = page.getByTestId('train-pay');
  await expect(pay).toBeVisible({ timeout: 30_000 });
  const before = await api.balance();
  await pay.getByRole('button', { name: labels.payWithBalance }).click();
  await page.getByTestId('balance-pay-confirm').click();
  await expect(page).toHaveURL(/\/train\/orders\?id=/);
  const id = new URL(page.url()).searchParams.get('id') ?? '';
  const paid = await api.order(id);
  expect(cents(before) - cents(await api.balance())).toBe(cents(paid.price.orderTotal.amount));

  // Ticketing runs as a job (time-scaled); the drawer shows what the API says on its next load.
  await expect.poll(async () => (await api.order(id)).status, { timeout: 60_000 }).toBe('ticketed');
  const ticketed = await api.order(id);
  await page.reload();
  const detail = page.getByTestId('train-order-detail');
  await expect(detail).toContainText(labels.status.ticketed);
  const rows = detail.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  for (const passenger of ticketed.passengers) {
    expect(passenger.seat?.coach).toBeTruthy();
    expect(passenger.seat?.seatNumber).toBeTruthy();
    const row = rows.filter({ hasText: passenger.name });
    await expect(row).toContainText(passenger.seat?.coach ?? '—');
    await expect(row).toContainText(passenger.seat?.seatNumber ?? '—');
    await expect(row).toContainText(passenger.ticketNumber ?? '—');
  }
  await portal.screenshot('train-ticketed-zh-tw');

  // The refund states its fee before it is confirmed.
  await detail.getByRole('button', { name: labels.refund, exact: true }).click();
  const note = page.getByTestId('confirm-refund');
  await expect(note).toContainText(labels.refundFee);
  const quote = ticketed.refundQuote;
  if (!quote?.fee) throw new Error('the ticketed order has no refund quote');
  await expect(note).toContainText(`CNY ${shownAmount(cents(quote.fee.amount))}`);
  await page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: labels.refund, exact: true })
    .click();
  await expect.poll(async () => (await api.order(id)).status, { timeout: 60_000 }).toBe('refunded');
  const refunded = await api.order(id);
  const fee = refunded.price.refundFee?.amount ?? '0';
  await page.reload();
  await expect(detail).toContainText(labels.status.refunded);
  await expect(detail).toContainText(`CNY ${shownAmount(cents(fee))}`);
  expect(cents(fee)).toBe(cents(quote.fee.amount));
  expect(cents(before) - cents(await api.balance())).toBe(cents(fee));
  await portal.screenshot('train-refunded-zh-tw');
});
