import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import type * as UserEventModule from '@testing-library/user-event';
import type * as Antd from 'antd';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';

// antd's static `message` (the toast fallback when no toast host is mounted, as in the axios client's
// tests) renders into a React root of its own that no test unmounts; its animation work could run
// after jsdom is torn down and end the run with "window is not defined". Tests never read those
// toasts, so the static API is silent here; toasts of the app's mounted host still render.
vi.mock('antd', async (importOriginal) => {
  const antd = await importOriginal<typeof Antd>();
  const silent = {
    open: vi.fn(),
    success: vi.fn(),
    error: vi.fn(),
    info: vi.fn(),
    warning: vi.fn(),
    loading: vi.fn(),
    destroy: vi.fn(),
    config: vi.fn(),
    // The app's toast host (`shared/ui/toast-host.tsx`) renders through the real hook.
    useMessage: antd.message.useMessage,
  };
  return { ...antd, message: silent };
});
// user-event as the tests call it (`userEvent.click(el)`), with two defaults changed: no timer
// between steps (`delay: null`; every wait in a test is on a condition) and no pointer-events check,
// which reads `getComputedStyle` of the element and all its ancestors before every pointer action.
vi.mock('@testing-library/user-event', async (importOriginal) => {
  const mod = await importOriginal<typeof UserEventModule>();
  const base = mod.userEvent;
  const fast = { delay: null, pointerEventsCheck: mod.PointerEventsCheckLevel.Never };
  type Options = Parameters<typeof base.click>[1];
  const withFast = (options?: Options) => ({ ...fast, ...options });
  const userEvent: typeof base = {
    ...base,
    setup: (options) => base.setup(withFast(options)),
    click: (element, options) => base.click(element, withFast(options)),
    dblClick: (element, options) => base.dblClick(element, withFast(options)),
    tripleClick: (element, options) => base.tripleClick(element, withFast(options)),
    hover: (element, options) => base.hover(element, withFast(options)),
    unhover: (element, options) => base.unhover(element, withFast(options)),
    keyboard: (text, options) => base.keyboard(text, withFast(options)),
    pointer: (input, options) => base.pointer(input, withFast(options)),
    paste: (data, options) => base.paste(data, withFast(options)),
    tab: (options) => base.tab({ ...fast, ...options }),
    type: (element, text, options) => base.type(element, text, { ...fast, ...options }),
    selectOptions: (select, values, options) => base.selectOptions(select, values, withFast(options)),
    deselectOptions: (select, values, options) => base.deselectOptions(select, values, withFast(options)),
    upload: (element, files, options) => base.upload(element, files, withFast(options)),
  };
  return { ...mod, userEvent, default: userEvent };
});
// jsdom does not navigate: leaving the app (an outside payment checkout) is recorded instead. Mocked
// here for every file, and with one recorder per worker (`isolate: false`: app modules loaded by an
// earlier file keep the recorder they were given); `afterEach` clears the recorded calls.
vi.mock('../shared/browser/redirect', () => {
  const holder = globalThis as { portalTestRedirect?: (url: string) => void };
  holder.portalTestRedirect ??= vi.fn<(url: string) => void>();
  return { redirectTo: holder.portalTestRedirect };
});
import { ALL_LOCALE_PARTS, loadLocaleParts } from '../shared/i18n/i18n';
import { server } from './server';

// Lazy pages, the reference-data chunk and antd's transitions are slow in jsdom while the whole
// suite runs on a loaded 2-core CI machine; a generous wait only costs time when a test fails.
configure({ asyncUtilTimeout: 15000 });

// antd's responsive grid and some components ask for media queries, which jsdom lacks.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

// jsdom lays nothing out and scrolls nothing: its `window.scrollTo` only reports "Not implemented".
Object.defineProperty(window, 'scrollTo', { writable: true, value: () => undefined });

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Tests render components outside their route pages too: every part of the locale files is wanted,
// so each language a test switches to holds every text. (Route pages load their own parts;
// `app/route-locale-parts.test.ts` checks that they name the right ones.)
beforeAll(() => loadLocaleParts(ALL_LOCALE_PARTS));
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  vi.clearAllMocks();
});
// Files share one module graph (isolate: false). A page a test started to load but did not wait
// for would be cut off when its file ends, and that failed page would be kept for the next file:
// each file waits for the pages it started before it ends.
afterAll(async () => {
  await vi.dynamicImportSettled();
  server.close();
});
