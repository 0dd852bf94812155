/*
 * Duffel searches: one offer request per airport pair (`offerRequestsOf`), with `supplier_timeout`
 * from the agency's max response time, and the offers mapped (an offer without a mapping is left
 * out with a logged reason).
 */
import type { Offer, SupplierQuery } from '../../modules/shopping/index';
import type { DuffelClient, DuffelLog } from './client';
import { mapOffer, matchesExact, offerRequestsOf } from './map-offer';

/** Duffel searches at most this long (its `supplier_timeout` bounds, ms). */
export const SUPPLIER_TIMEOUT_MS: readonly [number, number] = [2_000, 60_000];
/** Left of the agency's max response time for the answer's way back. */
const ANSWER_MARGIN_MS = 500;

/** The offers Duffel returns for the query, mapped. */
export async function searchOffers(
  client: DuffelClient,
  log: DuffelLog,
  query: SupplierQuery,
  signal: AbortSignal,
): Promise<Offer[]> {
  const timeout = query.maxResponseMs
    ? Math.min(
        SUPPLIER_TIMEOUT_MS[1],
        Math.max(SUPPLIER_TIMEOUT_MS[0], query.maxResponseMs - ANSWER_MARGIN_MS),
      )
    : undefined;
  const settled = await Promise.allSettled(
    offerRequestsOf(query).map((body) => {
      const params = {
        ...body,
        return_offers: true as const,
        ...(timeout ? { supplier_timeout: timeout } : {}),
      };
      return client.call('offerRequests.create', params, (api) => api.offerRequests.create(params), signal);
    }),
  );
  // One airport pair failing leaves the others' offers; all failing is the search's failure.
  const answers = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = settled.find((s) => s.status === 'rejected');
  if (answers.length === 0 && failed) throw failed.reason;
  const offers: Offer[] = [];
  for (const duffelOffer of answers.flatMap((a) => a.offers)) {
    const mapped = mapOffer(duffelOffer);
    if (!mapped.ok) {
      log.warn(
        { duffel: 'offer refused', offerId: duffelOffer.id, reason: mapped.reason },
        'duffel offer not mapped',
      );
      continue;
    }
    if (query.exact && !matchesExact(mapped.value, query.exact)) continue;
    offers.push(mapped.value);
  }
  return offers;
}
