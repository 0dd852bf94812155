import ExcelJS from 'exceljs';
import { settingsFromStored } from '@portal/domain/agency-settings';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { users } from '../modules/users/users.schema';
import { flightDisruptions } from '../modules/flight-orders/after-sales/after-sales.schema';
import { adult, bookOne, contact, travelDate } from '../modules/flight-orders/flight-orders.test-helpers';
import { awaitFinished, oneWay, startSearch } from '../modules/shopping/shopping.test-helpers';
import { topUp } from '../modules/wallet/top-up';
import { insertTrainOrderFor } from '../modules/train-orders/train-orders.test-helpers';
import { bearer, body, login, useTestApp } from './app';
import { isPlatformApiPath } from '../platform/request-context';

/**
 * Tenant isolation: every authenticated route, called by each demo user of another agency with
 * the ids of one agency's resources, is refused (403/404, or 400 for a body it cannot use) or
 * answers without any of that agency's data. Every route also needs a token (401). The list is
 * checked against the app's registered routes, so a new route without an entry fails here.
 */
const t = useTestApp();

/** The owner's resources and the texts that must never appear in another tenant's answers. */
interface Owned {
  agencyId: number;
  orderId: string;
  bookingNumber: string;
  searchId: string;
  solutionId: string;
  passengerId: string;
  cardId: string;
  paymentId: string;
  disruptionId: string;
  documentId: string;
  trainOrderId: string;
  /** The id of the owner's user who made the resources. */
  userId: number;
  markers: string[];
}

interface Call {
  url: (o: Owned) => string;
  payload?: (o: Owned) => object;
  /** The route addresses the owner's resource by id: only 403 or 404 will do. */
  foreign?: boolean;
}

const PASSENGER_SURNAME = 'OWNERSECRET';
const CARD_NUMBER = 'OWNCARD9876';
const QUOTE_TRAVELLER = 'QUOTEDOWNER';

/** One entry per authenticated route (`METHOD url` as registered). */
const MATRIX: Record<string, Call> = {
  'GET /base/v2/me': { url: () => '/base/v2/me' },
  'GET /base/v2/notifications': { url: () => '/base/v2/notifications?pageSize=100' },
  'POST /base/v2/notifications/read': {
    url: () => '/base/v2/notifications/read',
    payload: () => ({ all: true }),
  },
  'GET /base/v2/notifications/webhook-secret': { url: () => '/base/v2/notifications/webhook-secret' },
  'GET /base/v2/user-logs': { url: () => '/base/v2/user-logs?pageSize=100' },
  'POST /base/v2/user-logs/export': { url: () => '/base/v2/user-logs/export', payload: () => ({}) },
  'PUT /base/v2/me': { url: () => '/base/v2/me', payload: () => ({ nickname: 'tenant test' }) },
  'PUT /base/v2/me/password': {
    url: () => '/base/v2/me/password',
    payload: () => ({ oldPassword: 'not-the-password', newPassword: 'another1' }),
  },
  'PUT /base/v2/me/config/:key': {
    url: () => '/base/v2/me/config/dateFormat',
    payload: () => ({ value: 'x' }),
  },
  'DELETE /base/v2/me': { url: () => '/base/v2/me' },
  'GET /base/v2/users': { url: () => '/base/v2/users?pageSize=100' },
  'POST /base/v2/users': { url: () => '/base/v2/users', payload: () => ({}) },
  'PUT /base/v2/users/:id': {
    url: (o) => `/base/v2/users/${o.userId}`,
    payload: () => ({ nickname: 'HIJACK', status: 'disabled' }),
    foreign: true,
  },
  'POST /base/v2/users/:id/password': { url: (o) => `/base/v2/users/${o.userId}/password`, foreign: true },
  'DELETE /base/v2/users/:id': { url: (o) => `/base/v2/users/${o.userId}`, foreign: true },
  'GET /base/v2/company': { url: () => '/base/v2/company' },
  'PUT /base/v2/company': {
    url: () => '/base/v2/company',
    payload: () => ({ name: 'Tenant test', address: 'Somewhere 1' }),
  },
  'GET /base/v2/wallet/balances': { url: () => '/base/v2/wallet/balances' },
  'GET /base/v2/wallet/payment-balances': { url: () => '/base/v2/wallet/payment-balances' },
  'GET /base/v2/wallet/entries': { url: (o) => `/base/v2/wallet/entries?orderId=${o.orderId}` },
  'GET /base/v2/wallet/transactions': { url: () => '/base/v2/wallet/transactions?pageSize=100' },
  'GET /base/v2/wallet/statements': { url: () => '/base/v2/wallet/statements?from=2026-01&to=2027-12' },
  'POST /base/v2/wallet/entries/export': { url: () => '/base/v2/wallet/entries/export', payload: () => ({}) },
  'POST /base/v2/wallet/transactions/export': {
    url: () => '/base/v2/wallet/transactions/export',
    payload: () => ({}),
  },
  'POST /base/v2/wallet/statements/export': {
    url: () => '/base/v2/wallet/statements/export',
    payload: () => ({ from: '2026-01', to: '2027-12' }),
  },
  'POST /base/v2/agencies/:id/balance': {
    url: (o) => `/base/v2/agencies/${o.agencyId}/balance`,
    payload: () => ({ currency: 'CNY', amount: '1.00', exchangeRate: '1', referenceNumber: 'X-1' }),
    foreign: true,
  },
  'PUT /base/v2/agencies/:id/credit': {
    url: (o) => `/base/v2/agencies/${o.agencyId}/credit`,
    payload: () => ({ credit: '99999.00' }),
    foreign: true,
  },
  'POST /base/v2/agencies/:id/apikey': {
    url: (o) => `/base/v2/agencies/${o.agencyId}/apikey`,
    foreign: true,
  },
  'GET /base/v2/agencies/:id/config': { url: (o) => `/base/v2/agencies/${o.agencyId}/config`, foreign: true },
  'PUT /base/v2/agencies/:id/config': {
    url: (o) => `/base/v2/agencies/${o.agencyId}/config`,
    payload: () => settingsFromStored({ settlementCurrency: 'USD', disablePayment: true }, undefined),
    foreign: true,
  },
  'GET /base/v2/agencies/:id/price-chain': {
    url: (o) => `/base/v2/agencies/${o.agencyId}/price-chain?category=china&amount=10000&currency=CNY`,
    foreign: true,
  },
  'GET /base/v2/agencies': { url: (o) => `/base/v2/agencies?parentId=${o.agencyId}&pageSize=100` },
  'POST /base/v2/agencies': {
    url: () => '/base/v2/agencies',
    payload: (o) => ({
      name: 'Tenant test',
      contactName: 'Tenant',
      email: 'tenant@example.com',
      superAdminUsername: 'tenant.hijack',
      parentId: o.agencyId,
    }),
  },
  'PUT /base/v2/agencies/:id': {
    url: (o) => `/base/v2/agencies/${o.agencyId}`,
    payload: () => ({ name: 'HIJACK', contactName: 'HIJACK', email: 'hijack@example.com' }),
    foreign: true,
  },
  'DELETE /base/v2/agencies/:id': { url: (o) => `/base/v2/agencies/${o.agencyId}`, foreign: true },
  'POST /base/v2/agencies/:id/superuser/password': {
    url: (o) => `/base/v2/agencies/${o.agencyId}/superuser/password`,
    foreign: true,
  },
  'PUT /base/v2/agencies/:id/logo': { url: (o) => `/base/v2/agencies/${o.agencyId}/logo`, foreign: true },
  'GET /base/v2/agencies/:id/logo': { url: (o) => `/base/v2/agencies/${o.agencyId}/logo`, foreign: true },
  'GET /base/v2/sub/statements': { url: () => '/base/v2/sub/statements?from=2026-01-01&to=2026-12-31' },
  'POST /base/v2/sub/statements': {
    url: () => '/base/v2/sub/statements',
    payload: () => ({ from: '2026-01-01', to: '2026-12-31' }),
  },
  'GET /base/v2/sub/statements/:a/:b': {
    url: (o) => `/base/v2/sub/statements/${o.agencyId}/${new Date().toISOString().slice(0, 7)}`,
    foreign: true,
  },
  'GET /base/v2/sub/balance/:id': { url: (o) => `/base/v2/sub/balance/${o.agencyId}`, foreign: true },
  'GET /base/v2/sub/look-to-book': {
    url: (o) => `/base/v2/sub/look-to-book?agencyId=${o.agencyId}&from=2026-01-01&to=2026-12-31`,
    foreign: true,
  },
  'GET /base/v2/sub/bills/:id/entries': {
    url: (o) => `/base/v2/sub/bills/${o.agencyId}/entries?pageSize=100`,
    foreign: true,
  },
  'GET /base/v2/sub/bills/:id/transactions': {
    url: (o) => `/base/v2/sub/bills/${o.agencyId}/transactions?pageSize=100`,
    foreign: true,
  },
  'POST /base/v2/sub/bills/:id/entries/export': {
    url: (o) => `/base/v2/sub/bills/${o.agencyId}/entries/export`,
    payload: () => ({}),
    foreign: true,
  },
  'POST /base/v2/sub/bills/:id/transactions/export': {
    url: (o) => `/base/v2/sub/bills/${o.agencyId}/transactions/export`,
    payload: () => ({}),
    foreign: true,
  },
  'GET /base/v2/often-used-passengers': {
    url: () => `/base/v2/often-used-passengers?keyword=${PASSENGER_SURNAME}`,
  },
  'POST /base/v2/often-used-passengers': {
    url: () => '/base/v2/often-used-passengers',
    payload: () => {
      const { type: _type, ...passenger } = adult({ surname: 'OTHER' });
      return passenger;
    },
  },
  'PUT /base/v2/often-used-passengers/:id': {
    url: (o) => `/base/v2/often-used-passengers/${o.passengerId}`,
    payload: () => ({ surname: 'HIJACK' }),
    foreign: true,
  },
  'DELETE /base/v2/often-used-passengers/:id': {
    url: (o) => `/base/v2/often-used-passengers/${o.passengerId}`,
    foreign: true,
  },
  'GET /base/v2/member-cards': { url: () => '/base/v2/member-cards' },
  'POST /base/v2/member-cards': {
    url: () => '/base/v2/member-cards',
    payload: () => ({ airline: 'CA', number: 'OTHER1234', surname: 'OTHER', given_names: 'ONE' }),
  },
  'PUT /base/v2/member-cards/:id': {
    url: (o) => `/base/v2/member-cards/${o.cardId}`,
    payload: () => ({ tier: 'Gold' }),
    foreign: true,
  },
  'DELETE /base/v2/member-cards/:id': { url: (o) => `/base/v2/member-cards/${o.cardId}`, foreign: true },
  'POST /base/v2/analysis/document': { url: () => '/base/v2/analysis/document', payload: () => ({}) },
  'POST /shopping/v2/flight/async-shopping': {
    url: () => '/shopping/v2/flight/async-shopping',
    payload: () => oneWay('CAN', 'CTU', travelDate(60)),
  },
  'POST /shopping/v2/flight/async-shopping/solutions': {
    url: () => '/shopping/v2/flight/async-shopping/solutions',
    payload: (o) => ({ searchId: o.searchId }),
    foreign: true,
  },
  'POST /shopping/v2/flight/accurate-search': {
    url: () => '/shopping/v2/flight/accurate-search',
    payload: () => ({}),
  },
  'POST /shopping/v2/flight/analysis-pnr': {
    url: () => '/shopping/v2/flight/analysis-pnr',
    payload: () => ({ pnr: 'nothing to read' }),
  },
  'POST /shopping/v2/flight/solutions/:id/verification': {
    url: (o) => `/shopping/v2/flight/solutions/${o.solutionId}/verification`,
    foreign: true,
  },
  'GET /shopping/v2/flight/solutions/:id/ancillaries': {
    url: (o) => `/shopping/v2/flight/solutions/${o.solutionId}/ancillaries`,
    foreign: true,
  },
  // Group orders: the owner's order id (checked against a real group order in group-orders.test.ts).
  'POST /order/v2/group/orders': {
    url: () => '/order/v2/group/orders',
    payload: () => ({ journeys: [{ origin: 'PEK', destination: 'SHA', date: travelDate(30) }] }),
  },
  'GET /order/v2/group/orders': { url: () => '/order/v2/group/orders?pageSize=100' },
  'GET /order/v2/group/orders/status': { url: () => '/order/v2/group/orders/status' },
  'GET /order/v2/group/orders/:id': { url: (o) => `/order/v2/group/orders/${o.orderId}`, foreign: true },
  'POST /order/v2/group/orders/:id/cancel': {
    url: (o) => `/order/v2/group/orders/${o.orderId}/cancel`,
    payload: () => ({ reason: 'tenant test' }),
    foreign: true,
  },
  'POST /order/v2/group/orders/:id/quote-selection': {
    url: (o) => `/order/v2/group/orders/${o.orderId}/quote-selection`,
    payload: () => ({ quoteId: 'q' }),
    foreign: true,
  },
  'POST /order/v2/group/orders/:id/instalments/:n/payment': {
    url: (o) => `/order/v2/group/orders/${o.orderId}/instalments/1/payment`,
    payload: () => ({ channel: 'balance' }),
    foreign: true,
  },
  'GET /order/v2/group/orders/:id/traveller-documents/quote': {
    url: (o) => `/order/v2/group/orders/${o.orderId}/traveller-documents/quote`,
    foreign: true,
  },
  'GET /order/v2/group/orders/:id/traveller-documents/receipts/:n': {
    url: (o) => `/order/v2/group/orders/${o.orderId}/traveller-documents/receipts/1`,
    foreign: true,
  },
  'GET /order/v2/group/orders/:id/traveller-documents/passenger-list': {
    url: (o) => `/order/v2/group/orders/${o.orderId}/traveller-documents/passenger-list`,
    foreign: true,
  },
  'GET /order/v2/group/orders/:id/passengers': {
    url: (o) => `/order/v2/group/orders/${o.orderId}/passengers`,
    foreign: true,
  },
  'GET /order/v2/group/orders/:id/passengers/template': {
    url: (o) => `/order/v2/group/orders/${o.orderId}/passengers/template`,
    foreign: true,
  },
  'POST /order/v2/group/orders/:id/passengers': {
    url: (o) => `/order/v2/group/orders/${o.orderId}/passengers`,
    payload: () => ({}),
    foreign: true,
  },
  'POST /order/v2/group/orders/:id/passengers/confirmation': {
    url: (o) => `/order/v2/group/orders/${o.orderId}/passengers/confirmation`,
    foreign: true,
  },
  'POST /shopping/v2/train/search': {
    url: () => '/shopping/v2/train/search',
    payload: () => ({ origin: 'VNP', destination: 'AOH', date: travelDate(30) }),
  },
  'POST /order/v2/train/orders': {
    url: () => '/order/v2/train/orders',
    payload: () => ({ trainId: 'G1|VNP|AOH|2030-01-01', seatClass: 'second' }),
  },
  'GET /order/v2/train/orders': { url: () => '/order/v2/train/orders?pageSize=100' },
  'GET /order/v2/train/orders/:id': { url: (o) => `/order/v2/train/orders/${o.trainOrderId}`, foreign: true },
  'GET /order/v2/train/orders/:id/traveller-documents/e-ticket': {
    url: (o) => `/order/v2/train/orders/${o.trainOrderId}/traveller-documents/e-ticket`,
    foreign: true,
  },
  'DELETE /order/v2/train/orders/:id': {
    url: (o) => `/order/v2/train/orders/${o.trainOrderId}`,
    foreign: true,
  },
  'POST /order/v2/train/orders/:id/payment': {
    url: (o) => `/order/v2/train/orders/${o.trainOrderId}/payment`,
    payload: () => ({ channel: 'balance' }),
    foreign: true,
  },
  'POST /order/v2/train/orders/:id/ticketing': {
    url: (o) => `/order/v2/train/orders/${o.trainOrderId}/ticketing`,
    foreign: true,
  },
  'POST /order/v2/train/orders/:id/refund': {
    url: (o) => `/order/v2/train/orders/${o.trainOrderId}/refund`,
    foreign: true,
  },
  'POST /order/v2/flight/orders': {
    url: () => '/order/v2/flight/orders',
    payload: (o) => ({ solutionId: o.solutionId, passengers: [adult()], contact: contact() }),
    foreign: true,
  },
  'GET /order/v2/flight/orders': { url: () => '/order/v2/flight/orders?pageSize=100' },
  'GET /order/v2/flight/orders/status': { url: () => '/order/v2/flight/orders/status?status=to_be_paid' },
  'GET /order/v2/flight/orders/:id': { url: (o) => `/order/v2/flight/orders/${o.orderId}`, foreign: true },
  'GET /order/v2/flight/orders/:id/traveller-documents/itinerary': {
    url: (o) => `/order/v2/flight/orders/${o.orderId}/traveller-documents/itinerary`,
    foreign: true,
  },
  'GET /order/v2/flight/orders/:id/traveller-documents/invoice': {
    url: (o) => `/order/v2/flight/orders/${o.orderId}/traveller-documents/invoice`,
    foreign: true,
  },
  'DELETE /order/v2/flight/orders/:id': { url: (o) => `/order/v2/flight/orders/${o.orderId}`, foreign: true },
  'POST /order/v2/flight/client-quotes': {
    url: () => '/order/v2/flight/client-quotes',
    payload: (o) => ({
      source: { kind: 'order', orderId: o.orderId },
      serviceFee: { mode: 'per_booking', amount: { amount: '10.00', currency: 'CNY' } },
      language: 'en',
    }),
    foreign: true,
  },
  'GET /order/v2/flight/client-quotes': { url: () => '/order/v2/flight/client-quotes?pageSize=100' },
  'GET /order/v2/flight/config/payment': { url: () => '/order/v2/flight/config/payment' },
  'POST /order/v2/flight/orders/:id/payment': {
    url: (o) => `/order/v2/flight/orders/${o.orderId}/payment`,
    payload: () => ({ channel: 'balance' }),
    foreign: true,
  },
  'GET /order/v2/flight/payments/:id': {
    url: (o) => `/order/v2/flight/payments/${o.paymentId}`,
    foreign: true,
  },
  'GET /order/v2/payments/late-captures': { url: () => '/order/v2/payments/late-captures?pageSize=100' },
  'POST /order/v2/flight/orders/:id/refund': {
    url: (o) => `/order/v2/flight/orders/${o.orderId}/refund`,
    payload: () => ({ selection: { passengerIds: ['p'], segmentIndexes: [0] }, reason: { value: 0 } }),
    foreign: true,
  },
  'POST /order/v2/flight/orders/:id/confirmation': {
    url: (o) => `/order/v2/flight/orders/${o.orderId}/confirmation`,
    foreign: true,
  },
  'POST /order/v2/flight/orders/:id/documents': {
    url: (o) => `/order/v2/flight/orders/${o.orderId}/documents`,
    payload: () => ({}),
    foreign: true,
  },
  'GET /order/v2/flight/orders/:id/documents': {
    url: (o) => `/order/v2/flight/orders/${o.orderId}/documents`,
    foreign: true,
  },
  'GET /order/v2/flight/orders/:id/documents/:documentId': {
    url: (o) => `/order/v2/flight/orders/${o.orderId}/documents/${o.documentId}`,
    foreign: true,
  },
  'DELETE /order/v2/flight/orders/:id/documents/:documentId': {
    url: (o) => `/order/v2/flight/orders/${o.orderId}/documents/${o.documentId}`,
    foreign: true,
  },
  'GET /order/v2/flight/voyages': { url: () => '/order/v2/flight/voyages?pageSize=100' },
  'POST /order/v2/flight/voyages/export': {
    url: () => '/order/v2/flight/voyages/export',
    payload: () => ({}),
  },
  'POST /order/v2/flight/orders/:id/void': {
    url: (o) => `/order/v2/flight/orders/${o.orderId}/void`,
    payload: () => ({}),
    foreign: true,
  },
  'GET /order/v2/flight/orders/:id/ancillaries': {
    url: (o) => `/order/v2/flight/orders/${o.orderId}/ancillaries`,
    foreign: true,
  },
  'POST /order/v2/flight/orders/:id/ancillaries': {
    url: (o) => `/order/v2/flight/orders/${o.orderId}/ancillaries`,
    payload: () => ({ selections: [{ passengerIndex: 0, bags: [{ serviceId: 'BAG23-L0', quantity: 1 }] }] }),
    foreign: true,
  },
  'POST /order/v2/flight/orders/:id/change/search': {
    url: (o) => `/order/v2/flight/orders/${o.orderId}/change/search`,
    payload: () => ({
      selection: { passengerIds: ['p'], segmentIndexes: [0] },
      reason: 0,
      legs: [{ legIndex: 0, date: travelDate() }],
    }),
    foreign: true,
  },
  'POST /order/v2/flight/orders/:id/change': {
    url: (o) => `/order/v2/flight/orders/${o.orderId}/change`,
    payload: (o) => ({
      changeSearchId: o.searchId,
      solutionId: o.solutionId,
      selection: { passengerIds: ['p'], segmentIndexes: [0] },
      reason: 0,
    }),
    foreign: true,
  },
  'GET /order/v2/flight/disruptions': { url: () => '/order/v2/flight/disruptions?pageSize=100' },
  'GET /order/v2/flight/orders/:id/disruptions': {
    url: (o) => `/order/v2/flight/orders/${o.orderId}/disruptions`,
    foreign: true,
  },
  'POST /order/v2/flight/disruptions/:id/acknowledge': {
    url: (o) => `/order/v2/flight/disruptions/${o.disruptionId}/acknowledge`,
    foreign: true,
  },
  'POST /order/v2/flight/disruptions/:id/accept': {
    url: (o) => `/order/v2/flight/disruptions/${o.disruptionId}/accept`,
    foreign: true,
  },
  'POST /order/v2/flight/disruptions/:id/refund': {
    url: (o) => `/order/v2/flight/disruptions/${o.disruptionId}/refund`,
    foreign: true,
  },
};

/** The registered routes that need a session (`METHOD url`), HEAD and static files left out. */
function authenticatedRoutes(app: FastifyInstance): string[] {
  return app.routeTable
    .filter(
      (r) =>
        !r.public &&
        !r.declares.hidden &&
        r.method !== 'HEAD' &&
        r.method !== 'OPTIONS' &&
        !r.url.includes('*'),
    )
    .map((r) => `${r.method} ${r.url}`)
    .sort();
}

/** Every text of a response: the JSON, or each cell of a returned workbook. */
async function textOf(res: LightMyRequestResponse): Promise<string> {
  if (!String(res.headers['content-type']).includes('spreadsheetml')) return res.body;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const cells: string[] = [];
  workbook.eachSheet((sheet) => {
    sheet.eachRow((row) => {
      cells.push(JSON.stringify(row.values));
    });
  });
  return cells.join('\n');
}

/** `username` books, searches, saves a passenger and a card, and starts an outside payment. */
async function resourcesOf(app: FastifyInstance, username: string, agencyId: number): Promise<Owned> {
  const token = await login(app, username);
  const post = async (url: string, payload: object, key?: string) => {
    const res = await app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
    return body<Record<string, string>>(res).data;
  };
  const searchId = await startSearch(app, token, oneWay('PEK', 'SHA', travelDate(50)));
  const { solutions } = await awaitFinished(app, token, searchId);
  const solutionId = solutions[0]?.id ?? '';
  const order = await bookOne(app, token);
  // A client quote of the search result: its link and its traveller must stay in the agency.
  const quote = await post('/order/v2/flight/client-quotes', {
    source: { kind: 'solution', solutionId },
    serviceFee: {
      mode: 'per_booking',
      amount: { amount: '0', currency: solutions[0]?.priceDetail.total.currency ?? 'CNY' },
    },
    travellerName: QUOTE_TRAVELLER,
    language: 'en',
  });
  const payment = await post(
    `/order/v2/flight/orders/${order.id}/payment`,
    { channel: 'stripe' },
    `p-${order.id}`,
  );
  const { type: _type, ...passenger } = adult({ surname: PASSENGER_SURNAME });
  const saved = await post('/base/v2/often-used-passengers', passenger);
  const card = await post('/base/v2/member-cards', {
    airline: 'CA',
    number: CARD_NUMBER,
    surname: 'OWNER',
    given_names: 'CARD',
  });
  // A protected cancellation on the order (stored as the disruption scan would store it).
  const segment = order.segments[0];
  const flight = {
    flightNumber: `${segment?.marketingCarrier ?? ''}${segment?.flightNumber ?? ''}`,
    origin: segment?.departure.airport ?? '',
    destination: segment?.arrival.airport ?? '',
    departureLocal: segment?.departure.time ?? '',
    arrivalLocal: segment?.arrival.time ?? '',
    departureUtc: new Date().toISOString(),
    arrivalUtc: new Date().toISOString(),
  };
  const [disruption] = await t.database.db
    .insert(flightDisruptions)
    .values({
      agencyId,
      orderId: order.id,
      type: 'cancel_protected',
      segmentIndex: 0,
      before: flight,
      after: flight,
      supplierRef: `tenancy-${order.id}`,
    })
    .returning();
  const owned = {
    agencyId,
    orderId: order.id,
    bookingNumber: order.bookingNumber,
    searchId,
    solutionId,
    passengerId: saved.id ?? '',
    cardId: card.id ?? '',
    paymentId: payment.paymentId ?? '',
    disruptionId: disruption?.id ?? '',
    documentId: await uploadDocument(app, token, order.id),
    trainOrderId: '',
  };
  const [self] = await t.database.db.select().from(users).where(eq(users.username, username));
  owned.trainOrderId = (
    await insertTrainOrderFor(t.database.db, agencyId, self?.id ?? 0, PASSENGER_SURNAME)
  ).id;
  return {
    ...owned,
    userId: self?.id ?? 0,
    markers: [
      ...Object.values(owned).filter((v) => typeof v === 'string'),
      PASSENGER_SURNAME,
      CARD_NUMBER,
      QUOTE_TRAVELLER,
      quote.token ?? '',
    ],
  };
}

/** Uploads a one-page PDF as a supporting document of the order; answers its id. */
async function uploadDocument(app: FastifyInstance, token: string, orderId: string): Promise<string> {
  const boundary = '----tenancy';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="owner.pdf"\r\n`),
    Buffer.from('Content-Type: application/pdf\r\n\r\n%PDF-1.7\n%%EOF\n'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: `/order/v2/flight/orders/${orderId}/documents`,
    payload,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  if (res.statusCode !== 200) throw new Error(`document upload: ${res.body}`);
  return body<{ id: string }[]>(res).data[0]?.id ?? '';
}

async function addFinanceUser(username: string, agencyId: number): Promise<void> {
  const [finance] = await t.database.db.select().from(users).where(eq(users.username, 'finance'));
  await t.database.db
    .insert(users)
    .values({ username, agencyId, roles: ['finance'], passwordHash: finance?.passwordHash ?? '' });
}

const REFUSED = [400, 403, 404, 409, 422];

async function expectIsolated(owned: Owned, others: string[]): Promise<void> {
  const failures: string[] = [];
  for (const username of others) {
    for (const [route, call] of Object.entries(MATRIX)) {
      const [method = 'GET'] = route.split(' ');
      // A fresh session per call: DELETE /base/v2/me ends the one it runs with.
      const token = await login(t.app, username);
      const payload = call.payload?.(owned);
      const res = await t.app.inject({
        method: method as 'GET',
        url: call.url(owned),
        headers: {
          ...bearer(token),
          'idempotency-key': `${username}-${route}`.replace(/[^!-~]/g, '_'),
          'accept-language': 'en',
        },
        ...(payload ? { payload } : {}),
      });
      const text = await textOf(res);
      const leaked = owned.markers.filter((m) => m && text.includes(m));
      const allowed = call.foreign ? [403, 404] : [200, ...REFUSED];
      if (leaked.length > 0 || !allowed.includes(res.statusCode)) {
        failures.push(
          `${username} ${route}: ${res.statusCode} leaked=${leaked.join(',')} ${res.body.slice(0, 160)}`,
        );
      }
    }
  }
  expect(failures).toEqual([]);
}

describe('tenant isolation', () => {
  it('has a matrix entry for every authenticated agency route', () => {
    // Platform routes admit no agency identity at all (the access matrix checks it for each one):
    // they have no tenant to isolate.
    const agencyRoutes = authenticatedRoutes(t.app).filter((r) => !isPlatformApiPath(r.split(' ')[1] ?? ''));
    expect(agencyRoutes).toEqual(Object.keys(MATRIX).sort());
  });

  it('answers 401 on every authenticated route without a token', async () => {
    for (const route of authenticatedRoutes(t.app)) {
      const [method = 'GET', url = ''] = route.split(' ');
      const res = await t.app.inject({ method: method as 'GET', url: url.replace(/:\w+/g, '1') });
      expect([route, res.statusCode]).toEqual([route, 401]);
    }
  });

  it("never shows agency 1's orders, searches, passengers, cards or wallet to other agencies", async () => {
    await addFinanceUser('partnerfin', 222);
    const owned = await resourcesOf(t.app, 'admin', 1);
    // A top-up reference of agency 1 that must stay in agency 1 (a top-level agency is funded
    // by the platform through the ledger, never through the API).
    await t.database.db.transaction((tx) =>
      topUp(tx, { agencyId: 1, currency: 'CNY', amountMinor: 1_000, reference: 'OWNER-REF-777' }),
    );
    owned.markers.push('OWNER-REF-777');
    await expectIsolated(owned, ['subop', 'trainop', 'partner', 'partnerfin']);
    // Nothing of the owner's changed.
    const order = await t.app.inject({
      url: `/order/v2/flight/orders/${owned.orderId}`,
      headers: bearer(await login(t.app, 'admin')),
    });
    expect(body<{ status: string }>(order).data.status).toBe('to_be_paid');
  }, 120_000);

  it("never shows agency 222's resources to the users of agencies 1, 2 and 3", async () => {
    const owned = await resourcesOf(t.app, 'partner', 222);
    await expectIsolated(owned, ['admin', 'operator', 'finance', 'subop', 'trainop']);
  }, 120_000);
});
