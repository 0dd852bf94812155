import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getAirport } from '@portal/reference-data/airports';
import { buildApp } from '../../app';
import { exchangeRates } from '../exchange-rates/index';
import { searches } from './shopping.schema';
import { DEFAULT_LIMITS, type LimitRule } from '../../platform/rate-limits';
import { bearer, body, login, testConfig, useTestApp } from '../../test/app';
import { setAgencyTimeZone, setCommonConfig } from '../../test/agency-config';
import { insertSearch } from './shopping.repo';
import { createRegistry } from './suppliers/registry';
import { awaitFinished, daysAhead, oneWay, search, startSearch } from './shopping.test-helpers';

const t = useTestApp();

/** The next 1 July (UTC), when London keeps summer time. */
function nextJulyFirst(): string {
  const today = daysAhead(0);
  const year = Number(today.slice(0, 4));
  return `${today < `${year}-07-01` ? year : year + 1}-07-01`;
}

describe('async shopping', () => {
  it('finds PEK -> SHA flights with consistent local times in each airport zone', async () => {
    const token = await login(t.app);
    const result = await search(t.app, token, oneWay('PEK', 'SHA'));
    expect(result.finished).toBe(true);
    expect(result.currency).toBe('CNY');
    expect(result.solutions.length).toBeGreaterThan(5);
    expect(result.suppliers.map((s) => s.status)).toEqual(['done', 'done', 'done']);
    for (const solution of result.solutions) {
      // The category the agencies' price adjustments apply by: within mainland China.
      expect(solution.category).toBe('china');
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
    const result = await search(t.app, token, oneWay('PEK', 'LON', nextJulyFirst()));
    expect(result.solutions.length).toBeGreaterThan(0);
    for (const solution of result.solutions) {
      expect(solution.category).toBe('intercontinental');
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
      journeys: [{ origin: 'PEK', destination: 'SHA', date: daysAhead(30), returnDate: daysAhead(33) }],
      bookingType: 'roundtrip',
    });
    expect(rt.solutions.length).toBeGreaterThan(0);
    for (const s of rt.solutions) {
      expect(s.legs).toHaveLength(2);
      expect(s.legs[1]?.segments[0]?.departure.time.slice(0, 10)).toBe(daysAhead(33));
    }
    const legs = [
      ['PEK', 'SHA', daysAhead(30)],
      ['SHA', 'CAN', daysAhead(32)],
      ['CAN', 'CTU', daysAhead(34)],
      ['CTU', 'XIY', daysAhead(36)],
      ['XIY', 'PEK', daysAhead(38)],
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
      date: daysAhead(30 + i),
    }));
    const tooMany = await t.app.inject({
      method: 'POST',
      url: '/shopping/v2/flight/async-shopping',
      headers: bearer(token),
      payload: { ...oneWay('PEK', 'SHA'), journeys: six, bookingType: 'multicity' },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(body(tooMany)).toMatchObject({
      code: 400001,
      data: { errors: [{ key: 'flight.booking.journeyError.tooMany' }] },
    });
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

  it('deletes the searches of more than an hour ago as searches start, at most once a minute', async () => {
    const base = Date.now();
    let clock = base;
    const app = await t.build({}, () => new Date(clock));
    const token = await login(app);
    const old = async (id: string) => {
      const at = new Date(base - 2 * 3_600_000);
      await insertSearch(
        t.database.db,
        { id, agencyId: 1, userId: 1, request: {}, currency: 'CNY', createdAt: at, expiresAt: at },
        ['sim-gds'],
      );
    };
    const kept = async (id: string) =>
      (await t.database.db.select().from(searches).where(eq(searches.id, id))).length === 1;
    // Two minutes on: past any sweep this file's apps made at the real time.
    clock = base + 120_000;
    await old('old-1');
    await startSearch(app, token, oneWay('PEK', 'SHA'));
    expect(await kept('old-1')).toBe(false);
    await old('old-2');
    clock = base + 130_000;
    await startSearch(app, token, oneWay('PEK', 'SHA'));
    expect(await kept('old-2')).toBe(true);
    clock = base + 181_000;
    await startSearch(app, token, oneWay('PEK', 'SHA'));
    expect(await kept('old-2')).toBe(false);
  });
});

type JourneyErrors = { errors: { key: string; legIndex?: number }[] };
type FieldErrors = { errors: { path: string; message: string }[] };

const post = (app: FastifyInstance, token: string, url: string, payload: object, locale = 'en') =>
  app.inject({ method: 'POST', url, headers: { ...bearer(token), 'accept-language': locale }, payload });
const SHOPPING = '/shopping/v2/flight/async-shopping';
const ACCURATE = '/shopping/v2/flight/accurate-search';
const PNR = '/shopping/v2/flight/analysis-pnr';

describe('journey rules on the server (spec §5)', () => {
  // 12:00 in Beijing: the morning's flights have left, the afternoon's have not. A clock in the
  // past keeps the sessions the database dates now valid.
  const NOW = new Date('2025-03-10T04:00:00Z');
  const TODAY = '2025-03-10';
  const atNoon = () => t.build({}, () => NOW);

  it('refuses a departure before today on its leg, and a return before its departure on leg 2', async () => {
    const app = await atNoon();
    const token = await login(app);
    const past = await post(app, token, SHOPPING, oneWay('PEK', 'SHA', '2025-03-09'), 'zh-cn');
    expect(past.statusCode).toBe(400);
    expect(body<JourneyErrors>(past)).toEqual({
      code: 400001,
      message: '请检查行程信息',
      data: { errors: [{ key: 'flight.booking.journeyError.datePast', legIndex: 0 }] },
    });
    const back = await post(app, token, SHOPPING, {
      ...oneWay('PEK', 'SHA'),
      journeys: [{ origin: 'PEK', destination: 'SHA', date: '2025-03-20', returnDate: '2025-03-19' }],
      bookingType: 'roundtrip',
    });
    expect(body<JourneyErrors>(back).data.errors).toEqual([
      { key: 'flight.booking.journeyError.dateOrder', legIndex: 1 },
    ]);
  });

  it('searches today, offering only flights that have not yet departed', async () => {
    const app = await atNoon();
    const token = await login(app);
    const departures = async (date: string) => {
      const result = await search(app, token, oneWay('PEK', 'SHA', date));
      return result.solutions.map((s) => s.legs[0]?.segments[0]?.departure.time ?? '');
    };
    const tomorrow = await departures('2025-03-11');
    expect(tomorrow.some((time) => time.slice(11) < '12:00')).toBe(true);
    const today = await departures(TODAY);
    expect(today.length).toBeGreaterThan(0);
    // PEK local time is UTC+8: noon local is NOW.
    for (const time of today) expect(Date.parse(`${time}:00+08:00`)).toBeGreaterThan(NOW.getTime());
  });

  it("counts today in the agency's time zone, not in UTC", async () => {
    // 18:00 UTC on 10 March is 02:00 on 11 March in Beijing and 11:00 on 10 March in Los Angeles.
    // The database is seeded again before each test, so the agency's zone goes back by itself.
    const app = await t.build({}, () => new Date('2025-03-10T18:00:00Z'));
    const shanghai = await post(app, await login(app), SHOPPING, oneWay('PEK', 'SHA', '2025-03-10'));
    expect(body<JourneyErrors>(shanghai).data.errors).toEqual([
      { key: 'flight.booking.journeyError.datePast', legIndex: 0 },
    ]);
    await setAgencyTimeZone(t.database.db, 1, 'America/Los_Angeles');
    const losAngeles = await post(app, await login(app), SHOPPING, oneWay('PEK', 'SHA', '2025-03-10'));
    expect(losAngeles.statusCode).toBe(200);
  });

  it('takes airports only for multi-city: BJS -> SHA, SHA -> CAN is refused on leg 1', async () => {
    const token = await login(t.app);
    const multi = (origin: string) => ({
      ...oneWay('PEK', 'SHA'),
      journeys: [
        { origin, destination: 'SHA', date: daysAhead(30) },
        { origin: 'SHA', destination: 'CAN', date: daysAhead(32) },
      ],
      bookingType: 'multicity',
    });
    const byCity = await post(t.app, token, SHOPPING, multi('BJS'));
    expect(byCity.statusCode).toBe(400);
    expect(body<JourneyErrors>(byCity)).toMatchObject({
      code: 400001,
      data: { errors: [{ key: 'flight.booking.journeyError.airportOnly', legIndex: 0 }] },
    });
    expect(body<JourneyErrors>(byCity).data.errors).toHaveLength(1);
    // By airports it searches, and SHA is Hongqiao there, not all of Shanghai.
    const result = await search(t.app, token, multi('PEK'));
    for (const s of result.solutions) expect(s.legs[0]?.segments.at(-1)?.arrival.airport).toBe('SHA');
    // A one-way trip has one journey: two of them are not a way round the multi-city rule.
    const twoOneWay = await post(t.app, token, SHOPPING, { ...multi('BJS'), bookingType: 'oneway' });
    expect(twoOneWay.statusCode).toBe(400);
    expect(body<FieldErrors>(twoOneWay)).toMatchObject({
      code: 100001,
      data: { errors: [{ path: 'journeys' }] },
    });
  });

  it('answers an empty journey list with flight.booking.journeyError.empty, not the generic 100001', async () => {
    const token = await login(t.app);
    const res = await post(t.app, token, SHOPPING, { ...oneWay('PEK', 'SHA'), journeys: [] });
    expect(res.statusCode).toBe(400);
    expect(body<JourneyErrors>(res)).toMatchObject({
      code: 400001,
      data: { errors: [{ key: 'flight.booking.journeyError.empty' }] },
    });
    expect(body<JourneyErrors>(res).data.errors).toHaveLength(1);
  });

  it('refuses dates outside 1900-2199 with a 400 naming the field, and searches the last day', async () => {
    const token = await login(t.app);
    const far = await post(t.app, token, SHOPPING, oneWay('PEK', 'SHA', '9999-12-31'));
    expect(far.statusCode).toBe(400);
    expect(body<FieldErrors>(far)).toMatchObject({
      code: 100001,
      data: { errors: [{ path: 'journeys.0.date' }] },
    });
    const farBack = await post(t.app, token, SHOPPING, {
      ...oneWay('PEK', 'SHA'),
      journeys: [{ origin: 'PEK', destination: 'SHA', date: daysAhead(30), returnDate: '9999-12-31' }],
      bookingType: 'roundtrip',
    });
    expect(body<FieldErrors>(farBack)).toMatchObject({
      code: 100001,
      data: { errors: [{ path: 'journeys.0.returnDate' }] },
    });
    const exact = { carrier: 'CA', flightNumber: '1501', origin: 'PEK', destination: 'SHA' };
    const passengers = { adult: 1, child: 0, infant: 0 };
    const farExact = await post(t.app, token, ACCURATE, {
      segments: [{ ...exact, date: '9999-12-31' }],
      passengers,
    });
    expect(farExact.statusCode).toBe(400);
    expect(body<FieldErrors>(farExact)).toMatchObject({
      code: 100001,
      data: { errors: [{ path: 'segments.0.date' }] },
    });
    const last = await search(t.app, token, oneWay('PEK', 'SHA', '2199-12-31'));
    expect(last.finished).toBe(true);
  });

  it('refuses an exact flight dated before today, or from a city', async () => {
    const app = await atNoon();
    const token = await login(app);
    const passengers = { adult: 1, child: 0, infant: 0 };
    const exact = { carrier: 'CA', flightNumber: '1501', destination: 'SHA' };
    const past = await post(app, token, ACCURATE, {
      segments: [{ ...exact, origin: 'PEK', date: '2025-03-09' }],
      passengers,
    });
    expect(past.statusCode).toBe(400);
    expect(body<JourneyErrors>(past).data.errors).toEqual([
      { key: 'flight.booking.journeyError.datePast', legIndex: 0 },
    ]);
    const city = await post(app, token, ACCURATE, {
      segments: [{ ...exact, origin: 'BJS', date: TODAY }],
      passengers,
    });
    expect(body<JourneyErrors>(city).data.errors).toEqual([
      { key: 'flight.booking.journeyError.airportOnly', legIndex: 0 },
    ]);
  });
});

describe('a settlement currency without an exchange rate', () => {
  it('refuses the search with 503 and 300001 instead of pricing it one to one with CNY', async () => {
    const db = t.database.db;
    const [usd] = await db.select().from(exchangeRates).where(eq(exchangeRates.currency, 'USD'));
    if (!usd) throw new Error('no USD rate seeded');
    await db.delete(exchangeRates).where(eq(exchangeRates.currency, 'USD'));
    await setCommonConfig(db, 1, { settlementCurrency: 'USD' });
    try {
      const token = await login(t.app);
      const before = await db.select({ id: searches.id }).from(searches);
      const res = await t.app.inject({
        method: 'POST',
        url: '/shopping/v2/flight/async-shopping',
        headers: bearer(token),
        payload: oneWay('PEK', 'SHA'),
      });
      expect([res.statusCode, body(res).code], res.body).toEqual([503, 300001]);
      // Nothing is left behind: no search waits for suppliers that were never asked.
      expect(await db.select({ id: searches.id }).from(searches)).toHaveLength(before.length);
    } finally {
      await db.insert(exchangeRates).values(usd);
      await setCommonConfig(db, 1, { settlementCurrency: 'CNY' });
    }
  });
});

describe('search limits', () => {
  /** An app without suppliers (searches cost nothing) whose search window cannot pass mid-test. */
  async function limitedApp(rule: Partial<LimitRule> = {}): Promise<FastifyInstance> {
    const searchRule = { ...DEFAULT_LIMITS.search, windowMs: 3_600_000, ...rule };
    return buildApp({
      config: testConfig(),
      database: t.database,
      suppliers: createRegistry([]),
      limits: { search: searchRule },
    });
  }
  const request = oneWay('PEK', 'SHA');

  it("refuses a user's 31st search with 429 and 100009 in the user's language; other users search on", async () => {
    expect(DEFAULT_LIMITS.search).toMatchObject({ perUser: 30, perAgency: 300, windowMs: 60_000 });
    const app = await limitedApp();
    try {
      const admin = await login(app);
      for (let i = 0; i < 30; i++) expect((await post(app, admin, SHOPPING, request)).statusCode).toBe(200);
      const refused = await post(app, admin, SHOPPING, request, 'zh-cn');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(body(refused).code).toBe(100009);
      expect(body(refused).message).toMatch(/^您的账号或代理商搜索过于频繁，请 \d+ 秒后再搜索$/);
      const en = await post(app, admin, SHOPPING, request);
      expect(body(en).message).toMatch(/^Too many searches from your account or agency/);
      // Reading a PNR counts as a search.
      const pnr = await post(app, admin, PNR, { pnr: '1.ZHANG/WEI MR' });
      expect(pnr.statusCode).toBe(429);
      expect(body(pnr).code).toBe(100009);
      expect((await post(app, await login(app, 'operator'), SHOPPING, request)).statusCode).toBe(200);
      expect((await post(app, await login(app, 'partner'), SHOPPING, request)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it("counts an agency's users together, and another agency is not affected", async () => {
    const app = await limitedApp({ perUser: 3, perAgency: 4 });
    try {
      const admin = await login(app);
      const operator = await login(app, 'operator');
      for (let i = 0; i < 3; i++) expect((await post(app, admin, SHOPPING, request)).statusCode).toBe(200);
      expect((await post(app, operator, SHOPPING, request)).statusCode).toBe(200);
      const over = await post(app, operator, SHOPPING, request);
      expect(over.statusCode).toBe(429);
      expect(body(over).code).toBe(100009);
      expect((await post(app, await login(app, 'subop'), SHOPPING, request)).statusCode).toBe(200);
      expect((await post(app, await login(app, 'partner'), SHOPPING, request)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
