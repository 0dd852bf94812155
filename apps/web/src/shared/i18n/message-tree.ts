import type { Locale } from '@portal/domain/locale';

/** A nested translation tree, as in the locale JSON files. */
export interface MessageTree {
  [key: string]: string | MessageTree;
}

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

/**
 * A copy of a locale file's tree with `messages` (dotted key → text per locale, as the domain's
 * `ERROR_MESSAGES`) merged in, in `locale`. Takes the messages as an argument so that the build's
 * locale plugin can use it without loading the domain package (`locale-parts-plugin.ts`).
 */
export function withMessages(
  file: MessageTree,
  messages: Record<string, Record<Locale, string>>,
  locale: Locale,
): MessageTree {
  const tree = JSON.parse(JSON.stringify(file)) as MessageTree;
  for (const [key, texts] of Object.entries(messages)) setDotted(tree, key, texts[locale]);
  return tree;
}
