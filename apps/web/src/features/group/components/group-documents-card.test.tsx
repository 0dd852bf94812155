import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderElement } from '../../../test/render-app';
import { server } from '../../../test/server';
import { secondDepositDue, testGroupOrder } from '../lib/test-orders';
import { GroupDocumentsCard } from './group-documents-card';

const WAIT = { timeout: 30_000 };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the documents of a group order', () => {
  it('offers nothing before a quote is picked', async () => {
    await prepare(SESSIONS.operator);
    renderElement(<GroupDocumentsCard order={testGroupOrder()} />);
    expect(screen.queryByTestId('group-traveller-documents')).toBeNull();
  });

  it('offers the quote and the receipt of each paid instalment only; the list once confirmed', async () => {
    await prepare(SESSIONS.operator);
    const { unmount } = renderElement(<GroupDocumentsCard order={secondDepositDue()} />);
    expect(await screen.findByTestId('download-group-quote', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByTestId('download-group-receipt-1')).toHaveTextContent('First deposit');
    expect(screen.queryByTestId('download-group-receipt-2')).toBeNull();
    expect(screen.queryByTestId('download-group-passenger-list')).toBeNull();
    unmount();

    const confirmed = secondDepositDue({ passengerList: { state: 'confirmed', deadline: null } });
    renderElement(<GroupDocumentsCard order={confirmed} />);
    expect(await screen.findByTestId('download-group-passenger-list', {}, WAIT)).toBeInTheDocument();
  });

  it('downloads a receipt by its instalment number in the chosen language', async () => {
    const urls: URL[] = [];
    server.use(
      http.get('/order/v2/group/orders/:id/traveller-documents/receipts/:n', ({ request }) => {
        urls.push(new URL(request.url));
        return new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
          headers: { 'content-type': 'application/pdf' },
        });
      }),
    );
    Object.assign(URL, { createObjectURL: () => 'blob:test/1', revokeObjectURL: () => undefined });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await prepare(SESSIONS.operator);
    renderElement(<GroupDocumentsCard order={secondDepositDue()} />);
    await userEvent.click(await screen.findByRole('radio', { name: '繁體中文' }, WAIT));
    await userEvent.click(screen.getByTestId('download-group-receipt-1'));
    await waitFor(() => expect(urls).toHaveLength(1));
    expect(urls[0]?.pathname).toBe('/order/v2/group/orders/g1/traveller-documents/receipts/1');
    expect(urls[0]?.searchParams.get('lang')).toBe('zh-tw');
  });
});
