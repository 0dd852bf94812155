import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, login, useTestApp } from '../../test/app';
import { bookOne } from '../flight-orders/flight-orders.test-helpers';
import { jobs } from '../../platform/jobs.schema';
import { notifications, outboundMessages } from './notifications.schema';
import { flightOrders } from '../flight-orders/index';
import { setCommonConfig, setFlightSettings } from '../../test/agency-config';
import { notifyOrderEvent, OUTBOUND_DELIVERY_JOB } from './notify';

const t = useTestApp();

describe('notifyOrderEvent', () => {
  it('records a booking for the booker and the SuperUsers, with an e-mail to the contact and its delivery job', async () => {
    const token = await login(t.app, 'operator');
    const order = await bookOne(t.app, token);
    const db = t.database.db;
    const notices = await db.select().from(notifications).where(eq(notifications.orderId, order.id));
    expect(notices.map((n) => n.kind)).toEqual(['order.booked', 'order.booked']);
    const messages = await db.select().from(outboundMessages).where(eq(outboundMessages.orderId, order.id));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      channel: 'email',
      target: 'zhang.wei@example.com',
      status: 'pending',
    });
    const queued = await db.select().from(jobs).where(eq(jobs.kind, OUTBOUND_DELIVERY_JOB));
    expect(queued.map((j) => j.payload)).toEqual([{ messageId: messages[0]?.id }]);
  });

  it('records the issue of the tickets once the ticketing job has run', async () => {
    const token = await login(t.app, 'operator');
    const order = await bookOne(t.app, token);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/order/v2/flight/orders/${order.id}/payment`,
      headers: bearer(token),
      payload: { channel: 'balance' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await t.app.runDueJobs(new Date(Date.now() + 3 * 3_600_000));
    const issued = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.orderId, order.id), eq(notifications.kind, 'order.issued')));
    expect(issued).toHaveLength(2);
    const emails = await t.database.db
      .select()
      .from(outboundMessages)
      .where(and(eq(outboundMessages.orderId, order.id), eq(outboundMessages.kind, 'order.issued')));
    expect(emails.map((m) => m.channel)).toEqual(['email']);
  });

  it('sends booking events to the booking URL and after-sales events to the flight change URL', async () => {
    // The e-mail below is read in Chinese (the demo agency writes its e-mails in English).
    await setCommonConfig(t.database.db, 1, { emailLanguage: 'zh-cn' });
    await setFlightSettings(t.database.db, 1, {
      bookingNotificationUrl: 'https://hooks.example.com/booking',
      flightChangeNotificationUrl: 'https://hooks.example.com/change',
    });
    const order = await bookOne(t.app, await login(t.app, 'operator'));
    const [row] = await t.database.db.select().from(flightOrders).where(eq(flightOrders.id, order.id));
    if (!row) throw new Error('order not stored');
    await t.database.db.transaction((tx) =>
      notifyOrderEvent(tx, { kind: 'refund.rejected', order: row, params: { reason: 'fare rules' } }),
    );
    const hooks = await t.database.db
      .select()
      .from(outboundMessages)
      .where(and(eq(outboundMessages.orderId, order.id), eq(outboundMessages.channel, 'webhook')));
    expect(hooks.map((h) => [h.kind, h.target])).toEqual([
      ['order.booked', 'https://hooks.example.com/booking'],
      ['refund.rejected', 'https://hooks.example.com/change'],
    ]);
    expect(hooks[1]?.payload).toMatchObject({ event: 'refund.rejected', params: { reason: 'fare rules' } });
    const email = (
      await t.database.db
        .select()
        .from(outboundMessages)
        .where(and(eq(outboundMessages.orderId, order.id), eq(outboundMessages.kind, 'refund.rejected')))
    ).find((m) => m.channel === 'email');
    expect(email?.payload.text).toContain('原因: fare rules');
  });
});
