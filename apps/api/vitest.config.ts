import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    env: { TZ: 'UTC' },
  },
});
