import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import postcss, { type AtRule, type ChildNode, type Rule } from 'postcss';
import type { Plugin, Rollup } from 'vite';

/**
 * antd's styles as static CSS, split by component, instead of generated in the browser.
 *
 * antd 6 builds each component's CSS at run time (CSS-in-JS); on the login page that was about
 * 280 ms of script time on a throttled phone. With the theme's `zeroRuntime` (src/app/theme.ts)
 * antd skips that and expects the CSS it ships (`antd/dist/antd.css`, 1 MB, every component).
 * This plugin cuts that file by component class prefix (`.ant-btn…` is part `btn`) and, once the
 * bundle is made, gives each chunk a stylesheet with the parts its antd modules name
 * (`getPrefixCls('btn')`) that the page does not already have from the entry or the chunk's
 * static imports. Vite then loads that stylesheet with the chunk, as it does a chunk's own CSS:
 * the login page gets the input and button styles, not the table's. The theme stays at run time:
 * antd still writes its tokens as CSS variables (`--ant-color-primary`), which the static CSS
 * reads, so the partner theme works as before. The dev server takes every part at once.
 *
 * Every part sits in `@layer antd`, so the app's own unlayered CSS wins over antd's whatever order
 * the parts load in, as it did when antd inserted its styles first in `<head>`.
 */

/** The part for what belongs to no component: resets, icons, motion classes and keyframes. */
export const BASE_PART = 'base';

/**
 * The class prefixes an antd module names: what it passes to `getPrefixCls('…')`, and the
 * constants some components keep theirs in (`floatButtonPrefixCls = 'float-btn'`).
 */
export function prefixesNamedIn(source: string): string[] {
  const named = source.matchAll(/(?:getPrefixCls\(\s*|[a-z]PrefixCls = )['"]([a-z][a-z0-9-]*)['"]/g);
  const prefixes = [...named].map((match) => match[1] ?? '');
  return [...new Set(prefixes)].filter((prefix) => prefix !== 'ant' && prefix !== 'anticon');
}

/** The component prefix a selector starts with (longest known match), or undefined. */
export function prefixOfSelector(selector: string, prefixes: readonly string[]): string | undefined {
  const first = /^\s*\.ant-([a-z0-9-]+)/.exec(selector)?.[1];
  if (!first) return undefined;
  let best: string | undefined;
  for (const prefix of prefixes) {
    if ((first === prefix || first.startsWith(`${prefix}-`)) && prefix.length > (best?.length ?? 0))
      best = prefix;
  }
  return best;
}

/**
 * What antd wrote for the rendering that made its stylesheet, not for the app: the token values
 * of that rendering's CSS variable scopes (`.css-var-_R_0_{--ant-blue:…}`,
 * `.css-var-_R_0_.ant-alert{--ant-alert-…}`), which antd writes at run time for the app's theme,
 * and its style cache's bookkeeping (`.data-ant-cssinjs-cache-path`).
 */
const NOT_FOR_THE_APP = /^\s*\.(?:css-var-[A-Za-z0-9_-]+(?![A-Za-z0-9_-])|data-ant-cssinjs-cache-path\b)/;

type Parts = Map<string, ChildNode[]>;

function add(parts: Parts, part: string, node: ChildNode): void {
  const list = parts.get(part);
  if (list) list.push(node);
  else parts.set(part, [node]);
}

function splitRule(rule: Rule, prefixes: readonly string[], parts: Parts): void {
  const selectors = rule.selectors.filter((s) => !NOT_FOR_THE_APP.test(s));
  if (selectors.length === 0) return;
  // A rule listing several components' selectors goes to each of them, with its own selectors.
  const byPart = new Map<string, string[]>();
  for (const selector of selectors) {
    const part = prefixOfSelector(selector, prefixes) ?? BASE_PART;
    byPart.set(part, [...(byPart.get(part) ?? []), selector]);
  }
  for (const [part, own] of byPart) add(parts, part, rule.clone({ selectors: own }));
}

function splitNodes(nodes: readonly ChildNode[], prefixes: readonly string[], parts: Parts): void {
  for (const node of nodes) {
    if (node.type === 'rule') splitRule(node, prefixes, parts);
    else if (node.type === 'atrule' && isGrouping(node)) {
      // `@media` and the like: each part gets the at-rule with its own rules inside.
      const inner: Parts = new Map();
      splitNodes(node.nodes ?? [], prefixes, inner);
      for (const [part, children] of inner) {
        const copy = node.clone({ nodes: [] });
        copy.append(children);
        add(parts, part, copy);
      }
    } else if (node.type !== 'comment') add(parts, BASE_PART, node.clone());
  }
}

function isGrouping(node: AtRule): boolean {
  return ['media', 'supports', 'container', 'layer'].includes(node.name) && (node.nodes?.length ?? 0) > 0;
}

/**
 * antd's whole stylesheet cut into parts by component prefix, each wrapped in `@layer antd`, in the
 * order of the part's first rule in the stylesheet (so parts joined in that order keep antd's
 * cascade among components).
 */
export function splitAntdCss(css: string, prefixes: readonly string[]): Map<string, string> {
  const parts: Parts = new Map();
  splitNodes(postcss.parse(css).nodes, prefixes, parts);
  const out = new Map<string, string>();
  for (const [part, nodes] of parts) {
    const layer = postcss.atRule({ name: 'layer', params: 'antd', raws: { after: '' } });
    layer.append(nodes);
    out.set(part, layer.toString());
  }
  return out;
}

/** Every chunk a chunk imports statically, transitively: they load with it. */
function staticClosure(fileName: string, bundle: Rollup.OutputBundle, seen = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (chunk?.type !== 'chunk' || seen.has(fileName)) return seen;
  seen.add(fileName);
  for (const imported of chunk.imports) staticClosure(imported, bundle, seen);
  return seen;
}

const ANTD_ES_MODULE = /[\\/]node_modules[\\/]antd[\\/]es[\\/](.+)\.js$/;

export function antdStaticStyles(): Plugin {
  const require = createRequire(import.meta.url);
  let parts = new Map<string, string>();
  let order: string[] = [];
  const prefixesOf = new Map<string, string[]>();
  /** The parts an antd module needs (the prefixes it names; the config provider brings the base). */
  const partsOfModule = (id: string): string[] => {
    const module = ANTD_ES_MODULE.exec(id)?.[1];
    if (!module) return [];
    let named = prefixesOf.get(id);
    if (!named) {
      named = prefixesNamedIn(readFileSync(id, 'utf8'));
      if (module === 'config-provider/index') named.unshift(BASE_PART);
      prefixesOf.set(id, named);
    }
    return named.filter((part) => parts.has(part));
  };
  let devStylesheet = '';

  return {
    name: 'portal-antd-static-styles',
    configResolved(config) {
      const antdCss = require.resolve('antd/dist/antd.css', { paths: [config.root] });
      const antdEs = path.join(path.dirname(antdCss), '..', 'es');
      const prefixes = [
        ...new Set(
          readdirSync(antdEs, { recursive: true, encoding: 'utf8' })
            .filter((file) => file.endsWith('.js'))
            .flatMap((file) => prefixesNamedIn(readFileSync(path.join(antdEs, file), 'utf8'))),
        ),
      ];
      parts = splitAntdCss(readFileSync(antdCss, 'utf8'), prefixes);
      order = [...parts.keys()];
      if (config.command === 'serve') {
        // The dev server takes every part at once (see transformIndexHtml).
        const dir = path.join(config.root, 'node_modules', '.cache', 'antd-styles');
        mkdirSync(dir, { recursive: true });
        devStylesheet = path.join(dir, 'antd.css');
        writeFileSync(devStylesheet, order.map((part) => parts.get(part)).join('\n'));
      }
    },
    // The dev server serves antd prebundled, past the plugins' transforms: the page links the file.
    transformIndexHtml() {
      if (!devStylesheet) return [];
      return [
        { tag: 'link', attrs: { rel: 'stylesheet', href: `/@fs${devStylesheet}` }, injectTo: 'head-prepend' },
      ];
    },
    generateBundle: {
      // Before Vite names each chunk's CSS in the page and in its lazy imports' preload lists.
      order: 'pre',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter(
          (item): item is Rollup.OutputChunk => item.type === 'chunk',
        );
        const own = new Map<string, Set<string>>();
        for (const chunk of chunks) {
          const used = Object.entries(chunk.modules)
            .filter(([, module]) => module.renderedLength > 0)
            .flatMap(([id]) => partsOfModule(id));
          own.set(chunk.fileName, new Set(used));
        }
        const entries = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
        for (const chunk of chunks) {
          // What the entry or this chunk's static imports already load is not loaded again.
          const loaded = new Set<string>();
          const before = new Set([...entries, ...staticClosure(chunk.fileName, bundle)]);
          before.delete(chunk.fileName);
          for (const other of before) for (const part of own.get(other) ?? []) loaded.add(part);
          const needed = order.filter((part) => own.get(chunk.fileName)?.has(part) && !loaded.has(part));
          if (needed.length === 0) continue;
          const reference = this.emitFile({
            type: 'asset',
            name: `antd-${chunk.name}.css`,
            source: needed.map((part) => parts.get(part)).join('\n'),
          });
          // The chunk's antd styles come before its own, as antd's styles did.
          const css = chunk.viteMetadata?.importedCss;
          if (!css) this.error(`no CSS metadata on ${chunk.fileName}`);
          const existing = [...css];
          css.clear();
          css.add(this.getFileName(reference));
          for (const file of existing) css.add(file);
        }
      },
    },
  };
}
