import { focusManager } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { NotificationItem, NotificationPage } from '@portal/domain/notifications';
import { i18n } from '../../../shared/i18n/i18n';
import { usePreferencesStore } from '../../../shared/stores/preferences-store';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';

const WAIT = { timeout: 30_000 };

const notice = (id: number, extra: Partial<NotificationItem> = {}): NotificationItem => ({
  id,
  kind: 'order.booked',
  orderId: `order-${id}`,
  params: { bookingNumber: `TB00${id}`, route: 'PEK-PVG', departure: '2026-12-01 08:00' },
  createdAt: '2026-11-23T04:00:00.000Z',
  read: false,
  ...extra,
});

/** Serves the notices and records each mark-read body; a mark-read marks them in the served list. */
function serve(list: NotificationItem[]) {
  const state = { list: [...list], gets: 0, reads: [] as unknown[] };
  const page = (): NotificationPage => ({
    list: state.list,
    total: state.list.length,
    page: 1,
    pageSize: 10,
    unread: state.list.filter((n) => !n.read).length,
  });
  server.use(
    http.get('/base/v2/notifications', () => {
      state.gets += 1;
      return HttpResponse.json(envelope(page()));
    }),
    http.post('/base/v2/notifications/read', async ({ request }) => {
      const body = (await request.json()) as { ids?: number[]; all?: true };
      state.reads.push(body);
      state.list = state.list.map((n) => (body.all || body.ids?.includes(n.id) ? { ...n, read: true } : n));
      return HttpResponse.json(envelope({ updated: 1, unread: page().unread }));
    }),
  );
  return state;
}

describe('the notification bell', () => {
  it('shows the unread count and the notices in the current language, and marks all read', async () => {
    const state = serve([notice(2), notice(1, { kind: 'order.issued', read: true })]);
    await prepare(SESSIONS.operator);
    renderApp('/profile');
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' }, WAIT);
    await userEvent.click(bell);
    expect(await screen.findByText('Booking TB002 (PEK-PVG) received', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText('Tickets issued for TB001 (PEK-PVG)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(state.reads).toEqual([{ all: true }]), WAIT);
    expect(await screen.findByRole('button', { name: 'Notifications, 0 unread' }, WAIT)).toBeInTheDocument();
  });

  it('opens the order of a notice and marks that notice read', async () => {
    const state = serve([notice(7)]);
    await prepare(SESSIONS.operator);
    const { router } = renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }, WAIT));
    await userEvent.click(await screen.findByText('Booking TB007 (PEK-PVG) received', {}, WAIT));
    await waitFor(() => expect(router.state.location.pathname).toBe('/flight/orders/order-7'), WAIT);
    await waitFor(() => expect(state.reads).toEqual([{ ids: [7] }]), WAIT);
  });

  it("opens a group order's page for a payment notice about one of its card-paid instalments", async () => {
    serve([
      notice(8, {
        kind: 'payment.disputed',
        orderId: 'group-8',
        params: {
          bookingNumber: 'GB008',
          reason: 'fraudulent',
          amount: '100.00',
          currency: 'CNY',
          channel: 'stripe',
          orderKind: 'group',
        },
      }),
    ]);
    await prepare(SESSIONS.operator);
    const { router } = renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }, WAIT));
    await userEvent.click(await screen.findByText(/The card payment for GB008 is disputed/, {}, WAIT));
    await waitFor(() => expect(router.state.location.pathname).toBe('/flight/group/order/group-8'), WAIT);
  });

  it('writes the notices in Chinese when the interface is in Chinese', async () => {
    serve([notice(3, { kind: 'refund.quoted' })]);
    await prepare(SESSIONS.operator);
    usePreferencesStore.setState({ locale: 'zh-tw' });
    await i18n.changeLanguage('zh-tw');
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: '消息通知，1 則未讀' }, WAIT));
    expect(await screen.findByText('退票申請 TB003 已報價，請確認', {}, WAIT)).toBeInTheDocument();
  });

  it('asks again when the window gets focus back', async () => {
    const state = serve([]);
    await prepare(SESSIONS.operator);
    renderApp('/profile');
    await screen.findByRole('button', { name: 'Notifications, 0 unread' }, WAIT);
    const before = state.gets;
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await waitFor(() => expect(state.gets).toBe(before + 1), WAIT);
    focusManager.setFocused(undefined);
  });

  it('is not shown before login', async () => {
    await prepare();
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Log in' }, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Notifications/ })).toBeNull();
  });
});
