import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { journalEntries } from '../modules/wallet/wallet.schema';
import { bearer, body, login, useTestApp } from '../test/app';
import { users } from '../modules/users/users.schema';
import { canonical, requestHash } from './idempotency';
import { idempotencyKeys } from './idempotency.schema';

const t = useTestApp();

const URL = '/base/v2/agencies/2/balance';
const TOP_UP = { currency: 'CNY', amount: '10.00', exchangeRate: '1', referenceNumber: 'IDEM' };
/** Another top-up: one bank reference is credited once, so a second run needs its own. */
const TOP_UP_2 = { ...TOP_UP, referenceNumber: 'IDEM-2' };

const post = (token: string, key: string | undefined, payload: object = TOP_UP, url = URL) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...bearer(token), ...(key === undefined ? {} : { 'idempotency-key': key }) },
  });

async function topUps(): Promise<number> {
  const rows = await t.database.db
    .select()
    .from(journalEntries)
    .where(like(journalEntries.reference, 'IDEM%'));
  return rows.length;
}

async function financeId(): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'finance'));
  return row?.id ?? 0;
}

describe('requestHash', () => {
  it('ignores key order and tells method, path and body apart', () => {
    expect(requestHash('POST /a', { a: 1, b: [1, { c: 2, d: 3 }] })).toBe(
      requestHash('POST /a', { b: [1, { d: 3, c: 2 }], a: 1 }),
    );
    expect(requestHash('POST /a', { a: 1 })).not.toBe(requestHash('POST /b', { a: 1 }));
    expect(requestHash('POST /a', { a: 1 })).not.toBe(requestHash('POST /a', { a: '1' }));
  });
});

describe('canonical', () => {
  it('writes JSON with sorted keys, as JSON.stringify does for sorted input', () => {
    const value = { b: [1, 'x', null, true, { d: [], c: {} }], a: { z: 1.5, y: 'é"\\' }, u: undefined };
    expect(canonical(value)).toBe(
      JSON.stringify({ a: { y: 'é"\\', z: 1.5 }, b: [1, 'x', null, true, { c: {}, d: [] }] }),
    );
    expect(canonical([undefined, 1])).toBe('[null,1]');
    expect(canonical(undefined)).toBe('null');
    expect(canonical('s')).toBe('"s"');
  });

  it('takes any nesting depth without overflowing the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i += 1) deep = i % 2 === 0 ? [deep] : { k: deep };
    const text = canonical(deep);
    expect(text.length).toBeGreaterThan(400_000);
    expect(text.startsWith('{"k":[{"k":[')).toBe(true);
  });
});

describe('Idempotency-Key', () => {
  it('runs every request without a key', async () => {
    const token = await login(t.app, 'finance');
    await post(token, undefined);
    await post(token, undefined, TOP_UP_2);
    expect(await topUps()).toBe(2);
  });

  it('refuses an empty or over-long key', async () => {
    const token = await login(t.app, 'finance');
    expect((await post(token, '')).statusCode).toBe(400);
    expect((await post(token, 'k'.repeat(201))).statusCode).toBe(400);
    expect((await post(token, 'k'.repeat(200))).statusCode).toBe(200);
  });

  it('answers 409 in_progress while the first request with the key runs', async () => {
    const token = await login(t.app, 'finance');
    await t.database.db.insert(idempotencyKeys).values({
      userId: await financeId(),
      agencyId: 1,
      key: 'busy',
      methodPath: `POST ${URL}`,
      requestHash: requestHash(`POST ${URL}`, TOP_UP),
    });
    const res = await post(token, 'busy');
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ code: 100007, data: { reason: 'in_progress' } });
    expect(await topUps()).toBe(0);
  });

  it('takes over a claim abandoned by a crashed request, and an expired response', async () => {
    const token = await login(t.app, 'finance');
    const userId = await financeId();
    const base = {
      userId,
      agencyId: 1,
      methodPath: `POST ${URL}`,
      requestHash: requestHash(`POST ${URL}`, TOP_UP),
    };
    await t.database.db.insert(idempotencyKeys).values([
      { ...base, key: 'crashed', createdAt: sql`now() - interval '10 minutes'` },
      {
        ...base,
        requestHash: requestHash(`POST ${URL}`, TOP_UP_2),
        key: 'old',
        state: 'done',
        responseStatus: 200,
        responseBody: { stale: true },
        createdAt: sql`now() - interval '25 hours'`,
      },
    ]);
    expect((await post(token, 'crashed')).statusCode).toBe(200);
    const res = await post(token, 'old', TOP_UP_2);
    expect(body(res).code).toBe(0);
    expect(await topUps()).toBe(2);
  });

  it("takes over only its own stale claim: other users' stale claims neither block nor break it", async () => {
    const token = await login(t.app, 'finance');
    const financeUser = await financeId();
    const [admin] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'admin'));
    const stale = (userId: number, key: string, payload: object = TOP_UP) => ({
      userId,
      agencyId: 1,
      key,
      methodPath: `POST ${URL}`,
      requestHash: requestHash(`POST ${URL}`, payload),
      createdAt: sql`now() - interval '10 minutes'`,
    });
    // What a kill -9 leaves behind: in-progress claims of two users.
    await t.database.db
      .insert(idempotencyKeys)
      .values([
        stale(financeUser, 'crashed-1', TOP_UP_2),
        stale(admin?.id ?? 0, 'crashed-2'),
        stale(financeUser, 'other'),
      ]);
    const fresh = await post(token, 'fresh');
    expect(fresh.statusCode, fresh.body).toBe(200);
    const replay = await post(token, 'fresh');
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const retried = await post(token, 'crashed-1', TOP_UP_2);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await topUps()).toBe(2);
    const left = await t.database.db.select().from(idempotencyKeys).orderBy(idempotencyKeys.key);
    expect(left.map((r) => [r.userId, r.key, r.state])).toEqual([
      [financeUser, 'crashed-1', 'done'],
      [admin?.id, 'crashed-2', 'in_progress'],
      [financeUser, 'fresh', 'done'],
      [financeUser, 'other', 'in_progress'],
    ]);
  });

  it('takes the stale window from IDEMPOTENCY_STALE_SECONDS', async () => {
    const shortWindow = await t.build({ IDEMPOTENCY_STALE_SECONDS: '1' });
    await t.database.db.insert(idempotencyKeys).values({
      userId: await financeId(),
      agencyId: 1,
      key: 'crashed-5s',
      methodPath: `POST ${URL}`,
      requestHash: requestHash(`POST ${URL}`, TOP_UP),
      createdAt: sql`now() - interval '5 seconds'`,
    });
    // With the default 120 s the claim is still running; with 1 s it is abandoned and taken over.
    expect(body(await post(await login(t.app, 'finance'), 'crashed-5s'))).toMatchObject({
      code: 100007,
      data: { reason: 'in_progress' },
    });
    const res = await shortWindow.inject({
      method: 'POST',
      url: URL,
      payload: TOP_UP,
      headers: { ...bearer(await login(shortWindow, 'finance')), 'idempotency-key': 'crashed-5s' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await topUps()).toBe(1);
  });

  it('releases the key of a failed request so that it can be retried', async () => {
    const token = await login(t.app, 'finance');
    const failed = await post(token, 'retry', TOP_UP, '/base/v2/agencies/222/balance');
    expect(failed.statusCode).toBe(404);
    expect((await post(token, 'retry')).statusCode).toBe(200);
    expect(await topUps()).toBe(1);
  });

  it('keeps keys per user: another user with the same key runs its own request', async () => {
    await post(await login(t.app, 'finance'), 'shared');
    const res = await post(await login(t.app, 'admin'), 'shared', TOP_UP_2);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await topUps()).toBe(2);
  });

  it('runs simultaneous duplicates once: the others replay or are told it is in progress', async () => {
    const token = await login(t.app, 'finance');
    const results = await Promise.all(Array.from({ length: 8 }, () => post(token, 'race')));
    expect(await topUps()).toBe(1);
    const first = results.find((r) => r.statusCode === 200 && r.headers['idempotent-replayed'] === undefined);
    expect(first).toBeDefined();
    for (const r of results) {
      if (r.statusCode === 200) expect(r.json()).toEqual(first?.json());
      else expect(body(r)).toMatchObject({ code: 100007, data: { reason: 'in_progress' } });
    }
    const stored = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.key, 'race'), eq(idempotencyKeys.state, 'done')));
    expect(stored).toHaveLength(1);
  });
});
