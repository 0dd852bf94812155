import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SESSIONS } from '../../test/fixtures';
import { prepare, renderApp } from '../../test/render-app';
import { envelope, server } from '../../test/server';

/** Answers the pending-group counts and records each call. */
function serveCounts() {
  const calls: URL[] = [];
  server.use(
    http.get('/order/v2/flight/orders/status', ({ request }) => {
      calls.push(new URL(request.url));
      return HttpResponse.json(
        envelope([
          { status: 'pending.to_be_paid', cnt: 4 },
          { status: 'pending.reviewing', cnt: 0 },
          { status: 'pending.proceeding', cnt: 2 },
          { status: 'pending.pending-confirm', cnt: 1 },
          { status: 'pending.refunding', cnt: 0 },
        ]),
      );
    }),
  );
  return calls;
}

async function topMenu() {
  return within(await screen.findByTestId('top-menu'));
}

describe('menus show only what the user can enter', () => {
  it('operator sees Flights but not Wallet & Invoicing', async () => {
    await prepare(SESSIONS.operator);
    renderApp('/profile');
    const menu = await topMenu();
    expect(menu.getByRole('link', { name: 'Flights' })).toHaveAttribute('href', '/flight/booking');
    expect(menu.queryByText('Wallet & Invoicing')).not.toBeInTheDocument();
  });

  it('finance sees Wallet & Invoicing but not Flights', async () => {
    await prepare(SESSIONS.finance);
    renderApp('/profile');
    const menu = await topMenu();
    expect(menu.getByText('Wallet & Invoicing')).toBeInTheDocument();
    expect(menu.queryByRole('link', { name: 'Flights' })).not.toBeInTheDocument();
  });

  it('trainop sees Trains but not Flights', async () => {
    await prepare(SESSIONS.trainop);
    renderApp('/profile');
    const menu = await topMenu();
    expect(menu.getByRole('link', { name: 'Trains' })).toBeInTheDocument();
    expect(menu.queryByRole('link', { name: 'Flights' })).not.toBeInTheDocument();
  });

  it('admin sees User Log and Company Profile in the user menu; operator does not', async () => {
    await prepare(SESSIONS.admin);
    const view = renderApp('/profile');
    await userEvent.click(await screen.findByTestId('user-menu'));
    expect(await screen.findByRole('menuitem', { name: 'User Log' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Company Profile' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toBeInTheDocument();
    view.unmount();

    await prepare(SESSIONS.operator);
    renderApp('/profile');
    await userEvent.click(await screen.findByTestId('user-menu'));
    expect(await screen.findByRole('menuitem', { name: 'Account' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'User Log' })).not.toBeInTheDocument();
  });
});

describe('pending flight order group of My Bookings', () => {
  it('shows the groups with their counts in the top menu dropdown, asking only once it opens', async () => {
    const calls = serveCounts();
    await prepare(SESSIONS.operator);
    renderApp('/profile');
    const menu = await topMenu();
    expect(calls).toHaveLength(0);
    await userEvent.click(menu.getByText('My Bookings'));
    expect(await screen.findByText('Pending flight orders')).toBeInTheDocument();
    expect(
      await screen.findByTestId('menu-count-pending-to_be_paid', {}, { timeout: 30_000 }),
    ).toHaveTextContent('4');
    expect(screen.getByTestId('menu-count-pending-pending-confirm')).toHaveTextContent('1');
    expect(screen.getByRole('link', { name: /To be paid/ })).toHaveAttribute(
      'href',
      '/flight/orders?group=to_be_paid',
    );
    expect(calls.map((url) => url.searchParams.get('status'))).toEqual([
      'pending.to_be_paid,pending.reviewing,pending.proceeding,pending.pending-confirm,pending.refunding',
    ]);
  });

  it('is not shown, nor asked for, when the flight service is off', async () => {
    const calls = serveCounts();
    await prepare(SESSIONS.trainop);
    renderApp('/train/orders');
    const side = within(await screen.findByRole('navigation', { name: 'Section menu' }));
    expect(side.getByRole('link', { name: 'Train orders' })).toBeInTheDocument();
    expect(side.queryByText('Pending flight orders')).not.toBeInTheDocument();
    const menu = await topMenu();
    await userEvent.click(menu.getByText('My Bookings'));
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Train orders' })).toHaveLength(2));
    expect(screen.queryByText('Pending flight orders')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
