import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../packages/domain/src/locale.ts';
import { localePartChunkName } from './locale-parts-plugin.ts';
import type { FirstPaintConfig } from './src/boot/first-paint.ts';

const WEB_ROOT = import.meta.dirname;
const ROOT_DIV = '<div id="root"></div>';
/** The id of the page's list of the app's scripts (a JSON data block), passed to the first paint. */
const APP_SCRIPTS_ID = 'portal-app';

type Messages = {
  home: { hero: { title: string; subtitle: string; slogan: string } };
  menu: { login: string };
};

/** The first paint's texts in every language, from the locale files the app uses. */
export function firstPaintConfig(localesDir = path.join(WEB_ROOT, 'src/locales')): FirstPaintConfig {
  const texts = Object.fromEntries(
    LOCALES.map((locale) => {
      const messages = JSON.parse(readFileSync(path.join(localesDir, `${locale}.json`), 'utf8')) as Messages;
      const { title, subtitle, slogan } = messages.home.hero;
      return [locale, { title, subtitle, slogan, login: messages.menu.login }];
    }),
  ) as FirstPaintConfig['texts'];
  // As the app's FALLBACK_SITE (features/site/hooks/use-site.ts), before a site config is stored.
  return {
    appScripts: APP_SCRIPTS_ID,
    defaultLocale: DEFAULT_LOCALE,
    texts,
    name: 'TripBridge',
    logo: '/logo.svg',
    whiteLogo: '/logo-white.svg',
  };
}

/** `src/boot/first-paint.ts` as one minified classic script that runs `bootPage(config)`. */
export async function firstPaintScript(config: FirstPaintConfig): Promise<string> {
  // Loaded when building only: esbuild refuses to load under jsdom, where this file's tests run.
  const { build } = await import('esbuild');
  const result = await build({
    stdin: {
      contents: `import { bootPage } from './first-paint.ts'; bootPage(${JSON.stringify(config)});`,
      resolveDir: path.join(WEB_ROOT, 'src/boot'),
      loader: 'ts',
      sourcefile: 'first-paint-inline.ts',
    },
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2020',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
    charset: 'utf8',
  });
  const code = (result.outputFiles[0]?.text ?? '').trim();
  // Inline in the page: a closing script tag in a string would end it early.
  if (!code || /<\/script/i.test(code)) throw new Error('portal-first-paint: the script cannot be inlined');
  return code;
}

const MODULE_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The built page with the first paint: the script right after `#root`, and the build's module
 * scripts and `modulepreload` links taken out of the head into a JSON list (`#portal-app`), which
 * the script turns back into the same elements once its paint is on screen, with the core messages
 * of the active language of `locales` (`startApp`).
 */
export function withFirstPaint(
  html: string,
  script: string,
  locales: Partial<Record<Locale, string>> = {},
): string {
  if (!html.includes(ROOT_DIV)) throw new Error(`portal-first-paint: no ${ROOT_DIV} in the page`);
  const scripts = [...html.matchAll(MODULE_SCRIPT)].map((m) => m[1]);
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]);
  if (scripts.length === 0) throw new Error('portal-first-paint: no module script in the page');
  // JSON in HTML: `<` escaped so that no string can close the element.
  const list = JSON.stringify({ scripts, preloads, locales }).replace(/</g, '\\u003c');
  return html
    .replace(MODULE_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(
      ROOT_DIV,
      `${ROOT_DIV}\n    <script type="application/json" id="${APP_SCRIPTS_ID}">${list}</script>` +
        `\n    <script>${script}</script>`,
    );
}

/**
 * Puts the first paint (`src/boot/first-paint.ts`) into the built pages (`index.html` and the
 * `app.html` that preloadHome derives from it), as `withFirstPaint` says, with the file of each
 * language's core messages: the script preloads the active language's. Runs after preloadHome
 * in the plugin list. The API allows the inline script by its hash (apps/api/src/platform/web.ts,
 * `inlineScriptHashes`). The dev server keeps the plain page.
 */
export function firstPaint(): Plugin {
  let base = '/';
  return {
    name: 'portal-first-paint',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    async generateBundle(_options, bundle) {
      const script = await firstPaintScript(firstPaintConfig());
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const locales = Object.fromEntries(
        LOCALES.map((locale) => {
          const core = chunks.find(
            (chunk) => localePartChunkName(chunk.facadeModuleId ?? '') === `locale-${locale}-core`,
          );
          if (!core) throw new Error(`portal-first-paint: no locale-${locale}-core chunk`);
          return [locale, base + core.fileName];
        }),
      );
      for (const page of ['index.html', 'app.html']) {
        const asset = bundle[page];
        if (asset?.type !== 'asset') throw new Error(`portal-first-paint: no ${page} in the bundle`);
        asset.source = withFirstPaint(String(asset.source), script, locales);
      }
    },
  };
}
