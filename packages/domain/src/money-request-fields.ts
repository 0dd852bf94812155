/*
 * The text rules of the decimal fields of the money requests (an agency's top-up of its
 * sub-agency, the platform's funding and credit-limit requests), without zod: the platform's
 * funding page checks as the user types with these, and `wallet.ts` builds the schemas the API
 * parses with from the same patterns (docs/performance/javascript-per-route.md).
 */

/** An amount with at most two decimals, as `TopUpBody`'s `amount` and `amountReceived` take it. */
export const AMOUNT_PATTERN = /^\d+(\.\d{1,2})?$/;

/** An exchange rate: up to 12 integer digits and 8 decimals, as `TopUpBody`'s `exchangeRate` takes it. */
export const EXCHANGE_RATE_PATTERN = /^\d{1,12}(\.\d{1,8})?$/;

/** A top-up's amount credited or received: the amount pattern, and above zero. */
export function isPositiveAmountText(text: string): boolean {
  return AMOUNT_PATTERN.test(text) && Number(text) > 0;
}

/** A top-up's exchange rate: the rate pattern, and above zero. */
export function isExchangeRateText(text: string): boolean {
  return EXCHANGE_RATE_PATTERN.test(text) && Number(text) > 0;
}

/** A credit limit: the amount pattern; zero is taken (it removes the credit line). */
export function isCreditLimitText(text: string): boolean {
  return AMOUNT_PATTERN.test(text);
}

/** Longest bank reference of a top-up or funding request. */
export const REFERENCE_NUMBER_MAX = 64;

/** Longest note of a platform funding or credit request, and reason of a rejection. */
export const APPROVAL_TEXT_MAX = 500;
