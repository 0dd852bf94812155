import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { PARTNER_CODE_ALPHABET, PARTNER_CODE_LENGTH } from '@portal/domain/agencies';
import type { StoredCompanyProfile } from '@portal/domain/company';
import { DEFAULT_AGENCY_TIME_ZONE } from '@portal/domain/time-zone';
import type { Currency } from '@portal/domain/currency';
import type { Locale } from '@portal/domain/locale';
import type { PaymentChannel } from '@portal/domain/payment';
import { DEFAULT_FLIGHT_SETTINGS, type FlightSettings } from '@portal/domain/agency-config';
import { createdAt } from '../../platform/db/columns';
import { users } from '../users/index';

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
  /** The agency's IANA time zone (company setting): where its statement months begin and end. */
  timeZone: text('time_zone').notNull().default(DEFAULT_AGENCY_TIME_ZONE),
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
  /**
   * Set by the platform on a top-level agency and every agency below it (the whole tree at once):
   * its users cannot sign in and its sessions and API keys are refused (AGENCY_SUSPENDED) until
   * the platform resumes it. Nothing else changes.
   */
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  suspensionReason: text('suspension_reason'),
  /** The platform admin who suspended it (a platform user id). */
  suspendedBy: integer('suspended_by'),
  createdAt: createdAt(),
});

export type AgencyRow = typeof agencies.$inferSelect;

/** The agency and user an order belongs to; deleting either deletes the order. */
export const orderOwnerColumns = () => ({
  agencyId: integer('agency_id')
    .notNull()
    .references(() => agencies.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
});

declare module '../../platform/request-context' {
  interface TenantRows {
    agency: AgencyRow;
  }
}
