import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CreatedAgency, type CreateAgencyInput } from '@portal/domain/agencies';
import { bearer, body, login, usePostgres, useTestApp } from '../../test/app';
import { rowsOf } from '../../platform/db/rows';
import { walletAccounts } from '../wallet/index';

/**
 * A deleted sub-agency is gone for its manager everywhere, not only in the agency tools: its
 * wallet is not funded or given credit (deletion requires it empty), and its settings and price
 * chain are not read or changed.
 */
const t = useTestApp();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(token), 'accept-language': 'en' },
    ...(payload ? { payload } : {}),
  });

const input: CreateAgencyInput = {
  name: 'Closed Travel',
  alias: 'Closed',
  contactName: 'Cleo Closed',
  email: 'ops@closed.example',
  allowedDomains: [],
  superAdminUsername: 'closed.admin',
};

const topUp = { currency: 'CNY', amount: '100.00', exchangeRate: '1', referenceNumber: 'CLOSED-1' };

let created = 0;
async function subAgency(admin: string): Promise<number> {
  created += 1;
  const res = await call(admin, 'POST', '/base/v2/agencies', {
    ...input,
    superAdminUsername: `${input.superAdminUsername}${created}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return CreatedAgency.parse(body(res).data).agency.id;
}

async function deletedSubAgency(admin: string): Promise<number> {
  const id = await subAgency(admin);
  const removed = await call(admin, 'DELETE', `/base/v2/agencies/${id}`);
  expect(removed.statusCode, removed.body).toBe(200);
  return id;
}

describe('a deleted sub-agency', () => {
  it('is not topped up or given credit, and its wallet stays empty', async () => {
    const admin = await login(t.app);
    const id = await deletedSubAgency(admin);
    const topped = await call(admin, 'POST', `/base/v2/agencies/${id}/balance`, topUp);
    expect(topped.statusCode, topped.body).toBe(404);
    const credited = await call(admin, 'PUT', `/base/v2/agencies/${id}/credit`, { credit: '5000.00' });
    expect(credited.statusCode, credited.body).toBe(404);
    const wallets = await walletAccounts(t.database.db, id);
    expect(wallets.filter((w) => w.balanceMinor !== 0 || w.creditLimitMinor !== 0)).toEqual([]);
  });

  it('has no settings or price chain to read or change', async () => {
    const admin = await login(t.app);
    const live = await subAgency(admin);
    const settings = await call(admin, 'GET', `/base/v2/agencies/${live}/config`);
    expect(settings.statusCode, settings.body).toBe(200);
    const chainOf = (agency: number) =>
      call(
        admin,
        'GET',
        `/base/v2/agencies/${agency}/price-chain?category=domestic&amount=1000.00&currency=CNY`,
      );
    const liveChain = await chainOf(live);
    expect(liveChain.statusCode, liveChain.body).toBe(200);
    const id = await deletedSubAgency(admin);
    expect((await call(admin, 'GET', `/base/v2/agencies/${id}/config`)).statusCode).toBe(404);
    const saved = await call(admin, 'PUT', `/base/v2/agencies/${id}/config`, body(settings).data as object);
    expect(saved.statusCode, saved.body).toBe(404);
    const chain = await chainOf(id);
    expect(chain.statusCode, chain.body).toBe(404);
  });
});

// PGlite runs one transaction at a time; the race needs two connections.
describe.skipIf(!usePostgres)('a top-up racing the deletion of its agency', () => {
  it('waits for the deletion and answers 404, leaving the wallet empty', async () => {
    const { db } = t.database;
    const admin = await login(t.app);
    const id = await subAgency(admin);
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let updated!: () => void;
    const deleted = new Promise<void>((resolve) => {
      updated = resolve;
    });
    // A deletion that has passed its checks and not yet committed: the top-up's policy still
    // reads the agency as live.
    const deletion = db.transaction(async (tx) => {
      await tx.execute(sql`update agencies set deleted_at = now(), enabled = false where id = ${id}`);
      updated();
      await committing;
    });
    await deleted;
    const topping = call(admin, 'POST', `/base/v2/agencies/${id}/balance`, topUp);
    let answered = false;
    void topping.then(() => {
      answered = true;
    });
    try {
      // The top-up's transaction waits for the deletion's row lock (or, were it not held, the
      // top-up answers at once); then the deletion commits.
      const deadline = Date.now() + 30_000;
      for (;;) {
        const [row] = await rowsOf<{ waiting: number }>(
          db,
          sql`select count(*)::int as waiting from pg_stat_activity
               where datname = current_database() and wait_event_type = 'Lock'`,
        );
        if ((row?.waiting ?? 0) > 0 || answered) break;
        if (Date.now() > deadline) throw new Error('the top-up neither waited nor answered');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    } finally {
      commit();
      await deletion;
    }
    const res = await topping;
    expect(res.statusCode, res.body).toBe(404);
    const wallets = await walletAccounts(db, id);
    expect(wallets.filter((w) => w.balanceMinor !== 0)).toEqual([]);
  });
});
