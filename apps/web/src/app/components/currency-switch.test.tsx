import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { usePreferencesStore } from '../../shared/stores/preferences-store';
import { prepare, renderApp } from '../../test/render-app';
import { envelope, server } from '../../test/server';

describe('currency switch', () => {
  it('stores the currency with its rate', async () => {
    await prepare();
    renderApp('/terms');
    const select = within(await screen.findByTestId('currency-switch')).getByRole('combobox');
    await userEvent.selectOptions(select, 'USD');
    await waitFor(() =>
      expect(usePreferencesStore.getState()).toMatchObject({ currency: 'USD', rate: '0.1389' }),
    );
  });

  it('keeps the previous currency and asks to select again when the rate fails', async () => {
    await prepare();
    server.use(
      http.get('/base/v2/exchangeRates', () =>
        HttpResponse.json(envelope(null, 300001, 'unavailable'), { status: 503 }),
      ),
    );
    renderApp('/terms');
    const select = within(await screen.findByTestId('currency-switch')).getByRole('combobox');
    await userEvent.selectOptions(select, 'EUR');
    expect(
      await screen.findByText('The exchange rate could not be obtained, please select the currency again'),
    ).toBeInTheDocument();
    expect(usePreferencesStore.getState().currency).toBe('CNY');
  });
});
