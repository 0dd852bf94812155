import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { interpretResponse } from '@portal/domain/envelope';
import { ERROR_MESSAGES } from '@portal/domain/error-messages';
import { ERRORS } from '@portal/domain/errors';
import { LOCALES } from '@portal/domain/locale';
import { decideNavigation } from '@portal/domain/navigation';
import { ROUTES } from '@portal/domain/routes';
import { buildMessages, flattenKeys, LOCALE_FILES, type MessageTree } from '../shared/i18n/resources';
// The server's part (e-mails, exports): read by the API (`apps/api/src/platform/i18n.ts`), never
// imported by the app, so the browser never downloads it.
import serverEn from './server/en.json';
import serverZhCn from './server/zh-cn.json';
import serverZhTw from './server/zh-tw.json';

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

const SERVER_FILES: Record<(typeof LOCALES)[number], MessageTree> = {
  en: serverEn,
  'zh-cn': serverZhCn,
  'zh-tw': serverZhTw,
};
const serverKeys = Object.fromEntries(LOCALES.map((l) => [l, flattenKeys(SERVER_FILES[l])]));

/** The `{{name}}` placeholders of a text, sorted. */
const variablesOf = (text: string | undefined) =>
  [...new Set([...(text ?? '').matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)].map((m) => m[1] ?? ''))].sort();

/** Keys whose text names other placeholders in some locale than in English. */
function variableMismatches(keys: Record<string, Map<string, string> | undefined>): string[] {
  return [...(keys.en?.keys() ?? [])].filter((key) => {
    const english = variablesOf(keys.en?.get(key)).join();
    return LOCALES.some((locale) => variablesOf(keys[locale]?.get(key)).join() !== english);
  });
}

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

  it('name the same placeholders in every locale', () => {
    expect(variableMismatches(fileKeys)).toEqual([]);
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

describe('server locale files', () => {
  it.each(LOCALES)('%s has every key of the other server locale files', (locale) => {
    const all = new Set(LOCALES.flatMap((l) => [...(serverKeys[l]?.keys() ?? [])]));
    const missing = [...all].filter((key) => !serverKeys[locale]?.has(key));
    expect(missing).toEqual([]);
  });

  it.each(LOCALES)('%s has no empty server text', (locale) => {
    const entries = [...(serverKeys[locale]?.entries() ?? [])];
    expect(entries.filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
  });

  it('name the same placeholders in every locale', () => {
    expect(variableMismatches(serverKeys)).toEqual([]);
  });

  it('share no top-level section with the app files, so a key names one text', () => {
    const appSections = new Set(Object.keys(LOCALE_FILES.en));
    expect(Object.keys(SERVER_FILES.en).filter((section) => appSections.has(section))).toEqual([]);
  });

  it('are imported by no module of the app', () => {
    const importing = sourceFiles(SRC).filter((file) => /locales\/server\//.test(readFileSync(file, 'utf8')));
    expect(importing.map((file) => relative(SRC, file))).toEqual([]);
  });
});
