import { afterEach, describe, expect, it } from 'vitest';
import type { Solution } from '@portal/domain/shopping';
import { useTestApp, login, bearer, body } from '../../test/app';
import { createSimulatedRegistry } from '../../simulation/flight/registry';
import type { Offer } from './suppliers/supplier';
import { flightsOf, minor, patchFlightSettings } from './shopping.fixtures';
import { oneWay, search, searchOnDayWith, startSearch, TRAVEL_DATE } from './shopping.test-helpers';
import { keysOf } from './solution.presenter';

const t = useTestApp({ ENABLE_TEST_HOOKS: 'true' });

const setFaults = (name: string, faults: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/__test/suppliers/${name}/faults`, payload: faults });

afterEach(async () => {
  await t.app.inject({ method: 'DELETE', url: '/__test/suppliers/faults' });
});

const raw = (o: Offer) =>
  o.amounts.reduce((sum, a) => sum + a.fare + a.tax + a.fuelSurcharge + a.airportTax, 0);

async function rawOffers(name: string, origins: string[], destinations: string[]): Promise<Offer[]> {
  const supplier = createSimulatedRegistry({ latencyScale: 0, seed: 'portal' }).get(name);
  if (!supplier) throw new Error(name);
  const result = supplier.search(
    {
      legs: [{ origins, destinations, date: TRAVEL_DATE }],
      passengers: { adult: 1, child: 0, infant: 0 },
      cabin: 'economy',
    },
    new AbortController().signal,
  );
  return Symbol.asyncIterator in result ? [] : result;
}

describe('suppliers and agency pricing', () => {
  it('finishes with results when one supplier times out and one fails', async () => {
    await patchFlightSettings(t.database.db, 1, { maxResponseTimeMs: 1000 });
    expect((await setFaults('sim-ndc', { timeout: true })).statusCode).toBe(200);
    await setFaults('sim-lcc', { error: true });
    const token = await login(t.app);
    const result = await search(t.app, token, oneWay('PEK', 'SHA'));
    expect(result.finished).toBe(true);
    const status = Object.fromEntries(result.suppliers.map((s) => [s.name, s.status]));
    expect(status).toEqual({ 'sim-gds': 'done', 'sim-ndc': 'timeout', 'sim-lcc': 'error' });
    expect(result.solutions.length).toBeGreaterThan(0);
    expect(result.solutions.every((s) => s.supplier === 'sim-gds')).toBe(true);
  });

  it('merges the same itinerary from two suppliers keeping the cheaper, supplier shown only for agency 1', async () => {
    const gds = await rawOffers('sim-gds', ['PEK'], ['PVG', 'SHA']);
    const ndc = await rawOffers('sim-ndc', ['PEK'], ['PVG', 'SHA']);
    const both = gds.filter((g) => ndc.some((n) => keysOf(n).dedupeKey === keysOf(g).dedupeKey));
    expect(both.length).toBeGreaterThan(0);
    const admin = await login(t.app);
    const result = await search(t.app, admin, oneWay('PEK', 'SHA'));
    const keys = result.solutions.map((s) => `${flightsOf(s)}|${s.fareFamily}|${s.priceDetail.productType}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const g of both) {
      const n = ndc.find((o) => keysOf(o).dedupeKey === keysOf(g).dedupeKey);
      if (!n) continue;
      const winner = raw(n) < raw(g) ? n : g;
      const shown = result.solutions.filter(
        (s) =>
          s.fareFamily === g.fareFamily &&
          s.legs[0]?.segments[0]?.flightNumber === g.legs[0]?.segments[0]?.flightNumber &&
          s.legs[0]?.segments[0]?.marketingCarrier === g.validatingCarrier,
      );
      expect(shown).toHaveLength(1);
      // Agency 1 adds 10 CNY on mainland China fares.
      expect(minor(shown[0]?.priceDetail.total.amount ?? '0')).toBe(Math.min(raw(n), raw(g)) + 1000);
      expect(shown[0]?.supplier).toBe(winner.supplier);
    }
    const sub = await search(t.app, await login(t.app, 'subop'), oneWay('PEK', 'SHA'));
    expect(sub.solutions.every((s) => s.supplier === null)).toBe(true);
  });

  it('adds the markup down the agency chain: the sub-agency pays parent plus own adjustment', async () => {
    const parent = await search(t.app, await login(t.app), oneWay('PEK', 'SHA'));
    const sub = await search(t.app, await login(t.app, 'subop'), oneWay('PEK', 'SHA'));
    const first = parent.solutions[0];
    const same = sub.solutions.find(
      (s) => first && flightsOf(s) === flightsOf(first) && s.fareFamily === first.fareFamily,
    );
    const adult = first?.priceDetail.priceList[0];
    expect(adult).toBeDefined();
    if (!adult || !same) throw new Error('no shared solution');
    const base = minor(adult.price) + minor(adult.tax) + minor(adult.fuelSurcharge) + minor(adult.airportTax);
    expect(minor(adult.salePrice)).toBe(base + 1000);
    expect(minor(same.priceDetail.priceList[0]?.salePrice ?? '0')).toBe(base + 1500);
  });

  it('applies the airline blacklist, only-free-baggage and only-with-fare-basis filters', async () => {
    const token = await login(t.app);
    const noBasis = (s: Solution) => s.legs.some((l) => l.segments.some((x) => x.fareBasis === null));
    // A day with low-cost fares, one of them without fare basis, and MU's (not every day has them).
    const { date, result: plain } = await searchOnDayWith(
      t.app,
      token,
      'SHA',
      'CAN',
      (r) =>
        r.solutions.some((s) => s.contentType === 'lcc') &&
        r.solutions.some(noBasis) &&
        r.solutions.some((s) => s.validatingCarrier === 'MU'),
    );
    expect(plain.solutions.some((s) => s.contentType === 'lcc')).toBe(true);
    expect(plain.solutions.some(noBasis)).toBe(true);
    expect(plain.solutions.some((s) => s.validatingCarrier === 'MU')).toBe(true);

    await patchFlightSettings(t.database.db, 1, {
      filter: { mode: 'blacklist', airlines: ['MU'], suppliers: [] },
    });
    const noMu = await search(t.app, token, oneWay('SHA', 'CAN', date));
    expect(noMu.solutions.length).toBeGreaterThan(0);
    expect(
      noMu.solutions.some((s) => s.legs.some((l) => l.segments.some((x) => x.marketingCarrier === 'MU'))),
    ).toBe(false);

    await patchFlightSettings(t.database.db, 1, {
      filter: { mode: 'none', airlines: [], suppliers: [] },
      onlyFreeBaggage: true,
    });
    const bags = await search(t.app, token, oneWay('SHA', 'CAN', date));
    expect(bags.solutions.some((s) => s.contentType === 'lcc')).toBe(false);
    expect(
      bags.solutions.every(
        (s) => (s.baggage.find((b) => b.passengerType === 'adult')?.checked.pieces ?? 0) >= 1,
      ),
    ).toBe(true);

    await patchFlightSettings(t.database.db, 1, { onlyFreeBaggage: false, onlyWithFareBasis: true });
    const withBasis = await search(t.app, token, oneWay('SHA', 'CAN', date));
    expect(withBasis.solutions.length).toBeGreaterThan(0);
    expect(withBasis.solutions.some(noBasis)).toBe(false);
  });

  it('counts searches for look-to-book and lists the test hook only when enabled', async () => {
    const token = await login(t.app);
    await search(t.app, token, oneWay('PEK', 'SHA'));
    await search(t.app, token, oneWay('PEK', 'SHA'));
    const { lookToBookOf, recordBooking } = await import('./look-to-book');
    await recordBooking(t.database.db, 1);
    expect(await lookToBookOf(t.database.db, 1, new Date())).toEqual({ searches: 2, bookings: 1 });
    const plain = await t.build({ ENABLE_TEST_HOOKS: 'false' });
    const res = await plain.inject({ method: 'POST', url: '/__test/suppliers/sim-gds/faults', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(bearer('x')).toBeDefined();
    expect(body(res).code).not.toBe(0);
  });

  it('closes the app at once while its suppliers still compute or wait', async () => {
    const app = await t.build();
    await app.inject({
      method: 'POST',
      url: '/__test/suppliers/sim-ndc/faults',
      payload: { latencyMs: 60_000 },
    });
    await startSearch(app, await login(app), oneWay('PEK', 'SHA'));
    const started = performance.now();
    await app.close();
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
