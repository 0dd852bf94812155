import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const GENERATED = path.resolve(import.meta.dirname, '../../packages/reference-data/src/generated');

/**
 * The array literals `names` that a generated module exports (`export const NAME = [...]`, one
 * JSON row a line as the generators write them, a trailing comma apart), by name. A module without
 * one of them is refused, so a build never ships an empty table.
 */
export function readExportedArrays(
  file: string,
  source: string,
  names: readonly string[],
): Record<string, unknown[]> {
  const found: Record<string, unknown> = {};
  for (const match of source.matchAll(/^export const (\w+)[^=\n]*=\s*(\[[\s\S]*?\]);$/gm)) {
    const [, name = '', literal = ''] = match;
    if (names.includes(name)) found[name] = JSON.parse(literal.replace(/,(\s*)\]$/, '$1]'));
  }
  const arrays: Record<string, unknown[]> = {};
  for (const name of names) {
    const rows = found[name];
    if (!Array.isArray(rows) || rows.length === 0) throw new Error(`${file}: no ${name}`);
    arrays[name] = rows;
  }
  return arrays;
}

/** A generated reference-data module the browser gets as data: its file, exports and what it is. */
export interface DataModule {
  /** The module's name in `packages/reference-data/src/generated` (`airports-data`). */
  module: string;
  /** The arrays it exports, which the fetched file carries. */
  exports: readonly string[];
  /** What it is, for the error when it does not load ("The airport catalog"). */
  what: string;
}

/**
 * A generated reference-data module ships as data, not code: the build writes its arrays to a
 * content-hashed `assets/<module>-<hash>.json` (precompressed, cached as immutable, so a browser
 * keeps it across releases until the data changes), and the module its importer imports becomes a
 * small one that fetches it. The pages import the data lazily, so the file is fetched only when a
 * picker needs it; as code the airports were 229 KB and the stations about 40 KB of JavaScript to
 * parse. The API and the tests keep the TypeScript modules.
 */
export function generatedModuleAsData({ module, exports, what }: DataModule): Plugin {
  const shim = `\0portal-${module}`;
  const file = path.join(GENERATED, `${module}.ts`);
  let base = '/';
  return {
    name: `portal-${module}-as-data`,
    apply: 'build',
    // Before Vite's resolver, which would otherwise resolve the import to the TypeScript file.
    enforce: 'pre',
    configResolved(config) {
      base = config.base;
    },
    resolveId(source, importer) {
      return source === `./generated/${module}` && importer?.includes('reference-data') ? shim : null;
    },
    load(id) {
      if (id !== shim) return null;
      const json = JSON.stringify(readExportedArrays(file, readFileSync(file, 'utf8'), exports));
      const hash = createHash('sha256').update(json).digest('base64url').slice(0, 10);
      const fileName = `assets/${module.replace(/-data$/, '')}-${hash}.json`;
      this.emitFile({ type: 'asset', fileName, source: json });
      return [
        `const response = await fetch(${JSON.stringify(base + fileName)});`,
        `if (!response.ok) throw new Error(${JSON.stringify(`${what} did not load: `)} + response.status);`,
        'const data = await response.json();',
        ...exports.map((name) => `export const ${name} = data.${name};`),
      ].join('\n');
    },
  };
}
