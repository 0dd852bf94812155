import { afterAll, expect } from 'vitest';

/**
 * Fails the test file during which `pg` warns that a query was sent to a client still running
 * another: the queries of a transaction were run at once (`Promise.all` over a `tx`). `pg` queues
 * them today and will refuse them from 9.0. Node warns once per process, and the files of a worker
 * share one (`isolate: false`), so the first such file fails.
 */
const state = globalThis as typeof globalThis & { pgConcurrentQueries?: string[] };

if (!state.pgConcurrentQueries) {
  const seen: string[] = [];
  state.pgConcurrentQueries = seen;
  process.on('warning', (warning) => {
    if (
      warning.name === 'DeprecationWarning' &&
      warning.message.includes('client is already executing a query')
    ) {
      seen.push(warning.stack ?? warning.message);
    }
  });
}

afterAll(() => {
  expect(state.pgConcurrentQueries?.splice(0) ?? []).toEqual([]);
});
