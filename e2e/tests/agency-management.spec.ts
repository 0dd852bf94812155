import { expect as baseExpect, test, type Page } from '@playwright/test';
import {
  AgencyApi,
  minor,
  percentOf,
  sameFare,
  shown,
  type FlightSearch,
  type PricedSolution,
} from './support/agency-api';
import { AGENCY_LABELS_ZH_TW as TW, AgencyManagerPage } from './support/agency-manager-page';
import { DEMO_PASSWORD } from './support/demo';
import { PortalPage, type LanguageLabel } from './support/portal-page';
import { ShoppingPage } from './support/shopping-page';

// Room for server answers on a loaded machine (the suite's default is 10 s).
const expect = baseExpect.configure({ timeout: 30_000 });

// The admin's agency marks up mainland China fares by a fixed CNY 10.00 (demo seed); the new
// sub-agency adds MARKUP_PERCENT on top of the price it buys at.
const PARENT_AGENCY = 'TripBridge Travel Group';
const PARENT_CHINA_MARKUP = 1_000;
const MARKUP_PERCENT = 5;
const TOP_UP = 5_000_00;

const stamp = Date.now().toString(36);
/** What the serial tests hand on: the agency the admin creates and its super admin's password. */
const journey = {
  name: `E2E 旅行社 ${stamp}`,
  superAdmin: `e2esub${stamp}`,
  temporaryPassword: '',
  newPassword: `Nw${stamp}`.slice(0, 15),
};

const LOGIN_LABELS = {
  繁體中文: { username: '使用者名稱', password: '密碼', submit: '登入' },
  简体中文: { username: '用户名', password: '密码', submit: '登录' },
  English: { username: 'Username', password: 'Password', submit: 'Log in' },
} satisfies Record<LanguageLabel, unknown>;

async function loginIn(page: Page, language: LanguageLabel, username: string, password = DEMO_PASSWORD) {
  const portal = new PortalPage(page);
  await portal.open('/');
  await portal.chooseLanguage(language);
  await portal.login(username, password, LOGIN_LABELS[language]);
  return portal;
}

/**
 * Waits until the page's data has come (no spinner), with room for a loaded machine: the page
 * object's own wait allows the default 10 s, which the statements or the tree may take there.
 */
async function settle(page: Page) {
  await expect(page.getByTestId('page-title')).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
}

/** A screenshot artefact of the screen once its data has come. */
async function snap(portal: PortalPage, name: string) {
  await settle(portal.page);
  await portal.screenshot(name);
}

test.describe.serial('agency management', () => {
  test.describe.configure({ timeout: 120_000 });
  // The browser stays in UTC while the agencies are in Asia/Shanghai: the statements page opens on
  // the agency's current month (16:00 to 24:00 UTC on a month's last day, Beijing is already in the
  // next month, the month its top-up is counted in).

  test('the admin creates a sub-agency in Traditional Chinese, funds it and marks up its mainland China fares', async ({
    page,
  }) => {
    const portal = await loginIn(page, '繁體中文', 'admin');
    await expect(page).toHaveURL('/flight/booking');
    await portal.open('/agency-manager');
    await settle(page);
    const agencies = new AgencyManagerPage(page);

    await test.step('creates the agency and reads its super admin temporary password once', async () => {
      const created = await agencies.create({
        name: journey.name,
        contact: 'E2E Contact',
        email: `${journey.superAdmin}@example.com`,
        superAdmin: journey.superAdmin,
      });
      await expect(page.getByRole('dialog', { name: `${journey.superAdmin} 的臨時密碼` })).toBeVisible();
      journey.temporaryPassword = created.password;
      await snap(portal, 'agency-manager-password-once');
      await created.close();
      await agencies.find(journey.name);
      const row = agencies.row(journey.name);
      await expect(row).toContainText('啟用');
      // Balance, credit limit and available.
      await expect(row).toContainText('CNY 0.00CNY 0.00CNY 0.00');
    });

    await test.step('adds funds and the tree shows the new balance', async () => {
      await agencies.addFunds(journey.name, String(TOP_UP / 100), `E2E-${stamp}`);
      await expect(portal.toast(TW.topUpDone(journey.name, `CNY ${shown(TOP_UP)}`))).toBeVisible();
      await expect(agencies.row(journey.name)).toContainText(
        `CNY ${shown(TOP_UP)}CNY 0.00CNY ${shown(TOP_UP)}`,
      );
      await snap(portal, 'agency-manager-tree');
    });

    await test.step('sets a percent markup and sees the price chain', async () => {
      const drawer = await agencies.openSettings(journey.name);
      await agencies.addPercentMarkup(drawer, '中國大陸', MARKUP_PERCENT);
      await expect(portal.toast(TW.settingsSaved)).toBeVisible();
      await snap(portal, 'agency-settings-markup');

      // Supplier net 1,000.00 → the parent's fixed 10.00 → this agency's percent → sale price.
      const chain = await agencies.showChain(drawer);
      const net = 1_000_00;
      const parentPrice = net + PARENT_CHINA_MARKUP;
      const added = percentOf(parentPrice, MARKUP_PERCENT);
      const rows = chain.locator('tbody tr');
      await expect(rows).toHaveCount(4);
      await expect(rows.nth(0)).toContainText(`${TW.net}CNY ${shown(net)}`);
      await expect(rows.nth(1)).toContainText(PARENT_AGENCY);
      await expect(rows.nth(1)).toContainText(`CNY ${shown(PARENT_CHINA_MARKUP)}CNY ${shown(parentPrice)}`);
      await expect(rows.nth(2)).toContainText(journey.name);
      await expect(rows.nth(2)).toContainText(`${MARKUP_PERCENT} %`);
      await expect(rows.nth(2)).toContainText(`CNY ${shown(added)}CNY ${shown(parentPrice + added)}`);
      await expect(rows.nth(3)).toContainText(`${TW.sale}CNY ${shown(parentPrice + added)}`);
      await snap(portal, 'agency-settings-price-chain');
    });
  });

  test("the sub-agency's super admin changes the temporary password in English and sees the marked-up price", async ({
    page,
    request,
  }) => {
    const portal = await loginIn(page, 'English', journey.superAdmin, journey.temporaryPassword);
    // A temporary password opens only the account page until it is replaced: no menu to the
    // booking screens, and an address typed by hand comes back here with the reason.
    const changeFirst = 'Please change your temporary password before continuing';
    await expect(page).toHaveURL('/profile');
    await settle(page);
    const flights = page.getByTestId('top-menu').getByText('Flights', { exact: true });
    await expect(flights).toHaveCount(0);
    await portal.open('/flight/booking');
    await expect(page).toHaveURL('/profile');
    await expect(portal.toast(changeFirst)).toBeVisible();
    await settle(page);
    const form = page.getByTestId('password-form');
    await form.getByLabel('Current password').fill(journey.temporaryPassword);
    await form.getByLabel('New password', { exact: true }).fill(journey.newPassword);
    await form.getByLabel('Confirm new password').fill(journey.newPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(portal.toast('Password changed')).toBeVisible();

    // The sub-agency's search, and every solution its polls bring.
    const seen = new Map<string, PricedSolution>();
    page.on('response', async (response) => {
      if (!response.url().includes('/async-shopping/solutions') || !response.ok()) return;
      const body = (await response.json().catch(() => null)) as {
        data?: { solutions?: PricedSolution[] };
      } | null;
      for (const solution of body?.data?.solutions ?? []) seen.set(solution.id, solution);
    });
    await flights.click();
    await expect(page).toHaveURL('/flight/booking');
    await settle(page);
    const shop = new ShoppingPage(page);
    await shop.fillLeg(0, 'PEK', 'SHA');
    const asked = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/shopping/v2/flight/async-shopping',
    );
    await shop.search();
    const search = (await asked).postDataJSON() as FlightSearch;
    await shop.waitForFinished();
    const card = shop.cards.first();
    await expect(card).toBeVisible();
    const id = (await card.getAttribute('data-solution-id')) ?? '';
    // The poll that brought it may still be being read by the listener.
    await expect.poll(() => seen.has(id), { message: `the shown solution ${id} came in a poll` }).toBe(true);
    const mine = seen.get(id);
    if (!mine) throw new Error(`the shown solution ${id} came in no poll`);

    // The same fare as the parent agency's admin finds it with the same search.
    const parent = (await (await AgencyApi.login(request, 'admin')).search(search)).find((s) =>
      sameFare(s, mine),
    );
    if (!parent) throw new Error('the parent agency does not find the same fare');
    let expected = 0;
    for (const line of parent.priceDetail.priceList) {
      const ours = mine.priceDetail.priceList.find((p) => p.passengerType === line.passengerType);
      // Same supplier fare and taxes: only the agency's markup differs.
      expect(ours?.price).toBe(line.price);
      const taxes = minor(line.tax) + minor(line.fuelSurcharge) + minor(line.airportTax);
      const parentFare = minor(line.salePrice) - taxes;
      expect(parentFare).toBe(minor(line.price) + PARENT_CHINA_MARKUP);
      expected += (minor(line.salePrice) + percentOf(parentFare, MARKUP_PERCENT)) * line.count;
    }
    expect(expected).toBeGreaterThan(minor(parent.priceDetail.total.amount));
    await expect(card.getByTestId('solution-total')).toHaveText(`CNY ${shown(expected)}`);
    await snap(portal, 'agency-sub-agency-marked-up-results');
  });

  test("finance sees the sub-agency's statement with the top-up in Simplified Chinese", async ({ page }) => {
    const portal = await loginIn(page, '简体中文', 'finance');
    await expect(page).toHaveURL('/bills/statements');
    await portal.open('/agency-manager/statements');
    await settle(page);
    const filters = page.getByTestId('sub-statement-filters');
    // The picker asks the server as the name is typed and its list animates: retried until chosen.
    const picker = page.getByRole('combobox', { name: '下级代理商' });
    const agency = filters.locator(picker);
    const chosen = filters.locator('.ant-select').filter({ has: picker });
    const option = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: journey.name });
    await expect(async () => {
      if ((await chosen.textContent({ timeout: 2_000 }))?.includes(journey.name)) return;
      await agency.click();
      await agency.fill(journey.name);
      await option.click({ timeout: 5_000 });
      await baseExpect(chosen).toContainText(journey.name, { timeout: 2_000 });
    }).toPass({ timeout: 40_000 });
    await filters.getByRole('button', { name: /^查\s*询$/ }).click();
    const row = page.getByTestId('sub-statements-table').locator('tr.ant-table-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(journey.name);
    // Opening 0, top-ups, no spending, closing.
    await expect(row).toContainText(`CNY 0.00CNY ${shown(TOP_UP)}`);
    const cells = row.locator('td');
    // …and the closing balance (before the credit limit and the actions).
    await expect(cells.nth((await cells.count()) - 3)).toHaveText(`CNY ${shown(TOP_UP)}`);
    await snap(portal, 'agency-statements-sub-agency');
  });
});
