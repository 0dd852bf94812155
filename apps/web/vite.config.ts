import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { antdStaticStyles } from './antd-styles-plugin.ts';
import { firstPaint } from './first-paint-plugin.ts';
import { localePartChunkName, localeParts } from './locale-parts-plugin.ts';
import { generatedModuleAsData } from './data-asset-plugin.ts';

const API = 'http://127.0.0.1:8080';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Writes `x.br` (brotli, best quality) and `x.gz` (gzip -9) beside every text file of the build,
 * once, so the server sends them as they are (`apps/api/src/platform/web.ts`, `preCompressed`).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir).filter((f) => COMPRESSIBLE.test(f))) {
        const data = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

const HOME_PAGE = /src[\\/]app[\\/]pages[\\/]home-page\./;

/**
 * antd's form context module, which every antd input imports for its form status, takes
 * `FormProvider` from @rc-component/form's index; that index attaches its statics at the top level
 * (`RefForm.useForm = useForm`, …), so the bundler keeps the whole form library with it (useForm,
 * Field, List and the async validator: about 12 KB compressed) on every page with an input, the
 * login page too. This points that one import at the module that defines `FormProvider`. Pages
 * with a form get the library through antd's Form as before; both paths share the one module, so
 * there is one React context. Should a new antd import differently, this matches nothing and the
 * build is as it would be without it.
 */
function formProviderOnly(): Plugin {
  return {
    name: 'portal-form-provider-only',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== '@rc-component/form' || !importer) return null;
      if (!/[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/.test(importer)) return null;
      return this.resolve('@rc-component/form/es/FormContext', importer, { ...options, skipSelf: true });
    },
  };
}

const TREE_HELPERS = '\0portal-tree-helpers';

/**
 * antd's Table takes four helpers for its row selection (`arrAdd`, `arrDel`, `conductCheck`,
 * `convertDataToEntities`) from @rc-component/tree's index, whose `Tree` attaches statics at the top
 * level, so the bundler keeps the whole tree (and the virtual list it draws with) on every page with
 * a table. This points that one import at a module that re-exports the four from the files that
 * define them; the tree itself stays with antd's Tree (see `componentsOnDemand`). Should antd import
 * differently, this matches nothing and the build is as it would be without it.
 */
function treeHelpersOnly(): Plugin {
  const helpers = [
    ['@rc-component/tree/es/util', 'arrAdd, arrDel'],
    ['@rc-component/tree/es/utils/conductUtil', 'conductCheck'],
    ['@rc-component/tree/es/utils/treeUtil', 'convertDataToEntities'],
  ] as const;
  let source = '';
  return {
    name: 'portal-tree-helpers-only',
    apply: 'build',
    enforce: 'pre',
    async resolveId(id, importer, options) {
      if (id !== '@rc-component/tree' || !importer) return null;
      if (!/[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/.test(importer)) return null;
      const lines: string[] = [];
      for (const [module, names] of helpers) {
        const resolved = await this.resolve(module, importer, { ...options, skipSelf: true });
        if (!resolved) return null;
        lines.push(`export { ${names} } from ${JSON.stringify(resolved.id)};`);
      }
      source = lines.join('\n');
      return TREE_HELPERS;
    },
    load(id) {
      return id === TREE_HELPERS ? source : null;
    },
  };
}

const ON_DEMAND = '\0portal-on-demand:';

/**
 * antd components that antd's own components import for a feature no list page shows at once, so
 * every page that shows the importer downloads them: Card imports Tabs (about 10 KB compressed, its
 * own file) for a tab list in its header (`tabList`, which no card of the app has); Table imports
 * Checkbox and Radio (about 6 KB in three files) for its row selection (`rowSelection`, used only by
 * the after-sales dialogs' tables) and its column filters, and Tree (about 12 KB) for the filters'
 * tree mode (no column of the app has a filter).
 */
const TABLE_SELECTION = /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/;
const TABLE_FILTER = /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]FilterDropdown\.js$/;
const COMPONENTS_ON_DEMAND = [
  { name: 'tabs', importer: /[\\/]antd[\\/]es[\\/]card[\\/]Card\.js$/, source: '../tabs' },
  { name: 'checkbox', importer: TABLE_SELECTION, source: '../../checkbox' },
  { name: 'radio', importer: TABLE_SELECTION, source: '../../radio' },
  { name: 'checkbox', importer: TABLE_FILTER, source: '../../../checkbox' },
  { name: 'radio', importer: TABLE_FILTER, source: '../../../radio' },
  { name: 'tree', importer: TABLE_FILTER, source: '../../../tree' },
];

/**
 * Points each import of `COMPONENTS_ON_DEMAND` at a small module that loads the component when it
 * is first drawn, nothing meanwhile (`lazy`). Pages that show the component themselves import the
 * same module, so they get it as before. Should antd import them differently, this matches nothing
 * and the build is as it would be without it.
 */
function componentsOnDemand(): Plugin {
  /** Each component's module (its virtual module's id names the component, not a file). */
  const modules = new Map<string, string>();
  return {
    name: 'portal-components-on-demand',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const wanted = COMPONENTS_ON_DEMAND.find(
        (c) => c.source === source && importer && c.importer.test(importer),
      );
      if (!wanted) return null;
      const component = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!component) return null;
      modules.set(ON_DEMAND + wanted.name, component.id);
      return ON_DEMAND + wanted.name;
    },
    load(id) {
      const module = modules.get(id);
      if (module === undefined) return null;
      return [
        `import { createElement, lazy, Suspense } from 'react';`,
        `const Component = lazy(() => import(${JSON.stringify(module)}));`,
        'export default function OnDemand(props) {',
        '  return createElement(Suspense, { fallback: null }, createElement(Component, props));',
        '}',
      ].join('\n');
    },
  };
}

/** The app's page for every route but the home page (see preloadHome). */
const APP_HTML = 'app.html';

/**
 * The home page (the login page of most first visits) is a lazy route like every page, so the
 * browser would learn of its chunks only once the shell has run. The built `index.html`, which the
 * server sends for `/`, names them for the browser to fetch beside the shell; `app.html`, the same
 * page without them, is what the server sends for every other route (apps/api/src/platform/web.ts),
 * so signed-in pages do not fetch the login form.
 *
 * The active locale's core messages, which the shell waits for (`main.tsx`), are preloaded by the
 * first paint's script, which knows the stored language (`firstPaint`, `startApp`): a page names
 * no language's, so a visitor fetches only their own.
 */
function preloadHome(): Plugin {
  let base = '/';
  const homeChunks = (bundle: Rollup.OutputBundle) =>
    Object.values(bundle).filter(
      (item): item is Rollup.OutputChunk =>
        item.type === 'chunk' && (item.name === 'home' || HOME_PAGE.test(item.facadeModuleId ?? '')),
    );
  return {
    name: 'portal-preload-home',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle ?? {};
        const chunks = homeChunks(bundle);
        const link = (rel: string, file: string) => ({
          tag: 'link',
          attrs: { rel, crossorigin: true, href: base + file },
          injectTo: 'head' as const,
        });
        return [
          // The login form's styles too: the page would otherwise wait for the chunk to ask for them.
          ...chunks
            .flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])])
            .map((file) => link('stylesheet', file)),
          ...chunks.map((chunk) => link('modulepreload', chunk.fileName)),
        ];
      },
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('portal-preload-home: no index.html in the bundle');
      let html = String(index.source);
      const homeFiles = homeChunks(bundle).flatMap((chunk) => [
        chunk.fileName,
        ...(chunk.viteMetadata?.importedCss ?? []),
      ]);
      for (const file of homeFiles) {
        html = html.replace(
          new RegExp(`\\s*<link rel="(?:modulepreload|stylesheet)"[^>]*href="${base}${file}">`),
          '',
        );
      }
      if (homeFiles.some((file) => html.includes(file)))
        throw new Error('portal-preload-home: a home page link was left in app.html');
      this.emitFile({ type: 'asset', fileName: APP_HTML, source: html });
    },
  };
}

/** The lazily loaded pieces of the signed-in header and side menus (`app-header.tsx`, `layouts.tsx`). */
const SIGNED_IN_CHROME =
  /src[\\/](?:app[\\/]components[\\/](?:top-menu|user-menu|section-side-menu|pending-counts-source)|features[\\/]notifications[\\/]components[\\/]notification-bell)\./;

export default defineConfig({
  plugins: [
    react(),
    antdStaticStyles(),
    formProviderOnly(),
    componentsOnDemand(),
    treeHelpersOnly(),
    localeParts(),
    generatedModuleAsData({
      module: 'airports-data',
      exports: ['TIME_ZONES', 'AIRPORT_ROWS', 'CITY_ROWS'],
      what: 'The airport catalog',
    }),
    generatedModuleAsData({ module: 'stations-data', exports: ['STATION_ROWS'], what: 'The station table' }),
    preloadHome(),
    firstPaint(),
    precompress(),
  ],
  server: {
    proxy: {
      '/base': API,
      '/order': API,
      '/shopping': API,
      '/public': API,
      '/healthz': API,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Pages, locales, the menus, the airport catalog and the station table (data, see
    // generatedModuleAsData) load lazily.
    chunkSizeWarningLimit: 500,
    rolldownOptions: {
      output: {
        // A part of a locale file is named for what it holds: `locale-en-flight-<hash>.js`.
        chunkFileNames: (chunk) => {
          const name = chunk.facadeModuleId ? localePartChunkName(chunk.facadeModuleId) : null;
          return `assets/${name ?? '[name]'}-[hash].js`;
        },
        // Fewer, larger chunks for what every page needs. Left to itself the bundler cut the login
        // page into 40 files of 1 to 96 KB, each with about 1 KB of response headers; these groups
        // (each with the modules its members import) make it five.
        codeSplitting: {
          groups: [
            // Everything the entry imports: React, antd's core, the router, i18n, the API client.
            { name: 'shell', tags: ['$initial'], priority: 2 },
            // The home page, which is the login page: the first page most sessions open.
            { name: 'home', test: HOME_PAGE, priority: 1 },
            // The header's and side menus' lazy parts, shown on every page once signed in.
            { name: 'signed-in', test: SIGNED_IN_CHROME, priority: 1 },
            // Select with the virtual list and icons it draws with: Tree (loaded on demand) and the
            // date picker share these, which would otherwise make two more files on every page.
            {
              name: 'select',
              test: /[\\/]node_modules[\\/](?:antd[\\/]es[\\/]select|@rc-component[\\/](?:select|virtual-list))[\\/]/,
              includeDependenciesRecursively: false,
            },
            // The icons and small hooks that Select, Form, Tag, Table and the filters share: each
            // was a file of under 1 KB (half of it response headers) on every list page and the
            // search page; one file now.
            {
              name: 'common-parts',
              test: /[\\/]node_modules[\\/](?:@ant-design[\\/]icons(?:-svg)?[\\/]es[\\/](?:icons|asn)[\\/](?:(?:Close|Search|Plus|File|Download)Outlined|(?:ExclamationCircle|CheckCircle|InfoCircle)Filled)|antd[\\/]es[\\/]_util[\\/]hooks[\\/](?:useClosable|useSyncState))\.js$/,
              includeDependenciesRecursively: false,
            },
            // The tree helpers of Table's row selection (`treeHelpersOnly`), which Tree shares.
            {
              name: 'table',
              test: /[\\/]node_modules[\\/](?:antd[\\/]es[\\/]table[\\/]|@rc-component[\\/](?:table[\\/]|tree[\\/]es[\\/](?:TreeNode|Indent|contextTypes|util|utils[\\/](?:conductUtil|treeUtil|keyUtil))\.js))/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
