import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Opens every page at its top: a link or a redirect to another path scrolls the window up, as a
 * page load would. The app is one document, so without this a page opened from far down another
 * (a fare booked from the bottom of the results) kept that scroll offset. Back and forward are left
 * to the browser, which restores where the reader was; a change of the query only (a filter, a tab,
 * a table's page) keeps the place too.
 */
export function useScrollToTopOnNavigation(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (navigationType !== 'POP') window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, navigationType]);
}
