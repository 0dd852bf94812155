import { act, render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ROUTES } from '@portal/domain/routes';
import { PageErrorBoundary } from './page-error-boundary';
import { page, preloadRoutePage, ROUTE_PAGES } from './route-pages';

/** Renders `Page` on every path, inside the page error boundary the route guard puts around pages. */
function show(Page: ReturnType<typeof page>) {
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <PageErrorBoundary>
          <Suspense fallback={<p>loading</p>}>
            <Page />
          </Suspense>
        </PageErrorBoundary>
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
  return router;
}

describe('route pages', () => {
  it('has a page for every route of the domain route table', () => {
    expect(ROUTES.filter((route) => !ROUTE_PAGES[route.path]).map((r) => r.path)).toEqual([]);
  });

  it('has no page for a path outside the route table', () => {
    const paths = new Set(ROUTES.map((route) => route.path));
    expect(Object.keys(ROUTE_PAGES).filter((path) => !paths.has(path))).toEqual([]);
  });

  it('downloads a page again after its download failed, instead of failing until a reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<{ ReportPage: () => ReactNode }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ ReportPage: () => <p>the report</p> });
    const Page = page(load, 'ReportPage');

    const router = show(Page);
    expect(await screen.findByTestId('page-failed')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);

    await act(() => router.navigate('/again'));
    expect(await screen.findByText('the report')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('fails a page module that lacks the named export', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    show(page(async () => ({ OtherPage: () => null }) as Record<string, unknown>, 'ReportPage'));
    expect(await screen.findByTestId('page-failed')).toBeInTheDocument();
  });

  it('renders a page preloaded before its first render at once, without the loading state', async () => {
    const Page = page(async () => ({ ReportPage: () => <p>the report</p> }), 'ReportPage');
    await Page.preload();
    show(Page);
    // Synchronously: no loading state was committed in between.
    expect(screen.getByText('the report')).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
  });

  it('keeps the lazy page of a page that rendered before its preload ended, so it is not remounted', async () => {
    let finish: (module: { ReportPage: () => ReactNode }) => void = () => undefined;
    const module = new Promise<{ ReportPage: () => ReactNode }>((resolve) => (finish = resolve));
    const Page = page(() => module, 'ReportPage');
    const preloaded = Page.preload();
    show(Page);
    expect(screen.getByText('loading')).toBeInTheDocument();
    finish({ ReportPage: () => <p>the report</p> });
    await act(() => preloaded);
    expect(await screen.findByText('the report')).toBeInTheDocument();
  });

  it('preloads without failing, whatever the address or the download', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(preloadRoutePage('/no/such/page')).resolves.toBeUndefined();
    await expect(preloadRoutePage('/flight/orders/%E0%A4%A')).resolves.toBeUndefined();
    const failing = page(() => Promise.reject(new TypeError('Failed to fetch')), 'ReportPage');
    await expect(failing.preload()).resolves.toBeUndefined();
  });
});
