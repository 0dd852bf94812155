/** The switchable failure modes and the request log of the Duffel mock. */
import type { Json } from './fixtures';

/** The calls of the API, as the mock names them for faults. */
export type MockOperation =
  | 'offerRequests.create'
  | 'offers.get'
  | 'seatMaps.get'
  | 'orders.create'
  | 'orders.get'
  | 'orders.update'
  | 'payments.create'
  | 'orderCancellations.create'
  | 'orderCancellations.get'
  | 'orderCancellations.confirm'
  | 'orderChangeRequests.create'
  | 'orderChangeOffers.get'
  | 'orderChanges.create'
  | 'orderChanges.get'
  | 'orderChanges.confirm'
  | 'orders.availableServices'
  | 'orders.addServices';

export interface MockFaults {
  /** These calls never answer (until the mock closes). */
  timeout?: MockOperation[];
  /** These calls take effect but never answer (an answer lost on the way back). */
  lostAnswer?: MockOperation[];
  /** These calls answer 422 validation_error. */
  validation?: MockOperation[];
  /** Offers have expired: getting or booking one answers 422 offer_no_longer_available. */
  offerExpired?: boolean;
  /** The offer's price moved by this percent: a get shows it, booking at the old price answers 422 price_changed. */
  priceChangePercent?: number;
  /** A cancellation answers 422 order_already_cancelled. */
  alreadyCancelled?: boolean;
  /** Offers priced in this currency instead of CNY. */
  currency?: string;
  /** Offers require instant payment (no hold). */
  instantPayment?: boolean;
  /** Cancellations give the whole amount back (the airline's void window). */
  voidWindow?: boolean;
  /**
   * Cancellation quotes and change offers are made already past their `expires_at`: confirming
   * one (or making an order change from it) answers 422 quote_expired.
   */
  quoteExpired?: boolean;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Json | undefined;
}
