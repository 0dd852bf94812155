// Bundles src/server.ts to dist/server.js, and each worker thread's module to an entry of its own
// beside it (platform/worker-thread.ts starts them by that name). Workspace packages (@portal/*)
// are bundled from their TypeScript sources; npm packages stay external and load from
// node_modules at run time.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** @type {import('esbuild').Plugin} */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@portal/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  entryPoints: {
    server: path.join(apiRoot, 'src/server.ts'),
    'sim-offer-worker': path.join(apiRoot, 'src/simulation/flight/offer-worker-thread.ts'),
  },
  outdir: path.join(apiRoot, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'info',
  plugins: [externalPackages],
  banner: {
    js: "import { createRequire as __portalCreateRequire } from 'node:module'; const require = __portalCreateRequire(import.meta.url);",
  },
});
