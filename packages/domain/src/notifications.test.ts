import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS, noticeTarget } from './notifications';

describe('the page a notice opens', () => {
  it("opens a flight notice's order, a group notice's group order and a train notice's train order", () => {
    expect(noticeTarget('refund.quoted', 'F1')).toBe('/flight/orders/F1');
    expect(noticeTarget('group.quoted', 'G 7')).toBe('/flight/group/order/G%207');
    expect(noticeTarget('train.ticketed', 'T9')).toBe('/train/orders?id=T9');
  });

  it("opens a card payment notice's own order: the group order's page for a group instalment", () => {
    expect(noticeTarget('payment.disputed', 'G1', { orderKind: 'group' })).toBe('/flight/group/order/G1');
    expect(noticeTarget('payment.refunded_outside', 'G1', { orderKind: 'group' })).toBe(
      '/flight/group/order/G1',
    );
    expect(noticeTarget('payment.dispute_lost', 'F1', { orderKind: 'flight' })).toBe('/flight/orders/F1');
    // Notices stored before the param: a flight order's page, as they always opened.
    expect(noticeTarget('payment.dispute_won', 'F1')).toBe('/flight/orders/F1');
    // Only payment notices read it.
    expect(noticeTarget('refund.quoted', 'F1', { orderKind: 'group' })).toBe('/flight/orders/F1');
  });

  it('opens the wallet for a wallet notice, and nothing for a notice without an order', () => {
    expect(noticeTarget('wallet.credit_low', null)).toBe('/bills/wallet');
    expect(noticeTarget('order.issued', null)).toBeNull();
  });

  it('has a page for every kind that carries an order', () => {
    for (const kind of NOTIFICATION_KINDS) expect(noticeTarget(kind, 'X1')).toMatch(/^\//);
  });
});
