import { describe, expect, it } from 'vitest';
import { bearer, body, login, useTestApp } from '../../test/app';
import { idCardPassenger, pickTrain, trainContact } from './train-orders.test-helpers';

/** A train booking's price and contact are checked as a flight booking's are: 400, never 500. */
const t = useTestApp();

async function book(token: string, key: string, change: (payload: Record<string, unknown>) => object) {
  const { train, price } = await pickTrain(t.app, token, { seats: 1 });
  const payload = {
    trainId: train.id,
    seatClass: 'second',
    expectedPrice: price,
    passengers: [idCardPassenger()],
    contact: trainContact(),
  };
  return t.app.inject({
    method: 'POST',
    url: '/order/v2/train/orders',
    headers: { ...bearer(token), 'accept-language': 'en', 'idempotency-key': key },
    payload: change(payload),
  });
}

describe('a train booking', () => {
  it.each(['1234.567', '0.001', '123456789012345678901234567890'])(
    'refuses an expected price of %s (too precise for CNY, or beyond any balance) with 400',
    async (amount) => {
      const token = await login(t.app, 'operator');
      const res = await book(token, `price-${amount}`, (p) => ({
        ...p,
        expectedPrice: { amount, currency: 'CNY' },
      }));
      expect(res.statusCode, res.body).toBe(400);
      expect(body(res).code).toBe(100001);
    },
  );

  it('refuses a contact phone that is not a number of its area code, naming the field', async () => {
    const token = await login(t.app, 'operator');
    const res = await book(token, 'contact-phone', (p) => ({
      ...p,
      contact: { ...trainContact(), phone: { areaCode: '86', number: "O'BRIEN" } },
    }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain('contact.phone.invalid');
    expect(res.body).toContain('contact.phone.number');
  });
});
