/**
 * Import checks over the whole repository (`npm run check:imports`, part of `npm run lint`):
 * no file imports itself back through a circle of imports; the API's adapters are imported only by
 * its composition root, and its test tree by tests only. The module arrows of the API and the
 * web's layers are ESLint rules (eslint/api-modules.js, eslint.config.js), where the editor shows them.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A circle of imports makes load order matter and hides which side owns what.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'adapters-only-from-the-composition-root',
      comment:
        'The real outside parties (apps/api/src/adapters/) are wired by app.ts only: modules define the ports, ' +
        'platform/ and the simulation never reach an adapter (also the ESLint rule portal-api/modules).',
      severity: 'error',
      from: {
        path: '^apps/api/src/(modules|platform|simulation|seed)/',
        pathNot: '[.](test|test-helpers|fixtures)[.]ts$',
      },
      to: { path: '^apps/api/src/adapters/' },
    },
    {
      name: 'no-test-code-in-production',
      comment: 'Contract mocks and test helpers (apps/api/src/test/) are for tests only.',
      severity: 'error',
      from: {
        path: '^apps/api/src/',
        pathNot: '^apps/api/src/test/|[.](test|test-helpers|fixtures)[.]ts$',
      },
      to: { path: '^apps/api/src/test/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
