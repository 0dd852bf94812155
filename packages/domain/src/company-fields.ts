/*
 * The company profile's field limits and text rules, without zod: the company form and the agency
 * forms check as the user types with these, and `company.ts` (which re-exports them) holds the
 * schemas the API parses with (docs/performance/javascript-per-route.md).
 */

export const COMPANY_LIMITS = {
  name: 100,
  alias: 50,
  contactName: 64,
  email: 254,
  address: 200,
  website: 200,
  extraInfo: 1000,
} as const;

/** True for an `http:` or `https:` address with a host and no user name or password in it. */
export function isWebsiteUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.hostname.includes('.') &&
    url.username === '' &&
    url.password === ''
  );
}

/**
 * zod's default e-mail pattern, the one `z.email()` checks in the user and booking contact schemas,
 * so that an address is well formed by one rule everywhere; `company-fields.test.ts` checks that
 * both agree.
 */
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** True for a well-formed e-mail address (the booking contact's rule, spec §5). */
export function isEmailAddress(value: string): boolean {
  return EMAIL.test(value);
}
