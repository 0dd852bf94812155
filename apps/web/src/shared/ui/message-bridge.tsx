import type { JointContent, MessageInstance } from 'antd/es/message/interface';
import { lazy, Suspense, useEffect, useState, type Key } from 'react';

type Level = 'success' | 'error' | 'info' | 'warning' | 'loading';

/** The toast API of the whole app: resolves when the toast closes. */
export type Toast = Record<Level, (content: JointContent, duration?: number) => Promise<void>> & {
  destroy: (key?: Key) => void;
};

/** antd's message API of the mounted host, once its code has loaded. */
let instance: MessageInstance | null = null;
const waiting: ((api: MessageInstance) => void)[] = [];
/** Set while a `ToastHost` is mounted: asks it to load the host's code. */
let requestHost: (() => void) | null = null;
let wanted = false;

const loadHost = () => import('./toast-host');
const Host = lazy(loadHost);

function setInstance(api: MessageInstance | null): void {
  instance = api;
  if (api) waiting.splice(0).forEach((run) => run(api));
}

function withInstance(run: (api: MessageInstance) => void): void {
  if (instance) {
    run(instance);
    return;
  }
  waiting.push(run);
  wanted = true;
  if (requestHost) requestHost();
  // No host mounted (code outside the app's providers): antd's static API, unthemed.
  else void loadHost().then(({ staticMessage }) => waiting.splice(0).forEach((next) => next(staticMessage)));
}

const show =
  (level: Level) =>
  (content: JointContent, duration?: number): Promise<void> =>
    new Promise((resolve) => {
      withInstance((api) => {
        // antd answers a thenable that settles when the toast closes.
        void Promise.resolve(api[level](content, duration)).then(() => resolve());
      });
    });

const facade: Toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  loading: show('loading'),
  destroy: (key) => instance?.destroy(key),
};

/**
 * The toast API usable anywhere (API client, stores, components). antd's message code is not part
 * of the first page's download: the host that renders toasts loads with the first toast.
 */
export function toast(): Toast {
  return facade;
}

/** Mount once inside antd's `ConfigProvider`, so toasts take the app's theme and locale. */
export function ToastHost() {
  const [load, setLoad] = useState(wanted);
  useEffect(() => {
    requestHost = () => setLoad(true);
    if (wanted) setLoad(true);
    return () => {
      requestHost = null;
    };
  }, []);
  if (!load) return null;
  return (
    <Suspense fallback={null}>
      <Host onReady={setInstance} />
    </Suspense>
  );
}
