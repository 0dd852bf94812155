/**
 * Airport search per keystroke: types each query one character at a time over the full airport list and
 * reports the median and p99 time of one `searchAirports` call, next to a baseline in the same run (a plain
 * `Array.prototype.filter` over the lower-cased codes). Bounded: a fixed number of runs, no network.
 * Run: `npm run bench -w bench`.
 */
import { performance } from 'node:perf_hooks';

const importStart = performance.now();
await import('@portal/reference-data/generated/airports-data');
const indexStart = performance.now();
const { searchAirports } = await import('@portal/reference-data/airport-search');
const { allAirports } = await import('@portal/reference-data/airports');
const dataMs = indexStart - importStart;
const indexMs = performance.now() - indexStart;

const QUERIES = [
  'beijing',
  'shanghai',
  '上海',
  '北京首都',
  'lon',
  'heathrow',
  'xiangg',
  'bj',
  '桃園',
  'sydney',
  'pek',
];
const ROUNDS = 60;
const WARMUP = 5;

const codes = allAirports().map((a) => a.code.toLowerCase());

interface Stats {
  median: number;
  p99: number;
}

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { median: at(0.5) * 1000, p99: at(0.99) * 1000 };
}

/** Times `fn(prefix)` for every prefix of `query`, ROUNDS times each after a warm-up. */
function typeQuery(query: string, fn: (prefix: string) => unknown): number[] {
  const prefixes = [...query].map((_, i) => [...query].slice(0, i + 1).join(''));
  for (let i = 0; i < WARMUP; i++) prefixes.forEach(fn);
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const prefix of prefixes) {
      const start = performance.now();
      fn(prefix);
      samples.push(performance.now() - start);
    }
  }
  return samples;
}

const rows: Record<string, string | number>[] = [];
const all = { search: [] as number[], baseline: [] as number[] };
for (const query of QUERIES) {
  const search = typeQuery(query, (prefix) => searchAirports(prefix, { limit: 20 }));
  const baseline = typeQuery(query, (prefix) => codes.filter((code) => code.includes(prefix)));
  all.search.push(...search);
  all.baseline.push(...baseline);
  const s = stats(search);
  const b = stats(baseline);
  rows.push({
    query,
    keystrokes: [...query].length,
    'search median µs': Math.round(s.median),
    'search p99 µs': Math.round(s.p99),
    'baseline median µs': Math.round(b.median),
    'baseline p99 µs': Math.round(b.p99),
  });
}
const s = stats(all.search);
const b = stats(all.baseline);
rows.push({
  query: 'ALL',
  keystrokes: all.search.length / ROUNDS,
  'search median µs': Math.round(s.median),
  'search p99 µs': Math.round(s.p99),
  'baseline median µs': Math.round(b.median),
  'baseline p99 µs': Math.round(b.p99),
});

console.log(`Airport search per keystroke over ${codes.length} airports (${ROUNDS} rounds per keystroke)`);
console.log(
  `once per page load: data module import ${dataMs.toFixed(1)} ms (here incl. tsx transpiling), ` +
    `index build ${indexMs.toFixed(1)} ms`,
);
console.table(rows);
