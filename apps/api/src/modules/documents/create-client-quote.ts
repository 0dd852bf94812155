import type { ClientQuoteSource, CreateClientQuoteBody } from '@portal/domain/api/client-quotes';
import { quotedFareOf, validateServiceFee } from '@portal/domain/client-quote';
import { canSeeOrder, onlyOwnOrders } from '@portal/domain/order-visibility';
import type { PassengerType, Solution } from '@portal/domain/shopping';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import type { RequestContext } from '../../platform/request-context';
import { findOrder } from '../flight-orders/index';
import { findSearch, findSolution } from '../shopping/index';
import { toMinor } from '../wallet/index';
import { snapshotOf } from './client-quote.presenter';
import { insertClientQuote, newQuoteToken } from './client-quote.repo';
import type { ClientQuoteRow } from './client-quotes.schema';

/** What a quote is made of, read and checked before its one insert. */
export interface QuotedSource {
  solution: Solution;
  counts: Record<PassengerType, number>;
  expiresAt: Date;
}

const noCounts = (): Record<PassengerType, number> => ({ adult: 0, child: 0, infant: 0 });

/**
 * A search result's solution, as the caller may book it: the agency's (and with "only own orders",
 * a search of the caller's own); valid until its quotation expires (410 SOLUTION_EXPIRED after).
 */
async function fromSolution(db: Db, ctx: RequestContext, id: string, now: Date): Promise<QuotedSource> {
  const row = await findSolution(db, ctx.agency.id, id);
  if (!row) throw new AppError('SOLUTION_NOT_FOUND');
  if (onlyOwnOrders(ctx)) {
    const search = await findSearch(db, ctx.agency.id, row.searchId);
    if (search?.userId !== ctx.user.id) throw new AppError('SOLUTION_NOT_FOUND');
  }
  if (now.getTime() >= row.expiresAt.getTime()) throw new AppError('SOLUTION_EXPIRED');
  const counts = noCounts();
  for (const entry of row.payload.priceDetail.priceList) counts[entry.passengerType] += entry.count;
  return { solution: row.payload, counts, expiresAt: row.expiresAt };
}

/**
 * A booking awaiting payment, as the caller may read it (404 as its detail otherwise): valid until
 * its payment deadline. A paid, cancelled or after-sales order is not quoted (409): the traveller
 * of a paid booking gets its itinerary and invoice, and its price is no longer an offer.
 */
async function fromOrder(db: Db, ctx: RequestContext, id: string, now: Date): Promise<QuotedSource> {
  const row = await findOrder(db, ctx.agency.id, id);
  if (!row || !canSeeOrder(ctx, row)) throw new AppError('ORDER_NOT_FOUND');
  const deadline = row.paymentDeadline;
  const open =
    row.type === 'origin' &&
    row.status === 'to_be_paid' &&
    row.paymentState === 'unpaid' &&
    deadline !== null &&
    deadline.getTime() > now.getTime();
  if (!open || !deadline) throw new AppError('CLIENT_QUOTE_NOT_OFFERED');
  const counts = noCounts();
  for (const p of row.passengers) counts[p.type] += 1;
  return { solution: row.solution, counts, expiresAt: deadline };
}

/** The source of a quote, read and checked (outside any transaction). */
export function readQuotedSource(
  db: Db,
  ctx: RequestContext,
  source: ClientQuoteSource,
  now: Date,
): Promise<QuotedSource> {
  return source.kind === 'solution'
    ? fromSolution(db, ctx, source.solutionId, now)
    : fromOrder(db, ctx, source.orderId, now);
}

/**
 * Checks the fee against what is quoted (the domain's rule, messages in the caller's language) and
 * stores the quote with a new token. The fee's currency must be the quote's.
 */
export async function saveClientQuote(
  db: Db,
  ctx: RequestContext,
  body: CreateClientQuoteBody,
  quoted: QuotedSource,
): Promise<ClientQuoteRow> {
  const { snapshot, currency } = snapshotOf(quoted.solution, quoted.counts);
  const fee = body.serviceFee.amount;
  if (fee.currency !== currency) {
    const message = t(ctx.locale, 'clientQuotes.validation.feeCurrency', { currency });
    throw new AppError('ILLEGAL_INPUT', undefined, {
      errors: [{ path: 'serviceFee.amount.currency', message }],
    });
  }
  const problems = validateServiceFee(
    fee.amount,
    body.serviceFee.mode,
    currency,
    quotedFareOf(snapshot.lines),
  );
  if (problems.length > 0) {
    throw new AppError('ILLEGAL_INPUT', undefined, {
      errors: problems.map((p) => ({ path: p.path, message: t(ctx.locale, p.key, p.params) })),
    });
  }
  return insertClientQuote(db, {
    token: newQuoteToken(),
    agencyId: ctx.agency.id,
    userId: ctx.user.id,
    source: body.source,
    snapshot,
    currency,
    feeMode: body.serviceFee.mode,
    feeMinor: toMinor(fee.amount, currency),
    travellerName: body.travellerName,
    note: body.note,
    language: body.language,
    expiresAt: quoted.expiresAt,
  });
}
