import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '@portal/domain/locale';
import { bearer, body, login, useTestApp } from '../../test/app';
import { bookOne } from '../flight-orders/flight-orders.test-helpers';
import { jobs } from '../../platform/jobs.schema';
import { FIRST_RETRY_MS, MAX_DELIVERY_ATTEMPTS, retryDelayMs } from './delivery';
import { outboundAttempts, outboundMessages } from './notifications.schema';
import { setCommonConfig, setFlightSettings, unsetCommonConfig } from '../../test/agency-config';
import { readMail, startHookReceiver, startSmtpReceiver } from './notifications.test-helpers';
import { OUTBOUND_DELIVERY_JOB } from './notify';

const t = useTestApp();

let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let mailApp: FastifyInstance;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  mailApp = await t.build({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await smtp.close();
});

const MINUTE = 60_000;

/** Runs the jobs due `ms` after `from` on `app`. */
const runAt = (app: FastifyInstance, from: number, ms: number) => app.runDueJobs(new Date(from + ms));

async function messagesOf(orderId: string) {
  return t.database.db
    .select()
    .from(outboundMessages)
    .where(eq(outboundMessages.orderId, orderId))
    .orderBy(asc(outboundMessages.id));
}

async function attemptsOf(messageId: number) {
  return t.database.db
    .select()
    .from(outboundAttempts)
    .where(eq(outboundAttempts.messageId, messageId))
    .orderBy(asc(outboundAttempts.id));
}

describe('order e-mails', () => {
  const expected: Record<Locale, { subject: string; line: string; label: string }> = {
    en: {
      subject: 'Booking {n} received',
      line: 'We have received your booking.',
      label: 'Booking number: {n}',
    },
    'zh-cn': {
      subject: '已收到订单 {n}',
      line: '我们已收到您的订单，支付后将为您出票。',
      label: '订单号: {n}',
    },
    'zh-tw': {
      subject: '已收到訂單 {n}',
      line: '我們已收到您的訂單，付款後將為您開票。',
      label: '訂單號: {n}',
    },
  };

  for (const locale of ['en', 'zh-cn', 'zh-tw'] as const) {
    it(`are received by the SMTP server in the agency's e-mail language (${locale})`, async () => {
      await setCommonConfig(t.database.db, 1, { emailLanguage: locale });
      const order = await bookOne(mailApp, await login(mailApp, 'operator'));
      const before = smtp.mails.length;
      await mailApp.runDueJobs(new Date());
      const mails = smtp.mails.slice(before);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail?.to).toEqual(['zhang.wei@example.com']);
      const { headers, text } = readMail(mail?.raw ?? '');
      const fill = (s: string) => s.replace('{n}', order.bookingNumber);
      expect(headers.subject).toBe(fill(expected[locale].subject));
      expect(text).toContain(expected[locale].line);
      expect(text).toContain(fill(expected[locale].label));
      const [message] = await messagesOf(order.id);
      expect(message).toMatchObject({ channel: 'email', status: 'sent', attempts: 1 });
      const attempts = await attemptsOf(message?.id ?? 0);
      expect(attempts).toMatchObject([{ ok: true, responseCode: 250 }]);
    });
  }

  it('go in zh-cn when the agency has no e-mail language', async () => {
    // The demo agency sets its language (en): this one is as if it never had.
    await unsetCommonConfig(t.database.db, 1, 'emailLanguage');
    const order = await bookOne(mailApp, await login(mailApp, 'operator'));
    const before = smtp.mails.length;
    await mailApp.runDueJobs(new Date());
    const { headers } = readMail(smtp.mails[before]?.raw ?? '');
    expect(headers.subject).toBe(`已收到订单 ${order.bookingNumber}`);
  });

  it("also go to a sub-agency's address when its config says so", async () => {
    await setCommonConfig(t.database.db, 2, { sendEmailToSubAgency: true, emailLanguage: 'en' });
    const order = await bookOne(mailApp, await login(mailApp, 'subop'));
    const before = smtp.mails.length;
    await mailApp.runDueJobs(new Date());
    const to = smtp.mails.slice(before).flatMap((m) => m.to);
    expect(to.sort()).toEqual(['subop@east.tripbridge.example', 'zhang.wei@example.com']);
    expect(await messagesOf(order.id)).toHaveLength(2);
  });

  it('are written as .eml files under the data directory when no SMTP_URL is set', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-outbox-'));
    const app = await t.build({ DATA_DIR: dataDir });
    await setCommonConfig(t.database.db, 1, { emailLanguage: 'en' });
    const order = await bookOne(app, await login(app, 'operator'));
    await app.runDueJobs(new Date());
    const [message] = await messagesOf(order.id);
    expect(message?.status).toBe('sent');
    const files = fs.readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toEqual([`${String(message?.id).padStart(8, '0')}.eml`]);
    const { headers, text } = readMail(fs.readFileSync(path.join(dataDir, 'outbox', files[0] ?? ''), 'utf8'));
    expect(headers.to).toBe('zhang.wei@example.com');
    expect(headers.subject).toBe(`Booking ${order.bookingNumber} received`);
    expect(text).toContain(`Booking number: ${order.bookingNumber}`);
  });
});

describe('webhooks', () => {
  it('are POSTed with a signature the integrator can check with the agency secret', async () => {
    const receiver = await startHookReceiver();
    try {
      await setFlightSettings(t.database.db, 1, { bookingNotificationUrl: receiver.url });
      const order = await bookOne(mailApp, await login(mailApp, 'operator'));
      await mailApp.runDueJobs(new Date());
      expect(receiver.hooks).toHaveLength(1);
      const [hook] = receiver.hooks;
      const secretRes = await mailApp.inject({
        method: 'GET',
        url: '/base/v2/notifications/webhook-secret',
        headers: bearer(await login(mailApp, 'admin')),
      });
      const { secret } = body<{ secret: string }>(secretRes).data;
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      const timestamp = String(hook?.headers['x-portal-timestamp']);
      const expectedSignature = `sha256=${crypto.createHmac('sha256', secret).update(`${timestamp}.${hook?.body}`).digest('hex')}`;
      expect(hook?.headers['x-portal-signature']).toBe(expectedSignature);
      expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(600);
      expect(JSON.parse(hook?.body ?? '{}')).toMatchObject({
        event: 'order.booked',
        agencyId: 1,
        order: { id: order.id, bookingNumber: order.bookingNumber, status: 'to_be_paid' },
      });
      const webhook = (await messagesOf(order.id)).find((m) => m.channel === 'webhook');
      expect(webhook).toMatchObject({ status: 'sent', attempts: 1, target: receiver.url });
      expect(await attemptsOf(webhook?.id ?? 0)).toMatchObject([{ ok: true, responseCode: 200 }]);
    } finally {
      await receiver.close();
    }
  });

  it('operators may not read the signing secret', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/base/v2/notifications/webhook-secret',
      headers: bearer(await login(t.app, 'operator')),
    });
    expect(res.statusCode).toBe(403);
  });

  it('to a failing receiver are retried with a growing delay, each attempt recorded, until sent', async () => {
    const receiver = await startHookReceiver((n) => (n <= 2 ? 500 : 200));
    try {
      await setFlightSettings(t.database.db, 1, { bookingNotificationUrl: receiver.url });
      const order = await bookOne(mailApp, await login(mailApp, 'operator'));
      const start = Date.now();
      await runAt(mailApp, start, 0);
      expect(receiver.hooks).toHaveLength(1);
      // Not yet due: the first retry waits FIRST_RETRY_MS.
      await runAt(mailApp, start, FIRST_RETRY_MS - 5_000);
      expect(receiver.hooks).toHaveLength(1);
      await runAt(mailApp, start, FIRST_RETRY_MS + 5_000);
      expect(receiver.hooks).toHaveLength(2);
      // The second retry waits five times longer.
      await runAt(mailApp, start, FIRST_RETRY_MS + 2 * MINUTE);
      expect(receiver.hooks).toHaveLength(2);
      await runAt(mailApp, start, FIRST_RETRY_MS + retryDelayMs(2) + 10_000);
      expect(receiver.hooks).toHaveLength(3);
      const webhook = (await messagesOf(order.id)).find((m) => m.channel === 'webhook');
      expect(webhook).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
      const attempts = await attemptsOf(webhook?.id ?? 0);
      expect(attempts.map((a) => [a.ok, a.responseCode])).toEqual([
        [false, 500],
        [false, 500],
        [true, 200],
      ]);
      expect(attempts[0]?.error).toBe('HTTP 500');
    } finally {
      await receiver.close();
    }
  });

  it(`end failed after ${MAX_DELIVERY_ATTEMPTS} refused attempts, with nothing more queued`, async () => {
    const receiver = await startHookReceiver(() => 503);
    try {
      await setFlightSettings(t.database.db, 1, { bookingNotificationUrl: receiver.url });
      const token = await login(mailApp, 'operator');
      const order = await bookOne(mailApp, token);
      // The retries span hours: canceled by its booker now (which tells nobody), the unpaid order
      // is not canceled at its payment deadline meanwhile, which would be a webhook of its own.
      const canceled = await mailApp.inject({
        method: 'DELETE',
        url: `/order/v2/flight/orders/${order.id}`,
        headers: bearer(token),
      });
      expect(canceled.statusCode).toBe(200);
      const start = Date.now();
      let elapsed = 0;
      await runAt(mailApp, start, elapsed);
      for (let attempt = 1; attempt < MAX_DELIVERY_ATTEMPTS; attempt++) {
        elapsed += retryDelayMs(attempt) + 1_000;
        await runAt(mailApp, start, elapsed);
      }
      expect(receiver.hooks).toHaveLength(MAX_DELIVERY_ATTEMPTS);
      const webhook = (await messagesOf(order.id)).find((m) => m.channel === 'webhook');
      expect(webhook).toMatchObject({
        status: 'failed',
        attempts: MAX_DELIVERY_ATTEMPTS,
        lastError: 'HTTP 503',
      });
      expect(await attemptsOf(webhook?.id ?? 0)).toHaveLength(MAX_DELIVERY_ATTEMPTS);
      const pending = (
        await t.database.db.select().from(jobs).where(eq(jobs.kind, OUTBOUND_DELIVERY_JOB))
      ).filter((j) => j.doneAt === null);
      expect(pending).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it('are refused to loopback and private addresses unless allowed', async () => {
    const receiver = await startHookReceiver();
    try {
      const app = await t.build({ SMTP_URL: smtp.url, WEBHOOK_ALLOW_PRIVATE: 'false' });
      await setFlightSettings(t.database.db, 1, { bookingNotificationUrl: receiver.url });
      const order = await bookOne(app, await login(app, 'operator'));
      await app.runDueJobs(new Date());
      expect(receiver.hooks).toHaveLength(0);
      const webhook = (await messagesOf(order.id)).find((m) => m.channel === 'webhook');
      const [attempt] = await attemptsOf(webhook?.id ?? 0);
      expect(attempt).toMatchObject({
        ok: false,
        responseCode: null,
        error: 'refused private address 127.0.0.1',
      });
    } finally {
      await receiver.close();
    }
  });
});
