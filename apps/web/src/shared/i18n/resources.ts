import { ERROR_MESSAGES } from '@portal/domain/error-messages';
import { LOCALES, type Locale } from '@portal/domain/locale';
import en from '../../locales/en.json';
import zhCn from '../../locales/zh-cn.json';
import zhTw from '../../locales/zh-tw.json';

/** A nested translation tree, as in the locale JSON files. */
export interface MessageTree {
  [key: string]: string | MessageTree;
}

/** The app's own locale files, before the domain messages are merged in. */
export const LOCALE_FILES: Record<Locale, MessageTree> = { en, 'zh-cn': zhCn, 'zh-tw': zhTw };

/** Writes `value` at the dotted `key` of `tree`, creating nested objects as needed. */
export function setDotted(tree: MessageTree, key: string, value: string): void {
  const parts = key.split('.');
  const last = parts.pop() ?? key;
  let node = tree;
  for (const part of parts) {
    const child = node[part];
    if (typeof child === 'object') {
      node = child;
    } else {
      const created: MessageTree = {};
      node[part] = created;
      node = created;
    }
  }
  node[last] = value;
}

/** Every dotted key of a tree, leaves only. */
export function flattenKeys(tree: MessageTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flattenKeys(value, path)) out.set(k, v);
  }
  return out;
}

function cloneTree(tree: MessageTree): MessageTree {
  return JSON.parse(JSON.stringify(tree)) as MessageTree;
}

/** The full translation tree of `locale`: the locale file plus the domain's server messages. */
export function buildMessages(locale: Locale): MessageTree {
  const tree = cloneTree(LOCALE_FILES[locale]);
  for (const [key, texts] of Object.entries(ERROR_MESSAGES)) setDotted(tree, key, texts[locale]);
  return tree;
}

/** i18next resources for every locale. */
export function buildResources(): Record<Locale, { translation: MessageTree }> {
  const entries = LOCALES.map((locale) => [locale, { translation: buildMessages(locale) }] as const);
  return Object.fromEntries(entries) as Record<Locale, { translation: MessageTree }>;
}
