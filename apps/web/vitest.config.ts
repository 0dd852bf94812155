import { defineProject } from 'vitest/config';
import { localeParts } from './locale-parts-plugin.ts';

export default defineProject({
  // The locale files load in parts, as in the app (`src/shared/i18n/locale-parts.ts`).
  plugins: [localeParts()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    testTimeout: 60000,
    // One jsdom and one module graph per worker instead of per file: loading antd, React and the
    // app again for each of ~30 files cost more than most files' tests. Each file still runs its
    // setup (stores, storage, MSW handlers reset; see src/test/setup.ts).
    isolate: false,
  },
});
