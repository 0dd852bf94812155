import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, useTestApp } from '../../test/app';
import { setCommonConfig } from '../../test/agency-config';
import { bookOne } from '../flight-orders/flight-orders.test-helpers';
import { pdfText } from '../documents/pdf-text.test-helpers';
import { flightOrders } from '../flight-orders/index';
import { outboundMessages } from './notifications.schema';
import { readMail, startSmtpReceiver } from './notifications.test-helpers';
import { notifyOrderEvent } from './notify';

const t = useTestApp();

const squash = (text: string) => text.replace(/\s+/g, '');

let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let mailApp: FastifyInstance;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  mailApp = await t.build({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await smtp.close();
});

async function storedOrder(id: string) {
  const [row] = await t.database.db.select().from(flightOrders).where(eq(flightOrders.id, id));
  if (!row) throw new Error('order not stored');
  return row;
}

/** The mail the SMTP server received for the order's e-mail of `kind`, read into its parts. */
async function receivedMail(orderId: string, kind: string) {
  const [message] = await t.database.db
    .select()
    .from(outboundMessages)
    .where(
      and(
        eq(outboundMessages.orderId, orderId),
        eq(outboundMessages.channel, 'email'),
        eq(outboundMessages.kind, kind as 'order.issued'),
      ),
    );
  expect(message?.status).toBe('sent');
  const messageId = `<outbound-${String(message?.id)}@portal.invalid>`;
  // The newest: message ids start again in each test's fresh database.
  const mail = smtp.mails.findLast((m) => readMail(m.raw).headers['message-id'] === messageId);
  if (!mail) throw new Error(`no mail ${messageId}`);
  return readMail(mail.raw);
}

const LABELS = {
  en: { passengers: 'Passengers', total: 'Order total', flights: 'Flights', itinerary: 'E-ticket itinerary' },
  'zh-cn': { passengers: '乘机人', total: '订单总额', flights: '航班', itinerary: '电子客票行程单' },
} as const;

describe('order e-mails list the passengers, tickets, flights and amounts', () => {
  for (const locale of ['en', 'zh-cn'] as const) {
    it(`the tickets-issued e-mail is text and HTML with names, ticket numbers and the total (${locale})`, async () => {
      await setCommonConfig(t.database.db, 1, { emailLanguage: locale });
      const token = await login(mailApp, 'operator');
      const order = await bookOne(mailApp, token);
      const paid = await mailApp.inject({
        method: 'POST',
        url: `/order/v2/flight/orders/${order.id}/payment`,
        headers: bearer(token),
        payload: { channel: 'balance' },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      // Ticketing, then the e-mails it queued.
      await mailApp.runDueJobs(new Date(Date.now() + 3 * 3_600_000));
      await mailApp.runDueJobs(new Date(Date.now() + 3 * 3_600_000));
      const row = await storedOrder(order.id);
      const ticket = row.passengers[0]?.ticketNumbers[0];
      expect(ticket).toBeTruthy();
      const segment = row.solution.legs[0]?.segments[0];
      const flight = `${segment?.marketingCarrier}${segment?.flightNumber}`;
      const departure = segment?.departure.time.replace('T', ' ').slice(0, 16) ?? '';
      const total = `${order.price.orderTotal.amount} ${order.price.orderTotal.currency}`;

      const mail = await receivedMail(order.id, 'order.issued');
      // The text and HTML alternatives, then the e-ticket itinerary as a PDF file.
      expect(mail.headers['content-type']).toMatch(/^multipart\/mixed/);
      expect(mail.types).toEqual(['text/plain', 'text/html', 'application/pdf']);
      const [pdf] = mail.attachments;
      expect(pdf?.fileName).toContain(order.bookingNumber);
      const pdfWords = squash(await pdfText(pdf?.content ?? Buffer.alloc(0)));
      expect(pdfWords).toContain('ZHANG/WEI');
      expect(pdfWords).toContain(String(ticket));
      expect(pdfWords).toContain(squash(LABELS[locale].itinerary));
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain('ZHANG/WEI');
        expect(part).toContain(String(ticket));
        expect(part).toContain(total);
        expect(part).toContain(flight);
        expect(part).toContain(departure);
        expect(part).toContain(LABELS[locale].passengers);
        expect(part).toContain(LABELS[locale].total);
        expect(part).toContain(LABELS[locale].flights);
      }
      expect(mail.html).toMatch(/^<!doctype html><html lang="/);
      expect(mail.html).toContain(`lang="${locale}"`);
    });
  }

  it('escapes every value in the HTML part, and keeps it as written in the text part', async () => {
    await setCommonConfig(t.database.db, 1, { emailLanguage: 'en' });
    const order = await bookOne(mailApp, await login(mailApp, 'operator'));
    const row = await storedOrder(order.id);
    const [first, ...others] = row.passengers;
    if (!first) throw new Error('no passenger');
    const odd = { ...row, passengers: [{ ...first, surname: '<b>x</b>', given_names: 'A&B' }, ...others] };
    await t.database.db.transaction((tx) =>
      notifyOrderEvent(tx, { kind: 'refund.rejected', order: odd, params: { reason: '<script>1</script>' } }),
    );
    await mailApp.runDueJobs(new Date());
    const mail = await receivedMail(order.id, 'refund.rejected');
    expect(mail.html).toContain('&lt;b&gt;x&lt;/b&gt;/A&amp;B');
    expect(mail.html).not.toContain('<b>x</b>');
    expect(mail.html).toContain('&lt;script&gt;1&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('<b>x</b>/A&B');
    expect(mail.text).toContain('Reason: <script>1</script>');
  });

  it('a refund e-mail lists the quoted refund fee and refundable total', async () => {
    await setCommonConfig(t.database.db, 1, { emailLanguage: 'zh-cn' });
    const order = await bookOne(mailApp, await login(mailApp, 'operator'));
    const row = await storedOrder(order.id);
    const refund = {
      ...row,
      type: 'refund' as const,
      afterSales: {
        quote: {
          currency: 'CNY',
          paidMinor: 100_000,
          priceDifferenceMinor: 0,
          taxDifferenceMinor: 0,
          changeFeeMinor: 0,
          refundFeeMinor: 21_390,
          serviceFeeMinor: 1_000,
          refundableTotalMinor: 77_610,
          amountDueMinor: 0,
        },
      },
    };
    await t.database.db.transaction((tx) => notifyOrderEvent(tx, { kind: 'refund.quoted', order: refund }));
    await mailApp.runDueJobs(new Date());
    const mail = await receivedMail(order.id, 'refund.quoted');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('退票费');
      expect(part).toContain('213.90 CNY');
      expect(part).toContain('应退金额');
      expect(part).toContain('776.10 CNY');
      expect(part).toContain('ZHANG/WEI');
    }
  });

  it('a paid booking is told by e-mail with its passengers and total', async () => {
    await setCommonConfig(t.database.db, 1, { emailLanguage: 'en' });
    const token = await login(mailApp, 'operator');
    const order = await bookOne(mailApp, token);
    const paid = await mailApp.inject({
      method: 'POST',
      url: `/order/v2/flight/orders/${order.id}/payment`,
      headers: bearer(token),
      payload: { channel: 'balance' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await mailApp.runDueJobs(new Date());
    const mail = await receivedMail(order.id, 'order.paid');
    expect(mail.headers.subject).toBe(`Payment received for booking ${order.bookingNumber}`);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('ZHANG/WEI');
      expect(part).toContain(`${order.price.orderTotal.amount} ${order.price.orderTotal.currency}`);
      expect(part).toContain('not issued yet');
    }
  });

  it('a booking canceled at its payment deadline is told by e-mail', async () => {
    await setCommonConfig(t.database.db, 1, { emailLanguage: 'zh-cn' });
    const order = await bookOne(mailApp, await login(mailApp, 'operator'));
    const deadline = new Date(order.paymentDeadline ?? Date.now()).getTime();
    await mailApp.runDueJobs(new Date(deadline + 60_000));
    await mailApp.runDueJobs(new Date(deadline + 60_000));
    expect((await storedOrder(order.id)).status).toBe('origin_canceled');
    const mail = await receivedMail(order.id, 'order.canceled');
    expect(mail.headers.subject).toBe(`订单 ${order.bookingNumber} 因超时未付款已取消`);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('ZHANG/WEI');
      expect(part).toContain('订单总额');
    }
  });
});
