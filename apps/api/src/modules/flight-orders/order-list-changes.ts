import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../../platform/db';
import { OrderListCache } from './list-cache';

/** The channel the triggers of migration `0018_order_list_notifications` notify. */
export const ORDER_LIST_CHANNEL = 'order_list_changed';

/** The schema the pool's connections work in: notifications name theirs (`<schema>:<agency>`). */
async function currentSchema(db: Db): Promise<string> {
  const result: unknown = await db.execute(sql`select current_schema() as schema`);
  const [row] = (result as { rows: { schema: string }[] }).rows;
  if (!row) throw new Error('current_schema() answered no row');
  return row.schema;
}

/**
 * Applies one notification: `<schema>:<agency id>` drops that agency's answers, `<schema>:*` (a
 * TRUNCATE) every answer; another schema's (another deployment on the same database) is ignored.
 */
export function applyOrderListNotification(cache: OrderListCache, schema: string, payload: string): void {
  const colon = payload.lastIndexOf(':');
  if (payload.slice(0, colon) !== schema) return;
  const agency = payload.slice(colon + 1);
  const agencyId = Number(agency);
  // Anything but an agency id (`*`, or a payload this code does not know) drops everything.
  if (agency !== '' && Number.isSafeInteger(agencyId)) cache.invalidate(agencyId);
  else cache.invalidateAll();
}

/**
 * The order list cache of this app (`maxAgeMs` 0: always bypassed), kept true by two paths:
 * - the database's notifications, for every write however it was made (another instance, a job,
 *   SQL by hand), heard milliseconds after its commit; while they cannot be heard the cache is
 *   bypassed, and it starts empty whenever listening (re)starts;
 * - this instance's own writes: a notification may arrive after the writing request answered, so
 *   once a signed-in caller's non-GET order request has run its handler (and committed), its
 *   agency's answers are dropped before the answer leaves (`onSend`), and the caller's next list
 *   is fresh. Only `/order/…` paths: every write of flight orders and ticket claims is there
 *   (booking, payment, after-sales, disruptions), while every flight search is several POSTs
 *   under `/shopping/` (the search and its polls) that would keep emptying its agency's lists.
 * Registered on the root instance, before the routes, so that the hook sees every route's writes.
 */
export async function watchOrderListChanges(
  app: FastifyInstance,
  database: Database,
  maxAgeMs: number,
): Promise<OrderListCache> {
  const cache = new OrderListCache({ maxAgeMs });
  if (maxAgeMs <= 0) return cache;
  const schema = await currentSchema(database.db);
  const unlisten = await database.listen(ORDER_LIST_CHANNEL, {
    notify: (payload) => applyOrderListNotification(cache, schema, payload),
    listening: (on) => {
      cache.setListening(on);
      if (!on) app.log.warn('order list notifications lost: list cache bypassed until they are back');
    },
    error: (err) => app.log.warn({ err }, 'order list notifications: connection failed; retrying'),
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (
      request.ctx &&
      request.method !== 'GET' &&
      request.method !== 'HEAD' &&
      request.url.startsWith('/order/')
    ) {
      cache.invalidate(request.ctx.agency.id);
    }
    done(null, payload);
  });
  app.addHook('onClose', async () => {
    cache.setListening(false);
    await unlisten();
  });
  return cache;
}
