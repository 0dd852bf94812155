import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyAdjustmentChain, type Adjustment } from '@portal/domain/markup';
import { markupLegsOf, unwindLegs, type MarkupLeg } from '@portal/domain/wallet-markup';
import { agencies } from '../agencies/index';
import { users } from '../users/index';
import { AppError } from '../../platform/errors';
import { useTestApp } from '../../test/app';
import { ledgerViolations } from './ledger.invariants';
import { payFromBalance, postCapture } from './pay-from-balance';
import { reimburse } from './reimburse';
import { setCreditLimit } from './set-credit-limit';
import { topUp } from './top-up';
import { transfer } from './transfer';
import { ledgerAccounts } from './wallet.schema';

/**
 * The bank test: over random agency trees (depth up to 3), platform funding of the top, parents'
 * transfers, credit lent down, bookings paid with the balance or a gateway with the chain's
 * markups, and refunds and voids that unwind them, driven through the real ledger functions:
 * every wallet is what a simple model of the money rules says; the sum of all wallets never
 * exceeds what entered at the top (funding, and gateway captures refunded to a wallet) plus the
 * markups earned less those clawed back; no wallet is
 * below minus its credit except through a clawback of markup it earned; platform_cash moves only
 * by the top-level funding; and the ledger invariants hold.
 */
const t = useTestApp();
const CURRENCY = 'CNY';

type Command =
  | { op: 'fund'; amount: number }
  | { op: 'transfer'; node: number; amount: number }
  | { op: 'credit'; node: number; limit: number }
  | { op: 'book'; node: number; net: number; gateway: boolean; adjustments: (Adjustment | null)[] }
  | { op: 'return'; order: number; amount: number };

const adjustment: fc.Arbitrary<Adjustment | null> = fc.oneof(
  fc.constant(null),
  fc.record({
    unit: fc.constant('fixed' as const),
    value: fc.integer({ min: -800, max: 3_000 }),
    limit: fc.constant(0),
  }),
  fc.record({
    unit: fc.constant('percent' as const),
    value: fc.integer({ min: -5, max: 15 }),
    limit: fc.constant(0),
  }),
);
const node = fc.integer({ min: 0, max: 5 });
const money = fc.integer({ min: 1, max: 40_000 });
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ op: fc.constant('fund' as const), amount: money }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('transfer' as const), node, amount: money }) },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('credit' as const),
      node,
      limit: fc.integer({ min: 0, max: 30_000 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('book' as const),
      node,
      net: fc.integer({ min: 100, max: 30_000 }),
      gateway: fc.boolean(),
      adjustments: fc.array(adjustment, { minLength: 3, maxLength: 3 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('return' as const), order: fc.nat(), amount: money }) },
);
/** Parents of agencies 1.. (agency 0 is the top): an index into the agencies made so far of depth < 3. */
const tree = fc.array(fc.nat(), { minLength: 2, maxLength: 5 });

interface Wallet {
  balance: number;
  limit: number;
  lent: number;
  /** Markup given back that the wallet could not cover at the time (what may take it below zero). */
  clawed: number;
}
interface Order {
  id: string;
  gateway: boolean;
  payer: number;
  paid: number;
  returned: number;
  legs: MarkupLeg[];
}

const available = (w: Wallet) => w.balance + w.limit - w.lent;

async function outcome(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.errorName;
    throw error;
  }
}

describe('bank test: money enters only at the top', () => {
  it('keeps every wallet as the money rules say, and no money from nowhere', async () => {
    const { db } = t.database;
    const [user] = await db.select({ id: users.id }).from(users).limit(1);
    if (!user) throw new Error('no user');
    let run = 0;
    await fc.assert(
      fc.asyncProperty(tree, fc.array(command, { minLength: 15, maxLength: 40 }), async (shape, commands) => {
        run += 1;
        const ids: number[] = [];
        const parent: (number | null)[] = [];
        const depth: number[] = [];
        for (let i = 0; i <= shape.length; i++) {
          const eligible = ids.map((_, j) => j).filter((j) => (depth[j] ?? 0) < 2);
          const p = i === 0 ? null : (eligible[(shape[i - 1] ?? 0) % eligible.length] ?? 0);
          const [row] = await db
            .insert(agencies)
            .values({
              name: `Bank ${run}.${i}`,
              proxyLevel: p === null ? 0 : (depth[p] ?? 0) + 1,
              parentId: p === null ? null : (ids[p] ?? null),
              commonConfig: {
                enableFlightService: true,
                enableTrainService: true,
                isShowBill: true,
                canCreateSubAgency: true,
                settlementCurrency: CURRENCY,
              },
            })
            .returning({ id: agencies.id });
          if (!row) throw new Error('no agency');
          ids.push(row.id);
          parent.push(p);
          depth.push(p === null ? 0 : (depth[p] ?? 0) + 1);
        }
        const wallets: Wallet[] = ids.map(() => ({ balance: 0, limit: 0, lent: 0, clawed: 0 }));
        const orders: Order[] = [];
        let funded = 0;
        let markups = 0;
        let capturedBack = 0;
        const chainOf = (i: number): number[] => {
          const chain = [i];
          for (let p = parent[i] ?? null; p !== null; p = parent[p] ?? null) chain.unshift(p);
          return chain;
        };
        const w = (i: number): Wallet => {
          const wallet = wallets[i];
          if (!wallet) throw new Error(`no wallet ${i}`);
          return wallet;
        };
        const id = (i: number): number => ids[i] ?? 0;

        for (const c of commands) {
          if (c.op === 'fund') {
            await db.transaction((tx) =>
              topUp(tx, {
                agencyId: id(0),
                currency: CURRENCY,
                amountMinor: c.amount,
                reference: randomUUID(),
              }),
            );
            w(0).balance += c.amount;
            funded += c.amount;
          } else if (c.op === 'transfer') {
            const child = c.node % ids.length;
            const p = parent[child] ?? null;
            if (p === null) continue;
            const got = await outcome(() =>
              db.transaction((tx) =>
                transfer(tx, {
                  fromAgencyId: id(p),
                  toAgencyId: id(child),
                  currency: CURRENCY,
                  amountMinor: c.amount,
                  reference: randomUUID(),
                }),
              ),
            );
            const covered = available(w(p)) >= c.amount;
            expect(got).toBe(covered ? 'ok' : 'INSUFFICIENT_BALANCE');
            if (covered) {
              w(p).balance -= c.amount;
              w(child).balance += c.amount;
            }
          } else if (c.op === 'credit') {
            const i = c.node % ids.length;
            const p = parent[i] ?? null;
            const change = c.limit - w(i).limit;
            const got = await outcome(() =>
              db.transaction((tx) =>
                setCreditLimit(tx, { agencyId: id(i), currency: CURRENCY, creditLimitMinor: c.limit }),
              ),
            );
            const ownShort = change < 0 && w(i).balance + c.limit - w(i).lent < 0;
            const parentShort = p !== null && change > 0 && available(w(p)) < change;
            expect(got).toBe(ownShort || parentShort ? 'INSUFFICIENT_BALANCE' : 'ok');
            if (!ownShort && !parentShort) {
              w(i).limit = c.limit;
              if (p !== null) w(p).lent += change;
            }
          } else if (c.op === 'book') {
            const i = c.node % ids.length;
            const chain = chainOf(i);
            const levels = chain.map((j, k) => ({ agencyId: id(j), adjustment: c.adjustments[k] ?? null }));
            const adjustments = levels.flatMap((l) => (l.adjustment ? [l.adjustment] : []));
            const sale = applyAdjustmentChain(c.net, adjustments).total;
            const legs = markupLegsOf(levels, [{ netFareMinor: c.net, saleFareMinor: sale, count: 1 }]) ?? [];
            if (sale <= 0) continue;
            const orderId = randomUUID();
            const post = c.gateway
              ? () =>
                  db.transaction((tx) =>
                    postCapture(tx, {
                      agencyId: id(i),
                      currency: CURRENCY,
                      amountMinor: sale,
                      kind: 'origin-flight',
                      orderId,
                      tradeNo: randomUUID(),
                      description: 'Flight order',
                      createdBy: user.id,
                      channel: 'yeepay-alipay',
                      markupLegs: legs,
                    }),
                  )
              : () =>
                  db.transaction((tx) =>
                    payFromBalance(tx, {
                      agencyId: id(i),
                      currency: CURRENCY,
                      amountMinor: sale,
                      orderId,
                      kind: 'origin-flight',
                      markupLegs: legs,
                    }),
                  );
            const indexOf = (agencyId: number) => ids.indexOf(agencyId);
            const payerShort = !c.gateway && available(w(i)) < sale;
            // A discount an ancestor gives (a negative markup) is a debit it must cover.
            const ancestorShort = legs.some(
              (l) => l.amountMinor < 0 && available(w(indexOf(l.agencyId))) + l.amountMinor < 0,
            );
            const got = await outcome(post);
            expect(got).toBe(payerShort || ancestorShort ? 'INSUFFICIENT_BALANCE' : 'ok');
            if (got !== 'ok') continue;
            if (!c.gateway) w(i).balance -= sale;
            for (const leg of legs) {
              w(indexOf(leg.agencyId)).balance += leg.amountMinor;
              markups += leg.amountMinor;
            }
            orders.push({ id: orderId, gateway: c.gateway, payer: i, paid: sale, returned: 0, legs });
          } else {
            // A refund (part of what is left) or a void (all of it): the same unwinding legs.
            const order = orders[c.order % Math.max(1, orders.length)];
            if (!order) continue;
            const amount = Math.min(c.amount, order.paid - order.returned);
            if (amount <= 0) continue;
            const back = unwindLegs(order.legs, order.paid, order.returned, amount);
            await db.transaction((tx) =>
              reimburse(tx, {
                agencyId: id(order.payer),
                currency: CURRENCY,
                amountMinor: amount,
                orderId: `${order.id}/${order.returned}`,
                kind: 'reimbursement',
                unwinds: order.id,
              }),
            );
            w(order.payer).balance += amount;
            order.returned += amount;
            // Money a gateway captured, returned to the wallet: it entered through the capture.
            if (order.gateway) capturedBack += amount;
            for (const leg of back) {
              const ancestor = w(ids.indexOf(leg.agencyId));
              const uncovered = Math.max(0, leg.amountMinor - Math.max(0, available(ancestor)));
              ancestor.balance -= leg.amountMinor;
              ancestor.clawed += uncovered;
              markups -= leg.amountMinor;
            }
          }
        }

        const rows = await db
          .select()
          .from(ledgerAccounts)
          .where(and(inArray(ledgerAccounts.agencyId, ids), eq(ledgerAccounts.currency, CURRENCY)));
        const of = (i: number, kind: string) => rows.find((r) => r.agencyId === id(i) && r.kind === kind);
        let sum = 0;
        ids.forEach((_, i) => {
          const wallet = of(i, 'agency_wallet');
          expect([
            i,
            wallet?.balanceMinor ?? 0,
            wallet?.creditLimitMinor ?? 0,
            wallet?.creditLentMinor ?? 0,
          ]).toEqual([i, w(i).balance, w(i).limit, w(i).lent]);
          sum += wallet?.balanceMinor ?? 0;
          // No wallet below minus its credit except through a clawback of markup it earned.
          expect(available(w(i)) + w(i).clawed).toBeGreaterThanOrEqual(0);
          // platform_cash moves only by the platform's funding of the top-level agency.
          expect(of(i, 'platform_cash')?.balanceMinor ?? 0).toBe(i === 0 ? 0 - funded : 0);
        });
        expect(sum).toBeLessThanOrEqual(funded + markups + capturedBack);
        expect(await ledgerViolations(db)).toEqual([]);
      }),
      { numRuns: 30 },
    );
  }, 180_000);
});
