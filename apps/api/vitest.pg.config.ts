import { defineProject } from 'vitest/config';

/** The API tests again on PostgreSQL (TEST_DATABASE_URL), one fresh schema per test file. */
export default defineProject({
  test: {
    name: 'api-pg',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Files of a worker share imported modules (Fastify, drizzle, pg); each file still gets its
    // own app and schema.
    isolate: false,
    setupFiles: ['src/test/pg-concurrent-queries.ts'],
    // Two files run at once on two cores: a test of 20 concurrent requests may take seconds under
    // load. A test waits for what it asserts; the timeout only catches a hang.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    env: { TZ: 'UTC', TEST_DB: 'pg' },
  },
});
