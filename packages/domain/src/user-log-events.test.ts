import { describe, expect, expectTypeOf, it } from 'vitest';
import { UserLogTarget, type UserLogFacts } from './user-log-events';
import type {
  UserLogFacts as PlainUserLogFacts,
  UserLogTarget as PlainUserLogTarget,
} from './user-log-route-events';

describe('user log target and facts', () => {
  it('the schemas describe the plain types the user log page reads', () => {
    expectTypeOf<UserLogTarget>().toEqualTypeOf<PlainUserLogTarget>();
    expectTypeOf<UserLogFacts>().toEqualTypeOf<PlainUserLogFacts>();
  });

  it('a target names one of the plain kinds', () => {
    expect(UserLogTarget.parse({ kind: 'flightOrder', id: '7', label: 'PNR1' })).toEqual({
      kind: 'flightOrder',
      id: '7',
      label: 'PNR1',
    });
    expect(UserLogTarget.safeParse({ kind: 'invoice', id: null, label: null }).success).toBe(false);
  });
});
