import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { login, useTestApp } from '../../test/app';
import { bookOne } from '../flight-orders/flight-orders.test-helpers';
import { jobs } from '../../platform/jobs.schema';
import { notifications, outboundMessages } from './notifications.schema';
import { OUTBOUND_DELIVERY_JOB } from './notify';

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
});
