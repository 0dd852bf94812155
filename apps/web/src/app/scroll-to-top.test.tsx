import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { prepare, renderApp } from '../test/render-app';

const TOP = { top: 0, left: 0, behavior: 'instant' };

async function openTerms() {
  await prepare();
  const scrollTo = vi.spyOn(window, 'scrollTo');
  const { router } = renderApp('/terms');
  expect(await screen.findByTestId('page-title')).toHaveTextContent('Terms');
  return { router, scrollTo };
}

describe('every page opens at its top', () => {
  it('scrolls the window up when a link opens another page, and not on the first page', async () => {
    const { router, scrollTo } = await openTerms();
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate('/privacy'));
    expect(await screen.findByRole('heading', { name: 'Privacy Policy' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith(TOP);
  });

  it('scrolls up on a redirect (replace) to another page too', async () => {
    const { router, scrollTo } = await openTerms();
    await act(() => router.navigate('/privacy', { replace: true }));
    expect(await screen.findByRole('heading', { name: 'Privacy Policy' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith(TOP);
  });

  it('leaves back and forward to the browser, which restores the place', async () => {
    const { router, scrollTo } = await openTerms();
    await act(() => router.navigate('/privacy'));
    expect(await screen.findByRole('heading', { name: 'Privacy Policy' })).toBeInTheDocument();
    scrollTo.mockClear();
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'Terms & Conditions' })).toBeInTheDocument();
    await act(() => router.navigate(1));
    expect(await screen.findByRole('heading', { name: 'Privacy Policy' })).toBeInTheDocument();
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('keeps the place when only the query changes (a filter, a tab, a page of a table)', async () => {
    const { router, scrollTo } = await openTerms();
    await act(() => router.navigate('/terms?page=2'));
    expect(router.state.location.search).toBe('?page=2');
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
