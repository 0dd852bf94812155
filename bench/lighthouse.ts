/**
 * Lighthouse performance and accessibility scores (mobile preset: a mid-range phone on slow 4G,
 * simulated) of the home page `/` (the login card with the marketing sections below it) and the
 * flight search page, served by the built server in demo mode, in Debian's Chromium. Baseline in
 * the same run: a bare HTML page from a plain node server, the best score this machine gives.
 * Budgets (docs/PERFORMANCE.md, docs/public-face.md): `/` performance 95 and accessibility 95,
 * search performance 90; a median below its budget is reported and the run exits with 1.
 * Run after `npm run build`: `npm run bench:lighthouse -w bench`. Not part of the CI test run.
 * `LIGHTHOUSE_REPORT_DIR=dir` keeps each run's whole report and its trace there as JSON (the trace
 * alone for a run Lighthouse could not measure); `LIGHTHOUSE_RUNS` sets the runs per page (3);
 * `LIGHTHOUSE_PAGES=login` (ids, comma-separated: baseline, login, search) runs only those pages;
 * `LIGHTHOUSE_PORT` fixes the portal's port (a free one otherwise). It prints each run (score,
 * paints, blocking time, Lighthouse's CPU benchmark, the load average), each run's requests with
 * their sizes (those not made in every run of a page marked), the runs it ran again (RERUN_CODES)
 * and the medians. Every run of a portal page starts in the same state (see prepareRun).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';

const ROOT = path.resolve(import.meta.dirname, '..');
/** The portal's port: LIGHTHOUSE_PORT, or one the system gives (see freePort). */
const WANTED_PORT = process.env.LIGHTHOUSE_PORT ? Number(process.env.LIGHTHOUSE_PORT) : undefined;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** Budgets: the least median score of each category per page. */
const TARGETS = {
  login: { performance: 95, accessibility: 95 },
  search: { performance: 90 },
} as const;
/** The pages to run (ids), all when unset. */
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',').map((id) => id.trim());
/** Where to keep each run's whole Lighthouse report (JSON), to see what a score is made of. */
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
/**
 * Lighthouse's errors for a run it could not measure (no score at all, not a low one) that run the
 * same page again, at most MAX_RERUNS times per run; the output counts them (docs/PERFORMANCE.md).
 */
const RERUN_CODES = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED']);
const MAX_RERUNS = 2;

// The flags the browser tests use (e2e/playwright.config.ts), headless.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function waitForReady(url: string, server: ChildProcess): Promise<void> {
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * A port nothing listens on. With a fixed port, two benches at once on this shared machine met on
 * it: the second one's server could not listen, and its readiness check was answered by the first
 * one's server, which it then measured until that server stopped under it.
 */
async function freePort(wanted: number | undefined): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', () =>
      reject(new Error(`port ${wanted} is taken: set LIGHTHOUSE_PORT to a free one`)),
    );
    probe.listen(wanted ?? 0, '127.0.0.1', resolve);
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function startPortal(port: number, dataDir: string): ChildProcess {
  const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PORTAL_DEMO: 'true',
      LOG_LEVEL: 'warn',
      REQUEST_LIMIT_SCALE: '1000',
      LOGIN_RATE_LIMIT_MAX: '1000',
      LOGIN_IP_RATE_LIMIT_MAX: '1000',
    },
  });
  return server;
}

/** A bare page on a plain server: what a perfect score costs on this machine. */
async function startBaseline(): Promise<{ url: string; close(): Promise<void> }> {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" ' +
    'content="width=device-width"><title>Baseline</title></head><body><h1>Baseline</h1></body></html>';
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The demo operator's session, as the web app keeps it (`portal-session` in localStorage). */
async function signIn(origin: string): Promise<string> {
  const res = await fetch(`${origin}/base/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'operator', password: 'demo1234' }),
  });
  const envelope = (await res.json()) as { code: number; data: Record<string, unknown> };
  if (envelope.code !== 0) throw new Error(`login failed: ${JSON.stringify(envelope)}`);
  const { token, permissions, websitePrefix, userInfo, company } = envelope.data;
  const state = { token, permissions, websitePrefix, userInfo, company, isLogoutByUser: false };
  return JSON.stringify({ state, version: 0 });
}

/**
 * Puts the bench's tab in the same state before every run: the portal origin's storage emptied
 * (then the session alone written, for a page opened logged in) and the browser's caches emptied.
 * Lighthouse itself empties the caches but keeps localStorage and IndexedDB (its default
 * `clearStorageTypes`), and with `disableStorageReset` (the logged-in runs) it empties nothing.
 *
 * What the runs differed by before (docs/performance/lighthouse.md, 2026-11-30): the session was
 * written from `/terms`, which ran the app; its lazy chunks (the signed-in layout, the menus) and
 * at times the shell arrived after `goto` returned and the cache was emptied, so the next run took
 * them from the disk cache: a run transferred 124 KB and the next 299 KB from the same build. And
 * the first run of a page fetched the site config, which the app keeps for 10 minutes in its
 * preferences, while the next runs found it kept by the one before.
 *
 * The session is now written from the portal's favicon, a document of the portal's origin that
 * runs none of the app, and the tab leaves it for a blank page before the caches are emptied.
 */
async function prepareRun(page: Page, origin: string, session: string | undefined): Promise<void> {
  const cdp = await page.createCDPSession();
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  await page.goto(`${origin}/favicon.svg`);
  // Runs in the page: its storage is the portal origin's (sessionStorage is the tab's own).
  await page.evaluate(
    'sessionStorage.clear(); localStorage.clear();' +
      (session ? ` localStorage.setItem('portal-session', ${JSON.stringify(session)})` : ''),
  );
  await page.goto('about:blank');
  // As Lighthouse does it (core/gather/driver/storage.js): the disk cache, then the memory cache,
  // evicted by turning the cache off and on.
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  await cdp.detach();
}

/** One request of a run, from Lighthouse's `network-requests` audit. */
interface Request {
  /** The address without the origin (the portal's own files and calls), whole for other origins. */
  url: string;
  resourceType: string;
  /** Bytes on the wire, headers included (0 when served from a cache). */
  transferSize: number;
  statusCode: number;
  /** `disk`, `memory` or `none`: a cached file in a run that should start cold is the bench's fault. */
  cache: string;
  /** Milliseconds after the navigation started, when the page asked for it. */
  start: number;
}

interface Audit {
  score: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  bytes: number;
  /** Lighthouse's CPU benchmark of the run (higher is faster; a quiet desktop scores 1,000 to 2,000). */
  benchmark: number;
  /** What the page loaded, in the order it asked: what makes `bytes`, to compare one run with another. */
  requests: Request[];
}

/** A run Lighthouse could not measure, with its error code (`NO_NAVSTART`, …). */
class RuntimeError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function audit(page: Page, url: string, keepStorage: boolean, report: string): Promise<Audit> {
  const result = await lighthouse(
    url,
    {
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // The session stored by prepareRun() must survive: Lighthouse's own reset is left out for these
      // runs (prepareRun() has emptied the caches).
      disableStorageReset: keepStorage,
      // The one documented exception (docs/accessibility.md): the spec (§9) blocks pinch zoom with the
      // viewport meta, which this audit refuses; the browser tests' axe check leaves it out likewise.
      skipAudits: ['meta-viewport'],
    },
    undefined,
    // The bench's own tab (see main), not a new one per run.
    page,
  );
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    // The trace is what tells why (which frame, which events): kept to look at.
    if (REPORT_DIR) {
      mkdirSync(REPORT_DIR, { recursive: true });
      writeFileSync(
        path.join(REPORT_DIR, `${report}-failed-trace.json`),
        JSON.stringify(result.artifacts.Trace),
      );
    }
    throw new RuntimeError(
      lhr.runtimeError.code,
      `${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
    );
  }
  if (REPORT_DIR) {
    mkdirSync(REPORT_DIR, { recursive: true });
    writeFileSync(path.join(REPORT_DIR, `${report}.json`), JSON.stringify(lhr, null, 1));
    // The trace shows what a long task ran (open it in DevTools' Performance panel).
    writeFileSync(path.join(REPORT_DIR, `${report}-trace.json`), JSON.stringify(result.artifacts.Trace));
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const origin = new URL(url).origin;
  const details = lhr.audits['network-requests']?.details;
  const items = details?.type === 'table' ? details.items : [];
  const requests = items.map((item) => ({
    url: String(item.url).replace(origin, ''),
    resourceType: String(item.resourceType ?? ''),
    transferSize: Number(item.transferSize ?? 0),
    statusCode: Number(item.statusCode ?? 0),
    cache: String(item.cache ?? 'none'),
    start: Number(item.rendererStartTime ?? Number.NaN),
  }));
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    bytes: numeric('total-byte-weight'),
    benchmark: lhr.environment.benchmarkIndex,
    requests,
  };
}

/**
 * Each run's requests, with the ones not made in every run of the page marked `*` and listed
 * together at the end: what differs between two runs' transferred bytes, at a glance.
 */
function requestsPerRun(pageId: string, runs: Audit[]): string[] {
  const seen = new Map<string, number>();
  for (const run of runs)
    for (const url of new Set(run.requests.map((r) => r.url))) seen.set(url, (seen.get(url) ?? 0) + 1);
  const inSome = (url: string) => (seen.get(url) ?? 0) < runs.length;
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const lines: string[] = [];
  runs.forEach((run, index) => {
    const total = run.requests.reduce((sum, r) => sum + r.transferSize, 0);
    lines.push(`${pageId} run ${index + 1}: ${run.requests.length} requests, ${kb(total)} KB`);
    for (const r of run.requests) {
      lines.push(
        `  ${inSome(r.url) ? '*' : ' '} ${kb(r.transferSize).padStart(6)} ${r.resourceType.padEnd(10)} ` +
          `${r.statusCode} ${r.cache === 'none' ? '' : `(${r.cache} cache) `}${Math.round(r.start)} ms ${r.url}`,
      );
    }
  });
  const differing = [...seen.keys()].filter(inSome);
  lines.push(
    `${pageId}: requests not in every run: ${differing.length === 0 ? 'none' : differing.join(', ')}`,
  );
  return lines;
}

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function main(): Promise<void> {
  const startLoad = loadavg()[0]?.toFixed(1);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-lighthouse-'));
  const port = await freePort(WANTED_PORT);
  const ORIGIN = `http://127.0.0.1:${port}`;
  const server = startPortal(port, dataDir);
  const baseline = await startBaseline();
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  // Stopped from outside (Ctrl-C, a time limit): the browser and the server go with the bench.
  const stop = () => {
    chrome.kill();
    server.kill('SIGTERM');
    process.exit(130);
  };
  process.once('SIGINT', stop).once('SIGTERM', stop);
  try {
    await waitForReady(`${ORIGIN}/readyz`, server);
    // As Lighthouse connects itself: the emulation of the mobile preset sets the viewport.
    const browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: null,
    });
    // Every run in this one tab. Lighthouse would otherwise open a tab per run and close it after,
    // and the search page's sign-in used a tab of its own too.
    const tab = await browser.newPage();
    const pages = [
      { id: 'baseline', name: 'baseline (bare page)', url: baseline.url, keep: false, target: undefined },
      { id: 'login', name: 'home and login page /', url: `${ORIGIN}/`, keep: false, target: TARGETS.login },
      {
        id: 'search',
        name: 'search page /flight/booking',
        url: `${ORIGIN}/flight/booking`,
        keep: true,
        target: TARGETS.search,
      },
    ];
    const rows: string[] = [];
    const misses: string[] = [];
    const details: string[] = [];
    const rerun: string[] = [];
    const requestLists: string[] = [];
    for (const page of pages.filter((p) => !ONLY || ONLY.includes(p.id))) {
      const runs: Audit[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        for (let attempt = 1; ; attempt += 1) {
          if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
          if (page.url.startsWith(ORIGIN))
            await prepareRun(tab, ORIGIN, page.keep ? await signIn(ORIGIN) : undefined);
          try {
            runs.push(
              await audit(tab, page.url, page.keep, `${page.id}-${i + 1}${attempt > 1 ? `-${attempt}` : ''}`),
            );
            break;
          } catch (error) {
            if (!(error instanceof RuntimeError) || !RERUN_CODES.has(error.code) || attempt > MAX_RERUNS)
              throw error;
            rerun.push(`${page.id} run ${i + 1}: ${error.code}, run again`);
            console.error(`${page.name} run ${i + 1}: ${error.message}; running it again`);
          }
        }
        const run = runs[runs.length - 1];
        if (run) {
          details.push(
            `| ${page.id} | ${i + 1} | ${run.score} | ${Math.round(run.fcp)} | ${Math.round(run.lcp)} | ` +
              `${Math.round(run.tbt)} | ${Math.round(run.benchmark)} | ${loadavg()[0]?.toFixed(1)} |`,
          );
        }
      }
      requestLists.push(...requestsPerRun(page.id, runs));
      const pick = (key: Exclude<keyof Audit, 'requests'>) => median(runs.map((r) => r[key]));
      const scores = runs.map((r) => r.score).join('/');
      const budgets: Partial<Record<'performance' | 'accessibility', number>> = page.target ?? {};
      const perfTarget = budgets.performance === undefined ? '' : ` (budget ${budgets.performance})`;
      const a11yTarget = budgets.accessibility === undefined ? '' : ` (budget ${budgets.accessibility})`;
      const medians = { performance: pick('score'), accessibility: pick('accessibility') };
      for (const [category, budget] of Object.entries(budgets)) {
        const median = medians[category as keyof typeof medians];
        if (median < budget) misses.push(`${page.name}: ${category} ${median} below its budget ${budget}`);
      }
      rows.push(
        `| ${page.name} | ${medians.performance}${perfTarget} | ${scores} | ${medians.accessibility}${a11yTarget} | ` +
          `${Math.round(pick('fcp'))} | ${Math.round(pick('lcp'))} | ${Math.round(pick('tbt'))} | ` +
          `${(pick('bytes') / 1024).toFixed(0)} |`,
      );
    }
    await tab.close();
    await browser.disconnect();
    console.log(`Lighthouse ${RUNS} runs per page, mobile preset (simulated slow 4G, 4x CPU)\n`);
    console.log('| page | run | performance | FCP ms | LCP ms | TBT ms | benchmark index | load (1 min) |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const row of details) console.log(row);
    console.log('\nRequests of each run (KB on the wire with headers, type, address; * not in every run)\n');
    for (const line of requestLists) console.log(line);
    console.log(`\nRuns Lighthouse could not measure and ran again: ${rerun.length}`);
    for (const line of rerun) console.log(`- ${line}`);
    console.log(
      `\nMedians (load average ${startLoad} at the start, ${loadavg()[0]?.toFixed(1)} at the end)\n`,
    );
    console.log('| page | performance | runs | accessibility | FCP ms | LCP ms | TBT ms | transfer KB |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
    for (const miss of misses) console.error(`below budget: ${miss}`);
    if (misses.length > 0) process.exitCode = 1;
  } finally {
    chrome.kill();
    await baseline.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
