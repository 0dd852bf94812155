import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PlatformRate, PlatformRates } from '@portal/domain/platform-rates';
import { preparePlatform } from '../../../test/platform-fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';

const WAIT = { timeout: 30000 };
const SLOW = 40000;

const USD: PlatformRate = PlatformRate.parse({
  currency: 'USD',
  rate: '0.1389',
  source: 'seed',
  updatedAt: '2026-11-29T08:00:00.000Z',
  feedRate: '0.1389',
  feedAt: null,
  override: null,
});
const RATES: PlatformRates = PlatformRates.parse({ base: 'CNY', rates: [USD], feed: null });

describe('the platform exchange rates page', () => {
  it(
    'overrides a rate with its reason, with the platform token',
    async () => {
      await prepare();
      preparePlatform();
      const sent: unknown[] = [];
      server.use(
        http.get('/platform/v2/rates', () => HttpResponse.json(envelope(RATES))),
        http.put('/platform/v2/rates/:currency/override', async ({ request }) => {
          sent.push(await request.json());
          return HttpResponse.json(
            envelope({
              ...USD,
              rate: '0.1450',
              source: 'manual',
              override: { rate: '0.1450', reason: 'Bank rate', by: 'platform.finance', at: USD.updatedAt },
            }),
          );
        }),
      );
      renderApp('/platform/rates');
      const table = await screen.findByTestId('platform-rates-table', undefined, WAIT);
      expect(await within(table).findAllByText('0.1389')).toHaveLength(2);
      expect(screen.getByText('No rates feed is configured')).toBeInTheDocument();
      await userEvent.click(within(table).getByRole('button', { name: 'Override' }));
      const dialog = await screen.findByRole('dialog');
      await userEvent.type(within(dialog).getByLabelText('Rate per 1 CNY'), '0.1450');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(
        await within(dialog).findByText('Please give the reason (at least 3 characters)'),
      ).toBeInTheDocument();
      expect(sent).toEqual([]);
      await userEvent.type(within(dialog).getByLabelText('Reason'), 'Bank rate');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await screen.findByTestId('platform-rates-table');
      await expect.poll(() => sent).toEqual([{ rate: '0.1450', reason: 'Bank rate' }]);
    },
    SLOW,
  );
});
