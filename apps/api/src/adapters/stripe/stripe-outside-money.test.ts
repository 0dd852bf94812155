import { and, eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { body, login, useTestApp } from '../../test/app';
import { startStripeMock, type StripeMock, type WebhookDelivery } from '../../test/mocks/stripe-mock';
import {
  bookOne,
  UNLIMITED_BOOKINGS_AND_SEARCHES,
} from '../../modules/flight-orders/flight-orders.test-helpers';
import { afterTicketing, getOrder } from '../../modules/flight-orders/after-sales/after-sales.test-helpers';
import { notifications } from '../../modules/notifications/index';
import { disputes, outsideRefunds } from '../../modules/payments/outside-money.schema';
import { orderPayments } from '../../modules/payments/payments.schema';
import { providerRefunds } from '../../modules/payments/provider-refunds.schema';
import { journalEntries, ledgerAccounts, ledgerViolations, walletAccounts } from '../../modules/wallet/index';
import { completeAndNotify, payByCard, postWebhook, stripeEnv } from './stripe-app.test-helpers';

const t = useTestApp();
let mock: StripeMock;
let app: FastifyInstance;
beforeAll(async () => {
  mock = await startStripeMock({ webhookSecret: 'whsec_app_test_secret_00000001' });
  app = await t.build(stripeEnv(mock), undefined, { limits: UNLIMITED_BOOKINGS_AND_SEARCHES });
});
afterAll(() => mock.close());
beforeEach(async () => {
  mock.recover();
  await app.inject({ method: 'DELETE', url: '/__test/suppliers/faults' });
});

/** An order of sim-gds paid by card through the Stripe mock: its payment intent. */
async function paidByCard(token: string) {
  const order = await bookOne(app, token, 'sim-gds');
  const { session } = await payByCard(app, mock, token, order.id);
  expect((await completeAndNotify(app, mock, session)).result).toBe('paid');
  const pi = session.payment_intent;
  if (!pi) throw new Error('no payment intent');
  return { order, session, pi };
}

/** Posts a delivery and answers the webhook's result (200 expected). */
async function resultOf(delivery: WebhookDelivery) {
  const res = await postWebhook(app, delivery);
  expect(res.statusCode, res.body).toBe(200);
  return body<{ result: string }>(res).data.result;
}

const db = () => t.database.db;
const walletBalance = async () => (await walletAccounts(db(), 1))[0]?.balanceMinor ?? 0;
const entriesOf = (orderId: string) =>
  db()
    .select()
    .from(journalEntries)
    .where(like(journalEntries.orderId, `${orderId}/%`));
/** The balance of agency 1's account of `kind` in CNY. */
async function accountBalance(kind: 'platform_receivable' | 'platform_suspense' | 'supplier_payable') {
  const [row] = await db()
    .select()
    .from(ledgerAccounts)
    .where(
      and(eq(ledgerAccounts.agencyId, 1), eq(ledgerAccounts.currency, 'CNY'), eq(ledgerAccounts.kind, kind)),
    );
  return row?.balanceMinor ?? 0;
}
const noticesOf = (orderId: string) =>
  db()
    .select({ kind: notifications.kind, params: notifications.params })
    .from(notifications)
    .where(and(eq(notifications.orderId, orderId), like(notifications.kind, 'payment.%')));

describe('refunds made in the Stripe dashboard', () => {
  it('records a dashboard refund once, keeps the books balanced and leaves the order as it is', async () => {
    const token = await login(app);
    const { order, session, pi } = await paidByCard(token);
    const wallet = await walletBalance();
    const receivable = await accountBalance('platform_receivable');
    const payable = await accountBalance('supplier_payable');
    const part = 10_000;

    const { refund, delivery } = await mock.refundInDashboard(pi, part);
    expect(await resultOf(delivery)).toBe('recorded');
    // Stripe sends it again, and sends the charge's own event too: nothing more is counted.
    expect(await resultOf(delivery)).toBe('duplicate');
    expect(await resultOf(await mock.chargeRefunded(pi))).toBe('duplicate');

    expect(
      await db().select().from(outsideRefunds).where(eq(outsideRefunds.refundId, refund.id)),
    ).toMatchObject([{ orderId: order.id, amountMinor: part, currency: 'CNY', status: 'succeeded' }]);
    const [payment] = await db().select().from(orderPayments).where(eq(orderPayments.tradeNo, pi));
    expect(payment).toMatchObject({ status: 'paid', refundedOutsideMinor: part });
    const entries = await entriesOf(order.id);
    expect(entries.map((e) => [e.kind, e.reference, e.meta.paymentMethod])).toEqual([
      ['provider-refund', refund.id, 'stripe'],
    ]);
    // The provider owes the platform that much less; the platform is out of it until an operator
    // acts. The agency's wallet and the supplier's payable are untouched.
    expect(await accountBalance('platform_receivable')).toBe(receivable + part);
    expect(await accountBalance('platform_suspense')).toBe(-part);
    expect(await accountBalance('supplier_payable')).toBe(payable);
    expect(await walletBalance()).toBe(wallet);
    expect(await ledgerViolations(db())).toEqual([]);

    const shown = await getOrder(app, token, order.id);
    expect(shown.status).toBe('proceeding');
    expect(shown.paymentIssue).toEqual({
      channel: 'stripe',
      refundedOutside: { amount: '100.00', currency: 'CNY' },
      dispute: null,
    });
    expect(shown.timeline.filter((e) => e.noteKey === 'refundedOutsidePortal')).toHaveLength(1);
    expect((await noticesOf(order.id)).every((n) => n.kind === 'payment.refunded_outside')).toBe(true);
    // The notice opens the flight order's page (`noticeTarget`).
    expect((await noticesOf(order.id)).every((n) => n.params.orderKind === 'flight')).toBe(true);
    expect((await noticesOf(order.id)).length).toBeGreaterThan(0);
    expect(session.amount_total).toBeGreaterThan(part);
  });

  it("does not count the portal's own refund to the card a second time", async () => {
    const token = await login(app);
    const { order, pi } = await paidByCard(token);
    await app.inject({
      method: 'POST',
      url: '/__test/suppliers/sim-gds/faults',
      payload: { ticketError: true },
    });
    await app.runDueJobs(afterTicketing());
    await app.runDueJobs(afterTicketing());
    const [own] = await db().select().from(providerRefunds).where(eq(providerRefunds.orderId, order.id));
    expect(own).toMatchObject({ status: 'refunded' });
    const refund = mock.refunds.find((r) => r.payment_intent === pi);
    if (!refund) throw new Error('the portal made no refund');
    expect(refund.metadata.portalRefundKey).toBe(own?.idempotencyKey);
    const receivable = await accountBalance('platform_receivable');

    expect(await resultOf(await mock.deliver('refund.created', refund))).toBe('ignored');
    expect(await resultOf(await mock.chargeRefunded(pi))).toBe('ignored');
    // Even without the metadata, the refund id the portal recorded names it.
    const bare = { ...refund, metadata: {} };
    expect(await resultOf(await mock.deliver('refund.updated', bare))).toBe('ignored');

    expect(await db().select().from(outsideRefunds).where(eq(outsideRefunds.refundId, refund.id))).toEqual(
      [],
    );
    expect(await entriesOf(order.id)).toEqual([]);
    expect(await accountBalance('platform_receivable')).toBe(receivable);
    expect((await getOrder(app, token, order.id)).paymentIssue).toBeNull();
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('refuses the same refund id twice by the database itself', async () => {
    const token = await login(app);
    const { pi } = await paidByCard(token);
    const { refund, delivery } = await mock.refundInDashboard(pi, 500);
    expect(await resultOf(delivery)).toBe('recorded');
    const [row] = await db().select().from(outsideRefunds).where(eq(outsideRefunds.refundId, refund.id));
    if (!row) throw new Error('not recorded');
    const { id: _id, ...copy } = row;
    await expect(db().insert(outsideRefunds).values(copy)).rejects.toThrow();
  });
});

describe('card disputes', () => {
  it('records a dispute, its funds withdrawn and a lost close, each once', async () => {
    const token = await login(app);
    const { order, session, pi } = await paidByCard(token);
    const receivable = await accountBalance('platform_receivable');
    const suspense = await accountBalance('platform_suspense');
    const wallet = await walletBalance();

    const { dispute, delivery } = await mock.openDispute(pi, { reason: 'fraudulent' });
    expect(await resultOf(delivery)).toBe('recorded');
    expect(await resultOf(delivery)).toBe('duplicate');
    let shown = await getOrder(app, token, order.id);
    expect(shown.paymentIssue?.dispute).toMatchObject({
      state: 'open',
      reason: 'fraudulent',
      fundsWithdrawn: false,
      amount: { currency: 'CNY' },
    });
    expect(await entriesOf(order.id)).toEqual([]);

    const withdrawn = await mock.disputeEvent(dispute.id, 'funds_withdrawn');
    expect(await resultOf(withdrawn)).toBe('recorded');
    expect(await resultOf(withdrawn)).toBe('duplicate');
    expect(await accountBalance('platform_receivable')).toBe(receivable + session.amount_total);
    expect(await accountBalance('platform_suspense')).toBe(suspense - session.amount_total);
    expect(await ledgerViolations(db())).toEqual([]);

    const lost = await mock.disputeEvent(dispute.id, 'lost');
    expect(await resultOf(lost)).toBe('recorded');
    expect(await resultOf(lost)).toBe('duplicate');

    shown = await getOrder(app, token, order.id);
    expect(shown.status).toBe('proceeding');
    expect(shown.paymentIssue?.dispute).toMatchObject({ state: 'lost', fundsWithdrawn: true });
    expect(shown.timeline.map((e) => e.noteKey).filter((k) => k?.startsWith('dispute'))).toEqual([
      'disputeOpened',
      'disputeFundsWithdrawn',
      'disputeLost',
    ]);
    expect((await entriesOf(order.id)).map((e) => e.kind)).toEqual(['provider-dispute']);
    expect(await db().select().from(disputes).where(eq(disputes.disputeId, dispute.id))).toMatchObject([
      { status: 'lost', amountMinor: session.amount_total },
    ]);
    expect((await noticesOf(order.id)).map((n) => n.kind)).toEqual(
      expect.arrayContaining(['payment.disputed', 'payment.dispute_lost']),
    );
    expect(await walletBalance()).toBe(wallet);
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('gives the funds back on the books when the dispute is won and they are reinstated', async () => {
    const token = await login(app);
    const { order, pi } = await paidByCard(token);
    const receivable = await accountBalance('platform_receivable');
    const suspense = await accountBalance('platform_suspense');

    const { dispute, delivery } = await mock.openDispute(pi, {
      amount: 5_000,
      reason: 'product_not_received',
    });
    // Stripe's events may come in any order: the withdrawal first records the dispute too.
    const withdrawn = await mock.disputeEvent(dispute.id, 'funds_withdrawn');
    expect(await resultOf(withdrawn)).toBe('recorded');
    expect(await resultOf(delivery)).toBe('duplicate');
    const won = await mock.disputeEvent(dispute.id, 'won');
    const reinstated = await mock.disputeEvent(dispute.id, 'funds_reinstated');
    expect(await resultOf(won)).toBe('recorded');
    expect(await resultOf(reinstated)).toBe('recorded');
    for (const again of [delivery, withdrawn, won, reinstated])
      expect(await resultOf(again)).toBe('duplicate');

    expect(await accountBalance('platform_receivable')).toBe(receivable);
    expect(await accountBalance('platform_suspense')).toBe(suspense);
    expect((await entriesOf(order.id)).map((e) => e.kind)).toEqual(['provider-dispute', 'provider-dispute']);
    const shown = await getOrder(app, token, order.id);
    expect(shown.paymentIssue?.dispute).toMatchObject({
      state: 'won',
      fundsWithdrawn: false,
      amount: { amount: '50.00', currency: 'CNY' },
    });
    expect(shown.timeline.map((e) => e.noteKey).filter((k) => k?.startsWith('dispute'))).toEqual([
      'disputeOpened',
      'disputeFundsWithdrawn',
      'disputeWon',
      'disputeFundsReinstated',
    ]);
    expect(await ledgerViolations(db())).toEqual([]);
  });
});

describe('events the portal cannot place', () => {
  it('answers 200 for a charge no portal payment took, and records nothing', async () => {
    const before = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(disputes);
    const dispute = {
      id: 'du_test_unknown',
      object: 'dispute',
      amount: 1000,
      currency: 'cny',
      charge: 'ch_test_unknown',
      payment_intent: 'pi_test_unknown',
      reason: 'fraudulent',
      status: 'needs_response',
    };
    expect(await resultOf(await mock.deliver('charge.dispute.created', dispute))).toBe('unknown');
    expect(await resultOf(await mock.deliver('charge.dispute.funds_withdrawn', dispute))).toBe('unknown');
    const refund = {
      id: 're_test_unknown',
      object: 'refund',
      amount: 1000,
      currency: 'cny',
      payment_intent: 'pi_test_unknown',
      charge: 'ch_test_unknown',
      status: 'succeeded',
      metadata: {},
    };
    expect(await resultOf(await mock.deliver('refund.created', refund))).toBe('unknown');
    const after = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(disputes);
    expect(after).toEqual(before);
    expect(await db().select().from(outsideRefunds).where(eq(outsideRefunds.refundId, refund.id))).toEqual(
      [],
    );
  });

  it('refuses a dispute or refund event with a bad signature with 400, and changes nothing', async () => {
    const token = await login(app);
    const { order, pi } = await paidByCard(token);
    const forged = await mock.deliver(
      'charge.dispute.created',
      {
        id: 'du_test_forged',
        object: 'dispute',
        amount: 100,
        currency: 'cny',
        payment_intent: pi,
        reason: 'fraudulent',
        status: 'needs_response',
      },
      { secret: 'whsec_not_the_portals_0001' },
    );
    const res = await postWebhook(app, forged);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 600012 });
    const unsigned = await app.inject({
      method: 'POST',
      url: '/order/v2/payments/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: forged.payload,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await db().select().from(disputes).where(eq(disputes.disputeId, 'du_test_forged'))).toEqual([]);
    expect((await getOrder(app, token, order.id)).paymentIssue).toBeNull();
  });
});
