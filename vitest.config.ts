import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'domain', include: ['packages/*/src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: { name: 'tooling', include: ['eslint/**/*.test.js'], environment: 'node' },
      },
      'apps/api/vitest.config.ts',
      'apps/web/vitest.config.ts',
    ],
  },
});
