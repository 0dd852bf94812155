/** The objects, errors and pages of the Stripe mock (`stripe-mock.ts`). */
import crypto from 'node:crypto';
import type { FormValue } from './stripe-form';

export type Json = Record<string, unknown>;

export interface MockSession extends Json {
  id: string;
  object: 'checkout.session';
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string | null;
  expires_at: number;
  created: number;
}

export interface MockRefund extends Json {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  metadata: Record<string, string>;
  created: number;
}

/** A dispute (chargeback) of a charge, as Stripe's Dispute object has it (the fields the portal reads). */
export interface MockDispute extends Json {
  id: string;
  object: 'dispute';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  reason: string;
  status: 'warning_needs_response' | 'needs_response' | 'under_review' | 'won' | 'lost';
  is_charge_refundable: boolean;
  balance_transactions: Json[];
  created: number;
}

/** A Stripe error the next matching requests answer with (tests of failure paths). */
export interface InjectedFailure {
  status: number;
  type: string;
  code?: string;
  message: string;
  /** Only requests whose path starts with this; default every path. */
  path?: string;
}

export interface WebhookDelivery {
  eventId: string;
  payload: string;
  header: string;
  status: number;
  body: string;
}

export const API_VERSION = '2026-10-28.endive';
export const MIN_EXPIRY_S = 30 * 60;
export const MAX_EXPIRY_S = 24 * 60 * 60;

export const randomId = (prefix: string) => `${prefix}_test_${crypto.randomBytes(12).toString('hex')}`;

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
  body() {
    return { error: { type: this.type, message: this.message, code: this.code, param: this.param } };
  }
}

export const invalid = (message: string, param?: string, code = 'parameter_invalid') =>
  new StripeApiError(400, 'invalid_request_error', message, code, param);

export const str = (value: FormValue | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;
export const record = (value: FormValue | undefined): Record<string, FormValue> =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : {};
export const stringRecord = (value: FormValue | undefined): Record<string, string> =>
  Object.fromEntries(
    Object.entries(record(value)).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])),
  );
export const int = (value: FormValue | undefined, param: string): number => {
  const text = str(value);
  if (text === undefined || !/^\d+$/.test(text)) throw invalid(`Invalid integer: ${text ?? ''}`, param);
  return Number(text);
};

/** Starts the mock on 127.0.0.1 (a random port unless given). */

/** The mock's hosted checkout page: the amount and a Pay button while the session is open. */
export function payPage(session: MockSession): string {
  const amount = `${session.amount_total} ${session.currency.toUpperCase()} (Stripe minor units)`;
  const open = session.status === 'open';
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>Stripe mock checkout</title></head><body>` +
    `<h1>Stripe mock checkout</h1><p>Amount: <span id="amount">${amount}</span></p>` +
    `<p>Status: <span id="status">${session.status}</span></p>` +
    (open
      ? `<form method="post" action="/c/pay/${session.id}/complete"><button id="pay" type="submit">Pay</button></form>` +
        (session.cancel_url
          ? `<p><a id="cancel" href="${session.cancel_url.replace(/"/g, '&quot;')}">Cancel</a></p>`
          : '')
      : '') +
    `</body></html>`
  );
}
