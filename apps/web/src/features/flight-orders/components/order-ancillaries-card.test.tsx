import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fullOrder, issuedOrder } from '../../../test/flight-order-fixtures';
import { prepare, renderElement } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { OrderAncillariesCard } from './order-ancillaries-card';

const money = (amount: string) => ({ amount, currency: 'CNY' as const });

describe('the seats and bags of an order', () => {
  it('lists each passenger seat and bag with its flight, price and state', async () => {
    await prepare();
    renderElement(
      <OrderAncillariesCard
        order={issuedOrder({
          ancillaries: [
            {
              id: 'a1',
              kind: 'seat',
              passengerIndex: 0,
              segmentIndexes: [0],
              designator: '12A',
              serviceId: null,
              quantity: 1,
              weightKg: null,
              price: money('120.00'),
              status: 'booked',
              source: 'booking',
            },
            {
              id: 'a2',
              kind: 'bag',
              passengerIndex: 0,
              segmentIndexes: [0],
              designator: null,
              serviceId: 'BAG23-L0',
              quantity: 2,
              weightKg: 23,
              price: money('400.00'),
              status: 'booked',
              source: 'purchase',
            },
          ],
        })}
      />,
    );
    const card = await screen.findByTestId('order-ancillaries');
    expect(within(card).getByText('Seat 12A')).toBeInTheDocument();
    expect(within(card).getByText('2 × 23 kg checked bag')).toBeInTheDocument();
    expect(within(card).getByText('added after booking')).toBeInTheDocument();
    expect(within(card).getAllByText('PEK–SHA CA1501')).toHaveLength(2);
  });

  it('shows no card on an unpaid booking without seats or bags', async () => {
    await prepare();
    renderElement(<OrderAncillariesCard order={fullOrder()} />);
    expect(screen.queryByTestId('order-ancillaries')).toBeNull();
  });

  it("opens the issued booking's seat maps to buy more", async () => {
    server.use(
      http.get('/order/v2/flight/orders/:id/ancillaries', () =>
        HttpResponse.json(
          envelope({
            seatMaps: [],
            bags: [
              {
                id: 'BAG23-L0',
                segmentIndexes: [0],
                passengerTypes: ['adult', 'child'],
                pieces: 1,
                weightKg: 23,
                price: money('200.00'),
                maxQuantity: 3,
              },
            ],
          }),
        ),
      ),
    );
    await prepare();
    renderElement(<OrderAncillariesCard order={issuedOrder()} />);
    fireEvent.click(await screen.findByTestId('add-ancillaries'));
    expect(await screen.findByRole('spinbutton', { name: /23 kg checked bag/ })).toBeInTheDocument();
  });
});
