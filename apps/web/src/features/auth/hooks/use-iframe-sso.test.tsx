import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../shared/stores/session-store';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';

const SSO_URL = `/?code=abcdef123456&signature=${'a'.repeat(64)}&timestamp=1795317000000&userid=P-1001`;

describe('partner single sign-on', () => {
  it('logs in from the query parameters and opens flight booking without the login toast', async () => {
    await prepare();
    let body: unknown;
    server.use(
      http.post('/base/v2/single-login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(envelope(SESSIONS.partner));
      }),
    );
    const { router } = renderApp(SSO_URL);
    await waitFor(() => expect(router.state.location.pathname).toBe('/flight/booking'));
    expect(body).toEqual({
      code: 'abcdef123456',
      signature: 'a'.repeat(64),
      timestamp: 1795317000000,
      userid: 'P-1001',
    });
    expect(useSessionStore.getState().company?.id).toBe(222);
    // The title follows once the partner's locale has loaded.
    await waitFor(() => expect(screen.getByTestId('page-title')).toHaveTextContent('机票预订'));
    expect(screen.queryByText('Logged in successfully')).not.toBeInTheDocument();
  });

  it('shows the error and stays logged out when the link is refused', async () => {
    await prepare();
    server.use(
      http.post('/base/v2/single-login', () =>
        HttpResponse.json(envelope(null, 201012, 'Partner login failed: this link was already used'), {
          status: 409,
        }),
      ),
    );
    const { router } = renderApp(SSO_URL);
    expect(await screen.findByText('Partner login failed: this link was already used')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(useSessionStore.getState().token).toBeNull();
  });
});
