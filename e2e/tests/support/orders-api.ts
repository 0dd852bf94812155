import { expect, type APIRequestContext } from '@playwright/test';
import { freshDocumentNumber } from './booking-page';
import { DEMO_PASSWORD } from './demo';
import { xsrfHeaders } from './xsrf';

interface Envelope<T> {
  code: number;
  data: T;
  message: string;
}

interface WindowTerm {
  allowed: boolean;
}

interface Solution {
  id: string;
  restrictions: { productType: string };
  /** The fare's structured change and refund terms, when the supplier publishes them. */
  rules: { terms?: { change: { windows: WindowTerm[] }; refund: { windows: WindowTerm[] } } };
}

/** A fare the after-sales tests can change and refund voluntarily (its terms allow both in some window). */
const changeable = (s: Solution) =>
  !s.rules.terms ||
  (s.rules.terms.change.windows.some((w) => w.allowed) &&
    s.rules.terms.refund.windows.some((w) => w.allowed));

/**
 * The order API as a logged-in user calls it, for browser tests that need orders in known states
 * without clicking through the booking form each time (the booking journey itself is booking.spec).
 */
export class OrdersApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async login(request: APIRequestContext, username: string): Promise<OrdersApi> {
    const response = await request.post('/base/v2/login', { data: { username, password: DEMO_PASSWORD } });
    const body = (await response.json()) as Envelope<{ token: string }>;
    expect(body.code, body.message).toBe(0);
    return new OrdersApi(request, body.data.token);
  }

  private async call<T>(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    data?: object,
    headers = {},
  ): Promise<T> {
    const response = await this.request.fetch(url, {
      method,
      data,
      headers: { Authorization: `Bearer ${this.token}`, ...(await xsrfHeaders(this.request)), ...headers },
    });
    const body = (await response.json()) as Envelope<T>;
    expect(body.code, `${method} ${url}: ${body.message}`).toBe(0);
    return body.data;
  }

  /** Searches PEK → SHA in 30 days and returns the cheapest fare without passenger restrictions. */
  async openFare(adult = 1): Promise<Solution> {
    const date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const { searchId } = await this.call<{ searchId: string }>('POST', '/shopping/v2/flight/async-shopping', {
      journeys: [{ origin: 'PEK', destination: 'SHA', date }],
      passengers: { adult, child: 0, infant: 0 },
      cabinClass: 'economy',
      bookingType: 'oneway',
      sort: 'price',
    });
    // Long polls: each answer is held by the server until a supplier settles (no sleeping here).
    let cursor: string | undefined;
    for (let poll = 0; poll < 30; poll += 1) {
      const delta = await this.call<{ finished: boolean; cursor: string }>(
        'POST',
        '/shopping/v2/flight/async-shopping/solutions',
        { searchId, ...(cursor ? { cursor } : {}), waitMs: 5000 },
      );
      cursor = delta.cursor;
      if (delta.finished) {
        // Without a cursor the answer is the whole list.
        const result = await this.call<{ solutions: Solution[] }>(
          'POST',
          '/shopping/v2/flight/async-shopping/solutions',
          { searchId },
        );
        const fare = result.solutions.find((s) => s.restrictions.productType === 'normal' && changeable(s));
        if (!fare) throw new Error('no unrestricted fare');
        return fare;
      }
    }
    throw new Error('search did not finish');
  }

  /** Books one adult (and one more per companion surname) on a fresh fare; the order is to be paid. */
  async book(surname: string, ...companions: string[]): Promise<{ id: string; bookingNumber: string }> {
    const fare = await this.openFare(1 + companions.length);
    return this.call(
      'POST',
      '/order/v2/flight/orders',
      {
        solutionId: fare.id,
        passengers: [surname, ...companions].map((name) => ({
          type: 'adult',
          surname: name,
          given_names: 'TEST',
          gender: 'female',
          birthday: '1990-06-01',
          nationality: 'CN',
          travel_document: {
            type: 'passport',
            interfaceType: 'passport',
            number: freshDocumentNumber(),
            expiryDate: '2036-01-01',
          },
        })),
        contact: {
          name: 'Test Agent',
          email: 'agent@example.com',
          phone: { areaCode: '86', number: '13800138000' },
        },
      },
      { 'Idempotency-Key': crypto.randomUUID() },
    );
  }

  async payWithBalance(id: string) {
    await this.call(
      'POST',
      `/order/v2/flight/orders/${id}/payment`,
      { channel: 'balance' },
      {
        'Idempotency-Key': crypto.randomUUID(),
      },
    );
  }

  async cancel(id: string) {
    await this.call('DELETE', `/order/v2/flight/orders/${id}`);
  }

  async status(id: string): Promise<string> {
    return (await this.call<{ status: string }>('GET', `/order/v2/flight/orders/${id}`)).status;
  }

  /** `{status, cnt}` of the given count keys, as the tabs and the menu ask for them. */
  async counts(keys: readonly string[]): Promise<Record<string, number>> {
    const items = await this.call<{ status: string; cnt: number }[]>(
      'GET',
      `/order/v2/flight/orders/status?status=${keys.join(',')}`,
    );
    return Object.fromEntries(items.map((item) => [item.status, item.cnt]));
  }
}
