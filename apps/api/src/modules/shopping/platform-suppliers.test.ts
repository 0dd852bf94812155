import { describe, expect, it } from 'vitest';
import { ERRORS } from '@portal/domain/errors';
import { bearer, body, login, useTestApp } from '../../test/app';
import { writeSupplierAllowList } from '../agencies/index';
import { adult, contact, createOrder, pickSolution } from '../flight-orders/flight-orders.test-helpers';
import { idCardPassenger, pickTrain, trainContact } from '../train-orders/train-orders.test-helpers';
import { oneWay, search } from './shopping.test-helpers';

const t = useTestApp();

const allow = (agencyId: number, list: { flight?: string[] | null; rail?: string[] | null }) =>
  writeSupplierAllowList(
    t.database.db,
    agencyId,
    { flight: list.flight ?? null, rail: list.rail ?? null },
    new Date(),
  );

const askedOf = (result: { suppliers: { name: string }[] }) => result.suppliers.map((s) => s.name).sort();

describe('suppliers the platform allows a top-level agency', () => {
  it('by default every configured supplier is asked', async () => {
    const result = await search(t.app, await login(t.app), oneWay('PEK', 'SHA'));
    expect(askedOf(result)).toEqual(['sim-gds', 'sim-lcc', 'sim-ndc']);
  });

  it('a supplier not allowed is never asked, for the agency and its sub-agencies; other trees keep all', async () => {
    await allow(1, { flight: ['sim-gds'] });
    const own = await search(t.app, await login(t.app), oneWay('PEK', 'SHA'));
    expect(askedOf(own)).toEqual(['sim-gds']);
    expect(own.solutions.every((s) => s.supplier === 'sim-gds')).toBe(true);
    // subop works for agency 2, a sub-agency of agency 1.
    const sub = await search(t.app, await login(t.app, 'subop'), oneWay('PEK', 'SHA'));
    expect(askedOf(sub)).toEqual(['sim-gds']);
    const other = await search(t.app, await login(t.app, 'partner'), oneWay('PEK', 'SHA'));
    expect(askedOf(other)).toEqual(['sim-gds', 'sim-lcc', 'sim-ndc']);
  });

  it('an offer of a supplier taken away after the search is neither verified nor booked', async () => {
    const token = await login(t.app);
    const solution = await pickSolution(t.app, token, { supplier: 'sim-ndc' });
    await allow(1, { flight: ['sim-gds', 'sim-lcc'] });
    const verify = await t.app.inject({
      method: 'POST',
      url: `/shopping/v2/flight/solutions/${solution.id}/verification`,
      headers: bearer(token),
    });
    expect(verify.statusCode).toBe(403);
    expect(body(verify).code).toBe(ERRORS.SUPPLIER_NOT_ALLOWED.code);
    const booked = await createOrder(
      t.app,
      token,
      { solutionId: solution.id, passengers: [adult()], contact: contact() },
      'platform-suppliers-1',
    );
    expect(booked.statusCode).toBe(403);
    expect(body(booked).code).toBe(ERRORS.SUPPLIER_NOT_ALLOWED.code);
    const orders = await t.app.inject({ url: '/order/v2/flight/orders', headers: bearer(token) });
    expect(body<{ total: number }>(orders).data.total).toBe(0);
  });

  it('trains: no rail supplier allowed refuses the search and the booking', async () => {
    const token = await login(t.app, 'trainop');
    const { train, price } = await pickTrain(t.app, token, { seats: 1 });
    await allow(3, { rail: [] });
    const searched = await t.app.inject({
      method: 'POST',
      url: '/shopping/v2/train/search',
      payload: { origin: 'VNP', destination: 'AOH', date: train.departure.time.slice(0, 10) },
      headers: bearer(token),
    });
    expect(searched.statusCode).toBe(403);
    expect(body(searched).code).toBe(ERRORS.SUPPLIER_NOT_ALLOWED.code);
    const booked = await t.app.inject({
      method: 'POST',
      url: '/order/v2/train/orders',
      payload: {
        trainId: train.id,
        seatClass: 'second',
        expectedPrice: price,
        passengers: [idCardPassenger()],
        contact: trainContact(),
      },
      headers: { ...bearer(token), 'idempotency-key': 'platform-suppliers-train' },
    });
    expect(booked.statusCode).toBe(403);
    expect(body(booked).code).toBe(ERRORS.SUPPLIER_NOT_ALLOWED.code);
  });
});
