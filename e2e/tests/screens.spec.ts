import { expect, test, type Page } from '@playwright/test';
import { PortalPage, type LanguageLabel } from './support/portal-page';
import { AGENT_VIEWPORTS, screenFitProblems } from './support/screen-fit';
import { ShoppingPage } from './support/shopping-page';

/** The three languages, as the footer switch names them. */
const LANGUAGES: readonly LanguageLabel[] = ['English', '简体中文', '繁體中文'];

/** A list page: where it is, and whether the seeded demo gives its table rows. */
interface ListPage {
  path: string;
  /** False where the demo data may leave the table empty (it is measured all the same). */
  rows?: boolean;
}

/**
 * The list pages of each demo user who sees them (README's demo logins); the seeded quarter of
 * business fills their tables. Agency 2 is the sub-agency TripBridge East Branch.
 */
const PAGES_BY_USER: Record<string, { landing: string; pages: readonly ListPage[] }> = {
  admin: {
    landing: '/flight/booking',
    pages: [
      { path: '/flight/orders' },
      { path: '/flight/orders/voyage' },
      { path: '/flight/orders/disruptions' },
      { path: '/flight/group/order' },
      { path: '/bills/wallet' },
      { path: '/bills/transactions' },
      { path: '/bills/statements' },
      { path: '/agency-manager' },
      { path: '/agency-manager/statements' },
      { path: '/agency-manager/bills/2' },
      { path: '/agency-manager/bills/2?tab=transactions' },
      { path: '/users' },
      { path: '/user-log' },
      { path: '/profile', rows: false },
    ],
  },
  trainop: { landing: '/train/booking', pages: [{ path: '/train/orders' }] },
};

/**
 * Opens `path` inside the running app (as its own links do, without loading the app again) and
 * waits for its page: a table that was not on the previous page and, where the demo has rows,
 * its first row.
 */
async function openListPage(portal: PortalPage, { path, rows = true }: ListPage) {
  const { page } = portal;
  await page.evaluate((to) => {
    // Already there (one page, another language): the page stays and its tables are current.
    if (window.location.pathname + window.location.search === to) return;
    document.querySelectorAll('.ant-table').forEach((table) => table.setAttribute('data-seen', ''));
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(path);
  const table = page.locator('.ant-table:not([data-seen])').first();
  await expect(table).toBeVisible();
  if (rows) await expect(table.locator('.ant-table-row').first()).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
}

async function loginAs(page: Page, username: string, landing: string): Promise<PortalPage> {
  const portal = new PortalPage(page);
  await portal.loginInEnglish(username, landing);
  return portal;
}

test.describe('screens at the sizes agents use', () => {
  for (const [username, { landing, pages }] of Object.entries(PAGES_BY_USER)) {
    test(`${username}'s list pages fit, or scroll inside their tables with the key and action columns fixed, at 1366x768 and 1920x1080 in three languages`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const portal = await loginAs(page, username, landing);
      const problems: string[] = [];
      for (const language of LANGUAGES) {
        await portal.chooseLanguage(language);
        for (const listPage of pages) {
          await openListPage(portal, listPage);
          // The sizes in turns (small, large, then large, small): one resize fewer per page.
          const sizes =
            page.viewportSize()?.width === AGENT_VIEWPORTS[1].width
              ? [...AGENT_VIEWPORTS].reverse()
              : AGENT_VIEWPORTS;
          for (const viewport of sizes) {
            await page.setViewportSize(viewport);
            for (const problem of await screenFitProblems(page))
              problems.push(`${listPage.path} ${viewport.width}x${viewport.height} ${language}: ${problem}`);
          }
        }
      }
      expect(problems).toEqual([]);
    });
  }

  test('the booking confirmation and an order opened from far down the list open at their top, and fit', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(AGENT_VIEWPORTS[0]);
    const portal = await loginAs(page, 'operator', '/flight/booking');

    // The search results are long: the agent scrolls down to a fare and books it.
    const shop = new ShoppingPage(page);
    await shop.fillLeg(0, 'PEK', 'SHA');
    await shop.search();
    await shop.waitForFinished();
    const fare = shop.cards.filter({ hasNot: page.getByTestId('restricted-fare') }).nth(3);
    await fare.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await fare.getByRole('button', { name: shop.labels.book }).click();
    await expect(page).toHaveURL('/flight/booking/confirm', { timeout: 30_000 });
    await expect(page.getByTestId('booking-form')).toBeVisible();
    await expect(page.getByTestId('quote-countdown')).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await screenFitProblems(page)).toEqual([]);

    // The last order of the list's first page, opened from the bottom of the list.
    await page.getByTestId('top-menu').getByText('My Bookings', { exact: true }).click();
    await page.getByText('Flight orders', { exact: true }).click();
    await expect(page).toHaveURL(/\/flight\/orders/);
    await portal.waitForPage();
    const last = page.getByTestId('orders-table').locator('.ant-table-row').last().getByRole('link').first();
    await last.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await last.click();
    await expect(page).toHaveURL(/\/flight\/orders\/[^/]+$/);
    await expect(page.getByTestId('order-booking-number')).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await screenFitProblems(page)).toEqual([]);
  });
});
