import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { login, useTestApp } from '../../test/app';
import { getOrder, issuedOrder } from './after-sales/after-sales.test-helpers';
import { orderEvents } from './flight-orders.schema';

const t = useTestApp();

describe('order timeline notes', () => {
  it('records a paid and issued order by note keys and presents key, values and the English text', async () => {
    const token = await login(t.app);
    const issued = await issuedOrder(t.app, token);
    const order = await getOrder(t.app, token, issued.id);

    expect(order.timeline.map((e) => [e.status, e.noteKey ?? null, e.noteParams ?? null, e.note])).toEqual([
      ['to_be_paid', null, null, null],
      ['proceeding', 'paidWith', { channel: 'balance' }, 'paid with balance'],
      ['issued', 'ticketsIssued', {}, 'tickets issued'],
    ]);
    const stored = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(stored.map((e) => e.note)).toEqual([
      null,
      'note:paidWith {"channel":"balance"}',
      'note:ticketsIssued',
    ]);
  });

  it('presents an older row of free English text as it is, without a key', async () => {
    const token = await login(t.app);
    const issued = await issuedOrder(t.app, token);
    await t.database.db
      .update(orderEvents)
      .set({ note: 'paid with balance' })
      .where(eq(orderEvents.orderId, issued.id));
    const order = await getOrder(t.app, token, issued.id);
    expect(order.timeline[1]).toMatchObject({ note: 'paid with balance', noteKey: null, noteParams: null });
  });
});
