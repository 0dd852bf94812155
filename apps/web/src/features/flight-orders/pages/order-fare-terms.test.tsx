import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n';
import { usePreferencesStore } from '../../../shared/stores/preferences-store';
import { SESSIONS } from '../../../test/fixtures';
import { LOW_COST_RULES } from '../../../test/fare-terms-fixtures';
import { makeSolution } from '../../../test/flight-fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { fullOrder } from '../../../test/flight-order-fixtures';

const WAIT = { timeout: 30_000 };
const SLOW = 40_000;

describe('the fare terms of an order', () => {
  it(
    'shows the terms the order was booked with on its detail, in Chinese, with the airline wording',
    async () => {
      await prepare(SESSIONS.operator);
      usePreferencesStore.setState({ locale: 'zh-cn' });
      await i18n.changeLanguage('zh-cn');
      const order = fullOrder({
        status: 'issued',
        allowedActions: [],
        fareRules: LOW_COST_RULES,
        baggage: makeSolution({ id: 's1', checkedPieces: 0 }).baggage,
      });
      server.use(
        http.get('/order/v2/flight/orders/status', () => HttpResponse.json(envelope([]))),
        http.get('/order/v2/flight/orders/:id/documents', () => HttpResponse.json(envelope([]))),
        http.get('/order/v2/flight/orders/:id/disruptions', () => HttpResponse.json(envelope([]))),
        http.get('/order/v2/flight/orders/:id', () => HttpResponse.json(envelope(order))),
      );
      renderApp('/flight/orders/o1');
      const card = await screen.findByTestId('order-fare-terms', {}, WAIT);
      expect(card).toHaveTextContent('改签与退票规则');
      expect(within(card).getByTestId('fare-terms-change')).toHaveTextContent(
        '起飞前 2 至 7 天: CNY 300.00 每航段',
      );
      expect(within(card).getByTestId('fare-terms-refund')).toHaveTextContent('仅退还税费');
      expect(within(card).getByTestId('fare-terms-wording')).toHaveTextContent('Non-refundable');
    },
    SLOW,
  );
});
