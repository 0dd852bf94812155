import { isLocale, type Locale } from '@portal/domain/locale';
import { detectIframe } from '../shared/stores/detect-iframe';
import { effectiveLocale, isPartnerCompany } from '../shared/stores/partner';
import { PREFERENCES_STORAGE_KEY, SESSION_STORAGE_KEY } from '../shared/stores/storage-keys';

/**
 * The page's first paint, drawn before the app's code has downloaded and run.
 *
 * The build inlines this module into the page as a classic script right after `#root`
 * (`firstPaint` in vite.config.ts; the server allows it by its hash in the CSP). It draws the
 * header with the site's logo and, on the home page, the hero text, in the stored language and
 * theme, with the same sizes and places as the app's own (`AppShell`, `AppHeader`, `HomeHero`).
 * On a phone on a slow network that is a second or more before the app can draw anything. The
 * app's first render replaces it (React empties `#root`); nothing in it takes input, so nothing
 * typed can be lost.
 *
 * Then it starts the app once that paint is on screen: the build moved the app's module scripts
 * and preload links out of the head into a list (`#portal-app`) that this adds back. Fetched in
 * parallel with the stylesheets, the scripts (about 185 KB on the login page) would share a slow
 * link with them and so hold back the paint; run before it, they would hold it back by the time
 * they take to run (a few hundred milliseconds on a slow phone). The cost is the time between
 * the stylesheets' arrival and the paint, during which no script is fetched yet.
 *
 * It must stay small and import only modules without side effects: it runs in every page load.
 */

/** What the build passes in: the texts of the first paint in each language, and the defaults. */
export interface FirstPaintConfig {
  /** The id of the page's list of the app's scripts (a JSON data block the build writes). */
  appScripts: string;
  defaultLocale: Locale;
  texts: Record<Locale, { title: string; subtitle: string; slogan: string; login: string }>;
  /** The site's default name and logos, used until a site config has been stored. */
  name: string;
  logo: string;
  whiteLogo: string;
}

/** What the app stored on earlier visits that changes the first paint. */
export interface StoredLook {
  locale: Locale | null;
  companyId: number | undefined;
  signedIn: boolean;
  site: { logo?: string; whiteLogo?: string; shortName?: string } | null;
}

/** What the first paint shows: all it depends on, decided before anything is drawn. */
export interface FirstPaintView {
  locale: Locale;
  home: boolean;
  embedded: boolean;
  dark: boolean;
  logo: string;
  name: string;
  /** The header's "log in" link, shown to a visitor who is not signed in. */
  login: string | null;
  title: string;
  subtitle: string;
  slogan: string;
}

type Json = Record<string, unknown>;

function storedState(storage: Storage, key: string): Json | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? 'null');
    const state = (parsed as { state?: unknown } | null)?.state;
    return state && typeof state === 'object' ? (state as Json) : null;
  } catch {
    return null;
  }
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Reads the persisted preferences and session (`shared/stores`), tolerating anything in them. */
export function readStoredLook(storage: Storage): StoredLook {
  const preferences = storedState(storage, PREFERENCES_STORAGE_KEY);
  const session = storedState(storage, SESSION_STORAGE_KEY);
  const company = session?.company as Json | null | undefined;
  const site = preferences?.site as Json | null | undefined;
  return {
    locale: isLocale(preferences?.locale) ? preferences.locale : null,
    companyId: typeof company?.id === 'number' ? company.id : undefined,
    signedIn: typeof session?.token === 'string' && session.token !== '',
    site:
      site && typeof site === 'object'
        ? { logo: text(site.logo), whiteLogo: text(site.whiteLogo), shortName: text(site.shortName) }
        : null,
  };
}

/** Decides the first paint the way the app's shell decides its header and theme. */
export function firstPaintView(
  config: FirstPaintConfig,
  stored: StoredLook,
  page: { pathname: string; embedded: boolean },
): FirstPaintView {
  const locale = effectiveLocale(stored.locale ?? config.defaultLocale, stored.companyId);
  const dark = isPartnerCompany(stored.companyId);
  const texts = config.texts[locale];
  return {
    locale,
    home: page.pathname === '/',
    embedded: page.embedded,
    dark,
    logo: dark ? (stored.site?.whiteLogo ?? config.whiteLogo) : (stored.site?.logo ?? config.logo),
    name: stored.site?.shortName ?? config.name,
    login: stored.signedIn ? null : texts.login,
    title: texts.title,
    subtitle: texts.subtitle,
    slogan: texts.slogan,
  };
}

function element<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  className: string,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  if (className) node.className = className;
  node.append(...children);
  return node;
}

/** The first paint's elements (built with DOM calls: stored values never become markup). */
export function firstPaintNode(doc: Document, view: FirstPaintView): HTMLElement {
  const content = element(doc, 'main', 'first-paint-content');
  if (view.home) {
    const hero = element(
      doc,
      'header',
      'first-paint-hero',
      element(doc, 'h1', '', view.title),
      element(doc, 'p', '', view.subtitle),
      element(doc, 'p', 'first-paint-slogan', view.slogan),
    );
    content.append(element(doc, 'div', 'first-paint-page', element(doc, 'div', 'first-paint-home', hero)));
  }
  const frame = element(doc, 'div', view.dark ? 'first-paint first-paint-dark' : 'first-paint');
  frame.setAttribute('aria-busy', 'true');
  if (!view.embedded) {
    const logo = element(doc, 'img', '');
    logo.src = view.logo;
    logo.alt = view.name;
    logo.height = 28;
    const home = element(doc, 'a', '', logo);
    home.href = '/';
    const header = element(
      doc,
      'header',
      'first-paint-header',
      home,
      element(doc, 'span', 'first-paint-space'),
    );
    if (view.login) {
      const login = element(doc, 'a', '', view.login);
      login.href = '/';
      header.append(login);
    }
    frame.append(header);
  }
  frame.append(content);
  return frame;
}

/** The app's scripts as the build listed them (first-paint-plugin.ts, `withFirstPaint`). */
interface AppScripts {
  scripts: string[];
  preloads: string[];
  /** The core messages of each language (`locale-<lng>-core`), of which the active one is preloaded. */
  locales?: Partial<Record<Locale, string>>;
}

/**
 * Adds the app's preload links, with the core messages of `locale` (the shell renders nothing
 * until they are in, and would ask for them only once it runs), then its entry scripts, to the
 * head (once). Only the active language's: a visitor in English does not fetch the Chinese core.
 */
export function startApp(doc: Document, listId: string, locale?: Locale): void {
  const list = doc.getElementById(listId);
  if (!list || list.dataset.started) return;
  list.dataset.started = 'true';
  const { scripts, preloads, locales = {} } = JSON.parse(list.textContent ?? '{}') as AppScripts;
  const core = locale === undefined ? undefined : locales[locale];
  if (core !== undefined) preloads.unshift(core);
  // As the build wrote them: module scripts and preloads, fetched in CORS mode.
  const append = (element: HTMLLinkElement | HTMLScriptElement) => {
    element.crossOrigin = '';
    doc.head.append(element);
  };
  for (const href of preloads)
    append(Object.assign(doc.createElement('link'), { rel: 'modulepreload', href }));
  for (const src of scripts) append(Object.assign(doc.createElement('script'), { type: 'module', src }));
}

/** Longest wait for the first paint to show before the app starts anyway. */
const PAINT_WAIT_MS = 500;

/**
 * Calls `start` once the browser has shown the first paint: on its `first-contentful-paint`
 * entry (the time the frame reached the screen, which can be well after the main thread drew
 * it), after one frame when nothing contentful was drawn or the entry is not supported, and
 * after `PAINT_WAIT_MS` at the latest. Right away when the page is hidden (a background tab runs
 * no frames), or as soon as it becomes hidden.
 */
export function whenPainted(win: Window, contentful: boolean, start: () => void): void {
  const doc = win.document;
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  if (doc.visibilityState === 'hidden') {
    once();
    return;
  }
  doc.addEventListener('visibilitychange', once, { once: true });
  win.setTimeout(once, PAINT_WAIT_MS);
  const Observer = (win as Window & typeof globalThis).PerformanceObserver as
    typeof PerformanceObserver | undefined;
  if (contentful && Observer?.supportedEntryTypes?.includes('paint')) {
    const observer = new Observer((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      once();
    });
    observer.observe({ type: 'paint', buffered: true });
    return;
  }
  if (typeof win.requestAnimationFrame === 'function')
    win.requestAnimationFrame(() => win.setTimeout(once, 0));
  else win.setTimeout(once, 0);
}

/** Draws the first paint into `#root`, then starts the app once it is on screen (`whenPainted`). */
export function bootPage(config: FirstPaintConfig, win: Window = window): void {
  const doc = win.document;
  let contentful = false;
  let locale = config.defaultLocale;
  try {
    const view = firstPaintView(config, readStoredLook(win.localStorage), {
      pathname: win.location.pathname,
      embedded: detectIframe(win),
    });
    locale = view.locale;
    const root = doc.getElementById('root');
    if (root && !root.firstChild) {
      doc.documentElement.lang = view.locale;
      root.append(firstPaintNode(doc, view));
      contentful = view.home || !view.embedded;
    }
  } catch {
    // Storage refused (privacy mode) or anything unexpected: the app draws the page itself.
  }
  whenPainted(win, contentful, () => startApp(doc, config.appScripts, locale));
}
