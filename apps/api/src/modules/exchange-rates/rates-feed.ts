/**
 * The port a rates feed plugs into: a source of rates (units of each currency per one CNY). The
 * composition root (`app.ts`) gives the module one when configured (the simulated feed of the
 * demo), else none and "Import now" answers 503 RATES_FEED_UNAVAILABLE.
 */
export interface RatesFeed {
  /** The feed's name, shown on the screen and kept in the audit log. */
  readonly name: string;
  /** The feed's current rates: decimal strings per one CNY, by currency code, and their time. */
  fetchRates(): Promise<FeedRates>;
}

export interface FeedRates {
  asOf: Date;
  rates: Record<string, string>;
}
