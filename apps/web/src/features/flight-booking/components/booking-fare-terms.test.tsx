import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n';
import { useFlightSearchStore } from '../../../shared/stores/flight-search-store';
import { usePreferencesStore } from '../../../shared/stores/preferences-store';
import { LOW_COST_RULES } from '../../../test/fare-terms-fixtures';
import { makeSolution } from '../../../test/flight-fixtures';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';

const WAIT = { timeout: 30_000 };
const SLOW = 60_000;

// The confirm page is a lazy chunk: load it before the test, outside any wait.
beforeAll(() => import('../../../app/pages/flight-booking-confirm-page'), 120_000);

describe('the booking page', () => {
  it(
    "shows the fare's change and refund terms in Chinese before booking, the airline's wording under them",
    async () => {
      await prepare(SESSIONS.operator);
      usePreferencesStore.setState({ locale: 'zh-cn' });
      await i18n.changeLanguage('zh-cn');
      server.use(
        http.get('/base/v2/often-used-passengers', () =>
          HttpResponse.json(envelope({ list: [], total: 0, page: 1, pageSize: 20 })),
        ),
        http.get('/order/v2/flight/config/payment', () => HttpResponse.json(envelope([]))),
      );
      const solution = { ...makeSolution({ id: 'sol-1', checkedPieces: 0 }), rules: LOW_COST_RULES };
      useFlightSearchStore.getState().setVerified({ solution, clearPassengers: false });
      renderApp('/flight/booking/confirm');
      const rules = await screen.findByTestId('fare-rules', {}, WAIT);
      expect(within(rules).getByTestId('fare-terms-change')).toHaveTextContent(
        '起飞前 48 小时内: CNY 300.00 每航段',
      );
      expect(within(rules).getByTestId('fare-terms-refund')).toHaveTextContent('允许 · 仅退还税费');
      expect(within(rules).getByTestId('fare-terms-wording')).toHaveTextContent(
        'No-show forfeits the fare and taxes',
      );
    },
    SLOW,
  );
});
