import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@portal/domain/error-messages';
import { flattenKeys } from '../shared/i18n/message-tree';
import { LOCALE_PARTS, partOfKey, type LocalePartOrCore } from '../shared/i18n/locale-parts';
import { buildMessages } from '../shared/i18n/resources';
import { ROUTE_PAGES } from './route-pages';

/*
 * Every text key a module can name must be downloaded before the module renders: keys named by the
 * app shell (what `main.tsx` imports, and its lazy menus) in the core, keys named by a route page
 * and everything it imports in the core or in a part the page loads (`route-pages.ts`). The check
 * reads the sources: it follows imports (static and dynamic, not type-only) through the web app and
 * the domain package, and takes every string that is a key, or the fixed start of a key built in a
 * template, as named. That over-counts (a module may hold a key it never shows on that page), which
 * costs a few bytes in a page's download, never a missing text.
 */

const SRC = resolve(import.meta.dirname, '..');
const DOMAIN = resolve(SRC, '../../../packages/domain/src');
const ROUTE_PAGES_FILE = join(SRC, 'app/route-pages.ts');

const IMPORTS = [
  /^\s*import\s+(?!type\s)[^;]*?\sfrom\s+['"]([^'"]+)['"]/gm,
  /^\s*export\s+(?!type\s)[^;]*?\sfrom\s+['"]([^'"]+)['"]/gm,
  /^\s*import\s+['"]([^'"]+)['"]/gm,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
];
/** A whole string that is dotted words, or the start of a template up to its first `${`. */
const KEY_LIKE = /['"`]([A-Za-z][\w-]*(?:\.[\w-]+)*\.?)(?=['"`]|\$\{)/g;

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@portal/domain/')) base = join(DOMAIN, specifier.slice('@portal/domain/'.length));
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else return null;
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

const sources = new Map<string, string>();
function source(file: string): string {
  let text = sources.get(file);
  if (text === undefined) {
    text = readFileSync(file, 'utf8');
    sources.set(file, text);
  }
  return text;
}

function importsOf(file: string): string[] {
  return IMPORTS.flatMap((pattern) =>
    [...source(file).matchAll(pattern)].flatMap((m) => resolveImport(file, m[1] ?? '') ?? []),
  );
}

/** Every module `start` loads, statically or lazily, without entering `stop`. */
function moduleGraph(start: string, stop: ReadonlySet<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file) || stop.has(file)) continue;
    seen.add(file);
    queue.push(...importsOf(file));
  }
  return seen;
}

const leaves = [...flattenKeys(buildMessages('en')).keys()];
const domainKeys = new Set(Object.keys(ERROR_MESSAGES));

/** The parts holding the keys a module names: a key, or every key under a named prefix. */
function partsNamedIn(file: string): Map<LocalePartOrCore, string> {
  const parts = new Map<LocalePartOrCore, string>();
  for (const match of source(file).matchAll(KEY_LIKE)) {
    const named = (match[1] ?? '').replace(/\.$/, '');
    if (!named.includes('.') && !match[1]?.endsWith('.')) continue;
    for (const leaf of leaves) {
      if (leaf !== named && !leaf.startsWith(`${named}.`)) continue;
      const part = domainKeys.has(leaf) ? 'core' : partOfKey(leaf);
      if (!parts.has(part)) parts.set(part, `${relative(SRC, file)}: ${leaf}`);
    }
  }
  return parts;
}

/** The i18n modules name prefixes and parts, not texts to show. */
const I18N_DIR = join(SRC, 'shared/i18n');

/** What each file of `files` names outside `allowed`, as "part ← file: key". */
function missingParts(files: Iterable<string>, allowed: ReadonlySet<LocalePartOrCore>): string[] {
  return [...files].flatMap((file) =>
    dirname(file) === I18N_DIR
      ? []
      : [...partsNamedIn(file)].flatMap(([part, where]) => (allowed.has(part) ? [] : [`${part} ← ${where}`])),
  );
}

interface RouteEntry {
  path: string;
  file: string;
  parts: LocalePartOrCore[];
}

/** The route pages as `route-pages.ts` declares them: path, page module and locale parts. */
function routeEntries(): RouteEntry[] {
  const text = source(ROUTE_PAGES_FILE);
  const entry =
    /'([^']+)':\s*page\(\s*\(\)\s*=>\s*import\('([^']+)'\),\s*'\w+',?\s*(?:\[([^\]]*)\],?\s*)?\)/g;
  return [...text.matchAll(entry)].map((m) => ({
    path: m[1] ?? '',
    file: resolveImport(ROUTE_PAGES_FILE, m[2] ?? '') ?? `missing ${m[2]}`,
    parts: [...(m[3] ?? '').matchAll(/'(\w+)'/g)].map((p) => p[1] as LocalePartOrCore),
  }));
}

/**
 * Sections a page downloads after it has rendered, each with the locale parts its loader asks for
 * beside its chunk: the home page's marketing sections (`lazy-marketing.tsx`). A page's check stops
 * at them; each is checked with its own parts.
 */
const LAZY_SECTIONS = [
  {
    loader: join(SRC, 'features/home/components/lazy-marketing.tsx'),
    file: join(SRC, 'features/home/components/marketing-sections.tsx'),
    parts: ['marketing'] as LocalePartOrCore[],
  },
];
const lazySectionFiles = new Set(LAZY_SECTIONS.map((section) => section.file));

describe('locale parts of the route pages', () => {
  const routes = routeEntries();
  const pageFiles = new Set(routes.map((route) => route.file));

  it.each(LAZY_SECTIONS.map((section) => [relative(SRC, section.file), section] as const))(
    'has the lazy section %s load its parts with its chunk, and name keys of those parts only',
    (_file, section) => {
      const loader = source(section.loader);
      expect(loader).toContain(`import('./${basename(section.file, '.tsx')}')`);
      expect(loader).toContain(`loadLocaleParts([${section.parts.map((part) => `'${part}'`).join(', ')}])`);
      const allowed = new Set<LocalePartOrCore>(['core', ...section.parts]);
      expect(missingParts(moduleGraph(section.file), allowed)).toEqual([]);
    },
  );

  it('reads every route page of route-pages.ts, with parts that exist', () => {
    expect(routes.map((route) => route.path)).toEqual(Object.keys(ROUTE_PAGES));
    const unknown = routes.flatMap((route) => route.parts.filter((part) => !(part in LOCALE_PARTS)));
    expect(unknown).toEqual([]);
  });

  it('has the app shell name only keys of the core', () => {
    const shell = moduleGraph(join(SRC, 'main.tsx'), pageFiles);
    expect(missingParts(shell, new Set(['core']))).toEqual([]);
  });

  it.each(routes.map((route) => [route.path, route] as const))(
    'has %s load the parts of every key its modules name',
    (_path, route) => {
      const allowed = new Set<LocalePartOrCore>(['core', ...route.parts]);
      expect(missingParts(moduleGraph(route.file, lazySectionFiles), allowed)).toEqual([]);
    },
  );
});
