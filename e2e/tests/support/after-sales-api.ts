import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './demo';
import { xsrfHeaders } from './xsrf';

interface Envelope<T> {
  code: number;
  data: T;
  message: string;
}

export interface Money {
  amount: string;
  currency: string;
}

/** The fields of an order the after-sales browser tests read (the API's `FlightOrder`). */
export interface OrderView {
  id: string;
  bookingNumber: string;
  status: string;
  segments: { marketingCarrier: string; flightNumber: string; departure: { time: string } }[];
  passengers: { id: string; surname: string; given_names: string; ticketNumbers: string[] }[];
  afterSales: { quote: { refundableTotal?: Money | null; amountDue?: Money | null } | null } | null;
  relatedOrders: { id: string; type: string; status: string }[];
  voidDeadline: string | null;
}

/** The knobs of the simulated after-sales desk (`POST /__test/after-sales/desk`). */
export interface DeskKnobs {
  refund?: { decision?: 'approve' | 'reject'; feePercent?: number; fail?: boolean };
  void?: { decision?: 'approve' | 'reject'; fail?: boolean };
  change?: {
    decision?: 'approve' | 'reject';
    changeFee?: number;
    fareMove?: number;
    reissue?: 'ok' | 'fail' | 'pending';
  };
}

/**
 * What the after-sales browser tests read from the API as a logged-in user (orders, the wallet)
 * and the test-only hooks they set (the simulated desk, schedule events). The after-sales steps
 * themselves go through the pages.
 */
export class AfterSalesApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async login(request: APIRequestContext, username: string): Promise<AfterSalesApi> {
    // The request context may already hold the XSRF cookie of an earlier login.
    const response = await request.post('/base/v2/login', {
      data: { username, password: DEMO_PASSWORD },
      headers: await xsrfHeaders(request),
    });
    const body = (await response.json()) as Envelope<{ token: string }>;
    expect(body.code, body.message).toBe(0);
    return new AfterSalesApi(request, body.data.token);
  }

  private async call<T>(method: 'GET' | 'POST' | 'DELETE', url: string, data?: object): Promise<T> {
    const response = await this.request.fetch(url, {
      method,
      data,
      headers: { Authorization: `Bearer ${this.token}`, ...(await xsrfHeaders(this.request)) },
    });
    const body = (await response.json()) as Envelope<T>;
    expect(body.code, `${method} ${url}: ${body.message}`).toBe(0);
    return body.data;
  }

  order(id: string): Promise<OrderView> {
    return this.call('GET', `/order/v2/flight/orders/${id}`);
  }

  /** The wallet balance of `currency` as a decimal string. */
  async balance(currency: string): Promise<string> {
    const wallets = await this.call<{ currency: string; balance: Money }[]>(
      'GET',
      '/base/v2/wallet/balances',
    );
    const wallet = wallets.find((w) => w.currency === currency);
    if (!wallet) throw new Error(`no ${currency} wallet`);
    return wallet.balance.amount;
  }

  /** Sets the simulated desk's knobs (an empty object clears them). */
  async desk(knobs: DeskKnobs) {
    const response = await this.request.post('/__test/after-sales/desk', {
      data: knobs,
      headers: await xsrfHeaders(this.request),
    });
    expect(response.ok(), await response.text()).toBe(true);
  }

  /** The order's supplier raises a schedule event at once (`POST /__test/disruptions`). */
  async raiseDisruption(orderId: string, type: 'change' | 'cancel_unprotected' | 'cancel_protected') {
    const response = await this.request.post('/__test/disruptions', {
      data: { orderId, type, segmentIndex: 0 },
      headers: await xsrfHeaders(this.request),
    });
    const body = (await response.json()) as Envelope<{ id: string }>;
    expect(body.code, body.message).toBe(0);
    return body.data;
  }
}

/** Hundredths of a decimal string (`"1234.5"` → 123450): exact for two-digit currencies. */
export function cents(amount: string): number {
  const [whole = '0', fraction = ''] = amount.trim().replace(/^-/, '').split('.');
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return amount.trim().startsWith('-') ? -value : value;
}

/** `1,234.50` as the portal shows a two-digit amount. */
export function shownAmount(hundredths: number): string {
  const sign = hundredths < 0 ? '-' : '';
  const abs = Math.abs(hundredths);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** A one-page PDF small enough for the supporting-document upload. */
export function smallPdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n' +
      '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n' +
      'trailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );
}
