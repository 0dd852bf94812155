import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
// Relative paths into the domain package: the config loader bundles these files, while it would
// hand a package import to Node, which cannot load TypeScript.
import { ERROR_MESSAGES } from '../../packages/domain/src/error-messages.ts';
import { LOCALES, type Locale } from '../../packages/domain/src/locale.ts';
import { LOCALE_PARTS, pickPart, type LocalePartOrCore } from './src/shared/i18n/locale-parts.ts';
import { withMessages } from './src/shared/i18n/message-tree.ts';

const QUERY = /[?&]locale-part=([\w-]+)/;
const PREFIX = '\0portal-locale-part:';

const isLocale = (value: string): value is Locale => (LOCALES as readonly string[]).includes(value);

function isPart(value: string): value is LocalePartOrCore {
  return value === 'core' || Object.hasOwn(LOCALE_PARTS, value);
}

/** `locale-en-flight` for the flight part of `en.json`: a chunk name for the build's groups. */
export function localePartChunkName(id: string): string | null {
  if (!id.startsWith(PREFIX)) return null;
  const split = id.lastIndexOf(':');
  return `locale-${path.basename(id.slice(PREFIX.length, split), '.json')}-${id.slice(split + 1)}`;
}

/**
 * Serves `src/locales/<lng>.json?locale-part=<part>` as a module of that part's keys only
 * (`src/shared/i18n/locale-parts.ts`), so the translators keep one file per language and the
 * browser downloads a page's texts with the page. The import becomes a module id of its own
 * (`\0portal-locale-part:<file>:<part>`, not ending in `.json`), which Vite's JSON handling leaves alone.
 * The core part of a language also holds the domain's server messages in that language.
 */
export function localeParts(): Plugin {
  return {
    name: 'portal-locale-parts',
    enforce: 'pre',
    resolveId(source, importer) {
      const match = QUERY.exec(source);
      if (!match || importer === undefined) return null;
      const part = match[1] ?? '';
      if (!isPart(part)) throw new Error(`${source}: no locale part named ${part}`);
      const file = path.resolve(path.dirname(importer.split('?')[0] ?? ''), source.split('?')[0] ?? '');
      return `${PREFIX}${file}:${part}`;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const rest = id.slice(PREFIX.length);
      const split = rest.lastIndexOf(':');
      const file = rest.slice(0, split);
      const part = rest.slice(split + 1);
      if (!isPart(part)) return null;
      this.addWatchFile(file);
      const picked = pickPart(JSON.parse(readFileSync(file, 'utf8')) as never, part);
      // The core carries the domain's server messages in its own language only (not all three).
      const locale = path.basename(file, '.json');
      const tree =
        part === 'core' && isLocale(locale) ? withMessages(picked, ERROR_MESSAGES, locale) : picked;
      // JSON.parse of a string literal: parsed faster than the same object as code.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(tree))});`;
    },
  };
}
