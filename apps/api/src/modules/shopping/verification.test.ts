import { count } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  PnrAnalysisResult,
  SolutionsResult,
  VerificationResult,
  type Solution,
} from '@portal/domain/shopping';
import { bearer, body, login, useTestApp } from '../../test/app';
import { minor, patchFlightSettings } from './shopping.fixtures';
import { daysAhead, oneWay, search } from './shopping.test-helpers';
import { searches } from './shopping.schema';

const t = useTestApp({ ENABLE_TEST_HOOKS: 'true' });
afterEach(async () => {
  await t.app.inject({ method: 'DELETE', url: '/__test/suppliers/faults' });
});

const setFaults = (name: string, faults: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/__test/suppliers/${name}/faults`, payload: faults });

async function verify(token: string, id: string, app = t.app) {
  const res = await app.inject({
    method: 'POST',
    url: `/shopping/v2/flight/solutions/${id}/verification`,
    headers: bearer(token),
  });
  return { res, result: res.statusCode === 200 ? VerificationResult.parse(body(res).data) : undefined };
}

async function pick(token: string, supplier: string): Promise<Solution> {
  const result = await search(t.app, token, oneWay('PEK', 'SHA'));
  const found = result.solutions.find((s) => s.supplier === supplier);
  if (!found) throw new Error(`no ${supplier} solution`);
  return found;
}

describe('price check', () => {
  it('confirms, reports a price change with a new solution, sold out and changed restrictions', async () => {
    const token = await login(t.app);
    const solution = await pick(token, 'sim-gds');
    const confirmed = await verify(token, solution.id);
    expect(confirmed.result).toMatchObject({
      outcome: 'confirmed',
      solution: { id: solution.id },
      previousTotal: solution.priceDetail.total,
    });

    await setFaults('sim-gds', { priceChange: 10 });
    const changed = (await verify(token, solution.id)).result;
    expect(changed?.outcome).toBe('price_changed');
    expect(changed?.solution?.id).not.toBe(solution.id);
    expect(minor(changed?.solution?.priceDetail.total.amount ?? '0')).toBeGreaterThan(
      minor(solution.priceDetail.total.amount),
    );
    expect(changed?.previousTotal).toEqual(solution.priceDetail.total);
    // The new quote can be checked again.
    await setFaults('sim-gds', {});
    expect((await verify(token, changed?.solution?.id ?? '')).result?.outcome).toBe('confirmed');

    await setFaults('sim-gds', { soldOut: true });
    expect((await verify(token, solution.id)).result).toMatchObject({
      outcome: 'unavailable',
      solution: null,
    });

    await setFaults('sim-gds', { restrictionChange: true });
    const restricted = (await verify(token, solution.id)).result;
    expect(restricted?.outcome).toBe('restrictions_changed');
    expect(restricted?.solution?.restrictions).not.toEqual(solution.restrictions);
  });

  it('offers another fare family when the package changed, and times out', async () => {
    const token = await login(t.app);
    const solution = await pick(token, 'sim-ndc');
    await setFaults('sim-ndc', { packageChange: true });
    const pkg = (await verify(token, solution.id)).result;
    expect(pkg?.outcome).toBe('package_changed');
    expect(pkg?.solution?.fareFamily).not.toBe(solution.fareFamily);
    expect(pkg?.solution?.legs[0]?.segments[0]?.flightNumber).toBe(
      solution.legs[0]?.segments[0]?.flightNumber,
    );

    await patchFlightSettings(t.database.db, 1, { maxResponseTimeMs: 1000 });
    await setFaults('sim-ndc', { timeout: true });
    expect((await verify(token, solution.id)).result).toMatchObject({ outcome: 'timeout', solution: null });
  });

  it("refuses an expired quote (410) and another agency's solution (404)", async () => {
    const token = await login(t.app);
    const solution = await pick(token, 'sim-gds');
    const later = await t.build({ ENABLE_TEST_HOOKS: 'true' }, () => new Date(Date.now() + 16 * 60_000));
    const expired = await verify(token, solution.id, later);
    expect(expired.res.statusCode).toBe(410);
    expect(body(expired.res).code).toBe(400004);
    const partner = await login(t.app, 'partner');
    const foreign = await verify(partner, solution.id);
    expect(foreign.res.statusCode).toBe(404);
    expect(body(foreign.res).code).toBe(400003);
  });
});

describe('accurate search and PNR analysis', () => {
  it('finds an exact flight returned by a search, and 404 for an unknown one', async () => {
    const token = await login(t.app);
    const solution = await pick(token, 'sim-gds');
    const seg = solution.legs[0]?.segments[0];
    if (!seg) throw new Error('no segment');
    const payload = {
      segments: [
        {
          carrier: seg.marketingCarrier,
          flightNumber: seg.flightNumber,
          origin: seg.departure.airport,
          destination: seg.arrival.airport,
          date: seg.departure.time.slice(0, 10),
        },
      ],
      passengers: { adult: 1, child: 0, infant: 0 },
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/shopping/v2/flight/accurate-search',
      headers: bearer(token),
      payload,
    });
    expect(res.statusCode).toBe(200);
    const result = SolutionsResult.parse(body(res).data);
    expect(result.finished).toBe(true);
    expect(result.solutions.length).toBeGreaterThan(0);
    expect(result.solutions.every((s) => s.legs[0]?.segments[0]?.flightNumber === seg.flightNumber)).toBe(
      true,
    );
    const missing = await t.app.inject({
      method: 'POST',
      url: '/shopping/v2/flight/accurate-search',
      headers: bearer(token),
      payload: { ...payload, segments: [{ ...payload.segments[0], flightNumber: '9' }] },
    });
    expect(missing.statusCode).toBe(404);
    expect(body(missing).code).toBe(400006);
  });

  it('writes nothing when the exact flight is not found', async () => {
    const token = await login(t.app);
    const searchCount = async () => {
      const [row] = await t.database.db.select({ n: count() }).from(searches);
      return row?.n;
    };
    const before = await searchCount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/shopping/v2/flight/accurate-search',
      headers: bearer(token),
      payload: {
        segments: [
          { carrier: 'CA', flightNumber: '9', origin: 'PEK', destination: 'SHA', date: daysAhead(20) },
        ],
        passengers: { adult: 1, child: 0, infant: 0 },
      },
    });
    expect(res.statusCode).toBe(404);
    expect(await searchCount()).toBe(before);
  });

  it('reads a pasted Amadeus itinerary into journeys and passengers; nothing readable is 422', async () => {
    const token = await login(t.app);
    const pnr = [
      'RP/PEK1A0980/PEK1A0980            AA/SU  10MAR26/0800Z   ABC123',
      '  1.ZHANG/SAN MR   2.LI/SI MS',
      '  3  CA 981 Y 12MAY 2 PEKJFK HK2  1300    1420   E0 77W',
      '  4  CA 982 Y 20MAY 3 JFKPEK HK2  1700    1940+1 E0 77W',
    ].join('\n');
    const res = await t.app.inject({
      method: 'POST',
      url: '/shopping/v2/flight/analysis-pnr',
      headers: bearer(token),
      payload: { pnr },
    });
    expect(res.statusCode).toBe(200);
    const result = PnrAnalysisResult.parse(body(res).data);
    expect(result.segments.map((s) => `${s.carrier}${s.flightNumber} ${s.origin}${s.destination}`)).toEqual([
      'CA981 PEKJFK',
      'CA982 JFKPEK',
    ]);
    expect(result.journeys).toHaveLength(2);
    expect(result.passengers.map((p) => p.surname)).toEqual(['ZHANG', 'LI']);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/shopping/v2/flight/analysis-pnr',
      headers: bearer(token),
      payload: { pnr: 'hello world' },
    });
    expect(bad.statusCode).toBe(422);
    expect(body(bad).code).toBe(400005);
  });
});
