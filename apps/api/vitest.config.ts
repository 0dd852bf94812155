import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Migrates one in-memory PGlite and dumps it; each file's database starts from that dump.
    globalSetup: ['src/test/global-setup.ts'],
    // Files of a worker share imported modules (Fastify, drizzle, PGlite's compiled WebAssembly);
    // each file still gets its own app and database.
    isolate: false,
    // Two files run at once on two cores: a test of 20 concurrent requests may take seconds under
    // load. A test waits for what it asserts; the timeout only catches a hang.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    env: { TZ: 'UTC' },
  },
});
