import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSIONS } from '../test/fixtures';
import { prepare, renderApp } from '../test/render-app';
import { firstPagePath } from './route-guard';

describe('route guard', () => {
  it('sends a logged-out visit to /bills/wallet to / with the login message', async () => {
    await prepare();
    const { router } = renderApp('/bills/wallet');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Please log in')).toBeInTheDocument();
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
  });

  it('sends an operator away from the bills with the no-access message', async () => {
    await prepare(SESSIONS.operator);
    const { router } = renderApp('/bills/wallet');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('You do not have the access')).toBeInTheDocument();
  });

  it('renders the page of an allowed route in its layout', async () => {
    await prepare(SESSIONS.finance);
    renderApp('/bills/wallet');
    expect(await screen.findByTestId('page-title')).toHaveTextContent('Wallet');
    expect(document.querySelector('[data-layout="bill"]')).not.toBeNull();
  });

  it('shows the 404 page for an unknown path', async () => {
    await prepare();
    renderApp('/no/such/page');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });

  it('names the page shown first from the stored sessions: the page itself, or where the guard sends', async () => {
    await prepare();
    expect(firstPagePath('/')).toBe('/');
    expect(firstPagePath('/bills/wallet')).toBe('/');
    expect(firstPagePath('/platform/agencies')).toBe('/platform');
    await prepare(SESSIONS.finance);
    expect(firstPagePath('/bills/wallet')).toBe('/bills/wallet');
    await prepare(SESSIONS.operator);
    expect(firstPagePath('/bills/wallet')).toBe('/');
  });
});
