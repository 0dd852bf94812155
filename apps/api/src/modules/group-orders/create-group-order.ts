import type { CreateGroupOrderBody } from '@portal/domain/group-order';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs';
import type { RequestContext } from '../../platform/request-context';
import { localDate } from '../../platform/time-zones';
import { scaledAt } from './business-days';
import type { GroupOrderDeps } from './group-orders.context';
import { insertGroupOrder } from './group-orders.repo';
import type { GroupOrderRow } from './group-orders.schema';

export const GROUP_QUOTE_JOB = 'group-desk-quote';

/** Today's date `YYYY-MM-DD` in `timeZone`. */
export function localToday(now: Date, timeZone: string): string {
  return localDate(now, timeZone);
}

/**
 * Sends a group request: the order starts in `to_be_quote` and the desk's answer is queued for
 * 1 to 2 business days later in the agency's time zone (divided by TIME_SCALE). Journeys must
 * not start before today in that zone (400 JOURNEY_INVALID); without a desk: 503.
 */
export async function createGroupOrder(
  deps: GroupOrderDeps,
  db: Db,
  ctx: RequestContext,
  body: CreateGroupOrderBody,
): Promise<GroupOrderRow> {
  const now = deps.now();
  const currency = ctx.agency.commonConfig.settlementCurrency;
  // The agency's own time zone (company setting), the one its statements use too.
  const timeZone = ctx.agency.timeZone;
  const today = localToday(now, timeZone);
  const past = body.journeys.findIndex((j) => j.date < today);
  if (past >= 0)
    throw new AppError('JOURNEY_INVALID', undefined, {
      errors: [{ path: `journeys.${past}.date`, message: 'in the past' }],
    });
  const desk = deps.desks.current();
  if (!desk) throw new AppError('GROUP_DESK_UNAVAILABLE');
  return insertGroupOrder(
    db,
    {
      agencyId: ctx.agency.id,
      userId: ctx.user.id,
      status: 'to_be_quote',
      request: body,
      currency,
      timeZone,
      desk: desk.name,
    },
    now,
    async (tx: Db, order) => {
      const answerAt = desk.answerAt({ orderId: order.id, request: body, currency, timeZone }, now);
      await enqueueJob(tx, GROUP_QUOTE_JOB, { orderId: order.id }, scaledAt(now, answerAt, deps.timeScale));
    },
  );
}
