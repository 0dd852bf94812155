/**
 * The home page's figures the product cannot know from its own data (spec §2 "feature figures",
 * §9 marketing claims): served by `getSiteConfig` as `figures`, set by the platform. The figures
 * it can know (countries, airports, airlines, routes, stations) are computed from the reference
 * data at build time (`@portal/reference-data/generated/coverage-data`).
 */
export interface SiteFigures {
  /** Current client agencies; null hides the figure (no claim is made). */
  clients: number | null;
  /** Suppliers connected (spec §9: 60+). */
  suppliers: number;
  /** The year the business started (spec §9: since 2001). */
  foundedYear: number;
}

export const DEFAULT_SITE_FIGURES: SiteFigures = { clients: null, suppliers: 60, foundedYear: 2001 };

/**
 * Whole decades since `foundedYear` in `year`, as the claim "20+ years" states them (2001 to
 * 2026: 20); 0 before the first decade.
 */
export function decadesSince(foundedYear: number, year: number): number {
  return Math.max(0, Math.floor((year - foundedYear) / 10) * 10);
}
