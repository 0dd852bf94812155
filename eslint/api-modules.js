import path from 'node:path';
import { fileURLToPath } from 'node:url';

const API_SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/api/src');

/**
 * The AST visitors that hand `check` the source of every import: static, `export … from`,
 * `import()` and `vi.mock()`, so a rule on import paths misses none.
 */
export function importVisitors(check) {
  return {
    ImportDeclaration: (node) => check(node.source),
    ExportNamedDeclaration: (node) => check(node.source),
    ExportAllDeclaration: (node) => check(node.source),
    ImportExpression: (node) => check(node.source),
    'CallExpression[callee.object.name="vi"]': (node) => check(node.arguments[0]),
  };
}

/**
 * The API's modules and the modules each may import, lowest first. An arrow not listed here is
 * refused, so the modules form one direction and no circle. `docs/ARCHITECTURE.md` draws it.
 */
export const MODULE_ARROWS = {
  'exchange-rates': [],
  users: [],
  agencies: ['users'],
  auth: ['agencies', 'users'],
  passengers: ['auth', 'agencies', 'users'],
  notifications: ['agencies', 'users'],
  wallet: ['notifications', 'agencies', 'users'],
  payments: ['wallet', 'notifications', 'agencies', 'users'],
  shopping: ['exchange-rates', 'passengers', 'wallet', 'notifications', 'agencies', 'users'],
  rail: ['agencies', 'users'],
  'flight-orders': [
    'exchange-rates',
    'shopping',
    'payments',
    'wallet',
    'notifications',
    'passengers',
    'auth',
    'agencies',
    'users',
  ],
  'group-orders': ['flight-orders', 'shopping', 'payments', 'wallet', 'notifications', 'agencies', 'users'],
  'train-orders': ['rail', 'payments', 'wallet', 'notifications', 'agencies', 'users'],
  'platform-admin': ['auth', 'users'],
  applications: ['notifications', 'agencies', 'users'],

  'platform-agencies': [
    'platform-admin',
    'applications',
    'shopping',
    'wallet',
    'notifications',
    'auth',
    'agencies',
    'users',
  ],
  'platform-funding': ['platform-admin', 'wallet', 'agencies', 'users'],
  'platform-suppliers': ['platform-admin', 'agencies', 'users'],
};

/** Modules at the top: they read across the others and nothing imports them. */
const TOP_MODULES = ['booking-records', 'sub-agencies', 'company', 'agency-settings', 'site', 'documents'];

const isTestFile = (rel) =>
  /\.test\.ts$|\.test-helpers\.ts$|\.fixtures\.ts$/.test(rel) || rel.split(path.sep)[0] === 'test';

/** Where an API source file sits: its top folder and, under modules/, its module and file. */
function apiPlace(file) {
  const rel = path.relative(API_SRC, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  const top = parts[0];
  if (top === 'modules') {
    return { top, module: parts[1], inner: parts.slice(2).join('/'), test: isTestFile(rel) };
  }
  return { top, module: null, inner: parts.slice(1).join('/'), test: isTestFile(rel) };
}

function allowedArrow(from, to) {
  if (TOP_MODULES.includes(from)) return !TOP_MODULES.includes(to);
  return (MODULE_ARROWS[from] ?? []).includes(to);
}

/**
 * API modules: a module imports another only through its public surface (`<module>/index.ts`) and
 * only along an arrow of `MODULE_ARROWS`; `platform/` imports no module; the simulated parties in
 * `simulation/` are imported only by the composition root (`app.ts`, `server.ts`), the seed and
 * tests, and the real ones in `adapters/` (Duffel) only by the composition root and tests; both
 * reach modules through their public surfaces. Tests may reach into the module they test, and into another module's test helpers.
 */
export const apiModules = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      surface:
        "'{{from}}' reaches into '{{to}}/{{inner}}': import what it offers from '{{to}}/index.ts' instead.",
      arrow:
        "Module '{{from}}' may not import module '{{to}}': the arrow runs the other way (see MODULE_ARROWS).",
      platform: "platform/ imports module '{{to}}': platform code must not depend on a module.",
      simulation:
        'Production code imports the simulation: only app.ts, the seed and tests may wire simulated parties.',
      adapters:
        'A module imports an adapter: only app.ts (through adapters/wire.ts) and tests may wire real outside parties.',
      testCode: 'Production code imports test code (src/test/: mocks, helpers): only tests may.',
      unknown: "Module '{{module}}' is not listed in MODULE_ARROWS or TOP_MODULES (eslint/api-modules.js).",
    },
  },
  create(context) {
    const here = apiPlace(context.physicalFilename);
    if (!here) return {};
    const check = (node) => {
      if (node?.type !== 'Literal' || typeof node.value !== 'string' || !node.value.startsWith('.')) return;
      const there = apiPlace(path.resolve(path.dirname(context.physicalFilename), node.value));
      if (!there) return;
      if (there.top === 'simulation' && here.top !== 'simulation') {
        const root = here.top === 'app.ts' || here.top === 'server.ts' || here.top === 'seed';
        if (!root && !here.test) context.report({ node, messageId: 'simulation' });
        return;
      }
      if (there.top === 'test' && !here.test) {
        context.report({ node, messageId: 'testCode' });
        return;
      }
      if (there.top === 'adapters' && here.top !== 'adapters') {
        const root = here.top === 'app.ts' || here.top === 'server.ts';
        if (!root && !here.test) context.report({ node, messageId: 'adapters' });
        return;
      }
      if (there.top !== 'modules') return;
      if (here.top === 'platform' && !here.test) {
        context.report({ node, messageId: 'platform', data: { to: there.module } });
        return;
      }
      const outside = here.top === 'simulation' || here.top === 'adapters';
      const from = outside ? here.top : here.module;
      if ((here.top !== 'modules' && !outside) || there.module === here.module) return;
      // A real adapter's tests set up their scene through the module's tables, as its own tests do.
      if (here.test && here.top === 'adapters') return;
      // Tests may use another module's test helpers, and may cross arrows to set up a scene.
      if (here.test && /\.(test-helpers|fixtures)(\.ts)?$/.test(there.inner)) return;
      if (here.top === 'modules' && !here.test) {
        if (!(here.module in MODULE_ARROWS) && !TOP_MODULES.includes(here.module)) {
          context.report({ node, messageId: 'unknown', data: { module: here.module } });
          return;
        }
        if (!allowedArrow(here.module, there.module)) {
          context.report({ node, messageId: 'arrow', data: { from, to: there.module } });
          return;
        }
      }
      const inner = there.inner.replace(/\.js$/, '.ts');
      if (inner !== 'index.ts' && inner !== 'index' && inner !== '') {
        context.report({ node, messageId: 'surface', data: { from, to: there.module, inner } });
      }
    };
    return importVisitors(check);
  },
};
