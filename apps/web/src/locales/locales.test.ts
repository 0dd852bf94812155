import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { interpretResponse } from '@portal/domain/envelope';
import { ERROR_MESSAGES } from '@portal/domain/error-messages';
import { ERRORS } from '@portal/domain/errors';
import { LOCALES } from '@portal/domain/locale';
import { decideNavigation } from '@portal/domain/navigation';
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

/** The message keys spec §8 names; the locale files and the server use exactly these. */
const SPEC_KEYS = [
  'router.login',
  'router.notRole',
  'axios.notFound.text',
  'axios.login.timeout',
  'axios.network.error',
] as const;

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

  it.each(LOCALES)('%s translates the message keys the spec names, under those names', (locale) => {
    const messages = flattenKeys(buildMessages(locale));
    const texts = SPEC_KEYS.map((key) => [key, messages.get(key)]);
    expect(texts.filter(([, text]) => !text?.trim())).toEqual([]);
    // The domain's server messages are these texts: one place for each.
    for (const key of SPEC_KEYS.filter((k) => k in ERROR_MESSAGES)) {
      expect(messages.get(key)).toBe(ERROR_MESSAGES[key as keyof typeof ERROR_MESSAGES][locale]);
    }
    expect(enMessages.get('axios.network.error')).toBe('Network error, please check your connection');
  });

  it('raises the spec keys from the guard, the client and the error catalogue', () => {
    expect(decideNavigation('/flight/orders', { subject: null })).toMatchObject({ message: 'router.login' });
    expect(ERRORS.LOGIN_REQUIRED.key).toBe('router.login');
    expect(ERRORS.NO_ACCESS.key).toBe('router.notRole');
    expect(ERRORS.NOT_FOUND.key).toBe('axios.notFound.text');
    expect(ERRORS.SESSION_EXPIRED.key).toBe('axios.login.timeout');
    expect(ERRORS.SESSION_REVOKED.key).toBe('axios.login.timeout');
    expect(interpretResponse({ status: 404, body: '' })).toMatchObject({ messageKey: 'axios.notFound.text' });
    expect(interpretResponse({})).toMatchObject({ messageKey: 'axios.network.error' });
    expect(interpretResponse({ status: 401, body: { code: 200005, data: null, message: '' } })).toMatchObject(
      {
        messageKey: 'axios.login.timeout',
      },
    );
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
