import { sql } from 'drizzle-orm';
import type { Locale } from '@portal/domain/locale';
import type { Db } from '../../platform/db';
import { jobs } from '../../platform/jobs.schema';
import { OUTBOUND_DELIVERY_JOB } from './notify';
import { outboundMessages, type PlatformEmailKind } from './notifications.schema';

/** An e-mail the platform sends to its own people (e.g. its sales address), about no agency. */
export interface PlatformEmail {
  kind: PlatformEmailKind;
  to: string;
  subject: string;
  text: string;
  /** The HTML alternative; every value in it must be escaped by the caller (`escapeHtml`). */
  html: string;
  locale: Locale;
  /** When the delivery is due (default: now). */
  at?: Date;
}

/**
 * Records a platform e-mail and its delivery job in one statement, with no network call: the
 * `outbound-deliver` job sends it outside any transaction and retries it like every other e-mail
 * (`delivery.ts`). The message has no agency (`agency_id` null).
 */
export async function queuePlatformEmail(db: Db, email: PlatformEmail): Promise<void> {
  const at = email.at ?? new Date();
  const payload = JSON.stringify({
    subject: email.subject,
    text: email.text,
    html: email.html,
    locale: email.locale,
  });
  await db.execute(sql`with m as (
      insert into ${outboundMessages} (agency_id, channel, kind, target, payload)
      values (null, 'email', ${email.kind}::text, ${email.to}::text, ${payload}::jsonb)
      returning id)
    insert into ${jobs} (kind, payload, run_at)
      select ${OUTBOUND_DELIVERY_JOB}::text, jsonb_build_object('messageId', m.id), ${at.toISOString()}::timestamptz from m`);
}
