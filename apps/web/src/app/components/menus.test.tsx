import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SESSIONS } from '../../test/fixtures';
import { prepare, renderApp } from '../../test/render-app';

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
