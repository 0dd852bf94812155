import { describe, expect, it } from 'vitest';
import { DISRUPTION_STATUSES, DISRUPTION_TYPES } from './after-sales';
import { disruptionActions, DisruptionListQuery } from './disruptions';

describe('disruptionActions', () => {
  it.each([
    ['change', 'open', ['acknowledge']],
    ['restore', 'open', ['acknowledge']],
    ['cancel_unprotected', 'open', ['acknowledge']],
    ['cancel_protected', 'open', ['acknowledge', 'accept', 'refund']],
    ['cancel_protected', 'acknowledged', ['accept', 'refund']],
    ['cancel_protected', 'accepted', []],
    ['cancel_protected', 'refund_requested', []],
    ['change', 'acknowledged', []],
  ] as const)('a %s disruption in %s allows %j', (type, status, actions) => {
    expect(disruptionActions({ type, status })).toEqual(actions);
  });

  it('never offers accepting or a refund but for a protected cancellation', () => {
    for (const type of DISRUPTION_TYPES.filter((t) => t !== 'cancel_protected')) {
      for (const status of DISRUPTION_STATUSES) {
        const actions = disruptionActions({ type, status });
        expect(actions.includes('accept') || actions.includes('refund')).toBe(false);
      }
    }
  });
});

describe('DisruptionListQuery', () => {
  it('takes the filters and refuses a reversed date range or an unknown type', () => {
    expect(DisruptionListQuery.parse({ type: 'restore', page: '2' })).toMatchObject({
      type: 'restore',
      page: 2,
    });
    expect(DisruptionListQuery.safeParse({ dateFrom: '2026-02-02', dateTo: '2026-02-01' }).success).toBe(
      false,
    );
    expect(DisruptionListQuery.safeParse({ type: 'storm' }).success).toBe(false);
  });
});
