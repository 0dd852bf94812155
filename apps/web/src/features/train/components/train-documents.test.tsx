import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderElement } from '../../../test/render-app';
import { servePdfDownloads } from '../../../test/pdf-download';
import { ticketedOrder } from '../test-fixtures';
import { TrainDocuments } from './train-documents';

const WAIT = { timeout: 30_000 };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the e-ticket of a train order', () => {
  it('is offered on a ticketed order and downloaded in the chosen language', async () => {
    const urls = servePdfDownloads('/order/v2/train/orders/:id/traveller-documents/e-ticket');
    await prepare(SESSIONS.trainop);
    const order = ticketedOrder();
    renderElement(<TrainDocuments order={order} />);
    await userEvent.click(await screen.findByRole('radio', { name: '简体中文' }, WAIT));
    await userEvent.click(screen.getByTestId('download-train-e-ticket'));
    await waitFor(() => expect(urls).toHaveLength(1));
    expect(urls[0]?.pathname).toBe(`/order/v2/train/orders/${order.id}/traveller-documents/e-ticket`);
    expect(urls[0]?.searchParams.get('lang')).toBe('zh-cn');
  });

  it.each(['to_be_paid', 'proceeding', 'manual_ticketing', 'refunding', 'refunded', 'canceled'] as const)(
    'is not offered while the order is %s',
    async (status) => {
      await prepare(SESSIONS.trainop);
      renderElement(<TrainDocuments order={ticketedOrder({ status })} />);
      expect(screen.queryByTestId('train-traveller-documents')).toBeNull();
      expect(screen.queryByTestId('download-train-e-ticket')).toBeNull();
    },
  );
});
