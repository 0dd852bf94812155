import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiModules, importVisitors } from './eslint/api-modules.js';

const WEB_SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), 'apps/web/src');

/** A web source file's layer (`app`, `features`, `shared`, …) and, under features, its feature. */
function webPlace(file) {
  const rel = path.relative(WEB_SRC, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [layer, feature] = rel.split(path.sep);
  return { layer, feature: layer === 'features' ? feature : null };
}

/**
 * Web layers: app -> features -> shared. A feature imports no other feature and shared imports no
 * feature. The import is resolved against the file, so every depth, `export … from`, `import()` and
 * `vi.mock()` count, and a new feature folder is covered without a list.
 */
const webLayers = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      feature:
        "Feature '{{from}}' imports feature '{{to}}': move the shared piece to shared/ or compose them in app/.",
      shared: "shared/ imports feature '{{to}}': shared code must not depend on a feature.",
    },
  },
  create(context) {
    const here = webPlace(context.physicalFilename);
    if (!here || (here.layer !== 'features' && here.layer !== 'shared')) return {};
    const check = (node) => {
      if (node?.type !== 'Literal' || typeof node.value !== 'string' || !node.value.startsWith('.')) return;
      const there = webPlace(path.resolve(path.dirname(context.physicalFilename), node.value));
      if (there?.layer !== 'features' || there.feature === here.feature) return;
      const messageId = here.layer === 'shared' ? 'shared' : 'feature';
      context.report({ node, messageId, data: { from: here.feature, to: there.feature } });
    };
    return importVisitors(check);
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'fs', 'path', '@portal/api*', '@portal/web*'] },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { portal: { rules: { 'web-layers': webLayers } } },
    rules: { 'portal/web-layers': 'error' },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    plugins: { 'portal-api': { rules: { modules: apiModules } } },
    rules: { 'portal-api/modules': 'error' },
  },
);
