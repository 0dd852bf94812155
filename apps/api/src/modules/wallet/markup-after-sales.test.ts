import { describe, expect, it } from 'vitest';
import { bearer, login, useTestApp } from '../../test/app';
import { getOrder, issuedOrder } from '../flight-orders/after-sales/after-sales.test-helpers';
import { ledgerViolations } from './ledger.invariants';
import { walletAccounts } from './wallet.repo';

/** A void of a sub-agency's tickets gives the parent's markup back through the after-sales flow. */
const t = useTestApp({ ENABLE_TEST_HOOKS: 'true' });

const cnyBalance = async (agencyId: number) =>
  (await walletAccounts(t.database.db, agencyId)).find((w) => w.currency === 'CNY')?.balanceMinor ?? 0;

describe("markups on a sub-agency's voided tickets", () => {
  it('come back from the parent with the money the sub-agency gets back', async () => {
    const desk = await t.app.inject({ method: 'POST', url: '/__test/after-sales/desk', payload: {} });
    expect(desk.statusCode).toBe(200);
    const sub = await login(t.app, 'subop');
    const parentBefore = await cnyBalance(1);
    const subBefore = await cnyBalance(2);
    const order = await issuedOrder(t.app, sub);
    // Agency 2's price adds 5.00 CNY over agency 1's on this mainland China fare: agency 1's income.
    expect(await cnyBalance(1)).toBe(parentBefore + 500);
    const res = await t.app.inject({
      method: 'POST',
      url: `/order/v2/flight/orders/${order.id}/void`,
      headers: bearer(sub),
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const voiding = (JSON.parse(res.body) as { data: { id: string } }).data;
    await t.app.runDueJobs(new Date(Date.now() + 60_000));
    expect((await getOrder(t.app, sub, voiding.id)).status).toBe('voided_reimbursed');
    expect(await cnyBalance(2)).toBe(subBefore);
    expect(await cnyBalance(1)).toBe(parentBefore);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  }, 60_000);
});
