/**
 * A CPU profile of the timed requests only (issue 27): the order list's pages 1-50 and the order
 * detail through `app.inject()` on a kept bench schema, 8 in flight, `node:inspector`'s profiler
 * started after a warm-up, so start-up and compilation stay out of it. Writes one `.cpuprofile` per
 * shape (open in Chrome's DevTools) and prints the functions with the most samples, self and
 * inclusive, as shares of the timed run.
 * Run: `BENCH_DATABASE_URL=… BENCH_SCHEMA=bench_… npx tsx bench/profile-requests.ts`; options
 * BENCH_REQUESTS (4,000 per shape), BENCH_PROFILE_DIR (the system's temporary directory).
 */
import fs from 'node:fs';
import inspector from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/platform/config';
import { BENCH_ENV } from './lib/bench-env';
import { keptSchema } from './lib/scratch-schema';

const URL = process.env.BENCH_DATABASE_URL;
const SCHEMA = process.env.BENCH_SCHEMA;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4_000);
const CONCURRENCY = 8;
const OUT = process.env.BENCH_PROFILE_DIR ?? os.tmpdir();

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
}

/** `total` requests, CONCURRENCY at a time, each from the event loop's I/O phase; all must be 200. */
async function race(total: number, request: (i: number) => Promise<number>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < total; i = next++) {
        await new Promise(setImmediate);
        const status = await request(i);
        if (status !== 200) throw new Error(`request ${i} answered ${status}`);
      }
    }),
  );
}

const frameName = (n: Node) => {
  const file = n.callFrame.url.replace(/^.*\/(node_modules\/|apps\/|packages\/)/, '$1');
  return `${n.callFrame.functionName || '(anonymous)'} ${file}:${n.callFrame.lineNumber + 1}`;
};

/** The top functions by self and by inclusive samples (a function counted once per stack). */
function summarize(profile: Profile, top = 45): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const id of profile.samples) {
    const leaf = byId.get(id);
    if (!leaf) continue;
    self.set(frameName(leaf), (self.get(frameName(leaf)) ?? 0) + 1);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at);
      if (!node) break;
      const name = frameName(node);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
    }
  }
  const total = profile.samples.length;
  const list = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, n]) => `${((100 * n) / total).toFixed(1).padStart(5)} %  ${name}`)
      .join('\n');
  return `${total} samples\n-- self --\n${list(self)}\n-- inclusive --\n${list(inclusive)}`;
}

async function main(url: string, schema: string): Promise<void> {
  const { database, finish } = await keptSchema(url, schema, CONCURRENCY + 2);
  const config = loadConfig({
    ...BENCH_ENV,
    SUPPLIER_LATENCY_SCALE: '0',
    JOBS_POLL_MS: '0',
    LOGIN_RATE_LIMIT_MAX: '1000',
    ORDER_LIST_CACHE_MS: '0',
  });
  const app: FastifyInstance = await buildApp({ config, database });
  const session = new inspector.Session();
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/base/v2/login',
      payload: { username: 'admin', password: 'demo1234' },
    });
    const headers = { authorization: `Bearer ${login.json<{ data: { token: string } }>().data.token}` };
    const list = await app.inject({ url: '/order/v2/flight/orders?page=1&pageSize=20', headers });
    const ids = list.json<{ data: { list: { id: string }[] } }>().data.list.map((o) => o.id);
    const shapes = [
      {
        name: 'list-pages-1-50',
        url: (i: number) =>
          `/order/v2/flight/orders?page=${1 + (i % 50)}${i % 50 === 0 ? '' : '&count=false'}&pageSize=20`,
      },
      { name: 'order-detail', url: (i: number) => `/order/v2/flight/orders/${ids[i % ids.length]}` },
    ];
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    for (const shape of shapes) {
      const get = async (i: number) => (await app.inject({ url: shape.url(i), headers })).statusCode;
      await race(REQUESTS / 4, get);
      await session.post('Profiler.start');
      const cpu = process.cpuUsage();
      await race(REQUESTS, get);
      const used = process.cpuUsage(cpu);
      const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
      const file = path.join(OUT, `${shape.name}.cpuprofile`);
      fs.writeFileSync(file, JSON.stringify(profile));
      console.log(
        `\n== ${shape.name}: ${REQUESTS} requests, ${Math.round((used.user + used.system) / REQUESTS)} µs of Node CPU each (profiler on), load ${os.loadavg()[0]?.toFixed(2)}; ${file}`,
      );
      console.log(summarize(profile));
    }
  } finally {
    session.disconnect();
    await app.close();
    await finish();
  }
}

if (!URL || !SCHEMA) {
  console.log('BENCH_DATABASE_URL and BENCH_SCHEMA (a kept schema) are needed');
} else {
  await main(URL, SCHEMA);
}
