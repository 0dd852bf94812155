import { describe, expect, it } from 'vitest';
import { getAirport } from '@portal/reference-data/airports';
import { bearer, body, login, useTestApp } from '../../test/app';
import { awaitFinished, oneWay, search, startSearch } from './shopping.test-helpers';

const t = useTestApp();

describe('async shopping', () => {
  it('finds PEK -> SHA flights with consistent local times in each airport zone', async () => {
    const token = await login(t.app);
    const result = await search(t.app, token, oneWay('PEK', 'SHA'));
    expect(result.finished).toBe(true);
    expect(result.currency).toBe('CNY');
    expect(result.solutions.length).toBeGreaterThan(5);
    expect(result.suppliers.map((s) => s.status)).toEqual(['done', 'done', 'done']);
    for (const solution of result.solutions) {
      const seg = solution.legs[0]?.segments[0];
      expect(seg?.departure.airport).toBe('PEK');
      expect(['PVG', 'SHA']).toContain(solution.legs[0]?.segments.at(-1)?.arrival.airport);
      for (const leg of solution.legs) {
        for (const s of leg.segments) {
          expect(s.departure.timeZone).toBe(getAirport(s.departure.airport)?.timeZone);
          expect(s.arrival.timeZone).toBe('Asia/Shanghai');
          // Shanghai is UTC+8 all year: local minus 8 h is UTC.
          const dep = Date.parse(`${s.departure.time}:00+08:00`);
          const arr = Date.parse(`${s.arrival.time}:00+08:00`);
          expect(arr - dep).toBe(s.durationMinutes * 60_000);
          expect(arr).toBeGreaterThan(dep);
        }
      }
    }
    const totals = result.solutions.map((s) => Number(s.priceDetail.total.amount));
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
  });

  it('answers the same flights and prices for the same request', async () => {
    const token = await login(t.app);
    const a = await search(t.app, token, oneWay('PEK', 'SHA'));
    const b = await search(t.app, token, oneWay('PEK', 'SHA'));
    const strip = (r: typeof a) =>
      r.solutions.map((s) => ({ ...s, id: '', expiresAt: '', families: s.families.length }));
    expect(strip(b)).toEqual(strip(a));
  });

  it('handles local times across a DST change and +1 day arrivals (PEK -> LHR)', async () => {
    const token = await login(t.app);
    const result = await search(t.app, token, oneWay('PEK', 'LON', '2026-07-01'));
    expect(result.solutions.length).toBeGreaterThan(0);
    for (const solution of result.solutions) {
      for (const s of solution.legs.flatMap((l) => l.segments)) {
        if (s.arrival.timeZone === 'Europe/London') {
          const arrUtc = Date.parse(`${s.arrival.time}:00+01:00`); // BST in July
          const depUtc = Date.parse(
            `${s.departure.time}:00${s.departure.timeZone === 'Asia/Shanghai' ? '+08:00' : 'Z'}`,
          );
          if (s.departure.timeZone === 'Asia/Shanghai')
            expect(arrUtc - depUtc).toBe(s.durationMinutes * 60_000);
        }
      }
    }
  });

  it('searches a roundtrip and a five-leg multi-city trip', async () => {
    const token = await login(t.app);
    const rt = await search(t.app, token, {
      ...oneWay('PEK', 'SHA'),
      journeys: [{ origin: 'PEK', destination: 'SHA', date: '2026-05-12', returnDate: '2026-05-15' }],
      bookingType: 'roundtrip',
    });
    expect(rt.solutions.length).toBeGreaterThan(0);
    for (const s of rt.solutions) {
      expect(s.legs).toHaveLength(2);
      expect(s.legs[1]?.segments[0]?.departure.time.slice(0, 10)).toBe('2026-05-15');
    }
    const legs = [
      ['PEK', 'SHA', '2026-05-12'],
      ['SHA', 'CAN', '2026-05-14'],
      ['CAN', 'CTU', '2026-05-16'],
      ['CTU', 'XIY', '2026-05-18'],
      ['XIY', 'PEK', '2026-05-20'],
    ] as const;
    const multi = await search(t.app, token, {
      ...oneWay('PEK', 'SHA'),
      journeys: legs.map(([origin, destination, date]) => ({ origin, destination, date })),
      bookingType: 'multicity',
    });
    expect(multi.finished).toBe(true);
    for (const s of multi.solutions) expect(s.legs).toHaveLength(5);
  });

  it('refuses a leg within one city with its leg index, and six legs', async () => {
    const token = await login(t.app);
    const same = await t.app.inject({
      method: 'POST',
      url: '/shopping/v2/flight/async-shopping',
      headers: bearer(token),
      payload: oneWay('PEK', 'PKX'),
    });
    expect(same.statusCode).toBe(400);
    expect(body(same)).toMatchObject({
      code: 400001,
      data: { errors: [{ key: 'order.flight.booking.journeyError.rules', legIndex: 0 }] },
    });
    const six = Array.from({ length: 6 }, (_, i) => ({
      origin: i % 2 ? 'SHA' : 'PEK',
      destination: i % 2 ? 'PEK' : 'SHA',
      date: `2026-05-1${i}`,
    }));
    const tooMany = await t.app.inject({
      method: 'POST',
      url: '/shopping/v2/flight/async-shopping',
      headers: bearer(token),
      payload: { ...oneWay('PEK', 'SHA'), journeys: six, bookingType: 'multicity' },
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('keeps searches to their agency and refuses users without the flight service', async () => {
    const admin = await login(t.app);
    const id = await startSearch(t.app, admin, oneWay('PEK', 'SHA'));
    await awaitFinished(t.app, admin, id);
    const partner = await login(t.app, 'partner');
    const other = await t.app.inject({
      method: 'POST',
      url: '/shopping/v2/flight/async-shopping/solutions',
      headers: bearer(partner),
      payload: { searchId: id },
    });
    expect(other.statusCode).toBe(404);
    expect(body(other).code).toBe(400002);
    const trainop = await login(t.app, 'trainop');
    const denied = await t.app.inject({
      method: 'POST',
      url: '/shopping/v2/flight/async-shopping',
      headers: bearer(trainop),
      payload: oneWay('PEK', 'SHA'),
    });
    expect(denied.statusCode).toBe(403);
    expect(body(denied).code).toBe(100003);
  });
});
