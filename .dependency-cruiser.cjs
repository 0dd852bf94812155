/**
 * Import checks over the whole repository (`npm run check:imports`, part of `npm run lint`):
 * no file imports itself back through a circle of imports. The module arrows of the API and the
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
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
