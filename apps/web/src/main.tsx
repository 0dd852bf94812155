import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { PageErrorBoundary } from './app/page-error-boundary';
import { firstPagePath } from './app/route-guard';
import { preloadRoutePage } from './app/route-pages';
import { AppRoutes } from './app/routes';
import { i18nReady } from './shared/i18n/i18n';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

/** Fetches the page the guard shows first (never a malformed address's or a refused page's). */
function preloadFirstPage(): Promise<void> {
  try {
    return preloadRoutePage(firstPagePath(window.location.pathname));
  } catch {
    return Promise.resolve();
  }
}

// The first render waits for the active locale's messages (one small file), so no key flashes,
// and for the opened page's module, so its loading state never replaces the page's first paint
// (boot/first-paint.ts) and the page does not jump when it arrives.
void Promise.all([i18nReady, preloadFirstPage()]).finally(() => {
  const root = createRoot(container);
  // A transition renders in slices that yield to the browser between them, instead of one long
  // task; the page's first paint (boot/first-paint.ts) stays on screen until the app commits.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders>
          <BrowserRouter>
            {/* The guard puts one around each page, inside its layout; this one catches the rest. */}
            <PageErrorBoundary>
              <AppRoutes />
            </PageErrorBoundary>
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    );
  });
});
