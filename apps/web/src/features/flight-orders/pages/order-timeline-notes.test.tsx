import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { TIMELINE_NOTE_KEYS } from '@portal/domain/timeline-notes';
import en from '../../../locales/en.json';
import { i18n } from '../../../shared/i18n/i18n';
import { usePreferencesStore } from '../../../shared/stores/preferences-store';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { fullOrder } from '../../../test/flight-order-fixtures';

const WAIT = { timeout: 30_000 };
const SLOW = 40000;

const issued = fullOrder({
  status: 'issued',
  allowedActions: [],
  paymentDeadline: null,
  payment: { state: 'paid', channel: 'balance', paidAt: '2026-11-20T08:40:00.000Z' },
  timeline: [
    { status: 'to_be_paid', at: '2026-11-20T08:30:00.000Z', note: null, noteKey: null, noteParams: null },
    {
      status: 'proceeding',
      at: '2026-11-20T08:40:00.000Z',
      note: 'paid with balance',
      noteKey: 'paidWith',
      noteParams: { channel: 'balance' },
    },
    {
      status: 'issued',
      at: '2026-11-20T08:45:00.000Z',
      note: 'tickets issued',
      noteKey: 'ticketsIssued',
      noteParams: {},
    },
    // An older row: free text, shown as it is.
    {
      status: 'issued',
      at: '2026-11-20T09:00:00.000Z',
      note: 'Booked by phone',
      noteKey: null,
      noteParams: null,
    },
  ],
});

function serveOrder() {
  server.use(
    http.get('/order/v2/flight/orders/status', () => HttpResponse.json(envelope([]))),
    http.get('/order/v2/flight/orders/:id/documents', () => HttpResponse.json(envelope([]))),
    http.get('/order/v2/flight/orders/:id/disruptions', () => HttpResponse.json(envelope([]))),
    http.get('/order/v2/flight/orders/:id', () => HttpResponse.json(envelope(issued))),
  );
}

describe('order timeline notes', () => {
  it('names every note key of the domain in the English texts', () => {
    const notes: Record<string, string> = en.orders.timelineNote;
    expect(TIMELINE_NOTE_KEYS.filter((key) => !notes[key])).toEqual([]);
  });

  it(
    'shows the notes of the timeline in Simplified Chinese, with the payment channel by its name',
    async () => {
      await prepare(SESSIONS.operator);
      usePreferencesStore.setState({ locale: 'zh-cn' });
      await i18n.changeLanguage('zh-cn');
      serveOrder();
      renderApp('/flight/orders/o1');
      const timeline = await screen.findByTestId('order-timeline', {}, WAIT);
      const notes = within(timeline)
        .getAllByTestId('order-timeline-note')
        .map((n) => n.textContent);
      expect(notes).toEqual(['已使用余额支付', '已出票', 'Booked by phone']);
    },
    SLOW,
  );
});
