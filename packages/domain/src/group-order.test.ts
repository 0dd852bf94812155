import { describe, expect, it } from 'vitest';
import { IllegalTransition } from './fsm';
import { CancelGroupOrderBody, CreateGroupOrderBody } from './group-order';
import {
  allowedGroupActions,
  dueInstalment,
  GROUP_CANCELABLE_STATUSES,
  GROUP_DESK_PENDING_STATUSES,
  GROUP_FINAL_STATUSES,
  GROUP_MENU_STATUSES,
  GROUP_ORDER_STATUSES,
  GROUP_ORDER_TRANSITIONS,
  groupOrderMachine,
  groupStatusColor,
  PASSENGER_LIST_STATUSES,
  type GroupActionSubject,
  type GroupOrderStatus,
} from './group-order-status';

const NOW = new Date('2026-11-23T08:00:00Z');
const LATER = '2026-11-30T08:00:00Z';
const EARLIER = '2026-11-20T08:00:00Z';

/** The whole table, written out move by move: every pair not listed here must be refused. */
const ALLOWED: Record<GroupOrderStatus, GroupOrderStatus[]> = {
  to_be_quote: ['to_be_confirm', 'failed', 'canceled', 'closed'],
  to_be_confirm: ['to_be_apply_seat', 'to_be_quote', 'failed', 'canceled', 'closed'],
  to_be_apply_seat: ['seat_applying', 'canceled', 'closed'],
  seat_applying: ['to_be_pay_first', 'to_be_confirm', 'failed', 'closed'],
  to_be_pay_first: ['to_be_pay_second', 'failed', 'canceled', 'closed'],
  to_be_pay_second: ['to_be_pay_third', 'failed', 'canceled', 'closed'],
  to_be_pay_third: ['to_be_paid_last_money', 'failed', 'canceled', 'closed'],
  to_be_paid_last_money: ['proceeding', 'failed', 'canceled', 'closed'],
  proceeding: ['issued'],
  issued: [],
  failed: [],
  canceled: [],
  closed: [],
};

function subject(over: Partial<GroupActionSubject> = {}): GroupActionSubject {
  return {
    status: 'to_be_confirm',
    confirmBy: LATER,
    instalments: [1, 2, 3, 4].map((n) => ({ n, deadline: LATER, paidAt: null })),
    passengerList: 'missing',
    passengerListDeadline: LATER,
    ...over,
  };
}

describe('group order statuses', () => {
  it('has the colours of spec §4', () => {
    expect(groupStatusColor('to_be_quote')).toBe('warning');
    for (const s of [
      'to_be_confirm',
      'to_be_apply_seat',
      'to_be_pay_first',
      'to_be_pay_second',
      'to_be_pay_third',
      'to_be_paid_last_money',
    ])
      expect(groupStatusColor(s)).toBe('primary');
    expect(groupStatusColor('seat_applying')).toBe('warning');
    expect(groupStatusColor('proceeding')).toBe('warning');
    expect(groupStatusColor('issued')).toBe('success');
    expect(groupStatusColor('failed')).toBe('error');
    expect(groupStatusColor('canceled')).toBe('info');
    expect(groupStatusColor('closed')).toBe('info');
  });

  it('lists the twelve menu routes of spec §2 in order', () => {
    expect(GROUP_MENU_STATUSES).toEqual([
      'to_be_quote',
      'to_be_confirm',
      'to_be_apply_seat',
      'seat_applying',
      'to_be_pay_first',
      'to_be_pay_second',
      'to_be_pay_third',
      'to_be_paid_last_money',
      'proceeding',
      'issued',
      'failed',
      'canceled',
    ]);
  });

  it('allows exactly the moves of the table and refuses every other pair', () => {
    expect(Object.keys(GROUP_ORDER_TRANSITIONS).sort()).toEqual([...GROUP_ORDER_STATUSES].sort());
    for (const from of GROUP_ORDER_STATUSES) {
      for (const to of GROUP_ORDER_STATUSES) {
        const allowed = ALLOWED[from].includes(to);
        expect(groupOrderMachine.canTransition(from, to), `${from} -> ${to}`).toBe(allowed);
        if (!allowed) expect(() => groupOrderMachine.assertTransition(from, to)).toThrow(IllegalTransition);
      }
    }
  });

  it('maps each payment status to its instalment', () => {
    expect(dueInstalment('to_be_pay_first')).toBe(1);
    expect(dueInstalment('to_be_pay_second')).toBe(2);
    expect(dueInstalment('to_be_pay_third')).toBe(3);
    expect(dueInstalment('to_be_paid_last_money')).toBe(4);
    expect(dueInstalment('proceeding')).toBeNull();
  });

  it('lets an agent cancel from the request until the final payment, as the transition table says', () => {
    expect(GROUP_CANCELABLE_STATUSES).toEqual([
      'to_be_quote',
      'to_be_confirm',
      'to_be_apply_seat',
      'to_be_pay_first',
      'to_be_pay_second',
      'to_be_pay_third',
      'to_be_paid_last_money',
    ]);
  });

  it('takes the passenger list from the pick of a quote to the final payment', () => {
    expect(PASSENGER_LIST_STATUSES).toEqual([
      'to_be_apply_seat',
      'seat_applying',
      'to_be_pay_first',
      'to_be_pay_second',
      'to_be_pay_third',
      'to_be_paid_last_money',
    ]);
  });
});

describe('allowedGroupActions', () => {
  it('offers pickQuote only in to_be_confirm before confirm-by', () => {
    expect(allowedGroupActions(subject(), NOW)).toContain('pickQuote');
    expect(allowedGroupActions(subject({ confirmBy: EARLIER }), NOW)).not.toContain('pickQuote');
    expect(allowedGroupActions(subject({ confirmBy: NOW.toISOString() }), NOW)).not.toContain('pickQuote');
    expect(allowedGroupActions(subject({ status: 'to_be_apply_seat' }), NOW)).not.toContain('pickQuote');
  });

  it('offers cancel until the final payment, never afterwards nor while the desk applies for seats', () => {
    for (const status of GROUP_ORDER_STATUSES) {
      const expected = [
        'to_be_quote',
        'to_be_confirm',
        'to_be_apply_seat',
        'to_be_pay_first',
        'to_be_pay_second',
        'to_be_pay_third',
        'to_be_paid_last_money',
      ].includes(status);
      expect(allowedGroupActions(subject({ status }), NOW).includes('cancel'), status).toBe(expected);
    }
  });

  it('offers payInstalment for the due instalment before its deadline only', () => {
    expect(allowedGroupActions(subject({ status: 'to_be_pay_first' }), NOW)).toContain('payInstalment');
    const late = subject({
      status: 'to_be_pay_second',
      instalments: [
        { n: 1, deadline: LATER, paidAt: EARLIER },
        { n: 2, deadline: EARLIER, paidAt: null },
      ],
    });
    expect(allowedGroupActions(late, NOW)).not.toContain('payInstalment');
    const paid = subject({
      status: 'to_be_pay_first',
      instalments: [{ n: 1, deadline: LATER, paidAt: EARLIER }],
    });
    expect(allowedGroupActions(paid, NOW)).not.toContain('payInstalment');
    expect(allowedGroupActions(subject({ status: 'proceeding' }), NOW)).not.toContain('payInstalment');
  });

  it('refuses the final payment until the passenger list is confirmed', () => {
    const last = subject({ status: 'to_be_paid_last_money', passengerList: 'uploaded' });
    expect(allowedGroupActions(last, NOW)).not.toContain('payInstalment');
    expect(allowedGroupActions({ ...last, passengerList: 'confirmed' }, NOW)).toContain('payInstalment');
  });

  it('offers the passenger list from the pick until it is confirmed, before its deadline', () => {
    expect(allowedGroupActions(subject({ status: 'to_be_confirm' }), NOW)).not.toContain('uploadPassengers');
    expect(allowedGroupActions(subject({ status: 'to_be_apply_seat' }), NOW)).toContain('uploadPassengers');
    expect(allowedGroupActions(subject({ status: 'to_be_pay_first' }), NOW)).not.toContain(
      'confirmPassengers',
    );
    const uploaded = subject({ status: 'to_be_pay_first', passengerList: 'uploaded' });
    expect(allowedGroupActions(uploaded, NOW)).toEqual(
      expect.arrayContaining(['uploadPassengers', 'confirmPassengers']),
    );
    const confirmed = subject({ status: 'to_be_pay_first', passengerList: 'confirmed' });
    expect(allowedGroupActions(confirmed, NOW)).not.toContain('uploadPassengers');
    expect(allowedGroupActions(confirmed, NOW)).not.toContain('confirmPassengers');
    const late = subject({
      status: 'to_be_pay_first',
      passengerList: 'uploaded',
      passengerListDeadline: EARLIER,
    });
    expect(allowedGroupActions(late, NOW)).not.toContain('confirmPassengers');
  });

  it('offers nothing in a final status', () => {
    for (const status of ['issued', 'failed', 'canceled', 'closed'] as const)
      expect(allowedGroupActions(subject({ status }), NOW)).toEqual([]);
  });
});

describe('group request', () => {
  const journey = { origin: 'pek', destination: 'SHA', date: '2026-12-20' };

  it('defaults to 10 adults, 10 children and no infant', () => {
    const body = CreateGroupOrderBody.parse({ journeys: [journey] });
    expect(body.passengers).toEqual({ adult: 10, child: 10, infant: 0 });
    expect(body.isChangeDate).toBe(false);
    expect(body.journeys[0]?.origin).toBe('PEK');
  });

  it('refuses fewer than ten travellers', () => {
    expect(
      CreateGroupOrderBody.safeParse({ journeys: [journey], passengers: { adult: 5, child: 4, infant: 0 } })
        .success,
    ).toBe(false);
    expect(
      CreateGroupOrderBody.safeParse({ journeys: [journey], passengers: { adult: 10, child: 0, infant: 0 } })
        .success,
    ).toBe(true);
  });

  it('refuses a return before the departure and a journey to its own origin', () => {
    expect(
      CreateGroupOrderBody.safeParse({ journeys: [{ ...journey, returnDate: '2026-12-19' }] }).success,
    ).toBe(false);
    expect(CreateGroupOrderBody.safeParse({ journeys: [{ ...journey, destination: 'PEK' }] }).success).toBe(
      false,
    );
  });

  it('requires a cancel reason', () => {
    expect(CancelGroupOrderBody.safeParse({ reason: '   ' }).success).toBe(false);
    expect(CancelGroupOrderBody.safeParse({}).success).toBe(false);
    expect(CancelGroupOrderBody.parse({ reason: ' client cancelled ' }).reason).toBe('client cancelled');
  });
});

describe('group status sets the web reads', () => {
  it('derives the final statuses from the transition table', () => {
    expect(GROUP_FINAL_STATUSES).toEqual(['issued', 'failed', 'canceled', 'closed']);
  });
  it('waits for the desk or a job only in statuses that have a way out', () => {
    for (const status of GROUP_DESK_PENDING_STATUSES) expect(groupOrderMachine.isFinal(status)).toBe(false);
  });
});
