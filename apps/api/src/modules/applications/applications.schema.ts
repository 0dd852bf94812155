import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { ApplicationStatus } from '@portal/domain/applications';
import type { Locale } from '@portal/domain/locale';
import { createdAt, updatedAt, uuidId } from '../../platform/db/columns';
import { agencies } from '../agencies/index';

/**
 * A partnership enquiry from the home page's contact form (`POST /base/v2/applications`). The
 * platform's back office reads it, moves its status and may convert it into a top-level agency
 * (`convertedAgencyId`). `sourceIp` is the client address it came from (for abuse review).
 */
export const applications = pgTable(
  'applications',
  {
    id: uuidId(),
    name: text('name').notNull(),
    email: text('email'),
    phoneAreaCode: text('phone_area_code'),
    phone: text('phone'),
    /** ISO 3166-1 alpha-2 code of the country chosen in the form. */
    country: text('country').notNull(),
    companyName: text('company_name'),
    companyAddress: text('company_address'),
    website: text('website'),
    others: text('others'),
    /** The language the visitor wrote in (the page's locale). */
    locale: text('locale').$type<Locale>().notNull(),
    status: text('status').$type<ApplicationStatus>().notNull().default('new'),
    convertedAgencyId: integer('converted_agency_id').references(() => agencies.id),
    sourceIp: text('source_ip'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('applications_status_known', sql`${t.status} IN ('new', 'contacted', 'converted', 'declined')`),
    index('applications_status_created_idx').on(t.status, t.createdAt.desc()),
    index('applications_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

export type ApplicationRow = typeof applications.$inferSelect;
