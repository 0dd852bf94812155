/** Limits named by the spec (§5, §9), shared by forms and the API. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 15;
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@-]{2,63}$/;
export const MAX_FREQUENT_PASSENGERS = 30;
export const MAX_MULTI_CITY_LEGS = 5;
export const SITE_CONFIG_MAX_AGE_MS = 10 * 60 * 1000;
export const SEARCH_STALE_AFTER_MS = 10 * 60 * 1000;
export const QUOTATION_VALIDITY_MS = 15 * 60 * 1000;
export const PARTNER_AGENCY_ID = 222;
/** How long a partner single-login request stays valid after its timestamp. */
export const SSO_MAX_AGE_MS = 5 * 60 * 1000;
