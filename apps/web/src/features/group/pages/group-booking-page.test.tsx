import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { SESSIONS } from '../../../test/fixtures';
import { prepare, renderApp } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { newDraft, useGroupDraft } from '../lib/draft-store';
import { testGroupOrder } from '../lib/test-orders';

const WAIT = { timeout: 30_000 };
const SLOW = 40000;

beforeEach(() => {
  useGroupDraft.getState().clear();
});

beforeEach(() => {
  // The order layout's side menu asks for the flight orders' pending counts.
  server.use(http.get('/order/v2/flight/orders/status', () => HttpResponse.json(envelope([]))));
});

describe('group booking request', () => {
  it(
    'starts with 10 adults, 10 children and 0 infants and refuses an incomplete or too small group',
    async () => {
      await prepare(SESSIONS.operator);
      renderApp('/flight/group/booking');
      const page = within(await screen.findByTestId('group-booking-page', {}, WAIT));
      expect(page.getByTestId('group-quote-notice')).toHaveTextContent(
        'Quotes come in 1 to 2 business days; seats are not held.',
      );
      const adults = page.getByLabelText('Adults');
      expect(adults).toHaveValue('10');
      expect(page.getByLabelText('Children')).toHaveValue('10');
      expect(page.getByLabelText('Infants')).toHaveValue('0');

      await userEvent.click(page.getByTestId('group-booking-next'));
      expect(await page.findByText('Choose the origin')).toBeInTheDocument();
      expect(page.getByText('Choose the destination')).toBeInTheDocument();
      expect(page.getByText('Choose the date')).toBeInTheDocument();

      // 4 adults and 5 children are not a group; 5 infants for 4 adults are too many.
      fireEvent.change(adults, { target: { value: '4' } });
      fireEvent.blur(adults);
      fireEvent.change(page.getByLabelText('Children'), { target: { value: '5' } });
      fireEvent.blur(page.getByLabelText('Children'));
      expect(await page.findByText('A group needs at least 10 passengers')).toBeInTheDocument();
      fireEvent.change(page.getByLabelText('Infants'), { target: { value: '5' } });
      fireEvent.blur(page.getByLabelText('Infants'));
      expect(await page.findByText('At most one infant per adult')).toBeInTheDocument();
      expect(useGroupDraft.getState().sendKey).toBeNull();
      expect(useGroupDraft.getState().draft.passengers).toEqual({ adult: 4, child: 5, infant: 5 });
    },
    SLOW,
  );

  it(
    'reviews the draft and sends it once with its Idempotency-Key, then opens the new order',
    async () => {
      // Logging in starts from no draft: the draft is written after.
      await prepare(SESSIONS.operator);
      const draft = newDraft();
      useGroupDraft.getState().update({
        ...draft,
        journeys: [
          {
            origin: 'PEK',
            destination: 'SHA',
            date: '2099-01-20',
            returnDate: '2099-01-25',
            remark: 'Morning',
          },
        ],
        acceptChangeFlight: true,
      });
      useGroupDraft.getState().markReady();
      const key = useGroupDraft.getState().sendKey;
      const sent: { body: unknown; key: string | null }[] = [];
      const created = testGroupOrder({
        status: 'to_be_quote',
        statusColor: 'warning',
        quotes: [],
        allowedActions: ['cancel'],
      });
      server.use(
        http.post('/order/v2/group/orders', async ({ request }) => {
          sent.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
          return HttpResponse.json(envelope(created));
        }),
        http.get('/order/v2/group/orders/:id', () => HttpResponse.json(envelope(created))),
        http.get('/order/v2/group/orders/:id/passengers', () =>
          HttpResponse.json(
            envelope({
              state: 'missing',
              counts: created.request.passengers,
              deadline: null,
              restrictions: null,
              passengers: [],
              uploadedAt: null,
              confirmedAt: null,
              allowedActions: [],
            }),
          ),
        ),
      );
      renderApp('/flight/group/booking/confirm');
      const page = within(await screen.findByTestId('group-booking-confirm-page', {}, WAIT));
      expect(page.getByTestId('group-request-passengers')).toHaveTextContent(
        '10 adults, 10 children, 0 infants',
      );
      expect(page.getByText('Morning')).toBeInTheDocument();

      await userEvent.click(page.getByTestId('group-send'));
      expect(await screen.findByTestId('group-booking-number', {}, WAIT)).toHaveTextContent('G2611200001');
      expect(sent).toEqual([
        {
          key,
          body: {
            journeys: [
              {
                origin: 'PEK',
                destination: 'SHA',
                date: '2099-01-20',
                returnDate: '2099-01-25',
                remark: 'Morning',
              },
            ],
            isChangeDate: false,
            acceptChangeFlight: true,
            passengers: { adult: 10, child: 10, infant: 0 },
          },
        },
      ]);
      expect(key).toMatch(/^[0-9a-f-]{36}$/);
      await waitFor(() => expect(useGroupDraft.getState().sendKey).toBeNull());
    },
    SLOW,
  );
});
