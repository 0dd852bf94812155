import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { LateCapture, LateCaptureList } from '@portal/domain/late-capture';
import type { WalletEntryList } from '@portal/domain/wallet';
import { i18n } from '../../../shared/i18n/i18n';
import { usePreferencesStore } from '../../../shared/stores/preferences-store';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';

const WAIT = { timeout: 30_000 };

const CAPTURE: LateCapture = {
  id: 'c1',
  orderId: 'o1',
  bookingNumber: 'TB260101A',
  channel: 'stripe',
  tradeNo: 'pi_123',
  amount: { amount: '1280.00', currency: 'CNY' },
  reason: 'order_not_payable',
  orderStatus: 'proceeding',
  status: 'refunded',
  refundId: 're_1',
  capturedAt: '2026-11-20T08:30:00.000Z',
  refundedAt: '2026-11-20T08:30:01.000Z',
};

/** Serves an empty wallet and `captures` as the agency's late card payments. */
function serve(captures: LateCaptureList | (() => Response)) {
  const emptyEntries: WalletEntryList = { list: [], total: 0, page: 1, pageSize: 20 };
  server.use(
    http.get('/base/v2/wallet/balances', () => HttpResponse.json(envelope([]))),
    http.get('/base/v2/wallet/entries', () => HttpResponse.json(envelope(emptyEntries))),
    http.get('/order/v2/payments/late-captures', () =>
      typeof captures === 'function' ? captures() : HttpResponse.json(envelope(captures)),
    ),
  );
}

describe('late card payments on the wallet page', () => {
  it('lists each refunded late capture for finance', async () => {
    serve({
      list: [CAPTURE, { ...CAPTURE, id: 'c2', status: 'refund_pending', refundedAt: null }],
      total: 2,
      page: 1,
      pageSize: 5,
    });
    await prepare(SESSIONS.finance);
    renderApp('/bills/wallet');
    const section = await screen.findByTestId('late-captures', {}, WAIT);
    expect(within(section).getByRole('heading', { name: 'Late card payments, refunded' })).toBeVisible();
    const table = within(section).getByTestId('late-captures-table');
    expect(within(table).getAllByText('TB260101A')).toHaveLength(2);
    expect(within(table).getAllByText('CNY 1,280.00')).toHaveLength(2);
    expect(within(table).getAllByText('Order already paid or canceled (Proceeding)')).toHaveLength(2);
    expect(
      within(table)
        .getAllByTestId('late-capture-status')
        .map((tag) => tag.textContent),
    ).toEqual(['Refunded', 'Refund pending']);
  });

  it('says it in Simplified Chinese', async () => {
    serve({ list: [CAPTURE], total: 1, page: 1, pageSize: 5 });
    await prepare(SESSIONS.finance);
    usePreferencesStore.setState({ locale: 'zh-cn' });
    await i18n.changeLanguage('zh-cn');
    renderApp('/bills/wallet');
    const section = await screen.findByTestId('late-captures', {}, WAIT);
    expect(within(section).getByRole('heading', { name: '已退款的迟到卡支付' })).toBeVisible();
    expect(within(section).getByTestId('late-capture-status')).toHaveTextContent('已退款');
  });

  it('shows nothing when there is none, and the error with a retry when the list fails', async () => {
    serve({ list: [], total: 0, page: 1, pageSize: 5 });
    await prepare(SESSIONS.finance);
    const { unmount } = renderApp('/bills/wallet');
    await screen.findByTestId('entries-table', {}, WAIT);
    expect(screen.queryByTestId('late-captures')).toBeNull();
    unmount();

    serve(() => HttpResponse.json(envelope(null, 100500, 'Server error'), { status: 500 }));
    renderApp('/bills/wallet');
    const section = await screen.findByTestId('late-captures', {}, WAIT);
    expect(within(section).getByText('The late card payments could not be loaded')).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
