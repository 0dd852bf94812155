import { StyleProvider } from '@ant-design/cssinjs';
import { render } from '@testing-library/react';
import type { LoginResult } from '@portal/domain/auth';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '../app/providers';
import { appRoutes } from '../app/routes';
import { i18n } from '../shared/i18n/i18n';
import { usePreferencesStore } from '../shared/stores/preferences-store';
import { usePlatformSessionStore } from '../shared/platform/platform-session-store';
import { useSessionStore } from '../shared/stores/session-store';

/** Sets the app to English and, when given, logs `session` in. */
export async function prepare(session?: LoginResult): Promise<void> {
  usePreferencesStore.setState({ locale: 'en', currency: 'CNY', rate: '1', site: null, lastUpdateTime: 0 });
  await i18n.changeLanguage('en');
  useSessionStore.getState().clearSession();
  useSessionStore.setState({ isLogoutByUser: false, endedAt: 0 });
  if (session) useSessionStore.getState().setSession(session);
  usePlatformSessionStore.setState({ token: null, admin: null, expiresAt: null, endedAt: 0 });
}

/**
 * Where antd's CSS-in-JS rules go in tests: a node outside the document. In the document, jsdom
 * parses every rule and walks all of them on each `getComputedStyle`, which Testing Library's
 * role queries and user-event's pointer checks call for every element they look at; that made
 * most of the suite's time. Tests read no antd styles (antd hides and shows with attributes too).
 */
export const detachedStyles = document.createElement('div');

/** Renders the whole app (providers, routes, guard) at `path`. */
export function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const view = render(
    <StyleProvider container={detachedStyles}>
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StyleProvider>,
  );
  return { ...view, router };
}

/** Renders one element at `/` with the app's providers and a router (a component's own test). */
export function renderElement(element: ReactElement) {
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  return render(
    <StyleProvider container={detachedStyles}>
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StyleProvider>,
  );
}
