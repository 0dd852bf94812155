import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@portal/domain/locale';
import type { Db } from '../../platform/db';
import { agencies, type AgencyCommonConfig } from '../agencies/index';
import { users } from '../users/index';
import type { FlightSettings } from '@portal/domain/agency-config';
import type { FlightOrderStatus } from '@portal/domain/flight-order-status';
import { jobs } from '../../platform/jobs.schema';
import { rowsOf } from '../../platform/db/rows';
import { orderEmailAttachments } from './attachments';
import { renderEmail, type EmailDetails } from './email-templates';
import { orderEmailDetails, type OrderEmailFacts } from './order-email-details';
import { notifications, outboundMessages, type NotificationKind } from './notifications.schema';

/** The job that delivers one outbound message (payload `{messageId}`). */
export const OUTBOUND_DELIVERY_JOB = 'outbound-deliver';

export type NotificationParams = Record<string, string | number | null>;

/**
 * What an order event reads of a flight order (a flight order row has all of it), with what its
 * e-mail lists (`OrderEmailFacts`), so this module reads no order table.
 */
export interface NotifiedFlightOrder extends OrderEmailFacts {
  id: string;
  bookingNumber: string;
  agencyId: number;
  userId: number;
  status: FlightOrderStatus;
  pnr: string | null;
  originalBookingId: string | null;
  contact: { email: string };
}

export interface OrderEvent {
  kind: NotificationKind;
  order: NotifiedFlightOrder;
  /** Values for the texts beside the booking number, route and departure (e.g. `reason`). */
  params?: NotificationParams;
  /** When it happened (default: now); the delivery jobs are due then. */
  at?: Date;
}

/** Booking events go to the booking notification URL; the others to the flight change URL. */
export function isBookingEvent(kind: NotificationKind): boolean {
  return kind.startsWith('order.');
}

/** `PEK-SHA-PEK` from the order's flights, and the first departure in local time. */
function routeOf(order: NotifiedFlightOrder): { route: string; departure: string | null } {
  const segments = order.solution.legs.flatMap((leg) => leg.segments);
  const first = segments[0];
  if (!first) return { route: '', departure: null };
  const airports = [first.departure.airport, ...segments.map((s) => s.arrival.airport)];
  const route = airports.filter((a, i) => i === 0 || a !== airports[i - 1]).join('-');
  return { route, departure: first.departure.time.replace('T', ' ') };
}

interface AgencyFacts {
  common: AgencyCommonConfig;
  flight: FlightSettings;
  parentId: number | null;
  superIds: number[];
  agencyEmail: string | null;
}

async function readAgency(tx: Db, agencyId: number): Promise<AgencyFacts | undefined> {
  const [row] = await rowsOf<{
    common_config: AgencyCommonConfig;
    flight_settings: FlightSettings;
    parent_id: number | null;
    super_ids: number[] | null;
    agency_email: string | null;
  }>(
    tx,
    sql`select a.common_config, a.flight_settings, a.parent_id,
      (select array_agg(u.id order by u.id) from ${users} u
        where u.agency_id = a.id and 'SuperUser' = any(u.roles) and u.status = 'active') as super_ids,
      (select u.email from ${users} u
        where u.agency_id = a.id and u.status = 'active' and u.email <> ''
        order by ('SuperUser' = any(u.roles)) desc, u.id limit 1) as agency_email
    from ${agencies} a where a.id = ${agencyId}`,
  );
  if (!row) return undefined;
  return {
    common: row.common_config,
    flight: row.flight_settings,
    parentId: row.parent_id,
    superIds: (row.super_ids ?? []).map(Number),
    agencyEmail: row.agency_email,
  };
}

interface NewMessage {
  channel: 'email' | 'webhook';
  target: string;
  payload: Record<string, unknown>;
}

/** The language of an agency's e-mails: its config's `emailLanguage`, else the default. */
function emailLocale(common: AgencyCommonConfig): Locale {
  return isLocale(common.emailLanguage) ? common.emailLanguage : DEFAULT_LOCALE;
}

/**
 * A webhook message for an agency's notification URL: a fresh id, the event, when it happened,
 * the agency, what it is about (`about`, e.g. `{ order }`) and the event's values.
 */
function webhookMessage(
  url: string,
  kind: NotificationKind,
  at: Date,
  agencyId: number,
  about: Record<string, unknown>,
  params: NotificationParams,
): NewMessage {
  return {
    channel: 'webhook',
    target: url,
    payload: { id: randomUUID(), event: kind, occurredAt: at.toISOString(), agencyId, ...about, params },
  };
}

/** The delivery job, due at `at`, of each message the statement's `m` part inserted. */
function deliveryJobsOfM(at: Date) {
  return sql`insert into ${jobs} (kind, payload, run_at)
    select ${OUTBOUND_DELIVERY_JOB}::text, jsonb_build_object('messageId', m.id), ${at.toISOString()}::timestamptz from m`;
}

/**
 * Records an order event in the caller's transaction, with no network call: an in-app notice for
 * the order's user and the agency's active SuperUsers; an e-mail to the booking contact in the
 * agency's e-mail language; a copy to a sub-agency's address (its first active SuperUser's e-mail,
 * else its first active user's) when its config says
 * `sendEmailToSubAgency`; a webhook to the agency's booking or flight change notification URL; and
 * one delivery job per message. Two statements: one read of the agency, one insert of everything.
 */
export async function notifyOrderEvent(tx: Db, event: OrderEvent): Promise<void> {
  const { kind, order } = event;
  const at = event.at ?? new Date();
  const agency = await readAgency(tx, order.agencyId);
  if (!agency) return;
  const { route, departure } = routeOf(order);
  const params: NotificationParams = {
    bookingNumber: order.bookingNumber,
    route,
    departure,
    ...event.params,
  };
  const recipients = [...new Set([order.userId, ...agency.superIds])];

  const locale = emailLocale(agency.common);
  const messages: NewMessage[] = [];
  const attachments = orderEmailAttachments(kind, order.id, locale);
  const email = {
    ...renderEmail(kind, locale, params, orderEmailDetails(order)),
    locale,
    ...(attachments.length > 0 ? { attachments } : {}),
  };
  if (order.contact.email) messages.push({ channel: 'email', target: order.contact.email, payload: email });
  if (
    agency.parentId !== null &&
    agency.common.sendEmailToSubAgency === true &&
    agency.agencyEmail &&
    agency.agencyEmail.toLowerCase() !== order.contact.email.toLowerCase()
  ) {
    messages.push({ channel: 'email', target: agency.agencyEmail, payload: email });
  }
  const url = isBookingEvent(kind)
    ? agency.flight.bookingNotificationUrl
    : agency.flight.flightChangeNotificationUrl;
  if (url) {
    const about = {
      order: {
        id: order.id,
        bookingNumber: order.bookingNumber,
        type: order.type,
        status: order.status,
        originalBookingId: order.originalBookingId,
        pnr: order.pnr,
      },
    };
    messages.push(webhookMessage(url, kind, at, order.agencyId, about, params));
  }

  await insertOrderEvent(tx, {
    agencyId: order.agencyId,
    orderId: order.id,
    kind,
    params,
    recipients,
    messages,
    at,
  });
}

/** Writes the in-app notices, outbound messages and their delivery jobs of one order event, in one statement. */
async function insertOrderEvent(
  tx: Db,
  e: {
    agencyId: number;
    orderId: string;
    kind: NotificationKind;
    params: NotificationParams;
    recipients: readonly number[];
    messages: readonly NewMessage[];
    at: Date;
  },
): Promise<void> {
  const { kind, at } = e;
  const notices = sql.join(
    e.recipients.map(
      (userId) =>
        sql`(${e.agencyId}::int, ${userId}::int, ${kind}::text, ${e.orderId}::text, ${JSON.stringify(e.params)}::jsonb)`,
    ),
    sql`, `,
  );
  if (e.messages.length === 0) {
    await tx.execute(
      sql`insert into ${notifications} (agency_id, user_id, kind, order_id, params) values ${notices}`,
    );
    return;
  }
  const rows = sql.join(
    e.messages.map(
      (m) =>
        sql`(${e.agencyId}::int, ${m.channel}::text, ${kind}::text, ${e.orderId}::text, ${m.target}::text, ${JSON.stringify(m.payload)}::jsonb)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`with n as (
      insert into ${notifications} (agency_id, user_id, kind, order_id, params) values ${notices}
    ), m as (
      insert into ${outboundMessages} (agency_id, channel, kind, order_id, target, payload) values ${rows}
      returning id
    )
    ${deliveryJobsOfM(at)}`);
}

/** An event of a group flight order (quotes arrived, failed, issued). */
export interface GroupOrderEvent {
  kind: Extract<NotificationKind, `group.${string}`>;
  order: { id: string; agencyId: number; userId: number; bookingNumber: string; status: string };
  /** `route` and `departure` of the request, and the event's values (`reason`, `count`). */
  params: NotificationParams;
  /** The travellers with their tickets, the flights and the amounts the e-mail lists, when known. */
  details?: EmailDetails;
  at?: Date;
}

/**
 * Records a group order event in the caller's transaction, with no network call: an in-app notice
 * for the requesting user and the agency's active SuperUsers, an e-mail to the requesting user in
 * the agency's e-mail language (group requests have no booking contact), and a webhook to the
 * agency's booking notification URL, each with its delivery job.
 */
export async function notifyGroupOrderEvent(tx: Db, event: GroupOrderEvent): Promise<void> {
  const { kind, order } = event;
  const at = event.at ?? new Date();
  const agency = await readAgency(tx, order.agencyId);
  if (!agency) return;
  const [requester] = await rowsOf<{ email: string }>(
    tx,
    sql`select email from ${users} where id = ${order.userId} and status = 'active'`,
  );
  const params: NotificationParams = { bookingNumber: order.bookingNumber, ...event.params };
  const locale = emailLocale(agency.common);
  const messages: NewMessage[] = [];
  if (requester?.email) {
    messages.push({
      channel: 'email',
      target: requester.email,
      payload: { ...renderEmail(kind, locale, params, event.details), locale },
    });
  }
  const url = agency.flight.bookingNotificationUrl;
  if (url) {
    const about = { groupOrder: { id: order.id, bookingNumber: order.bookingNumber, status: order.status } };
    messages.push(webhookMessage(url, kind, at, order.agencyId, about, params));
  }
  const recipients = [...new Set([order.userId, ...agency.superIds])];
  await insertOrderEvent(tx, {
    agencyId: order.agencyId,
    orderId: order.id,
    kind,
    params,
    recipients,
    messages,
    at,
  });
}

/** An event for an agency's finance: about its wallet, or about a card payment of one of its orders. */
export interface AgencyEvent {
  kind: Extract<NotificationKind, `wallet.${string}` | `payment.${string}`>;
  agencyId: number;
  /** The order a payment event is about (its notice opens the order); none for a wallet event. */
  orderId?: string;
  /** Values for the texts (amounts as decimal texts with `currency`). */
  params: NotificationParams;
  /** When it happened (default: now); the delivery job is due then. */
  at?: Date;
}

/**
 * Records an agency's wallet or payment event in the caller's transaction, with no network call: an in-app
 * notice for each active SuperUser and finance user of the agency, and ONE e-mail in the agency's
 * e-mail language to its contact address (the company profile's e-mail, else its first active
 * SuperUser's, else its first active user's) with its delivery job. One read, one insert.
 */
export async function notifyAgencyEvent(tx: Db, event: AgencyEvent): Promise<void> {
  const at = event.at ?? new Date();
  const [row] = await rowsOf<{
    common_config: AgencyCommonConfig;
    profile_email: string | null;
    user_ids: number[] | null;
    agency_email: string | null;
  }>(
    tx,
    sql`select a.common_config, nullif(a.profile->>'email', '') as profile_email,
      (select array_agg(u.id order by u.id) from ${users} u
        where u.agency_id = a.id and u.status = 'active'
          and ('SuperUser' = any(u.roles) or 'finance' = any(u.roles))) as user_ids,
      (select u.email from ${users} u
        where u.agency_id = a.id and u.status = 'active' and u.email <> ''
        order by ('SuperUser' = any(u.roles)) desc, u.id limit 1) as agency_email
    from ${agencies} a where a.id = ${event.agencyId}`,
  );
  if (!row) return;
  const locale = emailLocale(row.common_config);
  const target = row.profile_email ?? row.agency_email;
  const params = JSON.stringify(event.params);
  const orderId = event.orderId ?? null;
  const statements = [];
  const userIds = (row.user_ids ?? []).map(Number);
  if (userIds.length > 0) {
    const notices = sql.join(
      userIds.map(
        (userId) =>
          sql`(${event.agencyId}::int, ${userId}::int, ${event.kind}::text, ${orderId}::text, ${params}::jsonb)`,
      ),
      sql`, `,
    );
    statements.push(
      sql`n as (insert into ${notifications} (agency_id, user_id, kind, order_id, params) values ${notices})`,
    );
  }
  if (target) {
    const email = JSON.stringify({ ...renderEmail(event.kind, locale, event.params), locale });
    statements.push(sql`m as (
      insert into ${outboundMessages} (agency_id, channel, kind, order_id, target, payload)
      values (${event.agencyId}::int, 'email', ${event.kind}::text, ${orderId}::text, ${target}::text, ${email}::jsonb)
      returning id)`);
    await tx.execute(sql`with ${sql.join(statements, sql`, `)} ${deliveryJobsOfM(at)}`);
    return;
  }
  if (userIds.length > 0) {
    await tx.execute(sql`with ${sql.join(statements, sql`, `)} select 1`);
  }
}

/** One signed webhook to a URL an agency configured (e.g. its train notification URL). */
export interface WebhookEvent {
  agencyId: number;
  kind: NotificationKind;
  orderId: string | null;
  url: string;
  /** The JSON body to sign and send. */
  payload: Record<string, unknown>;
  /** When it happened; the delivery job is due then. */
  at: Date;
}

/**
 * Records one webhook message and its delivery job in the caller's transaction, with no network
 * call: the delivery job signs it with the agency's secret and retries it like every other one.
 */
export async function queueWebhook(tx: Db, event: WebhookEvent): Promise<void> {
  await tx.execute(sql`with m as (
      insert into ${outboundMessages} (agency_id, channel, kind, order_id, target, payload)
      values (${event.agencyId}::int, 'webhook', ${event.kind}::text, ${event.orderId}::text,
        ${event.url}::text, ${JSON.stringify(event.payload)}::jsonb)
      returning id)
    ${deliveryJobsOfM(event.at)}`);
}
