/*
 * The user log's action codes, target kinds and route table, without zod: the user log page's
 * sentences read them, and `user-log-events.ts` (which re-exports them) holds the schemas of a
 * target and of facts (docs/performance/javascript-per-route.md).
 */
import { userLogTargetPath } from './user-log-actions';

/**
 * What a user log row did, in words (issue 28): a closed list of action codes, each recorded at
 * write time with a small typed target and facts, and written as a sentence at read time from the
 * reader's translation templates (`user-log-words.ts`). Each mutating API route the log records
 * maps to one code in `ROUTE_EVENTS`; a route not in the table is described by its method.
 */
export const USER_LOG_EVENTS = [
  'profile.update',
  'profile.password.change',
  'profile.setting.change',
  'session.logout',
  'user.create',
  'user.update',
  'user.password.reset',
  'user.delete',
  'passenger.create',
  'passenger.update',
  'passenger.delete',
  'memberCard.create',
  'memberCard.update',
  'memberCard.delete',
  'order.create',
  'order.cancel',
  'order.pay.balance',
  'order.pay.online',
  'order.refund.request',
  'order.refund.confirm',
  'order.void.request',
  'order.ancillaries.purchase',
  'order.change.request',
  'order.document.upload',
  'order.document.delete',
  'disruption.acknowledge',
  'disruption.accept',
  'disruption.refund',
  'groupOrder.create',
  'groupOrder.quote.pick',
  'groupOrder.cancel',
  'groupOrder.instalment.pay.balance',
  'groupOrder.instalment.pay.online',
  'groupOrder.passengers.upload',
  'groupOrder.passengers.confirm',
  'trainOrder.create',
  'trainOrder.pay.balance',
  'trainOrder.cancel',
  'trainOrder.ticket',
  'trainOrder.refund',
  'clientQuote.create',
  'agency.topUp',
  'agency.credit.set',
  'agency.create',
  'agency.update',
  'agency.delete',
  'agency.superuserPassword.reset',
  'agency.logo.update',
  'agency.settings.update',
  'agency.apiKey.create',
  'agency.statements.export',
  'company.update',
  'notifications.read',
] as const;
export type UserLogEvent = (typeof USER_LOG_EVENTS)[number];

export function isUserLogEvent(value: unknown): value is UserLogEvent {
  return typeof value === 'string' && (USER_LOG_EVENTS as readonly string[]).includes(value);
}

/** What an action addressed: the web links some kinds to their page (`userLogTargetPath`). */
export const USER_LOG_TARGET_KINDS = [
  'flightOrder',
  'groupOrder',
  'trainOrder',
  'disruption',
  'user',
  'agency',
  'passenger',
  'memberCard',
] as const;
export type UserLogTargetKind = (typeof USER_LOG_TARGET_KINDS)[number];

/** The target of an action: its kind, its id, and what a reader knows it by (booking number, username, name). */
export interface UserLogTarget {
  kind: UserLogTargetKind;
  id: string | null;
  label: string | null;
}

/** Facts of an action the sentence names: an amount with its currency, an instalment number, a setting. */
export interface UserLogFacts {
  /** A decimal in the currency's minor digits (`'930.00'`). */
  amount?: string;
  currency?: string;
  instalment?: number;
  setting?: string;
}

/** How a route's call becomes an action. */
export interface RouteEvent {
  event: UserLogEvent;
  /** The kind of what `:id` names, or, for a create, of the `id` its answer returns. */
  target?: UserLogTargetKind;
  /** The target's id is in the answer (`data.id`): the call creates it. */
  created?: true;
  /** The event when the body's `channel` is `balance` / anything else (payments). */
  byChannel?: { balance: UserLogEvent; other: UserLogEvent };
  /** Body fields copied into the facts (closed values and amounts only, never free text). */
  bodyFacts?: readonly ('amount' | 'currency' | 'credit')[];
  /** The facts name the order's total (a booking, a payment). */
  withAmount?: true;
  /** The route parameter copied into `facts.setting` / `facts.instalment`. */
  paramFact?: { param: string; fact: 'setting' | 'instalment' };
}

const ORDERS = '/order/v2/flight/orders';

/** Each recorded route (`METHOD /pattern`) and its action. */
export const ROUTE_EVENTS: Readonly<Record<string, RouteEvent>> = {
  'PUT /base/v2/me': { event: 'profile.update' },
  'PUT /base/v2/me/password': { event: 'profile.password.change' },
  'PUT /base/v2/me/config/:key': {
    event: 'profile.setting.change',
    paramFact: { param: 'key', fact: 'setting' },
  },
  'DELETE /base/v2/me': { event: 'session.logout' },
  'POST /base/v2/users': { event: 'user.create', target: 'user', created: true },
  'PUT /base/v2/users/:id': { event: 'user.update', target: 'user' },
  'POST /base/v2/users/:id/password': { event: 'user.password.reset', target: 'user' },
  'DELETE /base/v2/users/:id': { event: 'user.delete', target: 'user' },
  'POST /base/v2/often-used-passengers': { event: 'passenger.create', target: 'passenger', created: true },
  'PUT /base/v2/often-used-passengers/:id': { event: 'passenger.update', target: 'passenger' },
  'DELETE /base/v2/often-used-passengers/:id': { event: 'passenger.delete', target: 'passenger' },
  'POST /base/v2/member-cards': { event: 'memberCard.create', target: 'memberCard', created: true },
  'PUT /base/v2/member-cards/:id': { event: 'memberCard.update', target: 'memberCard' },
  'DELETE /base/v2/member-cards/:id': { event: 'memberCard.delete', target: 'memberCard' },
  [`POST ${ORDERS}`]: { event: 'order.create', target: 'flightOrder', created: true, withAmount: true },
  [`DELETE ${ORDERS}/:id`]: { event: 'order.cancel', target: 'flightOrder' },
  [`POST ${ORDERS}/:id/payment`]: {
    event: 'order.pay.balance',
    target: 'flightOrder',
    byChannel: { balance: 'order.pay.balance', other: 'order.pay.online' },
    withAmount: true,
  },
  [`POST ${ORDERS}/:id/refund`]: { event: 'order.refund.request', target: 'flightOrder' },
  [`POST ${ORDERS}/:id/confirmation`]: { event: 'order.refund.confirm', target: 'flightOrder' },
  [`POST ${ORDERS}/:id/void`]: { event: 'order.void.request', target: 'flightOrder' },
  [`POST ${ORDERS}/:id/ancillaries`]: { event: 'order.ancillaries.purchase', target: 'flightOrder' },
  [`POST ${ORDERS}/:id/change`]: { event: 'order.change.request', target: 'flightOrder' },
  [`POST ${ORDERS}/:id/documents`]: { event: 'order.document.upload', target: 'flightOrder' },
  [`DELETE ${ORDERS}/:id/documents/:documentId`]: { event: 'order.document.delete', target: 'flightOrder' },
  'POST /order/v2/flight/disruptions/:id/acknowledge': {
    event: 'disruption.acknowledge',
    target: 'disruption',
  },
  'POST /order/v2/flight/disruptions/:id/accept': { event: 'disruption.accept', target: 'disruption' },
  'POST /order/v2/flight/disruptions/:id/refund': { event: 'disruption.refund', target: 'disruption' },
  'POST /order/v2/group/orders': { event: 'groupOrder.create', target: 'groupOrder', created: true },
  'POST /order/v2/group/orders/:id/quote-selection': { event: 'groupOrder.quote.pick', target: 'groupOrder' },
  'POST /order/v2/group/orders/:id/cancel': { event: 'groupOrder.cancel', target: 'groupOrder' },
  'POST /order/v2/group/orders/:id/instalments/:n/payment': {
    event: 'groupOrder.instalment.pay.balance',
    target: 'groupOrder',
    byChannel: { balance: 'groupOrder.instalment.pay.balance', other: 'groupOrder.instalment.pay.online' },
    paramFact: { param: 'n', fact: 'instalment' },
  },
  'POST /order/v2/group/orders/:id/passengers': {
    event: 'groupOrder.passengers.upload',
    target: 'groupOrder',
  },
  'POST /order/v2/group/orders/:id/passengers/confirmation': {
    event: 'groupOrder.passengers.confirm',
    target: 'groupOrder',
  },
  'POST /order/v2/train/orders': {
    event: 'trainOrder.create',
    target: 'trainOrder',
    created: true,
    withAmount: true,
  },
  'POST /order/v2/train/orders/:id/payment': {
    event: 'trainOrder.pay.balance',
    target: 'trainOrder',
    withAmount: true,
  },
  'DELETE /order/v2/train/orders/:id': { event: 'trainOrder.cancel', target: 'trainOrder' },
  'POST /order/v2/train/orders/:id/ticketing': { event: 'trainOrder.ticket', target: 'trainOrder' },
  'POST /order/v2/train/orders/:id/refund': { event: 'trainOrder.refund', target: 'trainOrder' },
  'POST /order/v2/flight/client-quotes': { event: 'clientQuote.create' },
  'POST /base/v2/agencies/:id/balance': {
    event: 'agency.topUp',
    target: 'agency',
    bodyFacts: ['amount', 'currency'],
  },
  'PUT /base/v2/agencies/:id/credit': { event: 'agency.credit.set', target: 'agency', bodyFacts: ['credit'] },
  'POST /base/v2/agencies': { event: 'agency.create', target: 'agency', created: true },
  'PUT /base/v2/agencies/:id': { event: 'agency.update', target: 'agency' },
  'DELETE /base/v2/agencies/:id': { event: 'agency.delete', target: 'agency' },
  'POST /base/v2/agencies/:id/superuser/password': {
    event: 'agency.superuserPassword.reset',
    target: 'agency',
  },
  'PUT /base/v2/agencies/:id/logo': { event: 'agency.logo.update', target: 'agency' },
  'PUT /base/v2/agencies/:id/config': { event: 'agency.settings.update', target: 'agency' },
  'POST /base/v2/agencies/:id/apikey': { event: 'agency.apiKey.create', target: 'agency' },
  'POST /base/v2/sub/statements': { event: 'agency.statements.export' },
  'PUT /base/v2/company': { event: 'company.update' },
  'POST /base/v2/notifications/read': { event: 'notifications.read' },
};

/** The action of a call to `route` with `method`, or undefined when the table does not name it. */
export function routeEventOf(method: string | null, route: string | null): RouteEvent | undefined {
  if (!method || !route) return undefined;
  return ROUTE_EVENTS[`${method} ${route}`];
}

/** The event of a call, with a payment's channel deciding between its balance and outside variant. */
export function eventOfCall(entry: RouteEvent, channel: unknown): UserLogEvent {
  if (!entry.byChannel || channel === undefined) return entry.event;
  return channel === 'balance' ? entry.byChannel.balance : entry.byChannel.other;
}

export { userLogTargetPath };
