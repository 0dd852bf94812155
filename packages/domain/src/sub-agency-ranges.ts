/*
 * What the sub-agency statement, look-to-book and bills pages read of `sub-agencies.ts`, without
 * zod: the range limit, the spending columns and the agency id of an address. `sub-agencies.ts`,
 * which re-exports them, holds the schemas.
 */

/** The largest agency id: a positive PostgreSQL integer. */
export const MAX_AGENCY_ID = 2_147_483_647;

/**
 * The agency id of an address's text, as `AgencyId` of `sub-agencies.ts` reads it (a number, whole,
 * positive, at most `MAX_AGENCY_ID`); null when it is not one.
 */
export function parseAgencyId(text: string | undefined): number | null {
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_AGENCY_ID ? id : null;
}

/** Longest date range (days, both ends included) of a statement or look-to-book query. */
export const MAX_SUB_RANGE_DAYS = 366;

/** Days from `from` to `to` (`YYYY-MM-DD`), both included; 0 when `to` is before `from`. */
export function daysBetween(from: string, to: string): number {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return ms < 0 ? 0 : Math.round(ms / 86_400_000) + 1;
}

/** The wallet payment types a statement shows the spending of (spec §3 wallet entry). */
export const STATEMENT_SPENDING_TYPES = [
  'origin-flight',
  'origin-train',
  'refund-flight',
  'change-flight',
  'void-flight',
] as const;
export type StatementSpendingType = (typeof STATEMENT_SPENDING_TYPES)[number];
