import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Two files run at once on two cores: a test of 20 concurrent requests may take seconds under
    // load. A test waits for what it asserts; the timeout only catches a hang.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    env: { TZ: 'UTC' },
  },
});
