import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { agencies } from '../agencies/index';
import { enqueueJob, type JobHandler } from '../../platform/jobs';
import { rowsOf } from '../../platform/db/rows';
import { attachmentRequestsOf, renderAttachments, type RenderAttachment } from './attachments';
import type { Mailer } from './mailer';
import { outboundAttempts, outboundMessages, type OutboundMessageRow } from './notifications.schema';
import { OUTBOUND_DELIVERY_JOB } from './notify';
import { postWebhook, signWebhook } from './webhook';

/** Attempts of one message before it is given up as `failed`. */
export const MAX_DELIVERY_ATTEMPTS = 5;
/** The wait after the first failed attempt; each later wait is five times longer (1, 5, 25, 125 min). */
export const FIRST_RETRY_MS = 60_000;

/** The wait before attempt `attempt + 1`, after `attempt` failed ones, divided by the time scale. */
export function retryDelayMs(attempt: number, timeScale = 1): number {
  return (FIRST_RETRY_MS * 5 ** (attempt - 1)) / timeScale;
}

export interface DeliveryDeps {
  mailer: Mailer;
  /** Deliver webhooks to loopback and private addresses (demo and tests, or configured). */
  allowPrivateWebhooks: boolean;
  timeScale: number;
  webhookTimeoutMs?: number;
  /** Makes the files an e-mail asks for (the e-ticket itinerary of a tickets-issued e-mail). */
  attachments: RenderAttachment;
}

/**
 * The agency's webhook signing secret, generated and stored in its common config in one
 * statement when it has none (the row lock makes concurrent first deliveries agree).
 */
export async function webhookSecret(db: Db, agencyId: number): Promise<string> {
  const fresh = crypto.randomBytes(32).toString('hex');
  const [row] = await rowsOf<{ secret: string }>(
    db,
    sql`update ${agencies}
      set common_config = case when common_config ? 'webhookSigningSecret' then common_config
        else jsonb_set(common_config, '{webhookSigningSecret}', to_jsonb(${fresh}::text)) end
      where id = ${agencyId}
      returning common_config->>'webhookSigningSecret' as secret`,
  );
  if (!row) throw new Error(`no agency ${agencyId}`);
  return row.secret;
}

interface Outcome {
  ok: boolean;
  code: number | null;
  error: string | null;
}

async function deliver(db: Db, deps: DeliveryDeps, message: OutboundMessageRow): Promise<Outcome> {
  if (message.channel === 'email') {
    const { subject, text, html } = message.payload;
    let attachments;
    try {
      const requests = attachmentRequestsOf(message.payload);
      // The platform's own e-mails (no agency) ask for no files.
      attachments =
        message.agencyId === null
          ? []
          : await renderAttachments(deps.attachments, message.agencyId, requests);
    } catch (error) {
      // A file that may still be made (the database or the disk failed): this attempt fails and
      // is retried as a refused mail is, rather than the traveller getting the e-mail without it.
      const reason = error instanceof Error ? error.message : String(error);
      return { ok: false, code: null, error: `attachment not made: ${reason}`.slice(0, 500) };
    }
    const result = await deps.mailer.send({
      id: message.id,
      to: message.target,
      subject: typeof subject === 'string' ? subject : '',
      text: typeof text === 'string' ? text : '',
      // Messages recorded before e-mails had an HTML part go as plain text.
      ...(typeof html === 'string' ? { html } : {}),
      ...(attachments.length > 0 ? { attachments } : {}),
    });
    return { ok: result.ok, code: result.code, error: result.error };
  }
  if (message.agencyId === null) return { ok: false, code: null, error: 'a webhook without an agency' };
  const secret = await webhookSecret(db, message.agencyId);
  const body = JSON.stringify(message.payload);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const result = await postWebhook(
    message.target,
    body,
    {
      'user-agent': 'TripBridge-Webhooks/1',
      'x-portal-event': message.kind,
      'x-portal-delivery': String(message.id),
      'x-portal-timestamp': timestamp,
      'x-portal-signature': signWebhook(secret, timestamp, body),
    },
    { allowPrivate: deps.allowPrivateWebhooks, timeoutMs: deps.webhookTimeoutMs },
  );
  return { ok: result.ok, code: result.status, error: result.error };
}

/**
 * Delivers one outbound message, outside any transaction, then records the attempt and the
 * message's state in one short transaction: `sent`, or another try queued with a growing delay,
 * or `failed` after MAX_DELIVERY_ATTEMPTS. A message no longer pending is left alone.
 */
export function deliveryHandler(deps: DeliveryDeps): JobHandler {
  return async (db, job, now) => {
    const messageId = Number(job.payload.messageId);
    if (!Number.isSafeInteger(messageId)) return;
    const [message] = await db.select().from(outboundMessages).where(eq(outboundMessages.id, messageId));
    if (!message || message.status !== 'pending') return;
    const started = performance.now();
    const outcome = await deliver(db, deps, message);
    const durationMs = Math.round(performance.now() - started);
    const attempt = message.attempts + 1;
    const giveUp = !outcome.ok && attempt >= MAX_DELIVERY_ATTEMPTS;
    await db.transaction(async (tx) => {
      await tx.insert(outboundAttempts).values({
        messageId,
        at: now,
        ok: outcome.ok,
        responseCode: outcome.code,
        error: outcome.error,
        durationMs,
      });
      await tx
        .update(outboundMessages)
        .set({
          attempts: attempt,
          status: outcome.ok ? 'sent' : giveUp ? 'failed' : 'pending',
          lastError: outcome.error,
          ...(outcome.ok ? { sentAt: now } : {}),
        })
        .where(eq(outboundMessages.id, messageId));
      if (!outcome.ok && !giveUp) {
        const runAt = new Date(now.getTime() + retryDelayMs(attempt, deps.timeScale));
        await enqueueJob(tx, OUTBOUND_DELIVERY_JOB, { messageId }, runAt);
      }
    });
  };
}

/** The job handlers of the outbound module. */
export function notificationJobHandlers(deps: DeliveryDeps): Record<string, JobHandler> {
  return { [OUTBOUND_DELIVERY_JOB]: deliveryHandler(deps) };
}
