import { ROUTES } from '@portal/domain/routes';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { ADULT, BookingPage } from './support/booking-page';
import { demoRecordsOf } from './support/demo-records';
import { daysFromToday, GroupPage } from './support/group-page';
import { DEMO_PLATFORM_ADMINS, signInToPlatform } from './support/platform';
import { PortalPage } from './support/portal-page';
import { ShoppingPage } from './support/shopping-page';

/**
 * Every route of the route table (packages/domain/src/routes.ts) measured with axe at 1366x768:
 * no critical or serious WCAG 2 A/AA violation (docs/accessibility.md). Public pages logged out,
 * the others as the demo SuperUser, who may open them all; the main list pages and the home page
 * in zh-cn too, the partner agency's theme, and the dialogs that open from a list.
 */

test.use({ viewport: { width: 1366, height: 768 } });

const ZH_CN_LOGIN = { username: '用户名', password: '密码', submit: '登录' };

/** The routes each test below checks, by pattern: the last test compares them with the table. */
const PUBLIC_ROUTES = ['/', '/terms', '/privacy', '/profile'];
/** The traveller's page of a client quote, opened by its link. */
const QUOTE_ROUTE = '/quote/:token';
/** Pages that need no more than opening them, by the part of the product they belong to. */
const SIMPLE_ROUTES = {
  'flights and trains': [
    '/flight/orders',
    '/flight/orders/voyage',
    '/flight/orders/disruptions',
    '/flight/group/booking',
    '/flight/group/order',
    '/train/booking',
    '/train/orders',
  ],
  'bills and agency management': [
    '/bills/wallet',
    '/bills/transactions',
    '/bills/statements',
    '/agency-manager',
    '/agency-manager/statements',
  ],
  'account and administration': ['/profile', '/users', '/user-log', '/company'],
};
/**
 * The platform back office: its sign-in, then, as the demo platform admin, every platform page
 * without a parameter (each area's pages are covered as they join the route table).
 */
const PLATFORM_ROUTES = ROUTES.filter((r) => r.layout === 'platform' && !r.path.includes(':')).map(
  (r) => r.path,
);
/** Platform pages with a parameter, opened for a demo agency (`/platform/agencies/1/suppliers`). */
const PLATFORM_DETAIL_ROUTES = { '/platform/agencies/:id/suppliers': '/platform/agencies/1/suppliers' };
const DETAIL_ROUTES = ['/flight/orders/:id', '/flight/group/order/:id', '/agency-manager/bills/:id'];
const FLOW_ROUTES = ['/flight/booking', '/flight/booking/confirm', '/flight/group/booking/confirm'];
const ZH_CN_ROUTES = [
  '/flight/booking',
  '/flight/orders',
  '/flight/group/order',
  '/train/orders',
  '/bills/wallet',
  '/bills/transactions',
  '/bills/statements',
  '/agency-manager',
  '/agency-manager/statements',
  '/users',
  '/user-log',
];

/** Waits until no antd motion (a dialog zooming in, a tab sliding) is running: axe reads colours. */
async function settle(page: Page) {
  // Room for a loaded machine: a statement or a long list can take more than the default 10 s.
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 30_000 });
  await expect(
    page.locator('[class*="-appear-active"], [class*="-enter-active"], [class*="-leave-active"]'),
  ).toHaveCount(0);
}

/** Opens `path` and waits for its title and data. */
async function open(portal: PortalPage, path: string) {
  await portal.page.goto(path);
  await portal.waitForPage();
  await settle(portal.page);
}

test.describe('accessibility (axe-core, WCAG 2 A and AA) at 1366x768', () => {
  test('public pages, logged out, in English', async ({ page }) => {
    const portal = new PortalPage(page);
    await portal.open('/');
    await portal.chooseLanguage('English');
    await expect(page.getByTestId('login-form')).toBeVisible();
    await settle(page);
    await expectNoSeriousViolations(page, '/ (logged out)');
    for (const path of PUBLIC_ROUTES.slice(1)) {
      await page.goto(path);
      await settle(page);
      await expectNoSeriousViolations(page, `${path} (logged out)`);
    }
  });

  for (const [part, paths] of Object.entries(SIMPLE_ROUTES)) {
    test(`${part} pages as the SuperUser, in English`, async ({ page }) => {
      test.setTimeout(150_000);
      const portal = new PortalPage(page);
      await portal.loginInEnglish('admin', '/flight/booking');
      for (const path of paths) {
        await open(portal, path);
        await expectNoSeriousViolations(page, path);
      }
    });
  }

  test('detail pages of seeded orders and a sub-agency, in English', async ({ page, request }) => {
    test.setTimeout(120_000);
    const portal = new PortalPage(page);
    await portal.loginInEnglish('admin', '/flight/booking');
    const records = await demoRecordsOf(request, 'admin');
    const details = {
      '/flight/orders/:id': `/flight/orders/${await records.firstId('/order/v2/flight/orders')}`,
      '/flight/group/order/:id': `/flight/group/order/${await records.firstId('/order/v2/group/orders')}`,
      '/agency-manager/bills/:id': `/agency-manager/bills/${await records.firstId('/base/v2/agencies')}`,
      [QUOTE_ROUTE]: await records.clientQuotePage(),
    };
    for (const [route, path] of Object.entries(details)) {
      await open(portal, path);
      await expectNoSeriousViolations(page, route);
    }
  });

  test('flight search, results, booking form, payment panel and its confirmation', async ({ page }) => {
    test.setTimeout(120_000);
    const portal = new PortalPage(page);
    const flow = new BookingPage(portal, new ShoppingPage(page));
    await portal.loginInEnglish('admin', '/flight/booking');
    await settle(page);
    await expectNoSeriousViolations(page, '/flight/booking (search form)');
    await flow.shop.fillLeg(0, 'PEK', 'SHA');
    await flow.shop.search();
    await flow.shop.waitForFinished();
    await settle(page);
    await expectNoSeriousViolations(page, '/flight/booking (results)');
    await flow.shop.cards
      .filter({ hasNot: page.getByTestId('restricted-fare') })
      .first()
      .getByRole('button', { name: flow.shop.labels.book })
      .click();
    await expect(page.getByTestId('booking-form')).toBeVisible({ timeout: 30_000 });
    await settle(page);
    await expectNoSeriousViolations(page, '/flight/booking/confirm (passengers)');
    await flow.fillPassenger(0, ADULT);
    await flow.fillContact();
    await flow.submit();
    await settle(page);
    await expectNoSeriousViolations(page, '/flight/booking/confirm (payment panel)');
    await flow.pay('Account balance', { confirm: false });
    await expect(page.getByTestId('balance-pay-confirm')).toBeVisible();
    await settle(page);
    await expectNoSeriousViolations(page, 'balance payment confirmation (new booking)');
  });

  test('group request confirmation and the dialogs that open from lists', async ({ page, request }) => {
    test.setTimeout(120_000);
    const portal = new PortalPage(page);
    await portal.loginInEnglish('admin', '/flight/booking');

    await open(portal, '/flight/group/booking');
    const group = new GroupPage(page);
    await group.pickAirport(0, group.labels.origin, 'PEK');
    await group.pickAirport(0, group.labels.destination, 'CAN');
    await group.fillDate(0, daysFromToday(40));
    await group.fillCount(group.labels.adults, 10);
    await page.getByTestId('group-booking-next').click();
    await expect(page.getByTestId('group-booking-confirm-page')).toBeVisible();
    await settle(page);
    await expectNoSeriousViolations(page, '/flight/group/booking/confirm');

    const records = await demoRecordsOf(request, 'admin');
    const unpaid = await records.firstId('/order/v2/flight/orders?status=to_be_paid');
    await open(portal, `/flight/orders/${unpaid}`);
    await page.getByTestId('order-pay').click();
    await expect(page.getByTestId('balance-pay-confirm')).toBeVisible();
    await settle(page);
    await expectNoSeriousViolations(page, 'balance payment confirmation (order detail)');

    await open(portal, '/users');
    await page.getByRole('button', { name: /^Edit/ }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await settle(page);
    await expectNoSeriousViolations(page, 'user edit form (/users)');
  });

  test('the home page and the main list pages in zh-cn', async ({ page }) => {
    test.setTimeout(150_000);
    const portal = new PortalPage(page);
    await portal.open('/');
    await portal.chooseLanguage('简体中文');
    await expect(page.getByTestId('login-form')).toBeVisible();
    await settle(page);
    await expectNoSeriousViolations(page, '/ (zh-cn, logged out)');
    await portal.login('admin', undefined, ZH_CN_LOGIN);
    await expect(page).toHaveURL('/flight/booking');
    for (const path of ZH_CN_ROUTES) {
      await open(portal, path);
      await expectNoSeriousViolations(page, `${path} (zh-cn)`);
    }
  });

  test("the partner agency's green theme (zh-cn)", async ({ page }) => {
    const portal = new PortalPage(page);
    await portal.open('/');
    await portal.chooseLanguage('简体中文');
    // The partner agency (id 222) has its own green and black theme and always sees zh-cn.
    await portal.login('partner', undefined, ZH_CN_LOGIN);
    await expect(page).toHaveURL('/flight/booking');
    for (const path of ['/flight/booking', '/flight/orders']) {
      await open(portal, path);
      await expectNoSeriousViolations(page, `${path} (partner theme)`);
    }
  });

  test('the platform back office: its sign-in, and its pages as the demo platform admin', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const portal = new PortalPage(page);
    await portal.open('/platform');
    await portal.chooseLanguage('English');
    await expect(page.getByTestId('platform-sign-in-form')).toBeVisible();
    await settle(page);
    await expectNoSeriousViolations(page, '/platform (sign-in)');
    await signInToPlatform(page, DEMO_PLATFORM_ADMINS.finance);
    await portal.waitForPage();
    await settle(page);
    await expectNoSeriousViolations(page, '/platform (signed in)');
    for (const path of PLATFORM_ROUTES.filter((p) => p !== '/platform')) {
      await open(portal, path);
      await expectNoSeriousViolations(page, path);
    }
    for (const path of Object.values(PLATFORM_DETAIL_ROUTES)) {
      await open(portal, path);
      await expectNoSeriousViolations(page, path);
    }
  });

  test('the platform funding page: its forms, and a pending request of the signed-in admin', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const portal = new PortalPage(page);
    await portal.open('/platform');
    await portal.chooseLanguage('English');
    await signInToPlatform(page, DEMO_PLATFORM_ADMINS.finance);
    await open(portal, '/platform/funding');
    const funding = page.getByTestId('platform-funding-page');
    await funding.getByRole('tab', { name: 'Fund an agency' }).click();
    const form = page.getByTestId('funding-form');
    await expect(form).toBeVisible();
    await settle(page);
    await expectNoSeriousViolations(page, '/platform/funding (fund an agency)');
    // A request of the signed-in admin: approve and reject shown disabled, with the reason beside them.
    await form.getByRole('combobox', { name: 'Agency' }).click();
    await page.getByTitle('TripBridge Travel Group (1)').click();
    await form.getByLabel('Amount received').fill('100');
    await form.getByLabel('Bank reference').fill(`A11Y-${Date.now()}`);
    await form.getByRole('button', { name: 'Send for approval' }).click();
    await expect(page.getByText('Request sent: another platform admin must approve it')).toBeVisible();
    // The button's loading icon leaves with a motion that never ends in a hidden tab: let it end here.
    await settle(page);
    await funding.getByRole('tab', { name: 'Pending requests' }).click();
    const own = page.getByTestId('pending-requests').getByTestId('own-request').first();
    await expect(own).toBeVisible();
    await settle(page);
    await expectNoSeriousViolations(page, '/platform/funding (pending, own request)');
    await funding.getByRole('tab', { name: 'Set credit limit' }).click();
    await expect(page.getByTestId('credit-form')).toBeVisible();
    await settle(page);
    await expectNoSeriousViolations(page, '/platform/funding (set credit limit)');
    // Leave nothing pending behind: the requester cancels it.
    await funding.getByRole('tab', { name: 'Pending requests' }).click();
    await page.getByTestId('pending-requests').getByTestId('cancel-request').first().click();
    await page.getByRole('button', { name: 'OK' }).click();
  });

  test('the tests above check every route of the route table', () => {
    const simple = Object.values(SIMPLE_ROUTES).flat();
    const checked = new Set([
      ...PUBLIC_ROUTES,
      ...simple,
      ...DETAIL_ROUTES,
      QUOTE_ROUTE,
      ...FLOW_ROUTES,
      ...PLATFORM_ROUTES,
      ...Object.keys(PLATFORM_DETAIL_ROUTES),
    ]);
    expect(ROUTES.map((r) => r.path).filter((path) => !checked.has(path))).toEqual([]);
  });
});
