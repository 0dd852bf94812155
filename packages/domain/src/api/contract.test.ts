import { describe, expect, it } from 'vitest';
import * as afterSales from './after-sales';
import * as agencies from './agencies';
import * as agencySettings from './agency-settings';
import * as bookingRecords from './booking-records';
import * as company from './company';
import { pathOf, type RouteContract } from './contract';
import * as flightOrders from './flight-orders';
import * as groupOrders from './group-orders';
import * as notifications from './notifications';
import * as passengers from './passengers';
import * as payments from './payments';
import * as platformFunding from './platform-funding';
import * as profile from './profile';
import * as rail from './rail';
import * as session from './session';
import * as shopping from './shopping';
import * as simCheckout from './sim-checkout';
import * as site from './site';
import * as subAgencies from './sub-agencies';
import * as trainOrders from './train-orders';
import * as userLog from './user-log';
import * as users from './users';
import * as wallet from './wallet';

const AREAS = [
  afterSales,
  agencies,
  agencySettings,
  bookingRecords,
  company,
  flightOrders,
  groupOrders,
  notifications,
  passengers,
  payments,
  platformFunding,
  profile,
  rail,
  session,
  shopping,
  simCheckout,
  site,
  subAgencies,
  trainOrders,
  userLog,
  users,
  wallet,
];

const isContract = (value: unknown): value is RouteContract =>
  typeof value === 'object' && value !== null && 'operationId' in value && 'path' in value;

const CONTRACTS = AREAS.flatMap((area) => Object.values(area).filter(isContract));

describe('route contracts', () => {
  it('name each operation once and each method and path once', () => {
    const ids = CONTRACTS.map((c) => c.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = CONTRACTS.map((c) => `${c.method} ${c.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('document every operation for the OpenAPI document', () => {
    const undocumented = CONTRACTS.filter(
      (c) => c.summary.trim().length < 5 || c.description.trim().length < 20 || c.tags.length === 0,
    ).map((c) => c.operationId);
    expect(undocumented).toEqual([]);
  });

  it('declare a params schema naming each path parameter', () => {
    const mismatched = CONTRACTS.filter((c) => {
      const names = [...c.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      if (names.length === 0) return c.params !== undefined;
      const shape = c.params && 'shape' in c.params ? Object.keys(c.params.shape as object) : [];
      return names.some((name) => !shape.includes(name ?? ''));
    }).map((c) => c.operationId);
    expect(mismatched).toEqual([]);
  });

  it('fill a path with its encoded parameters', () => {
    expect(pathOf('/order/v2/flight/orders/:id/documents/:documentId', { id: 'a/b', documentId: 7 })).toBe(
      '/order/v2/flight/orders/a%2Fb/documents/7',
    );
    expect(() => pathOf('/base/v2/users/:id', {})).toThrow(TypeError);
  });
});
