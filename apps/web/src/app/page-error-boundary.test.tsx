import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { prepare } from '../test/render-app';
import { PageErrorBoundary } from './page-error-boundary';

let broken = true;
function Report() {
  if (broken) throw new Error('render failed');
  return <p>the report</p>;
}

function show() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <PageErrorBoundary>
            <Report />
          </PageErrorBoundary>
        ),
      },
    ],
    { initialEntries: ['/bills/wallet?page=2'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('PageErrorBoundary', () => {
  it('shows what failed with a retry that opens the same address again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await prepare();
    broken = true;
    const router = show();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This page could not be loaded');
    const before = router.state.location.key;

    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('the report')).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/bills/wallet?page=2');
    expect(router.state.location.key).not.toBe(before);
  });

  it('clears the failure on the next navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await prepare();
    broken = true;
    const router = show();
    await screen.findByRole('alert');
    broken = false;
    await router.navigate('/bills/statements');
    expect(await screen.findByText('the report')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
