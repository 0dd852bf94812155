import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What a subscriber of a channel is told (see `Database.listen`). */
export interface NotificationHandlers {
  /** A notification's payload on the channel (after its transaction committed). */
  notify(payload: string): void;
  /**
   * Listening (re)started (`true`: every commit from now on is notified) or stopped (`false`: a
   * notification may be lost until it starts again). Called with `true` at most once per start.
   */
  listening(on: boolean): void;
  /** The dedicated connection failed or could not listen; it is retried. */
  error?(error: unknown): void;
}

/** Stops a subscription; the last one of a channel runs `UNLISTEN`. */
export type Unlisten = () => Promise<void>;

/** The first retry of a lost listening connection, doubling up to `MAX_RETRY_MS`. */
const MIN_RETRY_MS = 100;
const MAX_RETRY_MS = 5_000;
/** How long one attempt to open the listening connection may take. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * LISTEN on PostgreSQL through one dedicated connection (a pool's connection may be handed to a
 * query that ends it, and pooled sessions do not keep a LISTEN): every channel and subscriber of
 * one `Database` shares it. When it errors or ends, subscribers hear `listening(false)` and it
 * reconnects after a bounded backoff, then LISTENs again and tells them `listening(true)`. The
 * connection exists only while there is a subscriber.
 */
export class PgListener {
  private readonly channels = new Map<string, Set<NotificationHandlers>>();
  /** The subscribers told `listening(true)` since the connection started. */
  private readonly told = new Set<NotificationHandlers>();
  private client: pg.Client | undefined;
  private retryMs = MIN_RETRY_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Connects, LISTENs, UNLISTENs and disconnects one at a time. */
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly config: pg.ClientConfig) {}

  /** Subscribes to `channel`; resolves after the first attempt to listen, whether it worked or not. */
  async listen(channel: string, handlers: NotificationHandlers): Promise<Unlisten> {
    if (this.closed) throw new Error('the database is closed');
    let subscribers = this.channels.get(channel);
    const first = !subscribers;
    if (!subscribers) {
      subscribers = new Set();
      this.channels.set(channel, subscribers);
    }
    subscribers.add(handlers);
    await this.serially(async () => {
      if (!this.client) {
        await this.connect();
        return;
      }
      if (first) await this.client.query(`LISTEN ${this.client.escapeIdentifier(channel)}`);
      this.tellListening(handlers);
    }, handlers);
    return () => this.unlisten(channel, handlers);
  }

  /** Ends the connection and every subscription (the database closes). */
  async close(): Promise<void> {
    this.closed = true;
    this.channels.clear();
    await this.serially(() => this.disconnect());
  }

  private async unlisten(channel: string, handlers: NotificationHandlers): Promise<void> {
    const subscribers = this.channels.get(channel);
    this.told.delete(handlers);
    if (!subscribers?.delete(handlers) || subscribers.size > 0) return;
    this.channels.delete(channel);
    await this.serially(async () => {
      if (this.channels.size === 0) await this.disconnect();
      else await this.client?.query(`UNLISTEN ${this.client.escapeIdentifier(channel)}`);
    });
  }

  /** Runs `step` after the previous ones; a failure drops the connection and schedules a retry. */
  private serially(step: () => Promise<void>, failed?: NotificationHandlers): Promise<void> {
    const run = this.queue.then(step).catch((error: unknown) => {
      if (failed) failed.error?.(error);
      else this.report(error);
      this.dropped(this.client);
    });
    this.queue = run;
    return run;
  }

  private each(tell: (handlers: NotificationHandlers) => void): void {
    for (const subscribers of this.channels.values()) for (const handlers of subscribers) tell(handlers);
  }

  private report(error: unknown): void {
    this.each((handlers) => handlers.error?.(error));
  }

  /** `listening(true)`, once per connection: a subscriber that joins while it connects is told by it. */
  private tellListening(handlers: NotificationHandlers): void {
    if (this.told.has(handlers)) return;
    this.told.add(handlers);
    handlers.listening(true);
  }

  private async connect(): Promise<void> {
    if (this.closed || this.channels.size === 0) return;
    const client = new pg.Client({
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      ...this.config,
      // A connection that only waits must notice a dead peer: TCP keepalive probes it.
      keepAlive: true,
    });
    this.client = client;
    client.on('notification', (message) => {
      for (const handlers of this.channels.get(message.channel) ?? []) handlers.notify(message.payload ?? '');
    });
    client.on('error', (error) => {
      // A late socket error of a connection already given up is not news.
      if (this.client !== client) return;
      this.report(error);
      this.dropped(client);
    });
    client.on('end', () => this.dropped(client));
    await client.connect();
    for (const channel of this.channels.keys()) {
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    }
    // A connection that ended meanwhile has been dropped already; it must not claim to listen.
    if (this.client !== client) return;
    this.retryMs = MIN_RETRY_MS;
    this.each((handlers) => this.tellListening(handlers));
  }

  /** The connection `client` is gone: subscribers hear notifications may be missed; it retries. */
  private dropped(client: pg.Client | undefined): void {
    if (!client || this.client !== client) return;
    this.client = undefined;
    client.removeAllListeners('notification');
    client.end().catch(() => undefined);
    this.told.clear();
    this.each((handlers) => handlers.listening(false));
    if (this.closed || this.channels.size === 0 || this.retryTimer) return;
    const delay = this.retryMs;
    this.retryMs = Math.min(MAX_RETRY_MS, this.retryMs * 2);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.serially(() => (this.client ? Promise.resolve() : this.connect()));
    }, delay);
    // A process with nothing else to do may exit while a retry waits.
    this.retryTimer.unref();
  }

  private async disconnect(): Promise<void> {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const client = this.client;
    this.client = undefined;
    this.told.clear();
    if (!client) return;
    client.removeAllListeners('notification');
    client.removeAllListeners('end');
    await client.end();
  }
}

/**
 * LISTEN on PGlite: one process, so its notifications never get lost once `LISTEN` ran; they
 * arrive with the result of the statement that committed (queued as microtasks).
 */
export async function listenPglite(
  client: PGlite,
  channel: string,
  handlers: NotificationHandlers,
): Promise<Unlisten> {
  const stop = await client.listen(channel, (payload) => handlers.notify(payload));
  handlers.listening(true);
  return async () => {
    // After the database closed there is nothing left to stop.
    if (!client.closed) await stop();
  };
}
