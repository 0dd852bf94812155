import { Spin } from 'antd';
import { lazy, memo, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { decideNavigation, type GuardMessage, type NavigationContext } from '@portal/domain/navigation';
import { usePlatformSessionStore } from '../shared/platform/platform-session-store';
import { platformSubjectOf, usePlatformSubject } from '../shared/platform/use-platform-admin';
import { useSessionStore } from '../shared/stores/session-store';
import { subjectFromSession, useSubject } from '../shared/stores/subject';
import { useUiStore } from '../shared/stores/ui-store';
import { toast } from '../shared/ui/message-bridge';
import { LAYOUTS } from './layouts/layouts';
import { PageErrorBoundary } from './page-error-boundary';
import { ROUTE_PAGES } from './route-pages';

const SESSION_END_QUIET_MS = 2000;

// antd's Result is only for the 404 page: it loads when one is shown.
const NotFoundPage = lazy(async () => ({
  default: (await import('../shared/ui/not-found-page')).NotFoundPage,
}));

function RedirectWithMessage({ to, message }: { to: string; message?: GuardMessage }) {
  const { t } = useTranslation();
  useEffect(() => {
    // A fixed key so that a double effect (StrictMode) shows one toast.
    if (message) void toast().warning({ content: t(message), key: `guard-${message}` });
  }, [message, t]);
  return <Navigate to={to} replace />;
}

/** The guard's view of the stored sessions, outside React (what the hooks below read). */
function storedContext(): NavigationContext {
  const platform = usePlatformSessionStore.getState();
  return {
    subject: subjectFromSession(useSessionStore.getState()),
    embedded: useUiStore.getState().iframe,
    platform: platformSubjectOf(platform.token, platform.admin?.permissions),
  };
}

/**
 * The path of the page the guard shows first when `pathname` is opened with the stored sessions:
 * the path itself, or where the guard sends the visitor (`main.tsx` fetches that page's module
 * before the first render, and never one the guard would refuse).
 */
export function firstPagePath(pathname: string): string {
  const decision = decideNavigation(pathname, storedContext());
  return decision.kind === 'redirect' ? decision.to : pathname;
}

/**
 * The navigation guard (spec §2): runs the domain decision on every navigation and renders the
 * redirect (with its message), the 404 page, or the route's layout and lazy page.
 */
export function RouteGuard() {
  const { pathname } = useLocation();
  const subject = useSubject();
  const platform = usePlatformSubject();
  const embedded = useUiStore((s) => s.iframe);
  const decision = decideNavigation(pathname, { subject, embedded, platform });

  if (decision.kind === 'redirect') {
    // Right after a logout or an ended session, the page the user was on sends them home: that
    // is not a "please log in" moment, the logout or timeout message has been shown already.
    const endedAt = Math.max(useSessionStore.getState().endedAt, usePlatformSessionStore.getState().endedAt);
    const justEnded = Date.now() - endedAt < SESSION_END_QUIET_MS;
    const message = justEnded && decision.message === 'router.login' ? undefined : decision.message;
    return <RedirectWithMessage to={decision.to} message={message} />;
  }
  if (decision.kind === 'notFound') {
    const Normal = LAYOUTS.normal;
    return (
      <Normal>
        <Suspense fallback={null}>
          <NotFoundPage />
        </Suspense>
      </Normal>
    );
  }
  const LayoutComponent = LAYOUTS[decision.route.layout];
  return (
    <LayoutComponent>
      <RoutePage path={decision.route.path} />
    </LayoutComponent>
  );
}

/**
 * The route's lazy page in its error boundary and loading state. Memoized: the guard re-renders
 * whenever the session changes, and without this every page below it would too (in one long task,
 * since store updates render synchronously); pages read the session themselves where they need it.
 */
const RoutePage = memo(function RoutePage({ path }: { path: string }) {
  const Page = ROUTE_PAGES[path];
  return (
    <PageErrorBoundary>
      <Suspense fallback={<Spin style={{ display: 'block', margin: '64px auto' }} />}>
        {Page ? <Page /> : <NotFoundPage />}
      </Suspense>
    </PageErrorBoundary>
  );
});
