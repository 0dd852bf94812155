import { defineProject } from 'vitest/config';

/** The API tests again on PostgreSQL (TEST_DATABASE_URL), one fresh schema per test file. */
export default defineProject({
  test: {
    name: 'api-pg',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    env: { TZ: 'UTC', TEST_DB: 'pg' },
  },
});
