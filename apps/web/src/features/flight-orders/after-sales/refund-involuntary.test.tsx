import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SupportingDocument } from '@portal/domain/after-sales';
import type { FlightOrder } from '@portal/domain/flight-order';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { fullOrder, issuedOrder } from '../../../test/flight-order-fixtures';

const WAIT = { timeout: 30_000 };
const SLOW = 60_000;

const HINT =
  'No disruption or schedule change is recorded on this booking: the airline desk reviews an involuntary refund and decides the amount; attach at least one supporting document';

/** The order, its empty side lists, one stored document per upload; the refund bodies are kept. */
function serve(order: FlightOrder) {
  const refunds: unknown[] = [];
  const refundOrder = fullOrder({ id: 'r1', bookingNumber: 'B-r1', type: 'refund', status: 'rfd_reviewing' });
  server.use(
    http.get('/order/v2/flight/orders/status', () => HttpResponse.json(envelope([]))),
    http.get('/order/v2/flight/orders/:id/documents', () => HttpResponse.json(envelope([]))),
    http.get('/order/v2/flight/orders/:id/disruptions', () => HttpResponse.json(envelope([]))),
    http.get('/order/v2/flight/orders/:id', ({ params }) =>
      HttpResponse.json(envelope(params.id === 'r1' ? refundOrder : order)),
    ),
    http.post('/order/v2/flight/orders/:id/documents', () => {
      const document: SupportingDocument = {
        id: '00000000-0000-4000-8000-000000000001',
        fileName: 'certificate.pdf',
        contentType: 'application/pdf',
        sizeBytes: 3,
        afterSalesOrderId: null,
        uploadedAt: '2026-11-21T08:00:00.000Z',
      };
      return HttpResponse.json(envelope([document]));
    }),
    http.post('/order/v2/flight/orders/:id/refund', async ({ request }) => {
      refunds.push(await request.json());
      return HttpResponse.json(envelope(refundOrder));
    }),
  );
  return refunds;
}

/** Opens the refund dialog of `order` and picks its first ticket and the airline reason (delay). */
async function involuntaryRefund(order: FlightOrder) {
  await prepare(SESSIONS.operator);
  renderApp(`/flight/orders/${order.id}`);
  await userEvent.click(await screen.findByTestId('order-refund', {}, WAIT));
  const content = await screen.findByTestId('refund-dialog', {}, WAIT);
  const dialog = within(content.closest<HTMLElement>('[role="dialog"]') ?? content);
  await userEvent.click(dialog.getByRole('checkbox', { name: 'ZHANG/SAN' }));
  await userEvent.click(dialog.getByRole('checkbox', { name: 'CA1501' }));
  await userEvent.click(dialog.getByRole('combobox', { name: 'Reason' }));
  await userEvent.click(await screen.findByTitle('Involuntary (airline)'));
  await userEvent.click(dialog.getByRole('combobox', { name: 'Detail of the reason' }));
  await userEvent.click(await screen.findByTitle('Flight delay'));
  return { dialog, submit: () => dialog.getByTestId('refund-submit') };
}

describe('refund dialog: an involuntary reason', () => {
  it(
    'without a disruption on record says the desk reviews it and requires a document before sending',
    async () => {
      const order = issuedOrder({ disruptionOnRecord: false });
      const refunds = serve(order);
      const { dialog, submit } = await involuntaryRefund(order);
      expect(dialog.getByTestId('refund-involuntary-hint')).toHaveTextContent(HINT);

      await userEvent.click(submit());
      expect(await dialog.findByTestId('refund-document-required', {}, WAIT)).toHaveTextContent(
        'Attach at least one supporting document',
      );
      expect(refunds).toEqual([]);

      const input = dialog.getByTestId('refund-dialog').querySelector<HTMLInputElement>('input[type="file"]');
      if (!input) throw new Error('no file input');
      await userEvent.upload(input, new File(['%PDF'], 'certificate.pdf', { type: 'application/pdf' }));
      await waitFor(() => expect(dialog.queryByTestId('refund-document-required')).toBeNull(), WAIT);
      await waitFor(() => expect(submit()).toBeEnabled(), WAIT);
      await userEvent.click(submit());
      await waitFor(() => expect(refunds).toHaveLength(1), WAIT);
      expect(refunds[0]).toMatchObject({
        reason: { value: 2, subOption: 'delay' },
        documentIds: ['00000000-0000-4000-8000-000000000001'],
      });
    },
    SLOW,
  );

  it(
    'with a disruption on record asks for no document',
    async () => {
      const order = issuedOrder({ disruptionOnRecord: true });
      const refunds = serve(order);
      const { dialog, submit } = await involuntaryRefund(order);
      expect(dialog.queryByTestId('refund-involuntary-hint')).toBeNull();
      await userEvent.click(submit());
      await waitFor(() => expect(refunds).toHaveLength(1), WAIT);
      expect(refunds[0]).toMatchObject({ reason: { value: 2, subOption: 'delay' }, documentIds: [] });
    },
    SLOW,
  );
});
