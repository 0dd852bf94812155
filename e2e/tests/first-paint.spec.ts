import { expect, test } from '@playwright/test';
import { PortalPage } from './support/portal-page';

/** The app's entry script (the shell chunk): held back, the page shows only its first paint. */
const SHELL = /\/assets\/shell-[\w-]+\.js$/;

test.describe('the first paint, before the app runs', () => {
  test('shows the header and hero in the stored language, and the app then takes over', async ({ page }) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
    const portal = new PortalPage(page);
    await portal.open('/');
    await portal.chooseLanguage('English');

    // Without the app's code: the first paint alone, in English, with the log-in link.
    await page.route(SHELL, (route) => route.abort('internetdisconnected'));
    await page.reload();
    const firstPaint = page.locator('#root > .first-paint');
    await expect(firstPaint).toBeVisible();
    await expect(firstPaint.getByRole('heading', { level: 1 })).toHaveText('TripBridge agent portal');
    await expect(firstPaint.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('login-form')).toHaveCount(0);
    const heroBox = await firstPaint.getByRole('heading', { level: 1 }).boundingBox();

    // With it: the app replaces the first paint, the hero in the same place.
    await page.unroute(SHELL);
    await page.reload();
    await expect(page.getByTestId('login-form')).toBeVisible();
    await expect(firstPaint).toHaveCount(0);
    expect(await page.getByTestId('page-title').boundingBox()).toEqual(heroBox);
    // The inline script ran under the page's policy (allowed by its hash), and nothing was refused.
    expect(refused).toEqual([]);
  });

  test('draws a signed-in page with its header only, and starts the app on it', async ({ page }) => {
    const portal = new PortalPage(page);
    await portal.loginInEnglish('operator', '/flight/booking');

    await page.route(SHELL, (route) => route.abort('internetdisconnected'));
    await page.reload();
    const firstPaint = page.locator('#root > .first-paint');
    await expect(firstPaint.getByRole('img', { name: 'TripBridge' })).toBeVisible();
    await expect(firstPaint.getByRole('heading')).toHaveCount(0);
    // Signed in: no log-in link.
    await expect(firstPaint.getByRole('link', { name: 'Log in' })).toHaveCount(0);

    await page.unroute(SHELL);
    await page.reload();
    await portal.waitForPage();
    await expect(firstPaint).toHaveCount(0);
  });

  test('on a phone, the page does not move when the app takes over the first paint', async ({
    browser,
  }, testInfo) => {
    const context = await browser.newContext({
      ...testInfo.project.use,
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    // Every layout shift of the page's life, with what moved (the Layout Instability API).
    await page.addInitScript(() => {
      const shifts: { value: number; moved: string[] }[] = [];
      Object.assign(window, { portalShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          sources: { node?: Node | null }[];
        })[])
          shifts.push({ value: entry.value, moved: entry.sources.map((s) => s.node?.nodeName ?? '?') });
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/');
    await expect(page.getByTestId('login-form')).toBeVisible();
    await expect(page.locator('#root > .first-paint')).toHaveCount(0);
    // The marketing sections have all arrived below the login card.
    await expect(page.getByTestId('home-marketing')).toHaveAttribute('aria-busy', 'false');
    const shifts = await page.evaluate(() => (window as unknown as { portalShifts: unknown[] }).portalShifts);
    expect(shifts).toEqual([]);
    await context.close();
  });

  test('the home page holds still while a visitor scrolls down to its footer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('home-marketing')).toHaveAttribute('aria-busy', 'false');
    const footer = page.getByTestId('language-switch');
    // Where the footer sits in the page, not in the viewport.
    const footerTop = () => footer.evaluate((node) => node.getBoundingClientRect().top + window.scrollY);
    const before = await footerTop();
    await footer.evaluate((node) => node.scrollIntoView());
    // Two frames: whatever the browser lays out because the sections came into view has been.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    // A section laid out only once it nears the viewport would move the footer here, under the
    // pointer of whoever aims at it.
    expect(await footerTop()).toBe(before);
  });
});
