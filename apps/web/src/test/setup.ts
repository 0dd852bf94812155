import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { message } from 'antd';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
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

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(async () => {
  server.close();
  // Toasts raised outside a mounted <App> (the axios client's tests) render through antd's static
  // message into their own React root; let that work finish before jsdom is torn down, or React's
  // scheduler runs after \`window\` is gone and the run ends with an unhandled error.
  message.destroy();
  await new Promise((resolve) => setTimeout(resolve, 100));
});
