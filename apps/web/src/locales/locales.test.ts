import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@portal/domain/error-messages';
import { LOCALES } from '@portal/domain/locale';
import { ROUTES } from '@portal/domain/routes';
import { buildMessages, flattenKeys, LOCALE_FILES } from '../shared/i18n/resources';

const SRC = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const fileKeys = Object.fromEntries(LOCALES.map((l) => [l, flattenKeys(LOCALE_FILES[l])]));
const enMessages = flattenKeys(buildMessages('en'));

describe('locale files', () => {
  it.each(LOCALES)('%s has every key of the other locale files', (locale) => {
    const all = new Set(LOCALES.flatMap((l) => [...(fileKeys[l]?.keys() ?? [])]));
    const missing = [...all].filter((key) => !fileKeys[locale]?.has(key));
    expect(missing).toEqual([]);
  });

  it.each(LOCALES)('%s has no empty text', (locale) => {
    const empty = [...(fileKeys[locale]?.entries() ?? [])].filter(([, v]) => v.trim() === '').map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it('does not repeat the domain error messages, which are merged in at init', () => {
    const repeated = Object.keys(ERROR_MESSAGES).filter((key) => fileKeys.en?.has(key));
    expect(repeated).toEqual([]);
  });

  it('merges the domain messages into every locale', () => {
    for (const locale of LOCALES) {
      const messages = flattenKeys(buildMessages(locale));
      expect(messages.get('router.login')).toBe(ERROR_MESSAGES['router.login'][locale]);
      expect(messages.get('axios.notFound.text')).toBe(ERROR_MESSAGES['axios.notFound.text'][locale]);
    }
    expect(enMessages.get('axios.network.error')).toBe('Network error, please check your connection');
  });

  it('has a title for every route with a title key', () => {
    const missing = ROUTES.flatMap((r) => (r.titleKey && !enMessages.has(r.titleKey) ? [r.titleKey] : []));
    expect(missing).toEqual([]);
  });

  it('has every key used as a literal in the source', () => {
    const pattern = /(?:\bt\(|Key=|Key: )\s*['"]([a-zA-Z][\w-]*(?:\.[\w-]+)+)['"]/g;
    const missing: string[] = [];
    for (const file of sourceFiles(SRC)) {
      for (const match of readFileSync(file, 'utf8').matchAll(pattern)) {
        const key = match[1] ?? '';
        if (!enMessages.has(key)) missing.push(`${relative(SRC, file)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
