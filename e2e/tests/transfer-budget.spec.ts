import { ROUTES, type RouteMeta } from '@portal/domain/routes';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { demoRecordsOf, type DemoRecords } from './support/demo-records';
import { DEMO_PLATFORM_ADMINS, signInToPlatform } from './support/platform';
import { PortalPage } from './support/portal-page';
import { ShoppingPage } from './support/shopping-page';

/**
 * What the browser downloads (docs/performance/history.md, "What the browser downloads"): the JavaScript
 * the login page and the search page request, counted as Chromium counts it (bytes on the wire,
 * compressed, headers included). The ceilings are the targets, 200 KB and 400 KB. Last measured
 * 2026-11-23 late evening: login 185.0 KB in 5 files, login then search 369.9 KB in 40 files
 * (361.5 KB and 628.4 KB that morning). A change that pulls more into these pages fails here.
 */
const LOGIN_JS_BUDGET = 200 * 1024;
const SEARCH_JS_BUDGET = 400 * 1024;
/** Every route of the route table, opened fresh (issue 27, docs/performance/javascript-per-route.md). */
const ROUTE_JS_BUDGET = 400 * 1024;
/**
 * The routes still over the 400 KB budget, each with the ceiling it must not pass meanwhile (its
 * last measured figure plus 1 to 2 KB): a page cannot grow while it waits for its fix, and a route
 * that gets under the budget must leave this list (the test says so), so it only shrinks.
 */
// 2026-11-30 (wt/js, third pass): measured plus 1.5 KB after zod left the user log, group booking,
// company and platform agency pages and both booking confirmations stopped loading what they show
// for a fresh load with nothing to confirm; six routes left the list. docs/performance/javascript-per-route.md.
// 2026-11-30 (wt/js2, fourth pass): zod left the platform funding page (now within the budget, off the
// list) and the profile page (its ceiling lowered to its new figure plus 1.5 KB).
// 2026-11-30 (wt/jsa, fifth pass): Card's Tabs, Table's Tree, Checkbox and Radio load on demand and
// the small shared icons travel in one file; the profile, agency bills, agency statements, wallet
// and flight orders pages got under the budget and left the list.
// 2026-11-30 (wt/jsb, fifth pass): zod left the train and order detail pages, their dialogs and drawers
// load when opened and the station table is data. Measured on the merge of both: the train booking
// and train orders pages left the list; the two left are ceilinged at their figures plus 1.5 KB.
// 2026-11-30 (wt/js6, sixth pass): the order pages' confirmations, the group passenger list's upload
// and the traveller documents card load when first needed; both order detail pages got under the
// budget and left the list, which is empty: every route is held to 400 KB.
// 2026-11-30 (clean-clone CI of bd2fef9): in the full run the first group order is the one the
// group flights test just quoted and paid a deposit for, open for its passenger list, so its page
// also loads the upload and the documents card: 401.1 KB in 65 files (380.5 KB for the order the
// transfer test meets alone). Back on the list at 410 KB: that figure plus the spread seen between
// runs (the login page's lazily loaded files moved its figure by 7 KB from one run to the next);
// run alone it is within the budget, so it was not told to leave the list.
// 2026-11-30 (wt/grp, seventh pass): the group order page's journeys, quotes and instalments are
// plain tables (no antd Table, Select or Pagination) and its passenger tables load when there are
// rows: within the budget in that state too, off the list, which is empty again.
const OVER_BUDGET_CEILINGS_KB: Record<string, number> = {};

interface Download {
  url: string;
  type: string;
  encoding: string;
  bytes: number;
}

/**
 * Records every response of `page` with its encoded (on the wire) length, through CDP, with the
 * browser cache off for this page: each navigation downloads everything it needs again.
 */
async function recordDownloads(page: Page): Promise<Download[]> {
  const cdp = await page.context().newCDPSession(page);
  const pending = new Map<string, Omit<Download, 'bytes'>>();
  const done: Download[] = [];
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    pending.set(event.requestId, {
      url: event.response.url,
      type: event.response.mimeType,
      encoding: headers['content-encoding'] ?? '',
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const response = pending.get(event.requestId);
    if (response) done.push({ ...response, bytes: event.encodedDataLength });
  });
  await cdp.send('Network.enable');
  // A fresh profile: nothing from an earlier test may come from the cache.
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return done;
}

const isScript = (d: Download) => /javascript/.test(d.type) || /\.m?js(\?|$)/.test(d.url);
const sum = (list: Download[]) => list.reduce((total, d) => total + d.bytes, 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function report(title: string, list: Download[]): string {
  const lines = list
    .toSorted((a, b) => b.bytes - a.bytes)
    .map((d) => `  ${kb(d.bytes).padStart(9)} ${d.encoding || 'identity'} ${new URL(d.url).pathname}`);
  return [`${title}: ${kb(sum(list))} in ${list.length} files`, ...lines].join('\n');
}

/** Waits until no request has been in flight for a moment (lazy chunks that follow others). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
}

/**
 * Who opens a route for its fresh load: the login page and a client quote's page (opened by a
 * traveller without an account) logged out, the platform's pages as the demo platform admin (all
 * its permissions), every other page as the demo SuperUser, who may open them all.
 */
type Role = 'visitor' | 'superuser' | 'platform';
function roleOf(route: RouteMeta): Role {
  if (route.path === '/' || route.path === '/quote/:token') return 'visitor';
  return route.layout === 'platform' ? 'platform' : 'superuser';
}

/**
 * The address opened for a route with a parameter: a seeded record's. A route with a parameter
 * that is missing here fails the test, so a new one cannot go unmeasured.
 */
const ADDRESSES: Record<string, (records: DemoRecords) => Promise<string>> = {
  '/quote/:token': (records) => records.clientQuotePage(),
  '/flight/orders/:id': async (records) =>
    `/flight/orders/${await records.firstId('/order/v2/flight/orders')}`,
  '/flight/group/order/:id': async (records) =>
    `/flight/group/order/${await records.firstId('/order/v2/group/orders')}`,
  '/agency-manager/bills/:id': async (records) =>
    `/agency-manager/bills/${await records.firstId('/base/v2/agencies')}`,
  '/platform/agencies/:id/suppliers': async () => '/platform/agencies/1/suppliers',
};

/** A signed-in (or not) page of one role, its downloads recorded with the cache off. */
async function pageOf(browser: Browser, role: Role) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const downloads = await recordDownloads(page);
  const portal = new PortalPage(page);
  if (role === 'superuser') await portal.loginInEnglish('admin', '/flight/booking');
  if (role === 'platform') {
    await portal.open('/platform');
    await portal.chooseLanguage('English');
    await signInToPlatform(page, DEMO_PLATFORM_ADMINS.finance);
  }
  await settle(page);
  return { context, page, portal, downloads };
}

interface RouteLoad {
  route: string;
  address: string;
  landed: string;
  role: Role;
  scripts: Download[];
}

test.describe('transfer budget', () => {
  test('the login page loads compressed JavaScript within its ceiling, and no order or airport data', async ({
    page,
  }, testInfo) => {
    const downloads = await recordDownloads(page);
    const portal = new PortalPage(page);
    await portal.open('/');
    await expect(page.getByTestId('login-form')).toBeVisible();
    await settle(page);

    const scripts = downloads.filter(isScript);
    await testInfo.attach('login-page-js.txt', { body: report('login page JS', scripts) });
    console.log(report('login page JS', scripts));
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script.encoding, script.url).toMatch(/^(br|gzip|zstd)$/);
    // Not on the login page: order and shopping schemas, passenger rules, the airport catalog.
    const names = scripts.map((s) => new URL(s.url).pathname).join(' ');
    expect(names).not.toMatch(/passenger-rules|catalog|airports/);
    expect(sum(scripts)).toBeLessThanOrEqual(LOGIN_JS_BUDGET);
  });

  test('the search page, from the login page on, stays within its ceiling and gets airports as data', async ({
    page,
  }, testInfo) => {
    const downloads = await recordDownloads(page);
    await new PortalPage(page).loginInEnglish('operator', '/flight/booking');
    await settle(page);
    // The search form asks for the airport catalog only once an airport is typed.
    const isCatalog = (d: Download) => /\/assets\/airports-[\w-]+\.json$/.test(new URL(d.url).pathname);
    expect(downloads.filter(isCatalog)).toHaveLength(0);
    const shopping = new ShoppingPage(page);
    await shopping.fillLeg(0, 'HKG', 'TPE');
    await settle(page);

    const scripts = downloads.filter(isScript);
    const data = downloads.filter((d) => !isScript(d) && /\.json(\?|$)/.test(d.url));
    const text = `${report('login and search page JS', scripts)}\n${report('data files', data)}`;
    await testInfo.attach('search-page-js.txt', { body: text });
    console.log(text);
    // The airport catalog arrives as one compressed, content-hashed JSON file, not as code.
    const catalog = data.filter(isCatalog);
    expect(catalog).toHaveLength(1);
    expect(catalog[0]?.encoding).toMatch(/^(br|gzip|zstd)$/);
    expect(scripts.map((s) => new URL(s.url).pathname).join(' ')).not.toMatch(/airports-data/);
    expect(sum(scripts)).toBeLessThanOrEqual(SEARCH_JS_BUDGET);
  });

  test('every route of the route table, loaded fresh after login, stays within 400 KB of JavaScript', async ({
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(300_000);
    const records = await demoRecordsOf(request, 'admin');
    const missing = ROUTES.filter((r) => r.path.includes(':') && !ADDRESSES[r.path]).map((r) => r.path);
    expect(missing, 'routes with a parameter and no address to open').toEqual([]);

    const loads: RouteLoad[] = [];
    for (const role of ['visitor', 'superuser', 'platform'] as const) {
      const routes = ROUTES.filter((r) => roleOf(r) === role);
      const { context, page, portal, downloads } = await pageOf(browser, role);
      for (const route of routes) {
        const address = (await ADDRESSES[route.path]?.(records)) ?? route.path;
        // A new page load of the address with the cache off: the whole page downloads again.
        downloads.length = 0;
        await page.goto(address, { waitUntil: 'networkidle' });
        if (route.path === '/') await expect(page.getByTestId('login-form')).toBeVisible();
        else await portal.waitForPage();
        await settle(page);
        const landed = new URL(page.url()).pathname;
        loads.push({ route: route.path, address, landed, role, scripts: downloads.filter(isScript) });
      }
      await context.close();
    }

    const summary = loads
      .toSorted((a, b) => sum(b.scripts) - sum(a.scripts))
      .map(
        (l) =>
          `${kb(sum(l.scripts)).padStart(9)} in ${String(l.scripts.length).padStart(2)} files  ${l.route}` +
          ` (${l.role}${l.landed === l.address ? '' : `, landed on ${l.landed}`})`,
      );
    const details = loads.map((l) => report(`${l.route} (${l.address})`, l.scripts));
    const body = ['JavaScript per route, fresh load:', ...summary, '', ...details].join('\n');
    await testInfo.attach('javascript-per-route.txt', { body });
    mkdirSync(testInfo.outputDir, { recursive: true });
    writeFileSync(testInfo.outputPath('javascript-per-route.txt'), body);
    console.log(['JavaScript per route, fresh load:', ...summary].join('\n'));

    expect(loads.map((l) => l.route).toSorted()).toEqual(ROUTES.map((r) => r.path).toSorted());
    for (const load of loads) {
      const bytes = sum(load.scripts);
      const ceiling = OVER_BUDGET_CEILINGS_KB[load.route];
      if (ceiling === undefined) {
        expect.soft(bytes, `${load.route}: ${kb(bytes)}`).toBeLessThanOrEqual(ROUTE_JS_BUDGET);
      } else {
        expect
          .soft(bytes, `${load.route}: ${kb(bytes)}, over its interim ceiling`)
          .toBeLessThanOrEqual(ceiling * 1024);
        expect
          .soft(bytes, `${load.route} is within the budget now: take it off the list`)
          .toBeGreaterThan(ROUTE_JS_BUDGET);
      }
    }
  });
});
