import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './demo';
import { xsrfHeaders } from './xsrf';

interface Envelope<T> {
  code: number;
  data: T;
  message: string;
}

/** The parts of a search result the agency tests compare (see the domain's `Solution`). */
export interface PricedSolution {
  id: string;
  cabin: string;
  fareFamily: string | null;
  restrictions: { productType: string };
  legs: {
    segments: { marketingCarrier: string; flightNumber: string; departure: { time: string } }[];
  }[];
  priceDetail: {
    priceList: {
      passengerType: string;
      count: number;
      /** The fare before any agency's adjustment. */
      price: string;
      tax: string;
      fuelSurcharge: string;
      airportTax: string;
      /** The fare after the agency chain's adjustments, plus the taxes. */
      salePrice: string;
    }[];
    total: { amount: string; currency: string };
  };
}

/** A flight search as the search form sends it (`POST /shopping/v2/flight/async-shopping`). */
export type FlightSearch = Record<string, unknown>;

/** The same flights, cabin and fare (family or product) in another agency's search. */
export function sameFare(a: PricedSolution, b: PricedSolution): boolean {
  const flights = (s: PricedSolution) =>
    s.legs
      .map((leg) =>
        leg.segments.map((x) => `${x.marketingCarrier}${x.flightNumber}@${x.departure.time}`).join('+'),
      )
      .join('/');
  return (
    flights(a) === flights(b) &&
    a.cabin === b.cabin &&
    a.fareFamily === b.fareFamily &&
    a.restrictions.productType === b.restrictions.productType
  );
}

/** An amount of the API (`"1234.5"`) in minor units of a two-decimal currency. */
export const minor = (amount: string) => Math.round(Number(amount) * 100);

/** Minor units as the portal shows them: `1,234.50`. */
export const shown = (minorUnits: number) =>
  (minorUnits / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Spec §3 percent adjustment of `baseMinor`, rounded half away from zero as the domain's markup does. */
export const percentOf = (baseMinor: number, percent: number) => Math.round((baseMinor * percent) / 100);

/** The portal's API as one user of the agency tests calls it: a search to compare prices with. */
export class AgencyApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async login(request: APIRequestContext, username: string, password = DEMO_PASSWORD) {
    const response = await request.post('/base/v2/login', { data: { username, password } });
    const body = (await response.json()) as Envelope<{ token: string }>;
    expect(body.code, body.message).toBe(0);
    return new AgencyApi(request, body.data.token);
  }

  private async call<T>(method: 'POST', url: string, data?: object): Promise<T> {
    const response = await this.request.fetch(url, {
      method,
      data,
      headers: { Authorization: `Bearer ${this.token}`, ...(await xsrfHeaders(this.request)) },
    });
    const body = (await response.json()) as Envelope<T>;
    expect(body.code, `${method} ${url}: ${body.message}`).toBe(0);
    return body.data;
  }

  /** Runs a search to its end (long polls, no sleeping) and answers the whole list of solutions. */
  async search(search: FlightSearch): Promise<PricedSolution[]> {
    const { searchId } = await this.call<{ searchId: string }>(
      'POST',
      '/shopping/v2/flight/async-shopping',
      search,
    );
    let cursor: string | undefined;
    for (let poll = 0; poll < 30; poll += 1) {
      const delta = await this.call<{ finished: boolean; cursor: string }>(
        'POST',
        '/shopping/v2/flight/async-shopping/solutions',
        { searchId, ...(cursor ? { cursor } : {}), waitMs: 5000 },
      );
      cursor = delta.cursor;
      if (delta.finished) {
        const all = await this.call<{ solutions: PricedSolution[] }>(
          'POST',
          '/shopping/v2/flight/async-shopping/solutions',
          { searchId },
        );
        return all.solutions;
      }
    }
    throw new Error('the search did not finish');
  }
}
