/**
 * Shopping engine benchmark: the API in-process on an in-memory PGlite, the simulated suppliers at
 * fixed latencies, 20 concurrent searches on different routes. Reports per search the time to the
 * first solutions and to finished (median / p95) next to the configured latencies, and the engine's
 * own overhead (finished − slowest supplier latency). Loopback only: `app.inject()`, no sockets.
 */
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app';
import { API_ROOT, loadConfig } from '../apps/api/src/platform/config';
import { openDatabase } from '../apps/api/src/platform/db';
import { createPasswordHasher } from '../apps/api/src/modules/auth/password';
import { createSimulatedRegistry } from '../apps/api/src/modules/shopping/suppliers/registry';
import { seedBaseData, seedDemo } from '../apps/api/src/seed/seed';

const LATENCIES = { 'sim-gds': 400, 'sim-ndc': 800, 'sim-lcc': 200 } as const;
const ROUTES = [
  ['PEK', 'SHA'],
  ['SHA', 'CAN'],
  ['CAN', 'CTU'],
  ['CTU', 'XIY'],
  ['PEK', 'SZX'],
  ['SHA', 'SZX'],
  ['PEK', 'CAN'],
  ['HGH', 'PEK'],
  ['KMG', 'SHA'],
  ['PEK', 'HKG'],
  ['SHA', 'NRT'],
  ['PEK', 'ICN'],
  ['CAN', 'SIN'],
  ['PVG', 'BKK'],
  ['PEK', 'LHR'],
  ['PVG', 'JFK'],
  ['PEK', 'CDG'],
  ['CAN', 'SYD'],
  ['SZX', 'KUL'],
  ['CTU', 'DXB'],
] as const;

interface Timing {
  route: string;
  answeredMs: number;
  firstMs: number;
  finishedMs: number;
  solutions: number;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
};

async function main(): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // Demo mode: the simulators on and secrets of its own in the data dir.
    PORTAL_DEMO: 'true',
    DATA_DIR: path.join(os.tmpdir(), 'portal-bench'),
    WEB_DIST: path.join(os.tmpdir(), 'portal-no-web-dist'),
  });
  // BENCH_DATABASE_URL runs the engine on PostgreSQL (the production shape); default is PGlite.
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL });
  await database.migrate(path.join(API_ROOT, 'drizzle'));
  await seedBaseData(database.db);
  await seedDemo(database.db, (p) => createPasswordHasher(true).hash(p));
  const registry = createSimulatedRegistry({ latencyScale: 1, seed: 'bench' });
  for (const [name, latencyMs] of Object.entries(LATENCIES)) registry.setFaults(name, { latencyMs });
  const app = await buildApp({ config, database, suppliers: registry });
  const login = await app.inject({
    method: 'POST',
    url: '/base/v2/login',
    payload: { username: 'admin', password: 'demo1234' },
  });
  const token: string = login.json().data.token;
  const headers = { authorization: `Bearer ${token}` };
  // Warm-up: loads the OPTD routes once (lazy) outside the measurement.
  await app.inject({
    method: 'POST',
    url: '/shopping/v2/flight/async-shopping',
    headers,
    payload: request('PEK', 'SHA'),
  });

  const timings = await Promise.all(
    ROUTES.map(async ([origin, destination]): Promise<Timing> => {
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/shopping/v2/flight/async-shopping',
        headers,
        payload: request(origin, destination),
      });
      const searchId: string = res.json().data.searchId;
      const answeredMs = performance.now() - started;
      let firstMs = -1;
      for (;;) {
        const poll = await app.inject({
          method: 'POST',
          url: '/shopping/v2/flight/async-shopping/solutions',
          headers,
          payload: { searchId },
        });
        const data: { finished: boolean; solutions: unknown[] } = poll.json().data;
        const elapsed = performance.now() - started;
        if (firstMs < 0 && data.solutions.length > 0) firstMs = elapsed;
        if (data.finished)
          return {
            route: `${origin}-${destination}`,
            answeredMs,
            firstMs,
            finishedMs: elapsed,
            solutions: data.solutions.length,
          };
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }),
  );
  await app.close();
  await database.close();

  const slowest = Math.max(...Object.values(LATENCIES));
  const first = timings.filter((t) => t.firstMs >= 0).map((t) => t.firstMs);
  const finished = timings.map((t) => t.finishedMs);
  const fmt = (n: number) => `${n.toFixed(0)} ms`;
  console.log(
    `Shopping engine: ${ROUTES.length} concurrent searches, suppliers ${Object.entries(LATENCIES)
      .map(([n, l]) => `${n} ${l} ms`)
      .join(', ')} (poll every 100 ms)`,
  );
  console.table({
    'search answered (searchId)': {
      median: fmt(
        quantile(
          timings.map((t) => t.answeredMs),
          0.5,
        ),
      ),
      p95: fmt(
        quantile(
          timings.map((t) => t.answeredMs),
          0.95,
        ),
      ),
      configured: '-',
    },
    'time to first solutions': {
      median: fmt(quantile(first, 0.5)),
      p95: fmt(quantile(first, 0.95)),
      configured: `${Math.min(...Object.values(LATENCIES))} ms (fastest)`,
    },
    'time to finished': {
      median: fmt(quantile(finished, 0.5)),
      p95: fmt(quantile(finished, 0.95)),
      configured: `${slowest} ms (slowest)`,
    },
    'engine overhead': {
      median: fmt(quantile(finished, 0.5) - slowest),
      p95: fmt(quantile(finished, 0.95) - slowest),
      configured: '-',
    },
  });
  console.log(`Solutions per search: ${timings.map((t) => `${t.route} ${t.solutions}`).join(', ')}`);
}

function request(origin: string, destination: string) {
  const date = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  return {
    journeys: [{ origin, destination, date }],
    passengers: { adult: 1, child: 0, infant: 0 },
    cabinClass: 'economy',
    bookingType: 'oneway',
    sort: 'price',
  };
}

await main();
