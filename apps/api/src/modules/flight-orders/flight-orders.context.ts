import type { ShoppingDeps } from '../shopping/index';

/** What the flight order use cases need: the shopping dependencies and the demo time scale. */
export interface FlightOrderDeps extends ShoppingDeps {
  /** Divides job delays (ticketing): 60 makes an hour a minute. */
  timeScale: number;
}

/** How long a new order may wait for payment. */
export const PAYMENT_WINDOW_MS = 30 * 60_000;
/** Upper bound of a supplier booking or ticketing call. */
export const SUPPLIER_CALL_MS = 20_000;
