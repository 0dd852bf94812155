/*
 * A local stand-in for the parts of Stripe's API the `stripe` adapter uses, written from Stripe's
 * public API reference: Checkout Sessions (create, retrieve, expire), refunds, idempotent requests,
 * Stripe-shaped errors, a hosted checkout page with a Pay button, and webhook deliveries signed
 * with Stripe's scheme (`Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<payload>">`).
 * Tests start it in-process (`startStripeMock`); a browser test starts it alone:
 *   node --import tsx apps/api/src/test/mocks/stripe-mock.ts --port 12111 \
 *     --webhook http://127.0.0.1:8080/api/payments/stripe/webhook --secret whsec_...
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { parseStripeForm, type FormValue } from './stripe-form';
import {
  API_VERSION,
  int,
  invalid,
  MAX_EXPIRY_S,
  MIN_EXPIRY_S,
  payPage,
  randomId,
  record,
  str,
  StripeApiError,
  stringRecord,
  type InjectedFailure,
  type Json,
  type MockDispute,
  type MockRefund,
  type MockSession,
  type WebhookDelivery,
} from './stripe-mock-objects';

export type {
  InjectedFailure,
  MockDispute,
  MockRefund,
  MockSession,
  WebhookDelivery,
} from './stripe-mock-objects';

export interface StripeMockOptions {
  port?: number;
  /** Where signed webhooks go (the portal's webhook route). */
  webhookUrl?: string;
  /** The webhook signing secret (`whsec_...`), shared with the portal's STRIPE_WEBHOOK_SECRET. */
  webhookSecret?: string;
  /** The mock's clock, ms (Checkout's 30 minute to 24 hour window is checked against it). */
  now?: () => number;
}

export interface StripeMock {
  /** `http://127.0.0.1:<port>`: STRIPE_API_HOST. */
  readonly url: string;
  readonly sessions: Map<string, MockSession>;
  readonly refunds: MockRefund[];
  /** Every API call received: method, path, idempotency key, parsed form. */
  readonly requests: { method: string; path: string; idempotencyKey: string | undefined; form: Json }[];
  webhookUrl: string | undefined;
  /** The next `count` API calls (matching `failure.path`; default 1, Infinity: until `recover`) answer with this error. */
  fail(failure: InjectedFailure, count?: number): void;
  /** Drops every injected failure. */
  recover(): void;
  /** The payer paid (or an async method failed): the session changes and its webhook is delivered. */
  complete(sessionId: string, outcome?: 'paid' | 'async_pending' | 'async_failed'): Promise<WebhookDelivery>;
  /** The session expires unpaid, and `checkout.session.expired` is delivered. */
  expire(sessionId: string): Promise<WebhookDelivery>;
  /** An event about `object`, signed and posted to the webhook URL. */
  deliver(
    type: string,
    object: Json,
    options?: { secret?: string; eventId?: string },
  ): Promise<WebhookDelivery>;
  readonly disputes: Map<string, MockDispute>;
  /**
   * Someone refunds a paid payment intent in Stripe's dashboard (no portal metadata, in part or in
   * full): the refund is made and `refund.created` delivered.
   */
  refundInDashboard(
    paymentIntent: string,
    amount?: number,
  ): Promise<{ refund: MockRefund; delivery: WebhookDelivery }>;
  /** The charge of a payment intent as `charge.refunded` delivers it, with its refunds listed. */
  chargeRefunded(paymentIntent: string): Promise<WebhookDelivery>;
  /** The card holder's bank disputes the charge of a paid payment intent: `charge.dispute.created` delivered. */
  openDispute(
    paymentIntent: string,
    options?: { amount?: number; reason?: string },
  ): Promise<{ dispute: MockDispute; delivery: WebhookDelivery }>;
  /**
   * What happens next to a dispute, delivered as Stripe does: `funds_withdrawn`, `funds_reinstated`,
   * `won` or `lost` (`charge.dispute.closed` with that status).
   */
  disputeEvent(
    disputeId: string,
    what: 'funds_withdrawn' | 'funds_reinstated' | 'won' | 'lost',
  ): Promise<WebhookDelivery>;
  /** The `Stripe-Signature` header of `payload` at unix time `t`. */
  signature(payload: string, t?: number, secret?: string): string;
  close(): Promise<void>;
}

export async function startStripeMock(options: StripeMockOptions = {}): Promise<StripeMock> {
  const now = options.now ?? Date.now;
  const nowS = () => Math.floor(now() / 1000);
  const sessions = new Map<string, MockSession>();
  const refunds: MockRefund[] = [];
  const disputes = new Map<string, MockDispute>();
  const requests: StripeMock['requests'] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: Json }>();
  let failures: { failure: InjectedFailure; left: number }[] = [];
  let base = '';
  const secret = options.webhookSecret ?? 'whsec_mock_secret_0123456789';

  const signature = (payload: string, t = nowS(), key = secret) =>
    `t=${t},v1=${crypto.createHmac('sha256', key).update(`${t}.${payload}`).digest('hex')}`;

  async function deliver(
    type: string,
    object: Json,
    opts: { secret?: string; eventId?: string } = {},
  ): Promise<WebhookDelivery> {
    const eventId = opts.eventId ?? randomId('evt');
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      api_version: API_VERSION,
      created: nowS(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
    const header = signature(payload, nowS(), opts.secret ?? secret);
    if (!mock.webhookUrl) return { eventId, payload, header, status: 0, body: '' };
    const res = await fetch(mock.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    });
    return { eventId, payload, header, status: res.status, body: await res.text() };
  }

  const sessionOf = (id: string) => {
    const session = sessions.get(id);
    if (!session)
      throw new StripeApiError(
        404,
        'invalid_request_error',
        `No such checkout.session: '${id}'`,
        'resource_missing',
        'id',
      );
    return session;
  };

  function createSession(form: Record<string, FormValue>): MockSession {
    if (str(form.mode) !== 'payment') throw invalid('Only mode=payment is supported by this mock', 'mode');
    const successUrl = str(form.success_url);
    if (!successUrl || !/^https?:\/\//.test(successUrl))
      throw invalid('Not a valid URL', 'success_url', 'url_invalid');
    const items = Array.isArray(form.line_items) ? form.line_items : [];
    if (items.length === 0)
      throw invalid('Missing required param: line_items.', 'line_items', 'parameter_missing');
    let total = 0;
    let currency: string | undefined;
    items.forEach((raw, i) => {
      const item = record(raw);
      const price = record(item.price_data);
      const c = str(price.currency);
      if (!c || c !== c.toLowerCase())
        throw invalid('Invalid currency', `line_items[${i}][price_data][currency]`);
      if (currency && c !== currency) throw invalid('All line items must share one currency', 'line_items');
      currency = c;
      total +=
        int(price.unit_amount, `line_items[${i}][price_data][unit_amount]`) *
        int(item.quantity ?? '1', 'quantity');
    });
    const created = nowS();
    const expiresAt =
      form.expires_at === undefined ? created + MAX_EXPIRY_S : int(form.expires_at, 'expires_at');
    if (expiresAt < created + MIN_EXPIRY_S || expiresAt > created + MAX_EXPIRY_S) {
      throw invalid(
        'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
        'expires_at',
      );
    }
    const id = randomId('cs');
    const session: MockSession = {
      id,
      object: 'checkout.session',
      url: `${base}/c/pay/${id}`,
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: total,
      amount_subtotal: total,
      currency: currency ?? 'usd',
      metadata: stringRecord(form.metadata),
      client_reference_id: str(form.client_reference_id) ?? null,
      payment_intent: null,
      success_url: successUrl,
      cancel_url: str(form.cancel_url) ?? null,
      expires_at: expiresAt,
      created,
      livemode: false,
    };
    sessions.set(id, session);
    return session;
  }

  /** The charge id of a paid payment intent (one charge each): `ch_` + the intent's id. */
  const chargeOf = (pi: string) => pi.replace(/^pi_/, 'ch_');

  function paidSession(pi: string): MockSession {
    const session = [...sessions.values()].find((s) => s.payment_intent === pi);
    if (!session || session.payment_status !== 'paid') {
      throw new StripeApiError(
        404,
        'invalid_request_error',
        `No such payment_intent: '${pi}'`,
        'resource_missing',
        'payment_intent',
      );
    }
    return session;
  }

  function createRefund(form: Record<string, FormValue>): MockRefund {
    const pi = str(form.payment_intent);
    if (!pi) throw invalid('Missing required param: payment_intent.', 'payment_intent', 'parameter_missing');
    const session = [...sessions.values()].find((s) => s.payment_intent === pi);
    if (!session || session.payment_status !== 'paid') {
      throw new StripeApiError(
        404,
        'invalid_request_error',
        `No such payment_intent: '${pi}'`,
        'resource_missing',
        'payment_intent',
      );
    }
    const refunded = refunds.filter((r) => r.payment_intent === pi).reduce((sum, r) => sum + r.amount, 0);
    const left = session.amount_total - refunded;
    if (left <= 0)
      throw invalid(`Charge for ${pi} has already been refunded.`, undefined, 'charge_already_refunded');
    const amount = form.amount === undefined ? left : int(form.amount, 'amount');
    if (amount <= 0 || amount > left) {
      throw invalid(
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        'amount',
        'amount_too_large',
      );
    }
    const refund: MockRefund = {
      id: randomId('re'),
      object: 'refund',
      amount,
      currency: session.currency,
      payment_intent: pi,
      charge: chargeOf(pi),
      status: 'succeeded',
      metadata: stringRecord(form.metadata),
      created: nowS(),
    };
    refunds.push(refund);
    return refund;
  }

  /** One API call: its answer, or a StripeApiError. */
  function api(method: string, path: string, form: Record<string, FormValue>): Json {
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(form);
    const session = /^\/v1\/checkout\/sessions\/([\w]+)(\/expire)?$/.exec(path);
    if (session?.[1] && method === 'GET' && !session[2]) return sessionOf(session[1]);
    if (session?.[1] && method === 'POST' && session[2]) {
      const s = sessionOf(session[1]);
      if (s.status !== 'open')
        throw invalid(
          `Only open sessions can be expired (this one is ${s.status}).`,
          undefined,
          'checkout_session_not_open',
        );
      s.status = 'expired';
      s.url = null;
      return s;
    }
    if (method === 'POST' && path === '/v1/refunds') return createRefund(form);
    // List refunds (newest first), as Stripe's list endpoints answer: what a browser test checks.
    if (method === 'GET' && path === '/v1/refunds') {
      return { object: 'list', url: '/v1/refunds', has_more: false, data: [...refunds].reverse() };
    }
    throw new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, text: string) {
    const url = new URL(req.url ?? '/', base);
    const send = (status: number, body: Json, headers: Record<string, string> = {}) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': randomId('req'),
        ...headers,
      });
      res.end(JSON.stringify(body));
    };
    const page = /^\/c\/pay\/(\w+)(\/complete)?$/.exec(url.pathname);
    if (page?.[1]) {
      const session = sessions.get(page[1]);
      if (!session)
        return send(404, new StripeApiError(404, 'invalid_request_error', 'No such session').body());
      if (req.method === 'POST' && page[2]) {
        if (session.status === 'open') await mock.complete(session.id);
        res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(payPage(session));
    }
    // Stripe takes the key as a bearer token, or as the user name of basic authentication (curl -u).
    const auth = req.headers.authorization ?? '';
    const basic = /^Basic (.+)$/.exec(auth)?.[1];
    const key = basic
      ? Buffer.from(basic, 'base64').toString('utf8').split(':')[0]
      : auth.replace(/^Bearer /, '');
    if (!/^sk_(test|live)_\w+$/.test(key ?? '')) {
      return send(401, new StripeApiError(401, 'invalid_request_error', 'Invalid API Key provided.').body());
    }
    const form = parseStripeForm(text);
    const idemHeader = req.headers['idempotency-key'];
    const idempotencyKey = typeof idemHeader === 'string' ? idemHeader : undefined;
    requests.push({ method: req.method ?? 'GET', path: url.pathname, idempotencyKey, form });
    const injected = failures.find((f) => f.left > 0 && url.pathname.startsWith(f.failure.path ?? ''));
    if (injected) {
      injected.left -= 1;
      failures = failures.filter((f) => f.left > 0);
      const { status, type, code, message } = injected.failure;
      return send(status, new StripeApiError(status, type, message, code).body());
    }
    const fingerprint = `${req.method} ${url.pathname} ${text}`;
    if (idempotencyKey && req.method === 'POST') {
      const earlier = idempotent.get(idempotencyKey);
      if (earlier && earlier.fingerprint !== fingerprint) {
        return send(400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        });
      }
      if (earlier) return send(earlier.status, earlier.body, { 'idempotent-replayed': 'true' });
    }
    let status = 200;
    let body: Json;
    try {
      body = api(req.method ?? 'GET', url.pathname, form);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      body = error.body();
    }
    // Stripe stores the first answer of a key, errors included (except its own 5xx).
    if (idempotencyKey && req.method === 'POST' && status < 500) {
      idempotent.set(idempotencyKey, { fingerprint, status, body: structuredClone(body) });
    }
    return send(status, body);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks).toString('utf8')).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const disputeOf = (id: string) => {
    const dispute = disputes.get(id);
    if (!dispute) throw new Error(`no dispute ${id} at the mock`);
    return dispute;
  };

  const mock: StripeMock = {
    url: base,
    sessions,
    refunds,
    disputes,
    async refundInDashboard(paymentIntent, amount) {
      // As the dashboard does: a refund with no metadata of the portal's.
      const refund = createRefund({
        payment_intent: paymentIntent,
        ...(amount === undefined ? {} : { amount: String(amount) }),
      });
      return { refund, delivery: await deliver('refund.created', refund) };
    },
    chargeRefunded(paymentIntent) {
      const session = paidSession(paymentIntent);
      const own = refunds.filter((r) => r.payment_intent === paymentIntent);
      const refunded = own.reduce((sum, r) => sum + r.amount, 0);
      return deliver('charge.refunded', {
        id: chargeOf(paymentIntent),
        object: 'charge',
        amount: session.amount_total,
        amount_refunded: refunded,
        currency: session.currency,
        payment_intent: paymentIntent,
        paid: true,
        refunded: refunded >= session.amount_total,
        refunds: { object: 'list', data: [...own].reverse(), has_more: false, url: '/v1/refunds' },
        created: session.created,
      });
    },
    async openDispute(paymentIntent, options = {}) {
      const session = paidSession(paymentIntent);
      const dispute: MockDispute = {
        id: randomId('du'),
        object: 'dispute',
        amount: options.amount ?? session.amount_total,
        currency: session.currency,
        charge: chargeOf(paymentIntent),
        payment_intent: paymentIntent,
        reason: options.reason ?? 'fraudulent',
        status: 'needs_response',
        is_charge_refundable: false,
        balance_transactions: [],
        created: nowS(),
      };
      disputes.set(dispute.id, dispute);
      return { dispute, delivery: await deliver('charge.dispute.created', dispute) };
    },
    disputeEvent(disputeId, what) {
      const dispute = disputeOf(disputeId);
      if (what === 'funds_withdrawn' || what === 'funds_reinstated') {
        const sign = what === 'funds_withdrawn' ? -1 : 1;
        dispute.balance_transactions.push({
          id: randomId('txn'),
          object: 'balance_transaction',
          amount: sign * dispute.amount,
          currency: dispute.currency,
          reporting_category: what === 'funds_withdrawn' ? 'dispute' : 'dispute_reversal',
        });
        if (what === 'funds_withdrawn') dispute.status = 'under_review';
        return deliver(`charge.dispute.${what}`, dispute);
      }
      dispute.status = what;
      return deliver('charge.dispute.closed', dispute);
    },
    requests,
    webhookUrl: options.webhookUrl,
    fail(failure, count = 1) {
      failures.push({ failure, left: count });
    },
    recover() {
      failures = [];
    },
    async complete(sessionId, outcome = 'paid') {
      const session = sessionOf(sessionId);
      session.status = 'complete';
      session.payment_intent ??= randomId('pi');
      session.payment_status = outcome === 'paid' ? 'paid' : 'unpaid';
      const first = await deliver('checkout.session.completed', session);
      if (outcome === 'async_failed') return deliver('checkout.session.async_payment_failed', session);
      return first;
    },
    async expire(sessionId) {
      const session = sessionOf(sessionId);
      session.status = 'expired';
      session.url = null;
      return deliver('checkout.session.expired', session);
    },
    deliver,
    signature,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return mock;
}

/** Standalone: `--port N --webhook URL --secret whsec_...` (or STRIPE_WEBHOOK_SECRET). */
async function main(argv: string[]) {
  const arg = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const mock = await startStripeMock({
    port: Number(arg('port') ?? 12111),
    webhookUrl: arg('webhook'),
    webhookSecret: arg('secret') ?? process.env.STRIPE_WEBHOOK_SECRET,
  });
  process.stdout.write(
    `Stripe mock listening on ${mock.url} (webhooks to ${mock.webhookUrl ?? 'nowhere'})\n`,
  );
  const stop = () => void mock.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main(process.argv.slice(2));
}
