import { StyleProvider } from '@ant-design/cssinjs';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Disruption } from '@portal/domain/disruptions';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { i18n } from '../../../shared/i18n/i18n';
import { SESSIONS } from '../../../test/fixtures';
import { detachedStyles, prepare } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { DisruptionPanel } from './index';

const WAIT = { timeout: 30000 };
const SLOW = 40000;

const flight = (flightNumber: string, departureLocal: string) => ({
  flightNumber,
  origin: 'PEK',
  destination: 'SHA',
  departureLocal,
  arrivalLocal: departureLocal.replace(/T\d\d/, 'T23'),
  departureUtc: '2026-12-01T00:30:00.000Z',
  arrivalUtc: '2026-12-01T02:45:00.000Z',
});

const protectedCancellation: Disruption = {
  id: 'd1',
  orderId: 'o1',
  bookingNumber: 'F20261201000001',
  route: 'PEK-SHA',
  passengerNames: ['ZHANG/WEI'],
  type: 'cancel_protected',
  status: 'open',
  segmentIndex: 0,
  before: flight('CA1501', '2026-12-01T08:30'),
  after: flight('MU5101', '2026-12-01T13:00'),
  raisedAt: '2026-11-20T03:00:00.000Z',
  acknowledgedAt: null,
  refundOrderId: null,
  allowedActions: ['acknowledge', 'accept', 'refund'],
};

function renderPanel() {
  return render(
    <StyleProvider container={detachedStyles}>
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter>
          <DisruptionPanel orderId="o1" />
        </MemoryRouter>
      </AppProviders>
    </StyleProvider>,
  );
}

describe('DisruptionPanel', () => {
  it(
    'shows nothing for an order without disruptions',
    async () => {
      await prepare(SESSIONS.operator);
      let asked = 0;
      server.use(
        http.get('/order/v2/flight/orders/:id/disruptions', () => {
          asked += 1;
          return HttpResponse.json(envelope([]));
        }),
      );
      const { container } = renderPanel();
      await waitFor(() => expect(asked).toBe(1), WAIT);
      expect(container.querySelector('[data-testid="disruption-panel"]')).toBeNull();
    },
    SLOW,
  );

  it(
    'asks a refund instead of the protected flight, in Chinese, and links the refund order',
    async () => {
      await prepare(SESSIONS.operator);
      await i18n.changeLanguage('zh-cn');
      let current = protectedCancellation;
      const posted: string[] = [];
      server.use(
        http.get('/order/v2/flight/orders/:id/disruptions', () => HttpResponse.json(envelope([current]))),
        http.post('/order/v2/flight/disruptions/:id/refund', ({ params }) => {
          posted.push(String(params.id));
          current = { ...current, status: 'refund_requested', refundOrderId: 'r1', allowedActions: [] };
          return HttpResponse.json(envelope(current));
        }),
      );
      renderPanel();
      const panel = await screen.findByTestId('disruption-panel', {}, WAIT);
      expect(within(panel).getByTestId('disruption-type')).toHaveTextContent('航班取消（有保护航班）');
      expect(within(panel).getByTestId('disruption-new-time')).toHaveTextContent('MU5101 2026-12-01 13:00');
      await userEvent.click(within(panel).getByTestId('disruption-refund'));
      await userEvent.click(await screen.findByTestId('disruption-refund-ok', {}, WAIT));
      await waitFor(() => expect(posted).toEqual(['d1']), WAIT);
      expect(await within(panel).findByTestId('disruption-refund-order', {}, WAIT)).toHaveAttribute(
        'href',
        '/flight/orders/r1',
      );
      expect(within(panel).getByTestId('disruption-status')).toHaveTextContent('已申请退票');
      expect(within(panel).queryByTestId('disruption-accept')).toBeNull();
    },
    SLOW,
  );
});
