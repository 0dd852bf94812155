import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refundableTotal } from '@portal/domain/after-sales';
import type { OrderPassenger } from '@portal/domain/flight-order';
import type { Solution } from '@portal/domain/shopping';
import type { Db } from '../../platform/db';
import { agencies } from '../agencies/index';
import { AppError } from '../../platform/errors';
import { useTestApp } from '../../test/app';
import { claimTickets, releaseClaims, ticketShares } from '../flight-orders/index';
import { flightOrders, type FlightOrderRow } from '../flight-orders/index';
import type { Offer } from '../shopping/index';
import { ledgerViolations } from './ledger.invariants';
import { payFromBalance } from './pay-from-balance';
import { reimburse } from './reimburse';
import { setCreditLimit } from './set-credit-limit';
import { topUp } from './top-up';
import { walletAccounts } from './wallet.repo';

const t = useTestApp();

const CURRENCIES = ['CNY', 'USD'] as const;
type Cur = (typeof CURRENCIES)[number];

type Command =
  | { op: 'topUp'; currency: Cur; amount: number }
  | { op: 'pay'; currency: Cur; amount: number; order: number }
  | { op: 'reimburse'; currency: Cur; order: number }
  | { op: 'credit'; currency: Cur; limit: number };

const currency = fc.constantFrom(...CURRENCIES);
const amount = fc.integer({ min: 1, max: 50_000 });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ op: fc.constant('topUp' as const), currency, amount }),
  fc.record({ op: fc.constant('pay' as const), currency, amount, order: fc.integer({ min: 1, max: 12 }) }),
  fc.record({ op: fc.constant('reimburse' as const), currency, order: fc.integer({ min: 1, max: 12 }) }),
  fc.record({ op: fc.constant('credit' as const), currency, limit: fc.integer({ min: 0, max: 40_000 }) }),
);

interface Model {
  balance: Record<Cur, number>;
  credit: Record<Cur, number>;
  paid: Map<string, { currency: Cur; amount: number }>;
  reimbursed: Set<string>;
}

async function expectCode(run: Promise<unknown>, name: string): Promise<void> {
  const error: unknown = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).errorName).toBe(name);
}

describe('ledger properties', () => {
  it('refuses a second payment of a paid order as such, even in a currency the wallet cannot afford', async () => {
    // Regression: found by the property below (top up USD, pay order 1 in USD, pay order 1 in CNY
    // was answered INSUFFICIENT_BALANCE instead of the duplicate payment it is).
    const { db } = t.database;
    const [agency] = await db
      .insert(agencies)
      .values({
        name: 'Duplicate payment',
        commonConfig: {
          enableFlightService: true,
          enableTrainService: true,
          isShowBill: true,
          canCreateSubAgency: false,
          settlementCurrency: 'CNY',
        },
      })
      .returning({ id: agencies.id });
    if (!agency) throw new Error('no agency');
    const base = { agencyId: agency.id, amountMinor: 100, orderId: 'DUP-1', kind: 'origin-flight' as const };
    await db.transaction((tx) =>
      topUp(tx, { agencyId: agency.id, currency: 'USD', amountMinor: 100, reference: 'T1' }),
    );
    await db.transaction((tx) => payFromBalance(tx, { ...base, currency: 'USD' }));
    await expectCode(
      db.transaction((tx) => payFromBalance(tx, { ...base, currency: 'CNY' })),
      'ILLEGAL_TRANSITION',
    );
  });

  it('keeps every entry balanced, balances equal to their postings, wallets within credit and money conserved', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
        run += 1;
        const { db } = t.database;
        const [agency] = await db
          .insert(agencies)
          .values({
            name: `Property ${run}`,
            commonConfig: {
              enableFlightService: true,
              enableTrainService: true,
              isShowBill: true,
              canCreateSubAgency: false,
              settlementCurrency: 'CNY',
            },
          })
          .returning({ id: agencies.id });
        if (!agency) throw new Error('no agency');
        const agencyId = agency.id;
        const model: Model = {
          balance: { CNY: 0, USD: 0 },
          credit: { CNY: 0, USD: 0 },
          paid: new Map(),
          reimbursed: new Set(),
        };

        for (const c of commands) {
          const orderId = 'order' in c ? `P${run}-${c.order}` : '';
          if (c.op === 'topUp') {
            await db.transaction((tx) =>
              topUp(tx, { agencyId, currency: c.currency, amountMinor: c.amount, reference: randomUUID() }),
            );
            model.balance[c.currency] += c.amount;
          } else if (c.op === 'pay') {
            const pay = db.transaction((tx) =>
              payFromBalance(tx, {
                agencyId,
                currency: c.currency,
                amountMinor: c.amount,
                orderId,
                kind: 'origin-flight',
              }),
            );
            if (model.paid.has(orderId)) await expectCode(pay, 'ILLEGAL_TRANSITION');
            else if (model.balance[c.currency] + model.credit[c.currency] < c.amount) {
              await expectCode(pay, 'INSUFFICIENT_BALANCE');
            } else {
              await pay;
              model.balance[c.currency] -= c.amount;
              model.paid.set(orderId, { currency: c.currency, amount: c.amount });
            }
          } else if (c.op === 'reimburse') {
            const paid = model.paid.get(orderId);
            if (!paid) continue;
            const back = db.transaction((tx) =>
              reimburse(tx, { agencyId, currency: paid.currency, amountMinor: paid.amount, orderId }),
            );
            if (model.reimbursed.has(orderId)) await expectCode(back, 'ILLEGAL_TRANSITION');
            else {
              await back;
              model.balance[paid.currency] += paid.amount;
              model.reimbursed.add(orderId);
            }
          } else {
            const set = db.transaction((tx) =>
              setCreditLimit(tx, { agencyId, currency: c.currency, creditLimitMinor: c.limit }),
            );
            if (model.balance[c.currency] + c.limit < 0) await expectCode(set, 'INSUFFICIENT_BALANCE');
            else {
              await set;
              model.credit[c.currency] = c.limit;
            }
          }
          expect(await ledgerViolations(db)).toEqual([]);
        }
        for (const w of await walletAccounts(db, agencyId)) {
          const cur = w.currency as Cur;
          expect(w.balanceMinor).toBe(model.balance[cur]);
          expect(w.creditLimitMinor).toBe(model.credit[cur]);
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});

/** After-sales money: payments, change payments, refunds and voids of tickets of flight orders. */
type FlightCommand =
  | { op: 'topUp'; currency: Cur; amount: number }
  | { op: 'pay'; currency: Cur; amount: number; order: number }
  | { op: 'changePay'; order: number; amount: number }
  | {
      op: 'refund' | 'void' | 'reject';
      order: number;
      passengers: number;
      segments: number;
      feePercent: number;
    };

const PASSENGER_TYPES = ['adult', 'adult', 'child'] as const;
const SEGMENTS = 2;

const ticketCommand: fc.Arbitrary<FlightCommand> = fc.oneof(
  fc.record({ op: fc.constant('topUp' as const), currency, amount: fc.integer({ min: 1, max: 200_000 }) }),
  fc.record({ op: fc.constant('pay' as const), currency, amount, order: fc.integer({ min: 1, max: 4 }) }),
  fc.record({
    op: fc.constant('changePay' as const),
    order: fc.integer({ min: 1, max: 4 }),
    amount: fc.integer({ min: 1, max: 5_000 }),
  }),
  fc.record({
    op: fc.constantFrom('refund' as const, 'void' as const, 'reject' as const),
    order: fc.integer({ min: 1, max: 4 }),
    // Bit masks: which of the 3 passengers and 2 segments.
    passengers: fc.integer({ min: 1, max: 7 }),
    segments: fc.integer({ min: 1, max: 3 }),
    feePercent: fc.integer({ min: 0, max: 120 }),
  }),
);

/** A flight order row of 3 passengers (2 adults, 1 child) on 2 segments, paid `amount`. */
function orderRow(
  agencyId: number,
  cur: Cur,
  amount: number,
  type: FlightOrderRow['type'],
  original?: string,
) {
  const segment = {
    marketingCarrier: 'MU',
    flightNumber: '5101',
    departure: { airport: 'PEK' },
    arrival: { airport: 'SHA' },
  };
  const solution = {
    legs: [{ segments: Array.from({ length: SEGMENTS }, () => segment) }],
    priceDetail: {
      priceList: [
        { passengerType: 'adult', count: 2, salePrice: '1000.00' },
        { passengerType: 'child', count: 1, salePrice: '750.00' },
      ],
    },
  } as unknown as Solution;
  const passengers = PASSENGER_TYPES.map((type, i) => ({ id: `p${i}`, type }) as unknown as OrderPassenger);
  return {
    bookingNumber: `L${randomUUID().slice(0, 12)}`,
    agencyId,
    userId: 1,
    type,
    status:
      type === 'origin'
        ? ('issued' as const)
        : type === 'change'
          ? ('changed' as const)
          : ('rfd_proceeding' as const),
    supplier: 'sim',
    solutionId: 'S',
    solution,
    offer: {} as Offer,
    passengers,
    contact: { name: 'L', email: 'l@example.com', phone: { areaCode: '86', number: '13800138000' } },
    currency: cur,
    saleTotalMinor: amount,
    orderTotalMinor: amount,
    costMinor: 0,
    costCurrency: cur,
    prices: { ticketPriceMinor: 0, taxMinor: 0, fuelSurchargeMinor: 0, airportTaxMinor: 0 },
    airline: 'MU',
    departureAt: new Date(),
    paymentState: 'paid' as const,
    ticketingTier: 'T1',
    originalBookingId: original ?? null,
  };
}

async function insertRow(tx: Db, row: ReturnType<typeof orderRow>): Promise<FlightOrderRow> {
  const [inserted] = await tx.insert(flightOrders).values(row).returning();
  if (!inserted) throw new Error('order not inserted');
  return inserted;
}

describe('ledger properties with after-sales', () => {
  it('flags a refund credited above what its tickets cost, and a ticket credited twice', async () => {
    const { db } = t.database;
    const [agency] = await db
      .insert(agencies)
      .values({
        name: 'Invariant check',
        commonConfig: {
          enableFlightService: true,
          enableTrainService: true,
          isShowBill: true,
          canCreateSubAgency: false,
          settlementCurrency: 'CNY',
        },
      })
      .returning({ id: agencies.id });
    if (!agency) throw new Error('no agency');
    const agencyId = agency.id;
    await db.transaction((tx) =>
      topUp(tx, { agencyId, currency: 'CNY', amountMinor: 10_000, reference: randomUUID() }),
    );
    const original = await db.transaction(async (tx) => {
      const row = await insertRow(tx, orderRow(agencyId, 'CNY', 10_000, 'origin'));
      await payFromBalance(tx, {
        agencyId,
        currency: 'CNY',
        amountMinor: 10_000,
        orderId: row.id,
        kind: 'origin-flight',
      });
      return row;
    });
    const selection = { passengerIds: ['p0'], segmentIndexes: [0] };
    await db.transaction(async (tx) => {
      const refund = await insertRow(tx, orderRow(agencyId, 'CNY', 0, 'refund', original.id));
      const [claim] = await claimTickets(tx, {
        order: original,
        selection,
        afterSalesOrderId: refund.id,
        kind: 'refund',
      });
      // One minor unit more than the ticket cost.
      await reimburse(tx, {
        agencyId,
        currency: 'CNY',
        amountMinor: (claim?.paidMinor ?? 0) + 1,
        orderId: refund.id,
        kind: 'refund-flight',
      });
      await releaseClaims(tx, refund.id, new Date());
    });
    await db.transaction(async (tx) => {
      const voided = await insertRow(tx, orderRow(agencyId, 'CNY', 0, 'void', original.id));
      await claimTickets(tx, { order: original, selection, afterSalesOrderId: voided.id, kind: 'void' });
      await reimburse(tx, {
        agencyId,
        currency: 'CNY',
        amountMinor: 1,
        orderId: voided.id,
        kind: 'void-flight',
      });
    });
    const problems = await ledgerViolations(db);
    expect(problems.some((p) => p.includes('above') && p.includes('paid'))).toBe(true);
    expect(problems.some((p) => p.includes('credited by 2 refunds or voids'))).toBe(true);
  });

  it('refunds, voids and change payments: entries balanced, balances equal postings, and per ticket refunded + voided never above paid', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(ticketCommand, { minLength: 1, maxLength: 25 }), async (commands) => {
        run += 1;
        const { db } = t.database;
        const [agency] = await db
          .insert(agencies)
          .values({
            name: `After-sales property ${run}`,
            commonConfig: {
              enableFlightService: true,
              enableTrainService: true,
              isShowBill: true,
              canCreateSubAgency: false,
              settlementCurrency: 'CNY',
            },
          })
          .returning({ id: agencies.id });
        if (!agency) throw new Error('no agency');
        const agencyId = agency.id;
        const balance: Record<Cur, number> = { CNY: 0, USD: 0 };
        const orders = new Map<number, FlightOrderRow>();
        /** Per order: the ticket-segments taken for good, and what came back. */
        const taken = new Map<number, Set<string>>();
        const back = new Map<number, number>();

        for (const c of commands) {
          if (c.op === 'topUp') {
            await db.transaction((tx) =>
              topUp(tx, { agencyId, currency: c.currency, amountMinor: c.amount, reference: randomUUID() }),
            );
            balance[c.currency] += c.amount;
          } else if (c.op === 'pay') {
            if (orders.has(c.order)) continue;
            const pay = db.transaction(async (tx) => {
              const row = await insertRow(tx, orderRow(agencyId, c.currency, c.amount, 'origin'));
              await payFromBalance(tx, {
                agencyId,
                currency: c.currency,
                amountMinor: c.amount,
                orderId: row.id,
                kind: 'origin-flight',
              });
              return row;
            });
            if (balance[c.currency] < c.amount) await expectCode(pay, 'INSUFFICIENT_BALANCE');
            else {
              orders.set(c.order, await pay);
              balance[c.currency] -= c.amount;
            }
          } else if (c.op === 'changePay') {
            const original = orders.get(c.order);
            if (!original) continue;
            const cur = original.currency as Cur;
            const pay = db.transaction(async (tx) => {
              const change = await insertRow(tx, orderRow(agencyId, cur, c.amount, 'change', original.id));
              await payFromBalance(tx, {
                agencyId,
                currency: cur,
                amountMinor: c.amount,
                orderId: change.id,
                kind: 'change-flight',
              });
            });
            if (balance[cur] < c.amount) await expectCode(pay, 'INSUFFICIENT_BALANCE');
            else {
              await pay;
              balance[cur] -= c.amount;
            }
          } else {
            const original = orders.get(c.order);
            if (!original) continue;
            const cur = original.currency as Cur;
            const passengerIds = PASSENGER_TYPES.map((_, i) => `p${i}`).filter(
              (_, i) => c.passengers & (1 << i),
            );
            const segmentIndexes = [0, 1].filter((i) => c.segments & (1 << i));
            const keys = passengerIds.flatMap((p) => segmentIndexes.map((s) => `${p}/${s}`));
            const done = taken.get(c.order) ?? new Set<string>();
            const shares = ticketShares(original, original.orderTotalMinor).filter(
              (share) =>
                passengerIds.includes(share.passengerId) && segmentIndexes.includes(share.segmentIndex),
            );
            const paid = shares.reduce((sum, share) => sum + share.paidMinor, 0);
            const fee = Math.ceil((paid * c.feePercent) / 100);
            const credit = refundableTotal(paid, fee, 0);
            const type = c.op === 'void' ? 'void' : 'refund';
            const attempt = db.transaction(async (tx) => {
              const created = await insertRow(tx, orderRow(agencyId, cur, credit, type, original.id));
              await claimTickets(tx, {
                order: original,
                selection: { passengerIds, segmentIndexes },
                afterSalesOrderId: created.id,
                kind: type,
              });
              // A rejected request ends without effect: its claims are released, nothing is credited.
              if (c.op === 'reject') await releaseClaims(tx, created.id, new Date());
              else if (credit > 0) {
                await reimburse(tx, {
                  agencyId,
                  currency: cur,
                  amountMinor: credit,
                  orderId: created.id,
                  kind: c.op === 'void' ? 'void-flight' : 'refund-flight',
                });
              }
            });
            if (keys.some((k) => done.has(k))) await expectCode(attempt, 'TICKET_IN_AFTER_SALES');
            else {
              await attempt;
              if (c.op !== 'reject') {
                for (const k of keys) done.add(k);
                taken.set(c.order, done);
                balance[cur] += credit;
                back.set(c.order, (back.get(c.order) ?? 0) + credit);
              }
            }
          }
          expect(await ledgerViolations(db)).toEqual([]);
        }
        for (const [n, order] of orders) expect(back.get(n) ?? 0).toBeLessThanOrEqual(order.orderTotalMinor);
        for (const w of await walletAccounts(db, agencyId)) {
          expect(w.balanceMinor).toBe(balance[w.currency as Cur]);
        }
      }),
      { numRuns: 25 },
    );
  }, 180_000);
});
