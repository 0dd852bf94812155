import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FlightOrder } from '@portal/domain/flight-order';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { fullOrder } from '../../../test/flight-order-fixtures';

const WAIT = { timeout: 30_000 };
const SLOW = 40000;

afterEach(() => {
  vi.restoreAllMocks();
});

const issued = (documents: FlightOrder['documents']) =>
  fullOrder({
    status: 'issued',
    allowedActions: [],
    paymentDeadline: null,
    payment: { state: 'paid', channel: 'balance', paidAt: '2026-11-20T08:40:00.000Z' },
    passengers: fullOrder().passengers.map((p) => ({ ...p, ticketNumbers: ['784-2345678901'] })),
    ...(documents ? { documents } : {}),
  });

/** Serves the order and records each document request's URL; answers a small PDF. */
function serve(order: FlightOrder) {
  const requests: URL[] = [];
  server.use(
    http.get('/order/v2/flight/orders/status', () => HttpResponse.json(envelope([]))),
    http.get('/order/v2/flight/orders/:id/traveller-documents/:kind', ({ request, params }) => {
      requests.push(new URL(request.url));
      return new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="${String(params.kind)}-B1001.pdf"`,
        },
      });
    }),
    http.get('/order/v2/flight/orders/:id/documents', () => HttpResponse.json(envelope([]))),
    http.get('/order/v2/flight/orders/:id/disruptions', () => HttpResponse.json(envelope([]))),
    http.get('/order/v2/flight/orders/:id', () => HttpResponse.json(envelope(order))),
  );
  return requests;
}

function captureSaves(): string[] {
  const names: string[] = [];
  Object.assign(URL, { createObjectURL: () => 'blob:test/1', revokeObjectURL: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}

async function open() {
  await prepare(SESSIONS.operator);
  renderApp('/flight/orders/o1');
  await screen.findByTestId('order-header', {}, WAIT);
}

describe('documents for the traveller on the flight order page', () => {
  it(
    'downloads the itinerary and the invoice in the chosen language',
    async () => {
      const requests = serve(issued({ itinerary: true, invoice: true }));
      const names = captureSaves();
      await open();
      const card = await screen.findByTestId('order-traveller-documents', {}, WAIT);
      expect(card).toHaveTextContent('Documents for the traveller');

      await userEvent.click(within(card).getByTestId('download-itinerary'));
      await waitFor(() => expect(names).toEqual(['itinerary-B1001.pdf']));
      expect(requests[0]?.pathname).toBe('/order/v2/flight/orders/o1/traveller-documents/itinerary');
      expect(requests[0]?.searchParams.get('lang')).toBe('en');

      await userEvent.click(within(card).getByText('简体中文'));
      await userEvent.click(within(card).getByTestId('download-invoice'));
      await waitFor(() => expect(names).toEqual(['itinerary-B1001.pdf', 'invoice-B1001.pdf']));
      expect(requests[1]?.pathname).toBe('/order/v2/flight/orders/o1/traveller-documents/invoice');
      expect(requests[1]?.searchParams.get('lang')).toBe('zh-cn');
    },
    SLOW,
  );

  it(
    'offers no invoice when the fare gives none, and no documents before the tickets are issued',
    async () => {
      serve(issued({ itinerary: true, invoice: false }));
      await open();
      const card = await screen.findByTestId('order-traveller-documents', {}, WAIT);
      expect(within(card).getByTestId('download-itinerary')).toBeInTheDocument();
      expect(within(card).queryByTestId('download-invoice')).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows no documents for an order without tickets',
    async () => {
      serve(fullOrder({ documents: { itinerary: false, invoice: false } }));
      await open();
      expect(screen.getByTestId('order-segments')).toBeInTheDocument();
      expect(screen.queryByTestId('order-traveller-documents')).not.toBeInTheDocument();
    },
    SLOW,
  );
});
