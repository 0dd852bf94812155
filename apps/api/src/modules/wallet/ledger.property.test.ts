import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agencies } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { useTestApp } from '../../test/app';
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
              topUp(tx, { agencyId, currency: c.currency, amountMinor: c.amount, reference: 'T' }),
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
