import { expect, test, type Page } from '@playwright/test';
import { ADULT, BOOKING_LABELS, BookingPage, yearsAgo } from './support/booking-page';
import { PortalPage } from './support/portal-page';
import { SHOPPING_LABELS, ShoppingPage } from './support/shopping-page';

function booking(page: Page) {
  const portal = new PortalPage(page);
  return new BookingPage(portal, new ShoppingPage(page));
}

async function loginInEnglish(portal: PortalPage, username: string) {
  await portal.open('/');
  await portal.chooseLanguage('English');
  await portal.login(username);
}

test.describe('flight booking, payment and ticketing', () => {
  test('books an adult and a child, pays from the balance, gets tickets, and the wallet shows the payment', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const flow = booking(page);
    await loginInEnglish(flow.portal, 'admin');
    await flow.searchAndChoose('PEK', 'SHA', { children: 1 });
    await expect(page.getByTestId('passenger-card-1')).toContainText('Child');
    await flow.fillPassenger(0, ADULT);
    await flow.fillPassenger(1, {
      ...ADULT,
      given: 'XIAO',
      gender: 'Female',
      birthday: yearsAgo(8),
      number: 'E23456789',
    });
    await flow.fillContact();
    await flow.portal.screenshot('booking-passenger-form');
    const bookingNumber = await flow.submit();
    const total = (await page.getByTestId('payment-panel').getByTestId('order-total').textContent()) ?? '';
    await flow.portal.screenshot('booking-payment-panel');

    await flow.pay('Account balance');
    await expect(page).toHaveURL(/\/flight\/orders\/[^/]+$/, { timeout: 30_000 });
    await expect(page.getByTestId('order-booking-number')).toHaveText(bookingNumber);
    await expect(page.getByTestId('order-payment-state')).toHaveText('Paid');
    // The ticketing job runs after the fare's tier (scaled by TIME_SCALE); the page polls until then.
    await expect(page.getByTestId('order-status')).toHaveText('Issued', { timeout: 45_000 });
    const tickets = page.getByTestId('order-ticket-numbers');
    await expect(tickets).toHaveCount(2);
    for (const text of await tickets.allTextContents()) expect(text).toMatch(/^\d{3}-?\d{10}$/);
    await expect(page.getByTestId('order-pnr')).toHaveText(/^[A-Z0-9]{6}$/);
    await flow.portal.screenshot('booking-order-issued');

    await page.goto('/bills/wallet');
    const entry = page.getByTestId('entries-table').locator('tr', { hasText: bookingNumber });
    await expect(entry).toBeVisible();
    await expect(entry).toContainText(total.replace(/^[A-Z]{3}\s*/, ''));
    await flow.portal.screenshot('wallet-after-booking');
  });

  test('refuses a balance payment larger than balance plus credit with the spec message', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const flow = booking(page);
    // The sub-agency's wallet holds CNY 5,000 and no credit; three long-haul seats cost more.
    await loginInEnglish(flow.portal, 'subop');
    await flow.searchAndChoose('PEK', 'JFK', { adults: 3 });
    for (const [i, number] of ['E12345678', 'E22345678', 'E32345678'].entries())
      await flow.fillPassenger(i, { ...ADULT, given: `WEI${'ABC'[i]}`, number });
    await flow.fillContact();
    await flow.submit();
    // The confirmation reads the wallet first: the payment is refused with the spec's words before
    // it is sent, and cannot be confirmed.
    await flow.pay('Account balance', { confirm: false });
    await expect(page.getByTestId('balance-pay-insufficient')).toHaveText(/insufficient account balance/i);
    await expect(page.getByTestId('balance-pay-confirm')).toBeDisabled();
    await expect(page).toHaveURL('/flight/booking/confirm');
    await flow.portal.screenshot('booking-insufficient-balance');
  });

  test('pays through the outside card gateway and returns to the issued order', async ({ page }) => {
    test.setTimeout(120_000);
    const flow = booking(page);
    await loginInEnglish(flow.portal, 'operator');
    await flow.searchAndChoose('SHA', 'CAN');
    await flow.fillPassenger(0, ADULT);
    await flow.fillContact();
    const bookingNumber = await flow.submit();
    await flow.pay('Card (Stripe)');
    await expect(page).toHaveURL(/\/order\/v2\/payments\/sim\/stripe\//, { timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'Simulated stripe checkout' })).toBeVisible();
    // The checkout posts a form with the payment's secret token; the provider then notifies the portal.
    await page.locator('form[method="post"] #pay').click();
    await expect(page).toHaveURL(/\/flight\/orders\/[^/]+$/, { timeout: 15_000 });
    await expect(page.getByTestId('order-booking-number')).toHaveText(bookingNumber);
    await expect(page.getByTestId('order-payment-state')).toHaveText('Paid', { timeout: 15_000 });
    await expect(page.getByTestId('order-status')).toHaveText('Issued', { timeout: 45_000 });
  });

  test('books and pays in Simplified Chinese', async ({ page }) => {
    test.setTimeout(120_000);
    const portal = new PortalPage(page);
    const flow = new BookingPage(
      portal,
      new ShoppingPage(page, SHOPPING_LABELS['zh-cn']),
      BOOKING_LABELS['zh-cn'],
    );
    await portal.open('/');
    await portal.chooseLanguage('简体中文');
    await portal.login('operator', undefined, { username: '用户名', password: '密码', submit: '登录' });
    await flow.searchAndChoose('PEK', 'SHA');
    const card = page.getByTestId('passenger-card-0');
    await expect(card).toContainText('成人');
    await expect(card.getByText('证件类型')).toBeVisible();
    await expect(page.getByTestId('contact-card')).toContainText('联系人');
    await flow.fillPassenger(0, ADULT);
    await flow.fillContact();
    await portal.screenshot('booking-passenger-form-zh-cn');
    await flow.submit();
    await flow.pay('账户余额');
    await expect(page).toHaveURL(/\/flight\/orders\/[^/]+$/, { timeout: 30_000 });
    await expect(page.getByTestId('order-payment-state')).toHaveText('已支付');
    await expect(page.getByTestId('order-status')).toHaveText('已出票', { timeout: 45_000 });
    await portal.screenshot('booking-order-issued-zh-cn');
  });
});
