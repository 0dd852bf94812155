import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useIframeSso } from '../features/auth/hooks/use-iframe-sso';
import { useRefreshMe } from '../features/auth/hooks/use-refresh-me';
import { useUiStore } from '../shared/stores/ui-store';
import { useDocumentChrome, useLocaleSync } from './hooks/use-app-effects';
import { useBlockZoom } from './hooks/use-embedding';
import { useKeyboardScroll } from './hooks/use-keyboard-scroll';
import { useScrollToTopOnNavigation } from './hooks/use-scroll-to-top';

/** The loading bar, shown while any API request is on its way. */
function GlobalLoadingBar() {
  const { t } = useTranslation();
  const loading = useUiStore((s) => s.pending > 0);
  return loading ? (
    <div className="global-loading" role="progressbar" aria-label={t('common.loadingIndicator')} />
  ) : null;
}

/** The document's title and favicon (`useDocumentChrome`); draws nothing. */
function DocumentChrome() {
  useDocumentChrome();
  return null;
}

/**
 * The root route: app-wide effects (locale, title, scroll to top, SSO, user refresh, keyboard
 * access to scrolling tables) and the loading bar. What changes often (the requests in flight,
 * the site config's arrival) is read by the small components above, not here: a change read
 * here would render the whole page again, in one task.
 */
export function AppRoot() {
  const { t } = useTranslation();
  useLocaleSync();
  useScrollToTopOnNavigation();
  useBlockZoom();
  useKeyboardScroll();
  const ssoRunning = useIframeSso();
  useRefreshMe(!ssoRunning);

  return (
    <>
      <DocumentChrome />
      <GlobalLoadingBar />
      {ssoRunning ? <Spin size="large" tip={t('login.sso.progress')} fullscreen /> : <Outlet />}
    </>
  );
}
