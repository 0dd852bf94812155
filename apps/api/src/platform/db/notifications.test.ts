import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, usePostgres } from '../../test/app';
import type { Database, NotificationHandlers } from './index';

/** `Database.listen` on PGlite, and (TEST_DB=pg) on PostgreSQL's dedicated connection. */
let database: Database;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ database, dispose } = await createTestDatabase());
});
afterAll(async () => {
  await dispose();
});

/** Notifications take milliseconds; a reconnection 100 ms. The deadline only catches a hang. */
const ARRIVAL = { timeout: 30_000, interval: 10 };
const channelName = () => `test_${crypto.randomBytes(6).toString('hex')}`;

/** A subscriber that records what it was told. */
function subscriber() {
  const heard = { payloads: [] as string[], listening: [] as boolean[], errors: 0 };
  const handlers: NotificationHandlers = {
    notify: (payload) => heard.payloads.push(payload),
    listening: (on) => heard.listening.push(on),
    error: () => (heard.errors += 1),
  };
  return { heard, handlers };
}

const notify = (channel: string, payload: string) =>
  database.db.execute(sql`select pg_notify(${channel}, ${payload})`);

describe('Database.listen', () => {
  it('tells every subscriber of a channel what was committed, and stops telling one that left', async () => {
    const channel = channelName();
    const a = subscriber();
    const b = subscriber();
    // Subscribing at once (two apps starting on one database): each is told once.
    const [stopA, stopB] = await Promise.all([
      database.listen(channel, a.handlers),
      database.listen(channel, b.handlers),
    ]);
    expect([a.heard.listening, b.heard.listening]).toEqual([[true], [true]]);
    await notify(channel, 'one');
    // A rolled back transaction's notification is never sent.
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_notify(${channel}, 'rolled back')`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await notify(channel, 'two');
    await vi.waitFor(() => expect(a.heard.payloads).toEqual(['one', 'two']), ARRIVAL);
    await stopA();
    await notify(channel, 'three');
    await vi.waitFor(() => expect(b.heard.payloads).toEqual(['one', 'two', 'three']), ARRIVAL);
    expect(a.heard.payloads).toEqual(['one', 'two']);
    await stopB();
  });

  it.runIf(usePostgres)(
    'says it stopped listening when its connection is lost, and listens again after a short wait',
    async () => {
      const channel = channelName();
      const a = subscriber();
      const stop = await database.listen(channel, a.handlers);
      try {
        expect(a.heard.listening).toEqual([true]);
        // The dedicated connection's last statement was this channel's LISTEN.
        const listen = `LISTEN "${channel}"`;
        await database.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity where query = ${listen}`,
        );
        await vi.waitFor(() => expect(a.heard.listening).toEqual([true, false, true]), ARRIVAL);
        expect(a.heard.errors).toBeGreaterThanOrEqual(1);
        await notify(channel, 'after');
        await vi.waitFor(() => expect(a.heard.payloads).toEqual(['after']), ARRIVAL);
      } finally {
        await stop();
      }
    },
  );
});
