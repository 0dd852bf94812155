import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SolutionAncillaries } from '@portal/domain/ancillaries';
import { FlightOrder } from '@portal/domain/flight-order';
import { buildApp } from '../../../app';
import { bearer, body, login, testConfig, useTestApp } from '../../../test/app';
import { createSimulatedRegistry } from '../../../simulation/flight/registry';
import { SimulatedSupplier } from '../../../simulation/flight/simulated-supplier';
import { outboundMessages } from '../../notifications/index';
import { ledgerViolations, walletAccounts } from '../../wallet/index';
import { getOrder, issuedOrder } from './after-sales.test-helpers';

const t = useTestApp();
// The suppliers are held here, so that a test can have one refuse what is bought after issue.
const registry = createSimulatedRegistry({ latencyScale: 0, seed: 'portal' });
const gds = registry.get('sim-gds');
if (!(gds instanceof SimulatedSupplier)) throw new Error('no simulated sim-gds');
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp({ config: testConfig(), database: t.database, suppliers: registry });
});
afterAll(() => app.close());
afterEach(() => {
  gds.ancillaryRefusal = null;
});

const minor = (amount: string) => Math.round(Number(amount) * 100);
const walletBalance = async () => (await walletAccounts(t.database.db, 1))[0]?.balanceMinor ?? 0;

/** An issued order, then a paid seat on its first flight and one bag bought after issue, paid from the wallet. */
async function paidPurchase(token: string) {
  const issued = await issuedOrder(app, token, { supplier: 'sim-gds' });
  const read = await app.inject({
    url: `/order/v2/flight/orders/${issued.id}/ancillaries`,
    headers: bearer(token),
  });
  expect(read.statusCode, read.body).toBe(200);
  const offer = SolutionAncillaries.parse(body(read).data);
  const seat = offer.seatMaps[0]?.rows
    .flatMap((r) => r.seats)
    .find((s) => s?.available && minor(s.price.amount) > 0 && !s.features.includes('exit_row'));
  const bag = offer.bags[0];
  if (!seat || !bag) throw new Error('no paid seat or bag');
  const res = await app.inject({
    method: 'POST',
    url: `/order/v2/flight/orders/${issued.id}/ancillaries`,
    headers: { ...bearer(token), 'idempotency-key': crypto.randomUUID() },
    payload: {
      selections: [
        {
          passengerIndex: 0,
          seats: [{ segmentIndex: 0, designator: seat.designator }],
          bags: [{ serviceId: bag.id, quantity: 1 }],
        },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const purchase = FlightOrder.parse(body(res).data);
  const before = await walletBalance();
  const paid = await app.inject({
    method: 'POST',
    url: `/order/v2/flight/orders/${purchase.id}/payment`,
    headers: bearer(token),
    payload: { channel: 'balance' },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const first = issued.segments[0];
  const bagRoute = bag.segmentIndexes
    .map((i) => issued.segments[i])
    .map((s) => `${s?.departure.airport}-${s?.arrival.airport}`)
    .join(', ');
  return {
    purchase,
    before,
    seat: `Seat ${seat.designator} (${first?.departure.airport}-${first?.arrival.airport}): ${seat.price.amount} ${seat.price.currency}`,
    bag: `1 × ${bag.weightKg} kg bag (${bagRoute}): ${bag.price.amount} ${bag.price.currency}`,
    total: `Order total: ${purchase.price.orderTotal.amount} ${purchase.price.orderTotal.currency}`,
  };
}

/** The text of the e-mails of `kind` about an order. */
async function emails(orderId: string, kind: 'ancillary.confirmed' | 'ancillary.refused') {
  const rows = await t.database.db
    .select({ target: outboundMessages.target, payload: outboundMessages.payload })
    .from(outboundMessages)
    .where(
      and(
        eq(outboundMessages.orderId, orderId),
        eq(outboundMessages.kind, kind),
        eq(outboundMessages.channel, 'email'),
      ),
    );
  return rows.map((r) => ({ target: r.target, subject: r.payload.subject, text: String(r.payload.text) }));
}

describe('the e-mails of seats and bags bought after issue', () => {
  it('tells the booking contact when the airline confirms: the passenger, each seat and bag with its flight and price', async () => {
    const token = await login(app);
    const { purchase, seat, bag, total } = await paidPurchase(token);
    await app.runDueJobs(new Date(Date.now() + 60_000));
    expect((await getOrder(app, token, purchase.id)).status).toBe('issued');

    const [mail, ...more] = await emails(purchase.id, 'ancillary.confirmed');
    expect(more).toEqual([]);
    expect(mail?.target).toBe(purchase.contact.email);
    expect(mail?.subject).toBe(`Seats and bags of ${purchase.bookingNumber} confirmed`);
    expect(mail?.text).toContain('The airline confirmed the seats and bags');
    expect(mail?.text).toContain(`ZHANG/WEI (Adult)`);
    expect(mail?.text).toContain(`${seat}; ${bag}`);
    expect(mail?.text).toContain(total);
    expect(await emails(purchase.id, 'ancillary.refused')).toEqual([]);
  });

  it('tells the booking contact when the airline refuses, with its reason, and the money is back in the wallet', async () => {
    const token = await login(app);
    const { purchase, before, seat, bag, total } = await paidPurchase(token);
    gds.ancillaryRefusal = 'No seat changes on this flight';
    await app.runDueJobs(new Date(Date.now() + 60_000));
    expect((await getOrder(app, token, purchase.id)).status).toBe('failed_reimbursed');
    expect(await walletBalance()).toBe(before);

    const [mail, ...more] = await emails(purchase.id, 'ancillary.refused');
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Seats and bags of ${purchase.bookingNumber} refused`);
    expect(mail?.text).toContain('The tickets are not changed. The money is credited to your wallet.');
    expect(mail?.text).not.toContain('card');
    expect(mail?.text).toContain('Reason: No seat changes on this flight');
    expect(mail?.text).toContain(`${seat}; ${bag}`);
    expect(mail?.text).toContain(total);
    expect(await emails(purchase.id, 'ancillary.confirmed')).toEqual([]);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
});
