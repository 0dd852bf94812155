import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, type Locale } from '@portal/domain/locale';
import { currentLocale } from '../stores/subject';
import { PART_NAMES, type LocalePart, type LocalePartOrCore } from './locale-parts';
import type { MessageTree } from './message-tree';

type PartLoaders = Record<string, () => Promise<MessageTree>>;

// One chunk per locale and part (`locale-parts.ts`): the page downloads the active locale's core,
// each route page the parts it names, and a language switch the same parts in the new language.
// Vite needs each `import.meta.glob` call's arguments as literals, hence one call per part.
const PART_FILES: Record<LocalePartOrCore, PartLoaders> = {
  core: import.meta.glob<MessageTree>('../../locales/*.json', {
    query: '?locale-part=core',
    import: 'default',
  }),
  legal: import.meta.glob<MessageTree>('../../locales/*.json', {
    query: '?locale-part=legal',
    import: 'default',
  }),
  marketing: import.meta.glob<MessageTree>('../../locales/*.json', {
    query: '?locale-part=marketing',
    import: 'default',
  }),
  account: import.meta.glob<MessageTree>('../../locales/*.json', {
    query: '?locale-part=account',
    import: 'default',
  }),
  admin: import.meta.glob<MessageTree>('../../locales/*.json', {
    query: '?locale-part=admin',
    import: 'default',
  }),
  flight: import.meta.glob<MessageTree>('../../locales/*.json', {
    query: '?locale-part=flight',
    import: 'default',
  }),
  booking: import.meta.glob<MessageTree>('../../locales/*.json', {
    query: '?locale-part=booking',
    import: 'default',
  }),
  orders: import.meta.glob<MessageTree>('../../locales/*.json', {
    query: '?locale-part=orders',
    import: 'default',
  }),
  bills: import.meta.glob<MessageTree>('../../locales/*.json', {
    query: '?locale-part=bills',
    import: 'default',
  }),
  agency: import.meta.glob<MessageTree>('../../locales/*.json', {
    query: '?locale-part=agency',
    import: 'default',
  }),
  group: import.meta.glob<MessageTree>('../../locales/*.json', {
    query: '?locale-part=group',
    import: 'default',
  }),
  train: import.meta.glob<MessageTree>('../../locales/*.json', {
    query: '?locale-part=train',
    import: 'default',
  }),
  platform: import.meta.glob<MessageTree>('../../locales/*.json', {
    query: '?locale-part=platform',
    import: 'default',
  }),
};

function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

function loadPart(locale: Locale, part: LocalePartOrCore): Promise<MessageTree> {
  const load = PART_FILES[part][`../../locales/${locale}.json`];
  if (!load) return Promise.reject(new Error(`No locale file ${locale}.json`));
  return load();
}

/** The parts the pages shown so far asked for: a language switch loads them in the new language. */
const wanted = new Set<LocalePart>();
/** The parts each locale holds besides its core. */
const loaded = new Map<Locale, Set<LocalePart>>();

function markLoaded(locale: Locale, parts: Iterable<LocalePart>): void {
  const set = loaded.get(locale) ?? new Set<LocalePart>();
  for (const part of parts) set.add(part);
  loaded.set(locale, set);
}

/**
 * The core of `locale`: the app shell's texts plus the domain's error messages in that locale
 * (merged into the part when it is built, `locale-parts-plugin.ts`).
 */
function loadCore(locale: Locale): Promise<MessageTree> {
  return loadPart(locale, 'core');
}

function mergeInto(target: MessageTree, source: MessageTree): void {
  for (const [name, value] of Object.entries(source)) {
    const existing = target[name];
    if (typeof value === 'object' && typeof existing === 'object') mergeInto(existing, value);
    else target[name] = value;
  }
}

/** The core of `locale` and every wanted part, including parts asked for while they download. */
async function loadMessages(locale: Locale): Promise<MessageTree> {
  const tree = await loadCore(locale);
  const done = new Set<LocalePart>();
  for (let next = [...wanted]; next.length > 0; next = [...wanted].filter((part) => !done.has(part))) {
    const trees = await Promise.all(next.map((part) => loadPart(locale, part)));
    for (const [index, part] of next.entries()) {
      done.add(part);
      mergeInto(tree, trees[index] ?? {});
    }
  }
  markLoaded(locale, done);
  return tree;
}

/** i18next's loader: `changeLanguage` waits for the core and every wanted part before it switches. */
const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    if (!isLocale(language)) {
      callback(null, {});
      return;
    }
    loadMessages(language).then(
      (messages) => callback(null, messages),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/** The app's i18next instance: the active locale's core and the parts of the pages shown. */
export const i18n: I18n = i18next.createInstance();

/**
 * Adds the `parts` that `locale` lacks. A locale not loaded yet is left to the loader above, which
 * takes the core and every wanted part at once (adding a part first would make i18next take the
 * locale for loaded and skip its core).
 */
async function addMissingParts(locale: Locale, parts: readonly LocalePart[]): Promise<void> {
  if (!i18n.hasResourceBundle(locale, 'translation')) return;
  const missing = parts.filter((part) => !loaded.get(locale)?.has(part));
  if (missing.length === 0) return;
  const trees = await Promise.all(missing.map((part) => loadPart(locale, part)));
  // The parts hold disjoint keys: deep-merged, nothing of the core or another part is replaced.
  for (const tree of trees) i18n.addResourceBundle(locale, 'translation', tree, true, true);
  markLoaded(locale, missing);
}

// Back to a language loaded earlier, i18next does not ask the loader again: the parts wanted since
// then are added before it switches, so the page shown never lacks its texts.
const changeLanguage = i18n.changeLanguage.bind(i18n);
/** The language a switch is loading, if one is under way. */
let switchingTo: string | undefined;
i18n.changeLanguage = async (language, callback) => {
  switchingTo = language;
  try {
    if (language !== undefined && isLocale(language)) await addMissingParts(language, [...wanted]);
    return await changeLanguage(language, callback);
  } finally {
    if (switchingTo === language) switchingTo = undefined;
  }
};

/** Settles once the active locale's core is loaded: render the app after it (`main.tsx`). */
export const i18nReady: Promise<unknown> = i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    lng: currentLocale(),
    // The locale files hold the same keys (checked by their test): no second locale to download.
    fallbackLng: false,
    supportedLngs: [...LOCALES],
    load: 'currentOnly',
    lowerCaseLng: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });

/**
 * Loads `parts` of the locale files in the active language (and in the one being switched to),
 * and keeps them for later language switches. A route page awaits it before it renders, so a page
 * never shows a key instead of its text.
 */
export async function loadLocaleParts(parts: readonly LocalePart[]): Promise<void> {
  for (const part of parts) wanted.add(part);
  await i18nReady;
  const locales = [i18n.language, switchingTo].filter((l) => l !== undefined);
  await Promise.all([...new Set(locales)].filter(isLocale).map((locale) => addMissingParts(locale, parts)));
}

/** Every part: for tests that render components outside their route pages. */
export const ALL_LOCALE_PARTS: readonly LocalePart[] = PART_NAMES;
