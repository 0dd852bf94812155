import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { LoginResult } from '@portal/domain/auth';
import { useSessionStore } from '../../../shared/stores/session-store';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { fullOrder, listItem } from '../../../test/flight-order-fixtures';

const WAIT = { timeout: 30000 };

/** An operator of another agency (id 7) logging in on the same tab. */
const OTHER: LoginResult = {
  ...SESSIONS.operator,
  token: 'token-other',
  userInfo: { ...SESSIONS.operator.userInfo, id: 70, username: 'other', agencyId: 7 },
  company: { ...SESSIONS.operator.company, id: 7, name: 'Agency 7' },
};

/**
 * The answers cached for one user are not shown to the next one who logs in on the same tab
 * (`AppProviders` empties the query cache whenever the session changes).
 */
describe('orders after the session changes on the same tab', () => {
  it("does not show the first user's orders to the next user who logs in on the same tab", async () => {
    let release: (() => void) | null = null;
    server.use(
      http.delete('/base/v2/me', () => HttpResponse.json(envelope({}))),
      http.get('/order/v2/flight/orders/status', () => HttpResponse.json(envelope([]))),
      http.get('/order/v2/flight/orders', async ({ request }) => {
        if (request.headers.get('authorization') === 'Bearer token-other') {
          // The second user's list is slow to answer.
          await new Promise<void>((resolve) => (release = resolve));
          return HttpResponse.json(envelope({ list: [], total: 0, page: 1, pageSize: 20 }));
        }
        return HttpResponse.json(envelope({ list: [listItem(1)], total: 1, page: 1, pageSize: 20 }));
      }),
    );
    await prepare(SESSIONS.operator);
    const { router } = renderApp('/flight/orders');
    const table = await screen.findByTestId('orders-table', {}, WAIT);
    await within(table).findByText('B1001', {}, WAIT);

    // First user logs out through the user menu.
    await userEvent.click(await screen.findByTestId('user-menu'));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));

    // Another agency's operator logs in on the same tab and opens the order list.
    act(() => useSessionStore.getState().setSession(OTHER));
    await act(() => router.navigate('/flight/orders'));
    await screen.findByTestId('orders-table', {}, WAIT);
    await waitFor(() => expect(release).not.toBeNull(), WAIT);
    try {
      expect(screen.queryByText('B1001')).not.toBeInTheDocument();
    } finally {
      (release as (() => void) | null)?.();
    }
  }, 60000);

  it("does not keep showing the first user's order to the next user, whom the API answers 404", async () => {
    let refused = 0;
    server.use(
      http.delete('/base/v2/me', () => HttpResponse.json(envelope({}))),
      http.get('/order/v2/flight/orders/status', () => HttpResponse.json(envelope([]))),
      http.get('/order/v2/flight/orders/:id/documents', () => HttpResponse.json(envelope([]))),
      http.get('/order/v2/flight/orders/:id/disruptions', () => HttpResponse.json(envelope([]))),
      http.get('/order/v2/flight/orders/:id', ({ request }) => {
        if (request.headers.get('authorization') !== 'Bearer token-other') {
          return HttpResponse.json(
            envelope(fullOrder({ status: 'issued', allowedActions: [], paymentDeadline: null })),
          );
        }
        refused += 1;
        return HttpResponse.json(envelope(null, 500001, 'Booking does not exist'), { status: 404 });
      }),
    );
    await prepare(SESSIONS.operator);
    const { router } = renderApp('/flight/orders/o1');
    await screen.findByTestId('order-header', {}, WAIT);

    await userEvent.click(await screen.findByTestId('user-menu'));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));

    // Another agency's operator logs in and comes back to the same address (history, a shared link).
    act(() => useSessionStore.getState().setSession(OTHER));
    await act(() => router.navigate('/flight/orders/o1'));
    // The API refuses the other agency's order (404), and the page says so...
    await screen.findByTestId('order-not-found', {}, WAIT);
    expect(refused).toBeGreaterThan(0);
    // ...without the first user's booking.
    expect(screen.queryByTestId('order-header')).not.toBeInTheDocument();
  }, 60000);
});
