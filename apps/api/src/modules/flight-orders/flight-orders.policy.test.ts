import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { AgencyRow } from '../agencies/index';
import type { UserRow } from '../users/index';
import { fillPlaceholders } from 'drizzle-orm';
import { canSeeOrder } from '@portal/domain/order-visibility';
import { orderScope, orderScopeSql, orderScopeTemplate } from './flight-orders.policy';

const dialect = new PgDialect();

function viewer(onlyShowOwnOrders: boolean | undefined) {
  const agency = { id: 7, commonConfig: { onlyShowOwnOrders } } as unknown as AgencyRow;
  const user = { id: 42 } as unknown as UserRow;
  return { agency, user };
}

describe('which orders a user sees (spec §6 only show own orders)', () => {
  it("sees every order of the agency and none of another agency's by default", () => {
    expect(canSeeOrder(viewer(undefined), { agencyId: 7, userId: 1 })).toBe(true);
    expect(canSeeOrder(viewer(false), { agencyId: 7, userId: 42 })).toBe(true);
    expect(canSeeOrder(viewer(false), { agencyId: 8, userId: 42 })).toBe(false);
  });

  it('sees only the orders the user created when the agency says so', () => {
    expect(canSeeOrder(viewer(true), { agencyId: 7, userId: 42 })).toBe(true);
    expect(canSeeOrder(viewer(true), { agencyId: 7, userId: 1 })).toBe(false);
    expect(canSeeOrder(viewer(true), { agencyId: 7, userId: null })).toBe(false);
    expect(canSeeOrder(viewer(true), { agencyId: 8, userId: 42 })).toBe(false);
  });

  it('gives lists and raw queries the same condition', () => {
    const shown = (condition: ReturnType<typeof orderScope>) => {
      const { sql, params } = dialect.sqlToQuery(condition);
      return { sql, params };
    };
    expect(shown(orderScope(viewer(false)))).toEqual({
      sql: '"flight_orders"."agency_id" = $1',
      params: [7],
    });
    expect(shown(orderScope(viewer(true)))).toEqual({
      sql: '("flight_orders"."agency_id" = $1 and "flight_orders"."user_id" = $2)',
      params: [7, 42],
    });
    expect(shown(orderScopeSql(viewer(false), 'o'))).toEqual({ sql: '"o".agency_id = $1', params: [7] });
    expect(shown(orderScopeSql(viewer(true), 'o'))).toEqual({
      sql: '("o".agency_id = $1 and "o".user_id = $2)',
      params: [7, 42],
    });
    // The prepared form: the same SQL, with the viewer's ids filled in per request.
    for (const own of [false, true]) {
      const template = orderScopeTemplate(viewer(own));
      const { sql, params } = dialect.sqlToQuery(template.condition());
      expect({ sql, params: fillPlaceholders(params, template.values) }).toEqual(
        shown(orderScope(viewer(own))),
      );
      expect(template.key).toBe(own ? 'own' : 'agency');
    }
  });
});
