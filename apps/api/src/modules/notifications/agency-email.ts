import { sql } from 'drizzle-orm';
import type { Locale } from '@portal/domain/locale';
import type { Db } from '../../platform/db';
import { jobs } from '../../platform/jobs.schema';
import { OUTBOUND_DELIVERY_JOB } from './notify';
import { outboundMessages } from './notifications.schema';

/** E-mails about an agency's own account (not an order, not its wallet): no in-app notice. */
export type AgencyEmailKind = 'agency.credentials';

/** One plain-text e-mail to one address about agency `agencyId`. */
export interface AgencyEmail {
  agencyId: number;
  kind: AgencyEmailKind;
  to: string;
  subject: string;
  text: string;
  locale: Locale;
  /** When the delivery is due (default: now). */
  at?: Date;
}

/**
 * Records an agency e-mail and its delivery job in one statement, with no network call: the
 * `outbound-deliver` job sends it outside any transaction and retries it like every other e-mail.
 * Called after the change it tells of has committed.
 */
export async function queueAgencyEmail(db: Db, email: AgencyEmail): Promise<void> {
  const at = email.at ?? new Date();
  const payload = JSON.stringify({ subject: email.subject, text: email.text, locale: email.locale });
  await db.execute(sql`with m as (
      insert into ${outboundMessages} (agency_id, channel, kind, target, payload)
      values (${email.agencyId}::int, 'email', ${email.kind}::text, ${email.to}::text, ${payload}::jsonb)
      returning id)
    insert into ${jobs} (kind, payload, run_at)
      select ${OUTBOUND_DELIVERY_JOB}::text, jsonb_build_object('messageId', m.id), ${at.toISOString()}::timestamptz from m`);
}
