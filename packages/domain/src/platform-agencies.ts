import { z } from 'zod';
import { APPLICATION_STATUSES, type ApplicationStatus } from './application-status';
import { CompanyPhone, isEmailAddress } from './company';
import { CURRENCIES } from './currency';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageOf, Timestamp } from './flight-order';
import { CleanText } from './primitives';
import { AGENCY_STATUSES, PLATFORM_AGENCY_LIMITS, type TopAgencyStatus } from './platform-agency-options';
import { IanaTimeZone } from './time-zone';
import { Username } from './users';
import { WalletBalance } from './wallet';

/**
 * The platform's back office for enquiries and top-level agencies (`/platform/applications`,
 * `/platform/agencies`, docs/platform.md): the applications' lifecycle and notes, the conversion
 * of an application into a top-level agency with its super admin, and suspension.
 */

// The limits and the statuses are in `platform-agency-options.ts`, without zod, for the pages.
export { AGENCY_STATUSES, PLATFORM_AGENCY_LIMITS, type TopAgencyStatus };

const Text = (max: number) => CleanText.pipe(z.string().trim().max(max));
const RequiredText = (max: number) => CleanText.pipe(z.string().trim().min(1).max(max));
const Keyword = Text(PLATFORM_AGENCY_LIMITS.keyword)
  .optional()
  .transform((v) => (v ? v : undefined));
const Page = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
};

// ---------------------------------------------------------------- applications

export { APPLICATION_STATUSES, type ApplicationStatus } from './application-status';

/** The statuses an operator sets by hand; `converted` only comes with a conversion. */
export const SETTABLE_APPLICATION_STATUSES = ['new', 'contacted', 'declined'] as const;
export type SettableApplicationStatus = (typeof SETTABLE_APPLICATION_STATUSES)[number];

/**
 * Whether an operator may move an application from `from` to `to` by hand: any move between
 * new, contacted and declined (a declined enquiry may be reopened); a converted one never moves.
 */
export function canSetApplicationStatus(from: ApplicationStatus, to: ApplicationStatus): boolean {
  if (from === 'converted' || to === 'converted') return false;
  return from !== to;
}

/** `{id}` of an application (a uuid). */
export const ApplicationIdParams = z.strictObject({ id: z.uuid() });
export type ApplicationIdParams = z.infer<typeof ApplicationIdParams>;

/** GET /platform/v2/applications: newest first, by status and a keyword (name, company, e-mail, phone). */
export const ApplicationListQuery = z.strictObject({
  status: z.enum(APPLICATION_STATUSES).optional(),
  keyword: Keyword,
  ...Page,
});
export type ApplicationListQuery = z.infer<typeof ApplicationListQuery>;

/** One note an operator wrote on an application. */
export const ApplicationNote = z.object({
  id: z.number().int(),
  text: z.string(),
  authorId: z.number().int(),
  authorName: z.string(),
  createdAt: Timestamp,
});
export type ApplicationNote = z.infer<typeof ApplicationNote>;

/** An application as the platform sees it: every field the visitor gave. */
export const Application = z.object({
  id: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  name: z.string(),
  email: z.string().nullable(),
  phoneAreaCode: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string(),
  companyName: z.string().nullable(),
  companyAddress: z.string().nullable(),
  website: z.string().nullable(),
  others: z.string().nullable(),
  locale: z.string(),
  convertedAgencyId: z.number().int().nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Application = z.infer<typeof Application>;

/** One application with its notes, oldest note first. */
export const ApplicationDetail = Application.extend({ notes: z.array(ApplicationNote) });
export type ApplicationDetail = z.infer<typeof ApplicationDetail>;

/** A page of applications and the count per status (for the tabs; the keyword applies, the status does not). */
export const ApplicationList = pageOf(Application).extend({
  counts: z.array(z.object({ status: z.enum(APPLICATION_STATUSES), cnt: z.number().int().min(0) })),
});
export type ApplicationList = z.infer<typeof ApplicationList>;

/** PUT /platform/v2/applications/{id}/status. */
export const ApplicationStatusBody = z.strictObject({ status: z.enum(SETTABLE_APPLICATION_STATUSES) });
export type ApplicationStatusBody = z.infer<typeof ApplicationStatusBody>;

/** POST /platform/v2/applications/{id}/notes. */
export const ApplicationNoteBody = z.strictObject({ text: RequiredText(PLATFORM_AGENCY_LIMITS.note) });
export type ApplicationNoteBody = z.infer<typeof ApplicationNoteBody>;

/**
 * POST /platform/v2/applications/{id}/conversion: the new top-level agency (its name, contact,
 * settlement currency and time zone) and its super admin's username. The form is prefilled from
 * the application.
 */
export const ConvertApplicationBody = z.strictObject({
  companyName: RequiredText(PLATFORM_AGENCY_LIMITS.companyName),
  contactName: RequiredText(PLATFORM_AGENCY_LIMITS.contactName),
  email: Text(PLATFORM_AGENCY_LIMITS.email).refine((v) => isEmailAddress(v), {
    message: 'The email format is incorrect',
  }),
  phone: CompanyPhone.nullish().transform((v) => v ?? null),
  settlementCurrency: z.enum(CURRENCIES),
  timeZone: IanaTimeZone,
  superAdminUsername: Username,
});
export type ConvertApplicationBody = z.infer<typeof ConvertApplicationBody>;
export type ConvertApplicationInput = z.input<typeof ConvertApplicationBody>;

/**
 * The conversion's answer: the application as it now is, the agency and its super admin with
 * the temporary password (shown once; never answered again) and whether the credentials e-mail
 * to the contact was queued.
 */
export const ConvertedApplication = z.object({
  application: Application,
  agency: z.object({ id: z.number().int(), name: z.string(), partnerCode: z.string() }),
  superAdmin: z.object({ id: z.number().int(), username: z.string(), temporaryPassword: z.string() }),
  /** The credentials e-mail: to whom, and whether it was queued (if not, tell the password yourself). */
  email: z.object({ to: z.string(), queued: z.boolean() }),
});
export type ConvertedApplication = z.infer<typeof ConvertedApplication>;

// ---------------------------------------------------------------- top-level agencies

/** GET /platform/v2/agencies: top-level agencies by name (or alias, partner code) and status. */
export const TopAgencyListQuery = z.strictObject({
  keyword: Keyword,
  status: z.enum(AGENCY_STATUSES).optional(),
  ...Page,
});
export type TopAgencyListQuery = z.infer<typeof TopAgencyListQuery>;

/** The days the list's look-to-book ratio covers (UTC days up to today). */
export const LOOK_TO_BOOK_DAYS = 30;

/** A top-level agency as the platform lists it. */
export const TopAgency = z.object({
  id: z.number().int(),
  name: z.string(),
  partnerCode: z.string(),
  status: z.enum(AGENCY_STATUSES),
  suspendedAt: Timestamp.nullable(),
  suspensionReason: z.string().nullable(),
  /** The wallet in the settlement currency (balance, credit limit, available). */
  wallet: WalletBalance,
  /** Searches and bookings of the agency and its sub-agencies over `LOOK_TO_BOOK_DAYS`. */
  lookToBook: z.object({
    searches: z.number().int().min(0),
    bookings: z.number().int().min(0),
    ratio: z.number().nullable(),
  }),
  subAgencies: z.number().int().min(0),
  createdAt: Timestamp,
});
export type TopAgency = z.infer<typeof TopAgency>;

export const TopAgencyList = pageOf(TopAgency);
export type TopAgencyList = z.infer<typeof TopAgencyList>;

/** POST /platform/v2/agencies/{id}/suspension. */
export const SuspendAgencyBody = z.strictObject({ reason: RequiredText(PLATFORM_AGENCY_LIMITS.reason) });
export type SuspendAgencyBody = z.infer<typeof SuspendAgencyBody>;
