/*
 * The platform's agency and application field limits and the top-level agencies' statuses,
 * without zod: the platform's agency and application pages read them, and `platform-agencies.ts`
 * (which re-exports them) holds the schemas (docs/performance/javascript-per-route.md).
 */

export const PLATFORM_AGENCY_LIMITS = {
  keyword: 64,
  note: 2000,
  reason: 500,
  companyName: 100,
  contactName: 64,
  email: 254,
} as const;

export const AGENCY_STATUSES = ['active', 'suspended'] as const;
export type TopAgencyStatus = (typeof AGENCY_STATUSES)[number];
