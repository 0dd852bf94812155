/**
 * Lighthouse performance and accessibility scores (mobile preset: a mid-range phone on slow 4G,
 * simulated) of the home page `/` (the login card with the marketing sections below it) and the
 * flight search page, served by the built server in demo mode, in Debian's Chromium. Baseline in
 * the same run: a bare HTML page from a plain node server, the best score this machine gives.
 * Budgets (docs/PERFORMANCE.md, docs/public-face.md): `/` performance 95 and accessibility 95,
 * search performance 90; a median below its budget is reported and the run exits with 1.
 * Run after `npm run build`: `npm run bench:lighthouse -w bench`. Not part of the CI test run.
 * `LIGHTHOUSE_REPORT_DIR=dir` keeps each run's whole report there as JSON; `LIGHTHOUSE_RUNS` sets
 * the runs per page (3); `LIGHTHOUSE_PAGES=login` (ids, comma-separated: baseline, login, search)
 * runs only those pages.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 18590);
const ORIGIN = `http://127.0.0.1:${PORT}`;
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

function startPortal(dataDir: string): ChildProcess {
  const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
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

/** Logs the demo operator in through the API and stores the session where the web app keeps it. */
async function signIn(browser: Browser): Promise<void> {
  const res = await fetch(`${ORIGIN}/base/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'operator', password: 'demo1234' }),
  });
  const envelope = (await res.json()) as { code: number; data: Record<string, unknown> };
  if (envelope.code !== 0) throw new Error(`login failed: ${JSON.stringify(envelope)}`);
  const { token, permissions, websitePrefix, userInfo, company } = envelope.data;
  const state = { token, permissions, websitePrefix, userInfo, company, isLogoutByUser: false };
  const page = await browser.newPage();
  await page.goto(`${ORIGIN}/terms`);
  // Runs in the page: `localStorage` there is the portal origin's.
  await page.evaluate(
    `localStorage.setItem('portal-session', ${JSON.stringify(JSON.stringify({ state, version: 0 }))})`,
  );
  // Lighthouse keeps the HTTP cache along with the storage: start each search page run cold.
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await page.close();
}

interface Audit {
  score: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  bytes: number;
}

async function audit(url: string, port: number, keepStorage: boolean, report?: string): Promise<Audit> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    // The session stored by signIn() must survive: Lighthouse clears the origin's storage otherwise.
    disableStorageReset: keepStorage,
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (REPORT_DIR && report) {
    mkdirSync(REPORT_DIR, { recursive: true });
    writeFileSync(path.join(REPORT_DIR, `${report}.json`), JSON.stringify(lhr, null, 1));
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    bytes: numeric('total-byte-weight'),
  };
}

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-lighthouse-'));
  const server = startPortal(dataDir);
  const baseline = await startBaseline();
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    await waitForReady(`${ORIGIN}/readyz`, server);
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
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
    for (const page of pages.filter((p) => !ONLY || ONLY.includes(p.id))) {
      const runs: Audit[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        if (page.keep) await signIn(browser);
        runs.push(await audit(page.url, chrome.port, page.keep, `${page.id}-${i + 1}`));
      }
      const pick = (key: keyof Audit) => median(runs.map((r) => r[key]));
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
    await browser.disconnect();
    console.log(`Lighthouse ${RUNS} runs per page, mobile preset (simulated slow 4G, 4x CPU), medians\n`);
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
