import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderElement } from '../../../test/render-app';
import { servePdfDownloads } from '../../../test/pdf-download';
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
    const urls = servePdfDownloads('/order/v2/group/orders/:id/traveller-documents/receipts/:n');
    await prepare(SESSIONS.operator);
    renderElement(<GroupDocumentsCard order={secondDepositDue()} />);
    await userEvent.click(await screen.findByRole('radio', { name: '繁體中文' }, WAIT));
    await userEvent.click(screen.getByTestId('download-group-receipt-1'));
    await waitFor(() => expect(urls).toHaveLength(1));
    expect(urls[0]?.pathname).toBe('/order/v2/group/orders/g1/traveller-documents/receipts/1');
    expect(urls[0]?.searchParams.get('lang')).toBe('zh-tw');
  });
});
