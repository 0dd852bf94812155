import { describe, expect, it } from 'vitest';
import type { UserLogEntry } from './user-log';
import { ROUTE_EVENTS, USER_LOG_EVENTS, userLogTargetPath } from './user-log-events';
import { userLogReason, userLogSentence, userLogSentenceParts, type Translate } from './user-log-words';

/** Writes the key and its values, so a test sees which template a row picks and with what. */
const show: Translate = (key, vars = {}) =>
  Object.keys(vars).length === 0
    ? key
    : `${key}(${Object.entries(vars)
        .filter(([, v]) => v !== '')
        .map(([k, v]) => `${k}=${v}`)
        .join(',')})`;

const row = (extra: Partial<UserLogEntry>): UserLogEntry => ({
  id: '1',
  createdAt: '2026-11-28T08:00:00.000Z',
  userId: 1,
  username: 'admin',
  action: 'call',
  method: null,
  route: null,
  target: null,
  event: null,
  targetRef: null,
  facts: null,
  outcome: 'ok',
  code: null,
  ip: null,
  userAgent: null,
  ...extra,
});

describe('user log words', () => {
  it('maps routes only to actions of the closed list', () => {
    for (const entry of Object.values(ROUTE_EVENTS)) {
      expect(USER_LOG_EVENTS).toContain(entry.event);
      for (const variant of Object.values(entry.byChannel ?? {})) expect(USER_LOG_EVENTS).toContain(variant);
    }
  });

  it.each([
    [
      'a stored action with its target and amount',
      row({
        event: 'order.pay.balance',
        targetRef: { kind: 'flightOrder', id: 'o-1', label: 'F1' },
        facts: { amount: '930', currency: 'CNY' },
      }),
      'userLog.event.order_pay_balance(amount=CNY 930.00,amountPart=userLog.words.amountPart(amount=CNY 930.00),target=F1)',
    ],
    [
      'an older row: the action and target kind of its route, the raw id for a name',
      row({ method: 'DELETE', route: '/order/v2/flight/orders/:id', target: 'o-2' }),
      'userLog.event.order_cancel(target=o-2)',
    ],
    [
      'a refused call of a route the table does not name: its method in words and the reason',
      row({ method: 'PATCH', route: '/x/:id', outcome: 'refused', code: 999999 }),
      'userLog.words.withReason(sentence=userLog.failed.generic_PATCH(target=userLog.kind.none,route=/x/:id),reason=userLog.words.reasonCode(code=999999))',
    ],
    [
      'a failed login with the message of its code',
      row({ action: 'login_failed', outcome: 'refused', code: 201003 }),
      'userLog.words.withReason(sentence=userLog.failed.login_failed(target=userLog.kind.none),reason=Invalid username or password)',
    ],
  ])('says %s', (_label, entry, expected) => {
    expect(userLogSentence(entry, 'en', show)).toBe(expected);
  });

  it('gives the target to link and no reason for a row that succeeded', () => {
    const entry = row({ event: 'user.password.reset', targetRef: { kind: 'user', id: '7', label: 'lina' } });
    expect(userLogSentenceParts(entry, show).target).toEqual({ kind: 'user', id: '7', label: 'lina' });
    expect(userLogReason(entry, 'zh-cn', show)).toBeNull();
    expect(userLogReason(row({ outcome: 'refused', code: 600001 }), 'zh-cn', show)).toBe('账户余额不足');
  });

  it.each([
    [{ kind: 'flightOrder', id: 'a/b', label: null }, '/flight/orders/a%2Fb'],
    [{ kind: 'groupOrder', id: 'g', label: null }, '/flight/group/order/g'],
    [{ kind: 'trainOrder', id: 't', label: null }, '/train/orders?id=t'],
    [{ kind: 'agency', id: '2', label: null }, '/agency-manager'],
    [{ kind: 'passenger', id: 'p', label: null }, null],
  ] as const)('opens %o at %s', (target, path) => {
    expect(userLogTargetPath(target)).toBe(path);
  });
});
