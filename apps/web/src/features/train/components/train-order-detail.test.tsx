import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { TRAIN_TIMELINE_NOTE_KEYS, type TrainOrder } from '@portal/domain/train-order';
import en from '../../../locales/en.json';
import zhCn from '../../../locales/zh-cn.json';
import zhTw from '../../../locales/zh-tw.json';
import { i18n } from '../../../shared/i18n/i18n';
import { usePreferencesStore } from '../../../shared/stores/preferences-store';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { listItem, ticketedOrder } from '../test-fixtures';

const WAIT = { timeout: 30000 };
const SLOW = 120000;

/** A ticketed order whose refund the railway refused, with the notes the API writes. */
const refusedRefund = ticketedOrder({
  timeline: [
    {
      status: 'to_be_paid',
      at: '2030-04-20T01:50:00.000Z',
      note: 'Booked by trainop',
      noteKey: 'bookedBy',
      noteParams: { user: 'trainop' },
    },
    {
      status: 'proceeding',
      at: '2030-04-20T02:00:00.000Z',
      note: 'Paid with the balance',
      noteKey: 'paidWithBalance',
      noteParams: {},
    },
    { status: 'ticketed', at: '2030-04-20T02:01:00.000Z', note: null, noteKey: null, noteParams: null },
    {
      status: 'refunding',
      at: '2030-04-28T01:00:00.000Z',
      note: 'Refund asked by trainop; fee 5 %',
      noteKey: 'refundAskedBy',
      noteParams: { user: 'trainop', percent: '5' },
    },
    // The railway's own reason: no key, shown as it is.
    {
      status: 'ticketed',
      at: '2030-04-28T01:00:02.000Z',
      note: 'No ticketed booking',
      noteKey: null,
      noteParams: null,
    },
  ],
});

/** The list and the detail of one order. */
function serveOrder(order: TrainOrder) {
  server.use(
    http.get('/order/v2/train/orders', () =>
      HttpResponse.json(
        envelope({
          list: [listItem(order)],
          total: 1,
          page: 1,
          pageSize: 20,
        }),
      ),
    ),
    http.get('/order/v2/train/orders/:id', () => HttpResponse.json(envelope(order))),
  );
}

async function openDetail(order: TrainOrder, locale: 'en' | 'zh-cn') {
  await prepare(SESSIONS.trainop);
  usePreferencesStore.setState({ locale });
  await i18n.changeLanguage(locale);
  serveOrder(order);
  renderApp('/train/orders');
  await userEvent.click(await screen.findByRole('button', { name: order.bookingNumber }, WAIT));
  return within(await screen.findByTestId('train-order-detail', {}, WAIT));
}

describe('train order detail: timeline notes and a refused refund', () => {
  it('has a text for every train note key in the three locales', () => {
    for (const texts of [en, zhCn, zhTw]) {
      const notes: Record<string, string> = texts.trainOrders.timelineNote;
      expect(TRAIN_TIMELINE_NOTE_KEYS.filter((key) => !notes[key])).toEqual([]);
    }
  });

  it(
    "shows the portal's notes in Simplified Chinese, the railway's reason as it is, and warns of the refused refund",
    async () => {
      const detail = await openDetail(refusedRefund, 'zh-cn');
      const notes = detail.getAllByTestId('train-timeline-note').map((n) => n.textContent);
      expect(notes).toEqual([
        'trainop 预订',
        '已使用余额支付',
        'trainop 申请退票，手续费 5%',
        'No ticketed booking',
      ]);
      const warning = detail.getByTestId('train-refund-refused');
      expect(warning).toHaveTextContent('铁路未办理退票，车票仍然有效');
      expect(warning).toHaveTextContent('No ticketed booking');
    },
    SLOW,
  );

  it(
    'shows an older note that has no key as it is, and no warning on an order ticketed as usual',
    async () => {
      const order = ticketedOrder({
        timeline: [
          { status: 'to_be_paid', at: '2030-04-20T01:50:00.000Z', note: 'Booked by trainop' },
          { status: 'proceeding', at: '2030-04-20T02:00:00.000Z', note: 'Paid with the balance' },
          { status: 'ticketed', at: '2030-04-20T02:01:00.000Z', note: null },
        ],
      });
      const detail = await openDetail(order, 'en');
      const notes = detail.getAllByTestId('train-timeline-note').map((n) => n.textContent);
      expect(notes).toEqual(['Booked by trainop', 'Paid with the balance']);
      expect(detail.queryByTestId('train-refund-refused')).toBeNull();
    },
    SLOW,
  );
});
