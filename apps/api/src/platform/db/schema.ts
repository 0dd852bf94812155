import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  primaryKey,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { PARTNER_CODE_ALPHABET, PARTNER_CODE_LENGTH } from '@portal/domain/agencies';
import type { StoredCompanyProfile } from '@portal/domain/company';
import type { Currency } from '@portal/domain/currency';
import type { Locale } from '@portal/domain/locale';
import type { PaymentChannel } from '@portal/domain/payment';
import { DEFAULT_FLIGHT_SETTINGS, type FlightSettings } from '@portal/domain/agency-config';
import type { ShoppingRequest, Solution } from '@portal/domain/shopping';
import type { Offer } from '../../modules/shopping/suppliers/supplier';

/** A random partner code computed by the database for rows inserted without one. */
const PARTNER_CODE_DEFAULT = sql.raw(
  Array.from(
    { length: PARTNER_CODE_LENGTH },
    () => `substr('${PARTNER_CODE_ALPHABET}', 1 + floor(random() * ${PARTNER_CODE_ALPHABET.length})::int, 1)`,
  ).join(' || '),
);

/** The company flags of spec §3 `config.commonConfig`. */
export interface AgencyCommonConfig {
  enableFlightService: boolean;
  enableTrainService: boolean;
  isShowBill: boolean;
  canCreateSubAgency: boolean;
  settlementCurrency: Currency;
  /** Spec §6 'Only show own orders': users see only the orders they created. Default false. */
  onlyShowOwnOrders?: boolean;
  /** Spec §6 'Disable payment': the agency may not pay orders. Default false. */
  disablePayment?: boolean;
  /** The payment channels the agency offers, in order. Default: the spec §9 options. */
  paymentChannels?: PaymentChannel[];
  /** Spec §3 'Show invoice type in Excel bill': wallet exports get an invoice-type column. Default false. */
  showInvoiceTypeInExcel?: boolean;
  /** Spec §3 'Email language': the language of the order e-mails. Default zh-cn. */
  emailLanguage?: Locale;
  /** Spec §3 'Send email to sub-agency': a sub-agency also gets the order e-mails. Default false. */
  sendEmailToSubAgency?: boolean;
  /** Key of the HMAC signature of this agency's webhooks; generated when first needed. */
  webhookSigningSecret?: string;
  /** Spec §3 'Hide PNR booking': no booking from a PNR (analysis-pnr refused). Default false. */
  hidePnrBooking?: boolean;
  /** Spec §3 'Hide mainland China content': no flights within mainland China. Default false. */
  hideMainlandChinaContent?: boolean;
  /** Available balance below which a credit alert goes out, in minor units; null/absent = off. */
  creditAlertThreshold?: number | null;
  /** Spec §3 train settings (`TrainSettings` of `@portal/domain/agency-settings`). */
  trainSettings?: { notificationUrl: string | null; manual: boolean };
  /** Spec §3 credit period (`CreditPeriod` of `@portal/domain/agency-settings`). */
  creditPeriod?: { unit: 'day' | 'week' | 'month' | 'year'; value: number };
}

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const agencies = pgTable('agencies', {
  // Seeded agencies use explicit ids 1, 2, 3 and 222; new agencies get ids above 1000.
  id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1001 }),
  name: text('name').notNull(),
  alias: text('alias'),
  logo: text('logo'),
  proxyLevel: integer('proxy_level').notNull().default(0),
  parentId: integer('parent_id'),
  websitePrefix: text('website_prefix').notNull().default(''),
  commonConfig: jsonb('common_config').$type<AgencyCommonConfig>().notNull(),
  flightSettings: jsonb('flight_settings').$type<FlightSettings>().notNull().default(DEFAULT_FLIGHT_SETTINGS),
  /** The /company profile fields the columns lack (contact, address, website, extra info). */
  profile: jsonb('profile').$type<StoredCompanyProfile>().notNull().default({}),
  enabled: boolean('enabled').notNull().default(true),
  /** Spec §3 unique partner code: 8 characters of `PARTNER_CODE_ALPHABET`, random unless given. */
  partnerCode: text('partner_code').notNull().unique().default(PARTNER_CODE_DEFAULT),
  /** The dedicated customer service advisor (spec §3). */
  advisor: text('advisor'),
  /** Website access control: host names that may frame the agency's pages (frame-ancestors). */
  allowedDomains: text('allowed_domains')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** The stored (resized) logo file, served by GET /base/v2/agencies/{id}/logo. */
  logoFile: text('logo_file'),
  /** Set when a parent deleted the agency: never listed again, its users deleted (rows stay for the ledger). */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    username: text('username').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname').notNull().default(''),
    email: text('email').notNull().default(''),
    mobileAreaCode: text('mobile_area_code'),
    mobileNumber: text('mobile_number'),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status').notNull().default('active'),
    avatar: text('avatar'),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    outUserId: text('out_user_id'),
    /** Set with a generated temporary password: the user must choose a new one after signing in. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('users_agency_idx').on(t.agencyId), index('users_out_user_idx').on(t.outUserId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    kind: text('kind').notNull().default('password'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const ssoNonces = pgTable('sso_nonces', {
  code: text('code').primaryKey(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
});

export const userLogs = pgTable(
  'user_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** Null for a failed login with an unknown username. */
    userId: integer('user_id').references(() => users.id),
    /** Null only for a failed login with an unknown username: no agency ever lists those. */
    agencyId: integer('agency_id'),
    /** The username as typed (failed logins) or the user's at the time, at most 64 characters. */
    username: text('username'),
    action: text('action').notNull(),
    /** HTTP method and route pattern of a recorded call (`POST /base/v2/users/:id`). */
    method: text('method'),
    route: text('route'),
    /** The id the call addressed (its `:id` parameter), if any. */
    target: text('target'),
    outcome: text('outcome').$type<'ok' | 'refused'>().notNull().default('ok'),
    /** The catalogue code of a refusal, or the HTTP status when it has none. */
    code: integer('code'),
    status: integer('status'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_logs_user_idx').on(t.userId, t.createdAt),
    index('user_logs_agency_idx').on(t.agencyId, t.createdAt, t.id),
  ],
);

export const exchangeRates = pgTable('exchange_rates', {
  currency: text('currency').primaryKey(),
  base: text('base').notNull().default('CNY'),
  /** Units of `currency` per one unit of `base`, a decimal. */
  rate: numeric('rate').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A flight search (async shopping or accurate search); expires with the quotation validity. */
export const searches = pgTable(
  'searches',
  {
    id: text('id').primaryKey(),
    agencyId: integer('agency_id').notNull(),
    userId: integer('user_id').notNull(),
    kind: text('kind').notNull().default('shopping'),
    request: jsonb('request').$type<ShoppingRequest | Record<string, unknown>>().notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('searches_agency_idx').on(t.agencyId, t.createdAt),
    index('searches_created_idx').on(t.createdAt),
  ],
);

/** Progress of one supplier in a search. */
export const searchSuppliers = pgTable(
  'search_suppliers',
  {
    searchId: text('search_id')
      .notNull()
      .references(() => searches.id, { onDelete: 'cascade' }),
    supplier: text('supplier').notNull(),
    status: text('status').notNull().default('pending'),
    count: integer('count').notNull().default(0),
    elapsedMs: integer('elapsed_ms').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.searchId, t.supplier] })],
);

/** A priced solution of a search: the presented Solution plus the supplier's offer to verify. */
export const solutions = pgTable(
  'solutions',
  {
    id: text('id').primaryKey(),
    searchId: text('search_id')
      .notNull()
      .references(() => searches.id, { onDelete: 'cascade' }),
    agencyId: integer('agency_id').notNull(),
    supplier: text('supplier').notNull(),
    /** Same flights, dates, cabin and fare family: merged across suppliers (cheapest kept). */
    dedupeKey: text('dedupe_key').notNull(),
    /** Same flights, dates and cabin (fare families of one itinerary share it). */
    flightsKey: text('flights_key').notNull(),
    payload: jsonb('payload').$type<Solution>().notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    departureAt: timestamp('departure_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    offer: jsonb('offer').$type<Offer>().notNull(),
    /** False for rows made by the price check (not listed in the search). */
    listed: boolean('listed').notNull().default(true),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('solutions_search_idx').on(t.searchId), index('solutions_agency_idx').on(t.agencyId)],
);

/** Look-to-book counters per agency and day. */
export const lookToBook = pgTable(
  'look_to_book',
  {
    agencyId: integer('agency_id').notNull(),
    day: text('day').notNull(),
    searches: integer('searches').notNull().default(0),
    bookings: integer('bookings').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.day] })],
);

export type SearchRow = typeof searches.$inferSelect;
export type SolutionRow = typeof solutions.$inferSelect;
export type AgencyRow = typeof agencies.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type { UserLogAction } from '@portal/domain/user-log';
