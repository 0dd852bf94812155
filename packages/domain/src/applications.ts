/**
 * Partnership enquiries (spec §3 "partnership enquiry form", §5, §7 `POST /base/v2/applications`):
 * what a visitor sends from the home page's contact form, and the statuses the platform's back
 * office moves it through.
 */

/** An enquiry's statuses: `new` when received; the back office moves it on. */
export const APPLICATION_STATUSES = ['new', 'contacted', 'converted', 'declined'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
