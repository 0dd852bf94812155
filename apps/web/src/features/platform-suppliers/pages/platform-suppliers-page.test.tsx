import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AgencySuppliers } from '@portal/domain/platform-suppliers';
import { PLATFORM_FINANCE, preparePlatform } from '../../../test/platform-fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';

const WAIT = { timeout: 30000 };
const SLOW = 40000;

const SUPPLIERS: AgencySuppliers = AgencySuppliers.parse({
  agencyId: 1,
  agencyName: 'Demo Travel',
  flight: { configured: ['sim-gds', 'duffel'], allowed: null, optIn: ['duffel'], testMode: ['duffel'] },
  rail: { configured: [], allowed: null, optIn: [], testMode: [] },
});

describe('the platform suppliers page', () => {
  it(
    'labels Duffel in test mode and opt-in, and switches it on only when ticked',
    async () => {
      await prepare();
      preparePlatform({
        ...PLATFORM_FINANCE,
        admin: { id: 2, username: 'platform.support', permissions: ['platform:support'] },
      });
      const sent: unknown[] = [];
      server.use(
        http.get('/platform/v2/agencies/1/suppliers', () => HttpResponse.json(envelope(SUPPLIERS))),
        http.put('/platform/v2/agencies/1/suppliers', async ({ request }) => {
          sent.push(await request.json());
          return HttpResponse.json(envelope(SUPPLIERS));
        }),
      );
      renderApp('/platform/agencies/1/suppliers');
      const flight = await screen.findByTestId('suppliers-flight', undefined, WAIT);
      await userEvent.click(within(flight).getByLabelText('Only these'));
      expect(within(flight).getByLabelText('duffel (test mode, only when ticked)')).not.toBeChecked();
      expect(within(flight).getByLabelText('sim-gds')).toBeChecked();
      await userEvent.click(within(flight).getByLabelText('duffel (test mode, only when ticked)'));
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await expect.poll(() => sent).toEqual([{ flight: ['sim-gds', 'duffel'], rail: null }]);
    },
    SLOW,
  );
});
