/**
 * A partnership enquiry's statuses (spec §3), in the order of the back office's tabs: `new` when
 * received, then moved on by the platform. In a file of their own, with no texts: the home page's
 * form (`applications.ts`) and the back office's screens (`platform-agencies.ts`) both read them.
 */
export const APPLICATION_STATUSES = ['new', 'contacted', 'converted', 'declined'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
