/** Limits named by the spec (§5, §9), shared by forms and the API. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 15;
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@-]{2,63}$/;

/** The username format of spec §5 (here, without zod, so the login page need not load it). */
export function isValidUsername(username: string): boolean {
  return USERNAME_PATTERN.test(username);
}
export const MAX_FREQUENT_PASSENGERS = 30;

/** True while the user may save another frequent passenger. */
export function canAddFrequentPassenger(count: number): boolean {
  return count < MAX_FREQUENT_PASSENGERS;
}

export const MAX_MULTI_CITY_LEGS = 5;
export const SITE_CONFIG_MAX_AGE_MS = 10 * 60 * 1000;
export const SEARCH_STALE_AFTER_MS = 10 * 60 * 1000;
export const QUOTATION_VALIDITY_MS = 15 * 60 * 1000;
export const PARTNER_AGENCY_ID = 222;
/** How long a partner single-login request stays valid after its timestamp. */
export const SSO_MAX_AGE_MS = 5 * 60 * 1000;
/**
 * Money maximums, in major units (the same figure in every currency). With at most three minor
 * digits (e.g. KWD, BHD) the largest wallet is 10^15 minor units: balance plus credit limit stay
 * JavaScript safe integers (below 9.007 × 10^15), far from PostgreSQL's bigint limit.
 */
/** Largest amount one request may move or set: a top-up's amount and amount received, a credit limit. */
export const MAX_REQUEST_AMOUNT = 10_000_000_000;
/** Largest balance an agency wallet may reach, whatever the entry (top-up, refund, reimbursement). */
export const MAX_WALLET_BALANCE = 1_000_000_000_000;
