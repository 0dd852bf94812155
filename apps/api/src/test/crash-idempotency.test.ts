import type { ChildProcess } from 'node:child_process';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FlightOrder, FlightPaymentResult } from '@portal/domain/flight-order';
import { ShoppingStarted, SolutionsResult, type Solution } from '@portal/domain/shopping';
import { WalletBalance } from '@portal/domain/wallet';
import { adult, contact, travelDate } from '../modules/flight-orders/flight-orders.test-helpers';
import { flightOrders } from '../modules/flight-orders/flight-orders.schema';
import { journalEntries, ledgerAccounts, ledgerPostings } from '../modules/wallet/wallet.schema';
import { demoServerEnv, endProcess, pause, serverDatabase, startServerProcess } from './server-process';

/**
 * The real server as a child process, killed with SIGKILL while keyed bookings and balance
 * payments are in flight, then started again on the same data: every request retried with its
 * `Idempotency-Key` gets its first answer or runs cleanly once, never a 5xx, and the ledger stays
 * balanced. PGlite in a temporary data directory; PostgreSQL (a fresh schema) with TEST_DB=pg.
 */

/**
 * Bounds of the polls below (each poll waits POLL_MS; none of them is a blind sleep). A server
 * start compiles the API from source (tsx) and opens its data: under the load of a full test run
 * beside other work it took over 45 s, so the bound is wide; a healthy start is a few seconds.
 */
const START_TIMEOUT_MS = 150_000;
const POLL_MS = 100;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Answer {
  status: number;
  body: { code: number; data: unknown; message: string };
  replayed: boolean;
}

/** One running server process. */
class Server {
  private stderr = '';

  private constructor(
    private readonly child: ChildProcess,
    readonly base: string,
  ) {
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-20_000);
    });
    child.stdout?.resume();
  }

  /** Starts the server process and waits until `/readyz` answers. */
  static async start(env: Record<string, string>): Promise<Server> {
    let server: Server | undefined;
    await startServerProcess(env, cleanups, {
      timeoutMs: START_TIMEOUT_MS,
      watch: (child, base) => {
        server = new Server(child, base);
      },
      describe: () => server?.log ?? '',
    });
    if (!server) throw new Error('no server');
    return server;
  }

  /** Sends a JSON request; `undefined` when the connection died (the server was killed). */
  async send(
    method: string,
    url: string,
    options: { token?: string; body?: unknown; key?: string } = {},
  ): Promise<Answer | undefined> {
    try {
      const res = await fetch(`${this.base}${url}`, {
        method,
        headers: {
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(options.key ? { 'idempotency-key': options.key } : {}),
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      return {
        status: res.status,
        body: (await res.json()) as Answer['body'],
        replayed: res.headers.get('idempotent-replayed') === 'true',
      };
    } catch {
      return undefined;
    }
  }

  /** Like `send`, but a lost connection is an error. */
  async must(method: string, url: string, options: { token?: string; body?: unknown; key?: string } = {}) {
    const answer = await this.send(method, url, options);
    if (!answer) throw new Error(`${method} ${url}: no answer; ${this.stderr}`);
    return answer;
  }

  get log(): string {
    return this.stderr;
  }

  /** kill -9. */
  kill(): Promise<void> {
    return endProcess(this.child, 'SIGKILL');
  }

  /** A clean shutdown (SIGTERM), so that the data directory may be opened by the test. */
  stop(): Promise<void> {
    return endProcess(this.child, 'SIGTERM');
  }
}

/** A keyed request and what it answered before the crash (undefined: lost in the crash). */
interface Keyed {
  label: string;
  user: string;
  url: string;
  body: object;
  key: string;
  first?: Answer;
}

describe('Idempotency-Key after a crash', () => {
  it(
    'answers every request retried after kill -9 with its first answer or one clean run, never a 5xx',
    async () => {
      const storage = await serverDatabase('portal-crash', cleanups);
      const env = demoServerEnv(storage, { JOBS_POLL_MS: '0' });
      let server = await Server.start(env);

      const tokens: Record<string, string> = {};
      for (const user of ['admin', 'partner', 'subop']) {
        const res = await server.must('POST', '/base/v2/login', {
          body: { username: user, password: 'demo1234' },
        });
        tokens[user] = z.object({ token: z.string() }).parse(res.body.data).token;
      }
      const tokenOf = (user: string) => tokens[user] ?? '';
      const walletCny = async (s: Server) => {
        const res = await s.must('GET', '/base/v2/wallet/balances', { token: tokenOf('admin') });
        const cny = z
          .array(WalletBalance)
          .parse(res.body.data)
          .find((b) => b.currency === 'CNY');
        return Math.round(Number(cny?.balance.amount ?? NaN) * 100);
      };
      const solutionFor = async (user: string): Promise<Solution> => {
        const started = await server.must('POST', '/shopping/v2/flight/async-shopping', {
          token: tokenOf(user),
          body: {
            journeys: [{ origin: 'PEK', destination: 'SHA', date: travelDate() }],
            passengers: { adult: 1, child: 0, infant: 0 },
            cabinClass: 'economy',
            bookingType: 'oneway',
            sort: 'price',
          },
        });
        const { searchId } = ShoppingStarted.parse(started.body.data);
        for (let i = 0; i < START_TIMEOUT_MS / POLL_MS; i++) {
          const res = await server.must('POST', '/shopping/v2/flight/async-shopping/solutions', {
            token: tokenOf(user),
            body: { searchId },
          });
          const result = SolutionsResult.parse(res.body.data);
          const open = result.solutions.find(
            (s) =>
              s.restrictions.documentTypes.length === 0 &&
              s.restrictions.eligibleCountries.length === 0 &&
              s.restrictions.minAge === null &&
              s.restrictions.maxAge === null,
          );
          if (result.finished && open) return open;
          if (result.finished) throw new Error('no unrestricted solution');
          await pause(POLL_MS);
        }
        throw new Error('search did not finish');
      };
      const booking = (user: string, solution: Solution, n: number): Keyed => ({
        label: `booking ${user} ${n}`,
        user,
        url: '/order/v2/flight/orders',
        body: { solutionId: solution.id, passengers: [adult()], contact: contact() },
        key: `crash-book-${user}-${n}`,
      });
      const send = (s: Server, r: Keyed) =>
        s.send('POST', r.url, { token: tokenOf(r.user), body: r.body, key: r.key });

      // Before the crash: three bookings answered, to be paid during it.
      const solutions = {
        admin: await solutionFor('admin'),
        partner: await solutionFor('partner'),
        subop: await solutionFor('subop'),
      };
      const walletBefore = await walletCny(server);
      const done = [1, 2, 3].map((n) => booking('admin', solutions.admin, n));
      const orders: FlightOrder[] = [];
      for (const r of done) {
        r.first = await send(server, r);
        expect(r.first?.status, JSON.stringify(r.first)).toBe(200);
        orders.push(FlightOrder.parse(r.first?.body.data));
      }

      // During the crash: the balance payments of those orders and five slow bookings.
      for (const name of ['sim-gds', 'sim-ndc', 'sim-lcc']) {
        await server.must('POST', `/__test/suppliers/${name}/faults`, { body: { latencyMs: 2000 } });
      }
      const payments: Keyed[] = orders.map((order, i) => ({
        label: `payment ${i + 1}`,
        user: 'admin',
        url: `/order/v2/flight/orders/${order.id}/payment`,
        body: { channel: 'balance' },
        key: `crash-pay-${i + 1}`,
      }));
      const slow = [
        booking('admin', solutions.admin, 4),
        booking('partner', solutions.partner, 1),
        booking('partner', solutions.partner, 2),
        booking('subop', solutions.subop, 1),
        booking('subop', solutions.subop, 2),
      ];
      const flights = slow.map(async (r) => {
        r.first = await send(server, r);
      });
      // Each slow booking has claimed its key once a duplicate is told it is in progress.
      for (const r of slow) {
        let duplicate = await send(server, r);
        for (let i = 0; i < 20 && duplicate?.body.code !== 100007; i++) {
          await pause(POLL_MS);
          duplicate = await send(server, r);
        }
        expect(duplicate?.body, r.label).toMatchObject({ code: 100007, data: { reason: 'in_progress' } });
      }
      const paying = payments.map(async (r) => {
        r.first = await send(server, r);
      });
      // Killed as soon as one payment has answered: the bookings wait seconds for their suppliers.
      await Promise.race(paying);
      const inFlight = [...flights, ...paying];
      await server.kill();
      await Promise.all(inFlight);
      expect(slow.every((r) => r.first === undefined)).toBe(true);

      // After the restart, with a short stale window: every key is retried until it is not running.
      server = await Server.start({ ...env, IDEMPOTENCY_STALE_SECONDS: '1' });
      const retried = new Map<Keyed, Answer>();
      for (const r of [...done, ...payments, ...slow]) {
        let answer = await server.must('POST', r.url, { token: tokenOf(r.user), body: r.body, key: r.key });
        for (let i = 0; i < 50 && answer.status === 409 && answer.body.code === 100007; i++) {
          await pause(POLL_MS);
          answer = await server.must('POST', r.url, { token: tokenOf(r.user), body: r.body, key: r.key });
        }
        retried.set(r, answer);
      }
      for (const [r, answer] of retried) {
        const detail = `${r.label}: first ${JSON.stringify(r.first)}, retried ${JSON.stringify(answer)}`;
        expect(answer.status, detail).toBe(200);
        if (r.first?.status === 200) {
          // Answered before the crash: the same answer, replayed.
          expect(answer.replayed, detail).toBe(true);
          expect(answer.body, detail).toEqual(r.first.body);
        }
      }
      for (const p of payments) {
        const result = FlightPaymentResult.parse(retried.get(p)?.body.data);
        expect(result.status).toBe('paid');
      }
      const paidTotal = orders.reduce(
        (sum, o) => sum + Math.round(Number(o.price.orderTotal.amount) * 100),
        0,
      );
      expect(await walletCny(server)).toBe(walletBefore - paidTotal);
      await server.stop();

      // The books: one order per booking key, one payment entry per paid order, and every entry,
      // currency and account balanced.
      const database = await storage.open();
      const db = database.db;
      expect(await db.select({ id: flightOrders.id }).from(flightOrders)).toHaveLength(
        done.length + slow.length,
      );
      for (const order of orders) {
        const entries = await db
          .select()
          .from(journalEntries)
          .where(and(eq(journalEntries.orderId, order.id), eq(journalEntries.kind, 'origin-flight')));
        expect(entries, order.bookingNumber).toHaveLength(1);
      }
      const unbalancedEntries = await db
        .select({ entryId: ledgerPostings.entryId })
        .from(ledgerPostings)
        .groupBy(ledgerPostings.entryId, ledgerPostings.currency)
        .having(sql`sum(${ledgerPostings.amountMinor}) <> 0`);
      expect(unbalancedEntries).toEqual([]);
      const sums = await db
        .select({ accountId: ledgerPostings.accountId, sum: sql<string>`sum(${ledgerPostings.amountMinor})` })
        .from(ledgerPostings)
        .groupBy(ledgerPostings.accountId);
      const accounts = await db.select().from(ledgerAccounts);
      expect(accounts.length).toBeGreaterThan(0);
      for (const account of accounts) {
        const posted = Number(sums.find((x) => x.accountId === account.id)?.sum ?? 0);
        expect(posted, `account ${account.id}`).toBe(account.balanceMinor);
      }
    },
    2 * START_TIMEOUT_MS + 90_000,
  );
});
