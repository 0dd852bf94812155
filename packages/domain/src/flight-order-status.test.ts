import { describe, expect, it } from 'vitest';
import { IllegalTransition } from './fsm';
import {
  allowedActions,
  actionRule,
  FLIGHT_ORDER_ACTIONS,
  AWAITING_PAYMENT_STATUSES,
  AWAITING_REFUND_CONFIRM_STATUSES,
} from './flight-order-actions';
import {
  FLIGHT_MOVING_STATUSES,
  FLIGHT_ORDER_STATUSES,
  FLIGHT_ORDER_TRANSITIONS,
  flightOrderMachine,
  INITIAL_STATUSES,
  ORDER_TYPE_FILTERS,
  ORDER_TYPES,
  STATUSES_BY_ORDER_TYPE,
  statusColor,
  statusLabelKey,
  type FlightOrderStatus,
} from './flight-order-status';
import {
  isPendingGroupKey,
  PENDING_GROUP_KEYS,
  PENDING_GROUPS,
  STATUS_TABS,
  pendingCountKey,
  statusesForCountKey,
} from './flight-order-tabs';

const SPEC_COLORS: Record<string, string> = {
  success: 'reserved, issued, changed, refunded, refunded_reimbursed, voided_reimbursed',
  warning:
    'reviewing, failed_reimbursing, chg_reviewing, chg_proceeding, rfd_reviewing, rfd_proceeding, refunded_reimbursing, void_proceeding, voided_reimbursing',
  primary: 'to_be_paid, proceeding, chg_to_be_paid, rfd_to_be_confirm',
  error:
    'failed, chg_rejected, rfd_rejected, void_rejected, holding, origin_holding, change_holding, refund_holding, void_holding, origin_failed, change_failed, refund_failed, void_failed',
  info: 'failed_reimbursed, voided, closed, canceled, origin_canceled, change_canceled, refund_canceled, void_canceled',
};

describe('flight order statuses (spec §4)', () => {
  const expected = Object.entries(SPEC_COLORS).flatMap(([color, list]) =>
    list.split(', ').map((status) => [status, color] as const),
  );

  it.each(expected)('%s has colour class %s', (status, color) => {
    expect(statusColor(status)).toBe(color);
  });

  it('lists every status of the spec exactly once', () => {
    expect(FLIGHT_ORDER_STATUSES).toHaveLength(40);
    expect(new Set(FLIGHT_ORDER_STATUSES).size).toBe(40);
    expect([...FLIGHT_ORDER_STATUSES].sort()).toEqual(expected.map(([status]) => status).sort());
  });

  it('has the order types and the list filter with all', () => {
    expect(ORDER_TYPES).toEqual(['origin', 'change', 'refund', 'void', 'ancillary']);
    expect(ORDER_TYPE_FILTERS).toEqual(['all', 'origin', 'change', 'refund', 'void', 'ancillary']);
  });
});

describe('flight order transition table', () => {
  it('has a row for every status and only known targets', () => {
    expect(Object.keys(FLIGHT_ORDER_TRANSITIONS).sort()).toEqual([...FLIGHT_ORDER_STATUSES].sort());
    for (const row of Object.values(FLIGHT_ORDER_TRANSITIONS)) {
      for (const to of row.to) expect(FLIGHT_ORDER_STATUSES).toContain(to);
    }
  });

  const listed = Object.entries(FLIGHT_ORDER_TRANSITIONS).flatMap(([from, row]) =>
    row.to.map((to) => [from as FlightOrderStatus, to as FlightOrderStatus] as const),
  );
  it.each(listed)('allows %s -> %s', (from, to) => {
    expect(flightOrderMachine.canTransition(from, to)).toBe(true);
    expect(() => flightOrderMachine.assertTransition(from, to)).not.toThrow();
  });

  it.each([
    ['to_be_paid', 'issued'],
    ['issued', 'to_be_paid'],
    ['issued', 'canceled'],
    ['canceled', 'proceeding'],
    ['failed', 'issued'],
    ['failed_reimbursed', 'failed_reimbursing'],
    ['proceeding', 'canceled'],
    ['chg_to_be_paid', 'changed'],
    ['rfd_reviewing', 'rfd_proceeding'],
    ['refunded', 'refunded_reimbursed'],
    ['voided', 'voided_reimbursed'],
    ['to_be_paid', 'to_be_paid'],
  ] as const)('refuses %s -> %s with {from, to}', (from, to) => {
    expect(flightOrderMachine.canTransition(from, to)).toBe(false);
    expect(() => flightOrderMachine.assertTransition(from, to)).toThrow(IllegalTransition);
    try {
      flightOrderMachine.assertTransition(from, to);
    } catch (error) {
      expect(error).toMatchObject({ from, to });
    }
  });

  it('covers the origin flow of the issue: to_be_paid -> proceeding -> issued, failed -> reimbursed', () => {
    expect(flightOrderMachine.next('to_be_paid')).toEqual(
      expect.arrayContaining(['proceeding', 'canceled', 'origin_canceled']),
    );
    expect(flightOrderMachine.next('proceeding')).toEqual(expect.arrayContaining(['issued', 'failed']));
    expect(flightOrderMachine.next('failed')).toEqual(['failed_reimbursing']);
    expect(flightOrderMachine.next('failed_reimbursing')).toEqual(['failed_reimbursed']);
  });

  it('reaches every status from some initial status, and each type keeps to its own statuses', () => {
    // A seat and bag purchase follows the origin statuses (docs/ancillaries.md).
    const all = ORDER_TYPES.filter((type) => type !== 'ancillary').flatMap(
      (type) => STATUSES_BY_ORDER_TYPE[type],
    );
    expect(STATUSES_BY_ORDER_TYPE.ancillary.every((s) => STATUSES_BY_ORDER_TYPE.origin.includes(s))).toBe(
      true,
    );
    expect([...all].sort()).toEqual([...FLIGHT_ORDER_STATUSES].sort());
    expect(new Set(all).size).toBe(all.length);
    expect(STATUSES_BY_ORDER_TYPE.change.every((s) => s.startsWith('chg_') || s.startsWith('change'))).toBe(
      true,
    );
    expect(STATUSES_BY_ORDER_TYPE.refund.every((s) => /^(rfd_|refund)/.test(s))).toBe(true);
    expect(STATUSES_BY_ORDER_TYPE.void.every((s) => /^void/.test(s))).toBe(true);
    expect(INITIAL_STATUSES.origin).toContain('to_be_paid');
  });
});

describe('status tabs and pending groups', () => {
  it('maps the status-count tabs of spec §4', () => {
    expect(Object.fromEntries(STATUS_TABS.map((tab) => [tab.key, tab.statuses]))).toEqual({
      to_be_paid: ['to_be_paid'],
      chg_to_be_paid: ['chg_to_be_paid'],
      reviewing: ['reviewing', 'chg_reviewing', 'rfd_reviewing'],
      proceeding: ['proceeding', 'chg_proceeding', 'rfd_proceeding'],
      rfd_to_be_confirm: ['rfd_to_be_confirm'],
      refunded_reimbursing: ['refunded_reimbursing'],
    });
  });

  it('maps the pending-menu groups of spec §2', () => {
    expect(PENDING_GROUPS.map((group) => group.key)).toEqual([
      'to_be_paid',
      'reviewing',
      'proceeding',
      'pending-confirm',
      'refunding',
    ]);
    expect(statusesForCountKey('pending.to_be_paid')).toEqual(['to_be_paid', 'chg_to_be_paid']);
    expect(statusesForCountKey('pending.pending-confirm')).toEqual(['rfd_to_be_confirm']);
    expect(statusesForCountKey('pending.refunding')).toEqual(['rfd_proceeding', 'refunded_reimbursing']);
    expect(statusesForCountKey('pending.nope')).toBeUndefined();
  });

  it('keeps a tab exact where a group shares its name: the group travels prefixed', () => {
    expect(pendingCountKey('to_be_paid')).toBe('pending.to_be_paid');
    expect(statusesForCountKey('to_be_paid')).toEqual(['to_be_paid']);
    expect(statusesForCountKey('proceeding')).toEqual(['proceeding', 'chg_proceeding', 'rfd_proceeding']);
    expect(statusesForCountKey('pending.proceeding')).toEqual([
      'proceeding',
      'chg_proceeding',
      'rfd_proceeding',
      'void_proceeding',
    ]);
  });

  it('names the pending groups for the order list link and refuses anything else', () => {
    expect(PENDING_GROUP_KEYS).toEqual([
      'to_be_paid',
      'reviewing',
      'proceeding',
      'pending-confirm',
      'refunding',
    ]);
    expect(isPendingGroupKey('pending-confirm')).toBe(true);
    expect(isPendingGroupKey('rfd_to_be_confirm')).toBe(false);
    expect(isPendingGroupKey('issued')).toBe(false);
    expect(isPendingGroupKey(undefined)).toBe(false);
  });

  it('counts a plain status alone and refuses unknown keys', () => {
    expect(statusesForCountKey('issued')).toEqual(['issued']);
    expect(statusesForCountKey('chg_to_be_paid')).toEqual(['chg_to_be_paid']);
    expect(statusesForCountKey('nope')).toBeUndefined();
  });
});

describe('label keys', () => {
  it('labels a status with the orders.status key the web locale files hold', () => {
    expect(statusLabelKey('to_be_paid')).toBe('orders.status.to_be_paid');
    expect(statusLabelKey('rfd_to_be_confirm')).toBe('orders.status.rfd_to_be_confirm');
  });

  it('labels the tabs and pending groups under orders.tab and orders.pending by their keys', () => {
    for (const tab of STATUS_TABS) expect(tab.labelKey).toBe(`orders.tab.${tab.key}`);
    for (const group of PENDING_GROUPS) expect(group.labelKey).toBe(`orders.pending.${group.key}`);
  });
});

describe('allowedActions', () => {
  const now = '2026-05-01T10:00:00Z';
  const deadline = '2026-05-01T10:30:00Z';

  it('answers as the rules table does for every type, status and deadline, given as text or time', () => {
    const past = '2026-05-01T09:00:00Z';
    for (const type of ORDER_TYPES) {
      for (const status of FLIGHT_ORDER_STATUSES) {
        for (const at of [undefined, null, past, deadline]) {
          const subject = { status, type, paymentDeadline: at, confirmDeadline: at, voidDeadline: at, now };
          const byTable = FLIGHT_ORDER_ACTIONS.filter((action) => actionRule(subject, action) !== undefined);
          expect(allowedActions(subject)).toEqual(byTable);
          const asTimes = {
            ...subject,
            ...(at ? { paymentDeadline: new Date(at), voidDeadline: new Date(at) } : {}),
          };
          expect(allowedActions({ ...asTimes, now: new Date(now) })).toEqual(byTable);
        }
      }
    }
  });

  it('offers pay and cancel in to_be_paid before the deadline', () => {
    expect(allowedActions({ status: 'to_be_paid', type: 'origin', paymentDeadline: deadline, now })).toEqual([
      'pay',
      'cancel',
    ]);
    expect(allowedActions({ status: 'to_be_paid', type: 'origin', now: new Date(now) })).toEqual([
      'pay',
      'cancel',
    ]);
  });

  it('offers nothing once the payment deadline has passed', () => {
    expect(
      allowedActions({ status: 'to_be_paid', type: 'origin', paymentDeadline: deadline, now: deadline }),
    ).toEqual([]);
  });

  it.each(['proceeding', 'canceled', 'failed', 'reviewing'] as const)(
    'offers nothing now in %s',
    (status) => {
      expect(allowedActions({ status, type: 'origin', paymentDeadline: deadline, now })).toEqual([]);
    },
  );

  it('offers change, refund and void on issued, void only inside its window', () => {
    const voidDeadline = '2026-05-01T16:00:00.000Z';
    expect(allowedActions({ status: 'issued', type: 'origin', voidDeadline, now })).toEqual([
      'change',
      'refund',
      'void',
    ]);
    expect(allowedActions({ status: 'issued', type: 'origin', voidDeadline, now: voidDeadline })).toEqual([
      'change',
      'refund',
    ]);
    expect(allowedActions({ status: 'issued', type: 'origin', now })).toEqual(['change', 'refund']);
  });

  it('offers the follow-ups of change and refund orders', () => {
    expect(
      allowedActions({ status: 'rfd_to_be_confirm', type: 'refund', confirmDeadline: deadline, now }),
    ).toEqual(['confirm-refund', 'cancel-refund']);
    expect(
      allowedActions({
        status: 'rfd_to_be_confirm',
        type: 'refund',
        confirmDeadline: deadline,
        now: deadline,
      }),
    ).toEqual(['cancel-refund']);
    expect(allowedActions({ status: 'chg_to_be_paid', type: 'change', now })).toEqual([
      'pay',
      'cancel-change',
    ]);
    expect(allowedActions({ status: 'changed', type: 'change', now })).toEqual(['change', 'refund']);
  });

  it('names the target status of each action that moves the order', () => {
    const order = { status: 'to_be_paid', type: 'origin', now } as const;
    expect(actionRule(order, 'pay')?.to).toBe('proceeding');
    expect(actionRule(order, 'cancel')?.to).toBe('canceled');
    expect(flightOrderMachine.canTransition('to_be_paid', 'proceeding')).toBe(true);
  });
});

describe('status sets the web reads', () => {
  it('takes the statuses waiting for a payment or a refund confirmation from the action table', () => {
    expect(AWAITING_PAYMENT_STATUSES).toEqual(['to_be_paid', 'chg_to_be_paid']);
    expect(AWAITING_REFUND_CONFIRM_STATUSES).toEqual(['rfd_to_be_confirm']);
  });
  it('lists only statuses that have a way out as moving by themselves', () => {
    for (const status of FLIGHT_MOVING_STATUSES) expect(flightOrderMachine.isFinal(status)).toBe(false);
  });
});
