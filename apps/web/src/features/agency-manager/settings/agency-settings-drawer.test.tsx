import { StyleProvider } from '@ant-design/cssinjs';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_FLIGHT_SETTINGS } from '@portal/domain/agency-config';
import type { AgencySettings, PriceChain } from '@portal/domain/agency-settings';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { SESSIONS } from '../../../test/fixtures';
import { detachedStyles, prepare } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { AgencySettingsDrawer } from './agency-settings-drawer';

const WAIT = { timeout: 30_000 };
const SLOW = 60000;

const STORED: AgencySettings = {
  common: {
    canCreateSubAgency: false,
    emailLanguage: 'en',
    settlementCurrency: 'USD',
    isShowBill: true,
    sendEmailToSubAgency: false,
    hidePnrBooking: true,
    hideMainlandChinaContent: false,
    disablePayment: false,
    onlyShowOwnOrders: false,
    showInvoiceTypeInExcel: false,
    enableFlightService: true,
    enableTrainService: false,
    creditAlertThreshold: 50000,
  },
  flight: {
    ...DEFAULT_FLIGHT_SETTINGS,
    priceAdjustments: [{ category: 'china', unit: 'percent', value: 2.5, limit: 3000 }],
    maxResponseTimeMs: 8000,
    filter: { mode: 'blacklist', airlines: ['MU'], suppliers: [] },
    serviceFees: { change: 1000, refund: 1500, void: 0 },
    bookingNotificationUrl: 'https://agency.example.com/hooks/booking',
  },
  train: { notificationUrl: null, manual: false },
  creditPeriod: { unit: 'week', value: 2 },
};

/** The settings endpoints of agency 1001 over `stored`; every PUT body is recorded. */
function serveSettings(stored: AgencySettings = STORED) {
  const state = { puts: [] as unknown[], chains: [] as URLSearchParams[] };
  server.use(
    http.get('/base/v2/agencies/1001/config', () => HttpResponse.json(envelope(stored))),
    http.put('/base/v2/agencies/1001/config', async ({ request }) => {
      const body = (await request.json()) as AgencySettings;
      state.puts.push(body);
      return HttpResponse.json(envelope(body));
    }),
  );
  return state;
}

function drawer(open: boolean, onClose: () => void) {
  return (
    <StyleProvider container={detachedStyles}>
      <AppProviders queryClient={createQueryClient()}>
        <AgencySettingsDrawer agencyId={1001} agencyName="Harbour Travel" open={open} onClose={onClose} />
      </AppProviders>
    </StyleProvider>
  );
}

async function openDrawer(onClose = vi.fn()) {
  await prepare(SESSIONS.admin);
  const view = render(drawer(true, onClose));
  await screen.findByRole('tab', { name: 'Flight' }, WAIT);
  return { onClose, rerender: view.rerender };
}

const tab = (name: string) => userEvent.click(screen.getByRole('tab', { name }));
const setText = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const saveButton = () => screen.getByRole('button', { name: 'Save' });

describe('sub-agency settings drawer', () => {
  it(
    'shows the stored settings, money in major units of the settlement currency',
    async () => {
      serveSettings();
      await openDrawer();
      expect(screen.getByText('Settings of Harbour Travel')).toBeInTheDocument();
      expect(screen.getByLabelText('Credit alert threshold')).toHaveValue('500.00');
      expect(screen.getByRole('switch', { name: 'Hide PNR booking' })).toBeChecked();
      expect(screen.getByRole('switch', { name: 'Disable payment' })).not.toBeChecked();

      await tab('Flight');
      const adjustments = within(screen.getByTestId('price-adjustments'));
      expect(adjustments.getByText('Mainland China')).toBeInTheDocument();
      expect(adjustments.getByLabelText('Value')).toHaveValue('2.5');
      expect(adjustments.getByLabelText('Limit')).toHaveValue('30.00');
      expect(screen.getByLabelText('Refund fee')).toHaveValue('15.00');
      expect(screen.getByLabelText('Maximum response time')).toHaveValue('8');
      expect(screen.getByText('MU')).toBeInTheDocument();
      expect(screen.getByLabelText('Booking notification URL')).toHaveValue(
        'https://agency.example.com/hooks/booking',
      );
    },
    SLOW,
  );

  it(
    'refuses a bad URL and an out-of-range response time with the API schema before sending',
    async () => {
      const api = serveSettings();
      await openDrawer();
      await tab('Flight');
      setText(screen.getByLabelText('Booking notification URL'), 'hooks.example.com/booking');
      setText(screen.getByLabelText('Maximum response time'), '90');
      await tab('Common');
      await userEvent.click(saveButton());
      // The refused field's tab opens.
      expect(await screen.findByText('Enter a full http or https address', {}, WAIT)).toBeVisible();
      expect(screen.getByText('Enter a time from 1 to 60 seconds')).toBeInTheDocument();
      expect(screen.getByText('Some settings are not valid: see the marked fields')).toBeInTheDocument();
      expect(api.puts).toEqual([]);
    },
    SLOW,
  );

  it(
    'saves the settings of an agency without an airline or supplier filter (its lists hidden)',
    async () => {
      const unfiltered: AgencySettings = {
        ...STORED,
        flight: { ...STORED.flight, filter: { mode: 'none', airlines: [], suppliers: [] } },
      };
      const api = serveSettings(unfiltered);
      await openDrawer();
      await userEvent.click(screen.getByRole('switch', { name: 'Disable payment' }));
      await userEvent.click(saveButton());
      await waitFor(() => expect(api.puts).toHaveLength(1), WAIT);
      expect(api.puts[0]).toEqual({ ...unfiltered, common: { ...unfiltered.common, disablePayment: true } });
    },
    SLOW,
  );

  it(
    'saves the whole settings with PUT, money in minor units and the time in milliseconds',
    async () => {
      const api = serveSettings();
      await openDrawer();
      await userEvent.click(screen.getByRole('switch', { name: 'Disable payment' }));
      // A new settlement currency takes effect once its change message is confirmed.
      await userEvent.click(screen.getByLabelText('Settlement currency'));
      await userEvent.click(await screen.findByTitle('EUR', {}, WAIT));
      expect(await screen.findByText(/Change the settlement currency to EUR\?/, {}, WAIT)).toBeVisible();
      await userEvent.click(screen.getByRole('button', { name: 'Change currency' }));
      await tab('Flight');
      setText(screen.getByLabelText('Change fee'), '12.5');
      setText(screen.getByLabelText('Maximum response time'), '5');
      setText(screen.getByLabelText('Booking notification URL'), '');
      await userEvent.click(screen.getByRole('button', { name: 'Add an adjustment' }));
      await userEvent.click(saveButton());
      await waitFor(() => expect(api.puts).toHaveLength(1), WAIT);
      expect(api.puts[0]).toEqual({
        ...STORED,
        common: { ...STORED.common, disablePayment: true, settlementCurrency: 'EUR' },
        flight: {
          ...STORED.flight,
          priceAdjustments: [
            ...STORED.flight.priceAdjustments,
            { category: 'domestic', unit: 'percent', value: 0, limit: 0 },
          ],
          serviceFees: { change: 1250, refund: 1500, void: 0 },
          maxResponseTimeMs: 5000,
          bookingNotificationUrl: null,
        },
      });
      expect(await screen.findByText('Settings saved', {}, WAIT)).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'puts the API field errors on their fields, and a locked settlement currency on its own',
    async () => {
      serveSettings();
      const answers = [
        HttpResponse.json(
          envelope(
            { errors: [{ path: 'train.notificationUrl', message: 'Not reachable from here' }] },
            100001,
            'Illegal input',
          ),
          { status: 400 },
        ),
        HttpResponse.json(envelope(null, 201040, 'The wallet still holds money in USD'), { status: 409 }),
      ];
      server.use(http.put('/base/v2/agencies/1001/config', () => answers.shift()));
      await openDrawer();
      await tab('Train');
      setText(screen.getByLabelText('Train notification URL'), 'https://10.0.0.1/train');
      await userEvent.click(saveButton());
      expect(await screen.findByText('Not reachable from here', {}, WAIT)).toBeInTheDocument();

      await userEvent.click(saveButton());
      await tab('Common');
      const locked = await screen.findByText('The wallet still holds money in USD', {}, WAIT);
      expect(locked.closest('.ant-form-item')).toHaveTextContent('Settlement currency');
    },
    SLOW,
  );

  it(
    'asks before closing with unsaved changes, and opens again on the stored settings',
    async () => {
      serveSettings();
      const { onClose, rerender } = await openDrawer();
      await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(onClose).toHaveBeenCalledTimes(1);

      await userEvent.click(screen.getByRole('switch', { name: 'Show bills' }));
      await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(
        await screen.findByText('The changes you made to these settings are not saved.', {}, WAIT),
      ).toBeVisible();
      expect(onClose).toHaveBeenCalledTimes(1);
      await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
      expect(onClose).toHaveBeenCalledTimes(2);

      rerender(drawer(false, onClose));
      rerender(drawer(true, onClose));
      expect(await screen.findByRole('switch', { name: 'Show bills' }, WAIT)).toBeChecked();
    },
    SLOW,
  );

  it(
    'shows the price chain from supplier net through each level to the sale price',
    async () => {
      serveSettings();
      const chain: PriceChain = {
        category: 'intercontinental',
        net: { amount: '1000.00', currency: 'USD' },
        levels: [
          {
            agencyId: 1,
            agencyName: 'Top Agency',
            proxyLevel: 0,
            adjustment: { unit: 'percent', value: 5, limit: 0 },
            added: { amount: '50.00', currency: 'USD' },
            price: { amount: '1050.00', currency: 'USD' },
          },
          {
            agencyId: 1001,
            agencyName: 'Harbour Travel',
            proxyLevel: 1,
            adjustment: { unit: 'fixed', value: 2000, limit: 1500 },
            added: { amount: '15.00', currency: 'USD' },
            price: { amount: '1065.00', currency: 'USD' },
          },
        ],
        sale: { amount: '1065.00', currency: 'USD' },
      };
      const queries: URLSearchParams[] = [];
      server.use(
        http.get('/base/v2/agencies/1001/price-chain', ({ request }) => {
          queries.push(new URL(request.url).searchParams);
          return HttpResponse.json(envelope(chain));
        }),
      );
      await openDrawer();
      await tab('Price chain');
      setText(screen.getByLabelText('Supplier net amount'), '1000');
      await userEvent.click(screen.getByRole('button', { name: 'Show the chain' }));
      const table = within(await screen.findByTestId('price-chain', {}, WAIT));
      const rows = table
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent);
      expect(rows).toEqual([
        'Supplier netUSD 1,000.00',
        'Top Agency5 % (no limit)USD 50.00USD 1,050.00',
        'Harbour TravelUSD 20.00 (limit USD 15.00)USD 15.00USD 1,065.00',
        'Sale priceUSD 1,065.00',
      ]);
      expect(Object.fromEntries(queries[0] ?? [])).toEqual({
        category: 'china',
        amount: '100000',
        currency: 'USD',
      });
    },
    SLOW,
  );
});
