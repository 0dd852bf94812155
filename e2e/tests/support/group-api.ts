import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './demo';
import { xsrfHeaders } from './xsrf';

interface Envelope<T> {
  code: number;
  data: T;
  message: string;
}

interface Money {
  amount: string;
  currency: string;
}

/** The fields of a group order the browser tests read (the domain's `GroupOrder`). */
export interface GroupOrderView {
  id: string;
  bookingNumber: string;
  status: string;
  quotes: { id: string; state: string; total: Money }[];
  instalments: { n: number; kind: string; amount: Money; state: string; paidAt: string | null }[];
  paidTotal: Money | null;
  depositsKept: Money | null;
  passengerList: { state: string };
  tickets: { passengerId: string; name: string; ticketNumbers: string[] }[];
  failureReason: string | null;
}

/** The knobs of the simulated group desk (`POST /__test/group-desk`, ENABLE_TEST_HOOKS=true). */
export interface GroupDeskKnobs {
  mode?: 'quote' | 'no_quote' | 'price_change';
  noSeats?: boolean;
  quotes?: number;
  days?: number;
  /** When the three deposits and the final payment fall due, in days after the quote. */
  instalmentDays?: readonly [number, number, number, number];
}

/**
 * What the group browser tests read from the API as a logged-in user (orders, the wallet) and the
 * test-only desk knobs they set. The group steps themselves go through the pages.
 */
export class GroupApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async login(request: APIRequestContext, username: string): Promise<GroupApi> {
    const response = await request.post('/base/v2/login', {
      data: { username, password: DEMO_PASSWORD },
      headers: await xsrfHeaders(request),
    });
    const body = (await response.json()) as Envelope<{ token: string }>;
    expect(body.code, body.message).toBe(0);
    return new GroupApi(request, body.data.token);
  }

  private async call<T>(url: string): Promise<T> {
    const response = await this.request.get(url, {
      headers: { Authorization: `Bearer ${this.token}`, ...(await xsrfHeaders(this.request)) },
    });
    const body = (await response.json()) as Envelope<T>;
    expect(body.code, `GET ${url}: ${body.message}`).toBe(0);
    return body.data;
  }

  order(id: string): Promise<GroupOrderView> {
    return this.call(`/order/v2/group/orders/${encodeURIComponent(id)}`);
  }

  /** The wallet balance of `currency` in minor units (two-digit currencies). */
  async balanceMinor(currency = 'CNY'): Promise<number> {
    const wallets = await this.call<{ currency: string; balance: Money }[]>('/base/v2/wallet/balances');
    const wallet = wallets.find((w) => w.currency === currency);
    if (!wallet) throw new Error(`no ${currency} wallet`);
    return minorOf(wallet.balance.amount);
  }

  /** Sets the simulated desk's knobs (an empty object clears them). */
  async desk(knobs: GroupDeskKnobs) {
    const response = await this.request.post('/__test/group-desk', {
      data: knobs,
      headers: await xsrfHeaders(this.request),
    });
    expect(response.ok(), await response.text()).toBe(true);
  }
}

/** Minor units of a decimal string of a two-digit currency (`"1234.5"` → 123450). */
export function minorOf(amount: string): number {
  const trimmed = amount.trim();
  const [whole = '0', fraction = ''] = trimmed.replace(/^-/, '').split('.');
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return trimmed.startsWith('-') ? -value : value;
}

/** The order id in a group order page's URL (`/flight/group/order/<id>`). */
export function groupOrderIdOf(url: string): string {
  const match = /\/flight\/group\/order\/([^/?#]+)/.exec(url);
  if (!match?.[1]) throw new Error(`not a group order page: ${url}`);
  return decodeURIComponent(match[1]);
}
