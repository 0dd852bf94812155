import { afterEach, describe, expect, it, vi } from 'vitest';
import { PARTNER_AGENCY_ID } from '@portal/domain/limits';
import { PREFERENCES_STORAGE_KEY, SESSION_STORAGE_KEY } from '../shared/stores/storage-keys';
import {
  bootPage,
  type FirstPaintConfig,
  firstPaintNode,
  firstPaintView,
  readStoredLook,
  startApp,
  whenPainted,
} from './first-paint';

const CONFIG: FirstPaintConfig = {
  appScripts: 'portal-app',
  defaultLocale: 'zh-cn',
  texts: {
    en: { title: 'Agent portal', subtitle: 'Book flights', slogan: 'Fly further', login: 'Log in' },
    'zh-cn': { title: '分销平台', subtitle: '预订机票', slogan: '飞得更远', login: '登录' },
    'zh-tw': { title: '分銷平台', subtitle: '預訂機票', slogan: '飛得更遠', login: '登入' },
  },
  name: 'TripBridge',
  logo: '/logo.svg',
  whiteLogo: '/logo-white.svg',
};

// Only the timeouts: faking requestAnimationFrame would leave an undefined one on jsdom's window
// afterwards (jsdom has none), which antd's helpers then try to call in the next test files.
const ONLY_TIMEOUTS: Parameters<typeof vi.useFakeTimers>[0] = { toFake: ['setTimeout', 'clearTimeout'] };

/**
 * A stand-in for the few parts of `window` that `whenPainted` uses. A plain object: one built on
 * `window` as its prototype would write these through to the real one (vitest's jsdom globals are
 * accessors), and the next test files would get the fakes.
 */
const REAL_WINDOW = {
  requestAnimationFrame: window.requestAnimationFrame,
  PerformanceObserver: window.PerformanceObserver,
  setTimeout: window.setTimeout,
};

function fakeWindow(parts: Record<string, unknown>): Window {
  return parts as unknown as Window;
}

const NOTHING_STORED = { locale: null, companyId: undefined, signedIn: false, site: null };
const HOME = { pathname: '/', embedded: false };

function store(key: string, state: unknown): void {
  localStorage.setItem(key, JSON.stringify({ state, version: 0 }));
}

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  vi.useRealTimers();
});

describe('what the first paint shows', () => {
  it('shows a first visit the default language, logo and the log-in link', () => {
    expect(firstPaintView(CONFIG, NOTHING_STORED, HOME)).toEqual({
      locale: 'zh-cn',
      home: true,
      embedded: false,
      dark: false,
      logo: '/logo.svg',
      name: 'TripBridge',
      login: '登录',
      title: '分销平台',
      subtitle: '预订机票',
      slogan: '飞得更远',
    });
  });

  it('follows the stored language, site and session, as the app will', () => {
    store(PREFERENCES_STORAGE_KEY, {
      locale: 'en',
      site: { logo: '/site/logo.png', whiteLogo: '/site/white.png', shortName: 'Agency' },
    });
    store(SESSION_STORAGE_KEY, { token: 't', company: { id: 7 } });
    const view = firstPaintView(CONFIG, readStoredLook(localStorage), {
      pathname: '/flight/booking',
      embedded: false,
    });
    expect(view).toMatchObject({ locale: 'en', home: false, dark: false, logo: '/site/logo.png' });
    expect(view).toMatchObject({ name: 'Agency', login: null });
  });

  it('draws the partner agency dark, with the white logo, always in simplified Chinese', () => {
    store(PREFERENCES_STORAGE_KEY, { locale: 'en', site: null });
    store(SESSION_STORAGE_KEY, { token: 't', company: { id: PARTNER_AGENCY_ID } });
    const view = firstPaintView(CONFIG, readStoredLook(localStorage), HOME);
    expect(view).toMatchObject({ locale: 'zh-cn', dark: true, logo: '/logo-white.svg', title: '分销平台' });
  });

  it('reads nothing from stored values it does not understand', () => {
    localStorage.setItem(PREFERENCES_STORAGE_KEY, '{not json');
    store(SESSION_STORAGE_KEY, { token: 42, company: { id: '222' } });
    expect(readStoredLook(localStorage)).toEqual(NOTHING_STORED);
    store(PREFERENCES_STORAGE_KEY, { locale: 'fr', site: { logo: '' } });
    expect(readStoredLook(localStorage)).toMatchObject({ locale: null, site: { logo: undefined } });
  });
});

describe('the first paint', () => {
  it('draws the header and the hero, stored values as text and attributes only', () => {
    const view = {
      ...firstPaintView(CONFIG, NOTHING_STORED, HOME),
      name: '<img src=x onerror=alert(1)>',
      title: '<b>title</b>',
    };
    const node = firstPaintNode(document, view);
    expect(node.querySelector('header img')?.getAttribute('alt')).toBe('<img src=x onerror=alert(1)>');
    expect(node.querySelector('h1')?.textContent).toBe('<b>title</b>');
    expect(node.querySelectorAll('img')).toHaveLength(1);
    expect(node.querySelector('b')).toBeNull();
    expect([...node.querySelectorAll('header a')].map((a) => a.getAttribute('href'))).toEqual(['/', '/']);
    expect(node.getAttribute('aria-busy')).toBe('true');
  });

  it('leaves out the header in a partner frame and the hero on other pages', () => {
    const framed = firstPaintNode(document, {
      ...firstPaintView(CONFIG, NOTHING_STORED, { pathname: '/orders', embedded: true }),
    });
    expect(framed.querySelector('header')).toBeNull();
    expect(framed.querySelector('h1')).toBeNull();
    expect(framed.className).toBe('first-paint');
  });
});

describe('starting the app', () => {
  function pageWithScripts(): void {
    document.body.innerHTML =
      '<div id="root"></div><script type="application/json" id="portal-app">' +
      '{"scripts":["/assets/runtime.js","/assets/shell.js"],"preloads":["/assets/home.js"],' +
      '"locales":{"en":"/assets/locale-en-core.js","zh-cn":"/assets/locale-zh-cn-core.js",' +
      '"zh-tw":"/assets/locale-zh-tw-core.js"}}</script>';
  }

  it('adds the listed preloads, then the entry scripts, once', () => {
    pageWithScripts();
    startApp(document, 'portal-app');
    startApp(document, 'portal-app');
    const added = [...document.head.children].map((e) => [
      e.tagName,
      e.getAttribute('rel') ?? e.getAttribute('type'),
      e.getAttribute('href') ?? e.getAttribute('src'),
    ]);
    expect(added).toEqual([
      ['LINK', 'modulepreload', '/assets/home.js'],
      ['SCRIPT', 'module', '/assets/runtime.js'],
      ['SCRIPT', 'module', '/assets/shell.js'],
    ]);
    expect(document.head.querySelector('script')?.crossOrigin).toBe('');
  });

  it("preloads the active language's core messages only", () => {
    pageWithScripts();
    startApp(document, 'portal-app', 'en');
    const preloads = [...document.head.querySelectorAll('link[rel="modulepreload"]')];
    expect(preloads.map((e) => e.getAttribute('href'))).toEqual([
      '/assets/locale-en-core.js',
      '/assets/home.js',
    ]);
  });

  it('waits for the first contentful paint when something contentful was drawn', () => {
    vi.useFakeTimers(ONLY_TIMEOUTS);
    const observers: ((list: { getEntriesByName(name: string): unknown[] }) => void)[] = [];
    class FakeObserver {
      static supportedEntryTypes = ['paint'];
      constructor(callback: (list: { getEntriesByName(name: string): unknown[] }) => void) {
        observers.push(callback);
      }
      observe() {}
      disconnect() {}
    }
    const win = fakeWindow({
      PerformanceObserver: FakeObserver,
      document,
      setTimeout: window.setTimeout.bind(window),
      requestAnimationFrame: () => 0,
    });
    const start = vi.fn();
    whenPainted(win, true, start);
    observers[0]?.({ getEntriesByName: () => [] });
    expect(start).not.toHaveBeenCalled();
    observers[0]?.({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) });
    expect(start).toHaveBeenCalledTimes(1);
    // The longest wait passing later does not start it again.
    vi.advanceTimersByTime(1_000);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts after one frame when nothing contentful was drawn, and after the longest wait at most', () => {
    vi.useFakeTimers(ONLY_TIMEOUTS);
    const frames: (() => void)[] = [];
    const win = fakeWindow({
      document,
      setTimeout: window.setTimeout.bind(window),
      requestAnimationFrame: (callback: () => void) => frames.push(callback),
    });
    const start = vi.fn();
    whenPainted(win, false, start);
    expect(start).not.toHaveBeenCalled();
    frames[0]?.();
    vi.advanceTimersByTime(0);
    expect(start).toHaveBeenCalledTimes(1);

    const late = vi.fn();
    whenPainted(win, false, late);
    vi.advanceTimersByTime(499);
    expect(late).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('starts at once in a hidden tab, which runs no frames', () => {
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const start = vi.fn();
    whenPainted(window, true, start);
    expect(start).toHaveBeenCalledTimes(1);
    hidden.mockRestore();
  });

  it('draws into an empty #root, sets the page language and starts the app', () => {
    vi.useFakeTimers(ONLY_TIMEOUTS);
    pageWithScripts();
    store(PREFERENCES_STORAGE_KEY, { locale: 'zh-tw' });
    bootPage(CONFIG);
    expect(document.documentElement.lang).toBe('zh-tw');
    expect(document.querySelector('#root h1')?.textContent).toBe('分銷平台');
    vi.advanceTimersByTime(500);
    expect(document.head.querySelectorAll('script[type="module"]')).toHaveLength(2);
    expect(document.head.querySelector('link[href="/assets/locale-zh-tw-core.js"]')).not.toBeNull();
    expect(document.head.querySelector('link[href="/assets/locale-zh-cn-core.js"]')).toBeNull();
  });

  it('draws the defaults when storage refuses to be read, and starts the app', () => {
    vi.useFakeTimers(ONLY_TIMEOUTS);
    pageWithScripts();
    const refused = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('storage refused');
    });
    bootPage(CONFIG);
    refused.mockRestore();
    expect(document.querySelector('#root h1')?.textContent).toBe('分销平台');
    vi.advanceTimersByTime(500);
    expect(document.head.querySelectorAll('script[type="module"]')).toHaveLength(2);
  });

  it('starts the app when there is nothing to draw into', () => {
    vi.useFakeTimers(ONLY_TIMEOUTS);
    pageWithScripts();
    document.getElementById('root')?.remove();
    bootPage(CONFIG);
    vi.advanceTimersByTime(500);
    expect(document.head.querySelectorAll('script[type="module"]')).toHaveLength(2);
  });
});

describe('after these tests', () => {
  it('leaves the frame and paint functions of the window as they were, for the next test files', () => {
    expect(window.requestAnimationFrame).toBe(REAL_WINDOW.requestAnimationFrame);
    expect(window.PerformanceObserver).toBe(REAL_WINDOW.PerformanceObserver);
    expect(window.setTimeout).toBe(REAL_WINDOW.setTimeout);
  });
});
