import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADULT, BookingPage } from './support/booking-page';
import { DEMO_PLATFORM_ADMINS, signInToPlatform, type DemoPlatformAdmin } from './support/platform';
import { PortalPage } from './support/portal-page';
import { ShoppingPage } from './support/shopping-page';

/**
 * From a visitor's enquiry to a trading agency, as the people involved do it (docs/platform.md):
 * a visitor applies on `/`; a platform admin converts the enquiry into a top-level agency and asks
 * for its funding; a second platform admin approves the funding (four-eyes), which posts it; the
 * agency's super admin signs in with the temporary password, replaces it, books and pays from the
 * funded balance.
 */
const stamp = Date.now().toString(36);
const company = `Onboard Travel ${stamp}`;
const superAdmin = `onb${stamp}`.slice(0, 20);
const newPassword = `Nw${stamp}9`.slice(0, 15);
const reference = `BANK-E2E-${stamp}`;
const journey = { temporaryPassword: '', agencyId: '' };

async function platformPage(browser: Browser, admin: DemoPlatformAdmin): Promise<Page> {
  // Each platform admin in a browser of their own: the platform session is per tab.
  const page = await (await browser.newContext()).newPage();
  await page.goto('/platform');
  await new PortalPage(page).chooseLanguage('English');
  await signInToPlatform(page, admin);
  return page;
}

test.describe.serial('from an enquiry to a funded, trading agency', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a visitor sends the partnership enquiry from the home page', async ({ page }) => {
    const portal = new PortalPage(page);
    await portal.open('/');
    await portal.chooseLanguage('English');
    const form = page.getByTestId('contact-form');
    await form.scrollIntoViewIfNeeded();
    // Required fields carry their star in the label's accessible name.
    await form.getByLabel(/^Title/).fill('Lin Mei');
    await form.getByLabel('Email').fill(`${superAdmin}@example.com`);
    await form.getByLabel(/^Country/).selectOption({ label: 'Singapore' });
    await form.getByLabel('Company name').fill(company);
    await form.getByLabel('Company address').fill('1 Harbour Road, Singapore');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByTestId('contact-sent')).toContainText(
      'Thank you! We have received your message and our account manager will reach you out soon.',
    );
  });

  test('a platform admin converts the enquiry into a top-level agency and asks for its funding', async ({
    browser,
  }) => {
    const page = await platformPage(browser, DEMO_PLATFORM_ADMINS.finance);
    await page.goto('/platform/applications');
    const list = page.getByTestId('platform-applications-page');
    await list.getByPlaceholder('Search name, company, e-mail or phone').fill(company);
    await list.getByRole('button', { name: 'Lin Mei' }).click();
    const drawer = page.getByTestId('application-drawer');
    await expect(drawer.getByTestId('application-fields')).toContainText(company);
    await drawer.getByRole('button', { name: 'Convert into an agency' }).click();

    const conversion = page.getByTestId('conversion-form');
    await expect(conversion.getByLabel('Company name')).toHaveValue(company);
    await conversion.getByLabel('Super admin username').fill(superAdmin);
    await page.getByRole('button', { name: 'Create the agency' }).click();
    const result = page.getByTestId('conversion-result');
    await expect(result).toContainText(superAdmin);
    journey.temporaryPassword = (await result.getByTestId('temporary-password').textContent())?.trim() ?? '';
    expect(journey.temporaryPassword).not.toBe('');
    await page.getByRole('button', { name: 'Done' }).click();

    await page.goto('/platform/funding');
    await page.getByRole('tab', { name: 'Fund an agency' }).click();
    const funding = page.getByTestId('funding-form');
    await funding.getByLabel('Agency', { exact: true }).click();
    await page.keyboard.type(company);
    await page.keyboard.press('Enter');
    await funding.getByLabel('Amount received').fill('20000');
    await funding.getByLabel('Exchange rate').fill('1');
    await funding.getByLabel('Bank reference').fill(reference);
    await funding.getByRole('button', { name: 'Send for approval' }).click();
    await expect(page.getByText('Request sent: another platform admin must approve it')).toBeVisible();
    // The requester is never offered the approval of their own request.
    await page.getByRole('tab', { name: 'Pending requests' }).click();
    const own = page.getByRole('row', { name: new RegExp(reference) });
    await expect(own.getByTestId('own-request')).toBeVisible();
    await expect(own.getByTestId('approve')).toHaveCount(0);
    await page.context().close();
  });

  test('a second platform admin approves the funding, which posts it', async ({ browser }) => {
    const page = await platformPage(browser, DEMO_PLATFORM_ADMINS.approver);
    await page.goto('/platform/funding');
    const row = page.getByRole('row', { name: new RegExp(reference) });
    await row.getByTestId('approve').click();
    // The confirmation zooms in: a press while it grows can land outside OK and close nothing.
    // Wait for its opening animation to end, as a person's eye does.
    const confirm = page.getByRole('tooltip');
    await confirm.evaluate((inner) =>
      Promise.all(
        (inner.closest('.ant-popover') ?? inner).getAnimations({ subtree: true }).map((a) => a.finished),
      ),
    );
    await confirm.getByRole('button', { name: /OK|Approve/ }).click();
    await expect(page.getByText('Approved and posted')).toBeVisible();

    await page.goto('/platform/agencies');
    const agencies = page.getByTestId('platform-agencies-page');
    await expect(agencies.getByRole('row', { name: new RegExp(company) })).toContainText('20,000.00');
    await page.context().close();
  });

  test("the new agency's super admin replaces the temporary password, books and pays from the balance", async ({
    page,
  }) => {
    const portal = new PortalPage(page);
    await portal.open('/');
    await portal.chooseLanguage('English');
    await portal.login(superAdmin, journey.temporaryPassword);
    await expect(page).toHaveURL('/profile');
    const form = page.getByTestId('password-form');
    await form.getByLabel('Current password').fill(journey.temporaryPassword);
    await form.getByLabel('New password', { exact: true }).fill(newPassword);
    await form.getByLabel('Confirm new password').fill(newPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(portal.toast('Password changed')).toBeVisible();

    await portal.open('/flight/booking');
    const flow = new BookingPage(portal, new ShoppingPage(page));
    await flow.searchAndChoose('PEK', 'SHA');
    await flow.fillPassenger(0, ADULT);
    await flow.fillContact();
    const bookingNumber = await flow.submit();
    await flow.pay('Account balance');
    await expect(page).toHaveURL(/\/flight\/orders\/[^/]+$/, { timeout: 30_000 });
    await expect(page.getByTestId('order-booking-number')).toHaveText(bookingNumber);
    await expect(page.getByTestId('order-payment-state')).toHaveText('Paid');
  });
});
