import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/errors';
import { login, useTestApp } from '../../../test/app';
import { flightOrders, type FlightOrderRow } from '../flight-orders.schema';
import { issuedOrder } from './after-sales.test-helpers';
import { claimTickets, claimedPaid, releaseClaims, splitByWeights, ticketShares } from './claims';

const t = useTestApp();

async function row(id: string): Promise<FlightOrderRow> {
  const [found] = await t.database.db.select().from(flightOrders).where(eq(flightOrders.id, id));
  if (!found) throw new Error('no order');
  return found;
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  return error instanceof AppError ? error.errorName : String(error);
}

describe('what was paid per ticket-segment', () => {
  it('splits by weight with largest remainders, summing exactly', () => {
    expect(splitByWeights(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitByWeights(1001, [3, 1])).toEqual([751, 250]);
    expect(splitByWeights(7, [0, 0])).toEqual([4, 3]);
    expect(splitByWeights(0, [5, 2])).toEqual([0, 0]);
    for (let n = 0; n < 200; n += 1) {
      const total = crypto.randomInt(0, 10_000_000);
      const weights = Array.from({ length: crypto.randomInt(1, 9) }, () => crypto.randomInt(0, 500_000));
      const shares = splitByWeights(total, weights);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
      expect(shares.every((s) => Number.isSafeInteger(s) && s >= 0)).toBe(true);
    }
  });

  it('shares of a paid party of two sum to the order total, one per passenger and segment', async () => {
    const token = await login(t.app);
    const order = await issuedOrder(t.app, token, { adults: 2 });
    const stored = await row(order.id);
    const shares = ticketShares(stored, stored.orderTotalMinor);
    expect(shares).toHaveLength(2 * order.segments.length);
    expect(shares.reduce((a, s) => a + s.paidMinor, 0)).toBe(stored.orderTotalMinor);
    // Two adults pay the same fare: their shares differ by at most one minor unit.
    const perPassenger = order.passengers.map((p) =>
      shares.filter((s) => s.passengerId === p.id).reduce((a, s) => a + s.paidMinor, 0),
    );
    expect(Math.abs((perPassenger[0] ?? 0) - (perPassenger[1] ?? 0))).toBeLessThanOrEqual(1);
  });
});

describe('ticket claims', () => {
  it('holds a ticket-segment in one live request; released, it can be claimed again', async () => {
    const token = await login(t.app);
    const order = await issuedOrder(t.app, token, { adults: 2 });
    const stored = await row(order.id);
    const [first, second] = order.passengers;
    if (!first || !second) throw new Error('two passengers');
    const db = t.database.db;
    // Claims reference after-sales orders: the original itself stands in for them here.
    const claim = (passengerIds: string[], afterSalesOrderId = order.id) =>
      db.transaction((tx) =>
        claimTickets(tx, {
          order: stored,
          selection: { passengerIds, segmentIndexes: [0] },
          afterSalesOrderId,
          kind: 'refund',
        }),
      );

    const claims = await claim([first.id]);
    expect(claims).toHaveLength(1);
    expect(await claimedPaid(db, order.id)).toBe(claims[0]?.paidMinor);
    expect(await refusal(claim([first.id]))).toBe('TICKET_IN_AFTER_SALES');
    expect(await refusal(claim([second.id, first.id]))).toBe('TICKET_IN_AFTER_SALES');
    // The refused request claimed nothing: the second passenger is still free.
    expect(await claim([second.id])).toHaveLength(1);

    expect(await db.transaction((tx) => releaseClaims(tx, order.id, new Date()))).toBe(2);
    expect(await claim([first.id, second.id])).toHaveLength(2);
  });

  it('refuses a selection naming another order passenger or a segment the order does not have', async () => {
    const token = await login(t.app);
    const order = await issuedOrder(t.app, token);
    const stored = await row(order.id);
    const claim = (passengerIds: string[], segmentIndexes: number[]) =>
      t.database.db.transaction((tx) =>
        claimTickets(tx, {
          order: stored,
          selection: { passengerIds, segmentIndexes },
          afterSalesOrderId: order.id,
          kind: 'void',
        }),
      );
    expect(await refusal(claim(['someone-else'], [0]))).toBe('ILLEGAL_INPUT');
    expect(await refusal(claim([order.passengers[0]?.id ?? ''], [order.segments.length]))).toBe(
      'ILLEGAL_INPUT',
    );
  });
});
