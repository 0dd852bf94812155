import { TrainSearchResult } from '@portal/domain/rail';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bearer, body, login, useTestApp } from '../../test/app';

const t = useTestApp();

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const URL = '/shopping/v2/train/search';

async function searchAs(app: FastifyInstance, username: string, payload: object) {
  const token = await login(app, username);
  return app.inject({
    method: 'POST',
    url: URL,
    payload,
    headers: { ...bearer(token), 'accept-language': 'en' },
  });
}

describe('POST /shopping/v2/train/search', () => {
  it('answers the day’s trains between Beijing South and Shanghai Hongqiao’s cities, by departure', async () => {
    const res = await searchAs(t.app, 'trainop', { origin: 'vnp', destination: 'AOH', date: inDays(30) });
    expect(res.statusCode).toBe(200);
    const data = TrainSearchResult.parse(body(res).data);
    expect(data.origin).toEqual({
      code: 'VNP',
      name: 'Beijing South',
      chineseName: '北京南',
      traditionalName: '北京南',
    });
    expect(data.destination.name).toBe('Shanghai Hongqiao');
    expect(data.suppliers).toEqual([expect.objectContaining({ name: 'sim-rail', status: 'done' })]);
    expect(data.trains.length).toBeGreaterThan(5);
    const times = data.trains.map((x) => x.departure.time);
    expect(times).toEqual([...times].sort());
    const g = data.trains.find((x) => x.trainType === 'G');
    expect(g?.seats[0]).toMatchObject({ seatClass: 'business', price: { currency: 'CNY' } });
    expect(g?.seats[0]?.price.amount).toMatch(/^\d+\.\d{2}$/);
    expect(g?.departure.timeZone).toBe('Asia/Shanghai');
  });

  it('answers the same trains again for the same search', async () => {
    const payload = { origin: 'IZQ', destination: 'IOQ', date: inDays(10) };
    const trains = async () =>
      body<{ trains: unknown[] }>(await searchAs(t.app, 'operator', payload)).data.trains;
    const first = await trains();
    expect(first.length).toBeGreaterThan(0);
    expect(await trains()).toEqual(first);
  });

  it('answers an empty list on a route without trains ("No trains available")', async () => {
    const res = await searchAs(t.app, 'trainop', { origin: 'AAX', destination: 'ADX', date: inDays(5) });
    expect(res.statusCode).toBe(200);
    expect(body<{ trains: unknown[] }>(res).data.trains).toEqual([]);
  });

  it.each([
    ['an unknown station', { origin: 'QQQ', destination: 'AOH' }, 'origin'],
    ['the same station twice', { origin: 'VNP', destination: 'vnp' }, 'destination'],
    ['a malformed code', { origin: 'VNP', destination: 'AOHX' }, 'destination'],
  ])('refuses %s with 400 and the field', async (_name, stations, path) => {
    const res = await searchAs(t.app, 'trainop', { ...stations, date: inDays(5) });
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe(100001);
    expect(body<{ errors: { path: string }[] }>(res).data.errors.map((e) => e.path)).toContain(path);
  });

  it('refuses a date that has passed and an unknown field', async () => {
    const past = await searchAs(t.app, 'trainop', { origin: 'VNP', destination: 'AOH', date: inDays(-2) });
    expect(past.statusCode).toBe(400);
    expect(body<{ errors: { path: string }[] }>(past).data.errors[0]?.path).toBe('date');
    const extra = await searchAs(t.app, 'trainop', {
      origin: 'VNP',
      destination: 'AOH',
      date: inDays(2),
      x: 1,
    });
    expect(extra.statusCode).toBe(400);
  });

  it('needs a session and the train service of the caller’s agency', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: URL,
      payload: { origin: 'VNP', destination: 'AOH', date: inDays(5) },
    });
    expect(anonymous.statusCode).toBe(401);
    // Agency 222 (the partner) has the train service off.
    const partner = await searchAs(t.app, 'partner', { origin: 'VNP', destination: 'AOH', date: inDays(5) });
    expect(partner.statusCode).toBe(403);
    expect(body(partner).code).toBe(100003);
  });

  it('answers 503 when the supplier fails, and trains again once the fault is cleared', async () => {
    const app = await t.build({ ENABLE_TEST_HOOKS: 'true' });
    const hook = '/__test/rail-suppliers/sim-rail/faults';
    const payload = { origin: 'VNP', destination: 'AOH', date: inDays(5) };
    expect((await app.inject({ method: 'POST', url: hook, payload: { error: true } })).statusCode).toBe(200);
    const failed = await searchAs(app, 'trainop', payload);
    expect(failed.statusCode).toBe(503);
    expect(body(failed)).toMatchObject({
      code: 100503,
      data: { suppliers: [{ name: 'sim-rail', status: 'error', count: 0 }] },
    });
    await app.inject({ method: 'POST', url: hook, payload: { soldOut: true } });
    const soldOut = body<{ trains: { seats: { available: number }[] }[] }>(
      await searchAs(app, 'trainop', payload),
    );
    expect(soldOut.data.trains.flatMap((x) => x.seats).every((s) => s.available === 0)).toBe(true);
    await app.inject({ method: 'POST', url: hook });
    expect((await searchAs(app, 'trainop', payload)).statusCode).toBe(200);
  });

  it('answers 503 when no rail supplier is configured (simulators off outside the demo)', async () => {
    const app = await t.build({ SIMULATED_SUPPLIERS: 'false' });
    const res = await searchAs(app, 'trainop', { origin: 'VNP', destination: 'AOH', date: inDays(5) });
    expect(res.statusCode).toBe(503);
    expect(body(res).code).toBe(100503);
  });
});
