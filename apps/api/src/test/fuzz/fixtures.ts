import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { adult, contact, travelDate } from '../../modules/flight-orders/flight-orders.test-helpers';
import { passengerBody } from '../../modules/passengers/passengers.test-helpers';
import { awaitFinished, oneWay, startSearch } from '../../modules/shopping/shopping.test-helpers';
import type { Operation } from './openapi';
import { PERSONAL_MARKERS } from './values';

/**
 * Real resources for the suite's requests to point at, made through the API as the demo admin
 * (agency 1): a search and its solution, orders, a pending card payment, a frequent passenger,
 * a member card. With them a spoilt field reaches the code behind the lookups (a bad passenger
 * on a real solution reaches the booking rules and the supplier), not only the 404 of a made-up
 * id. Whatever cannot be made is listed in `missing` and the suite goes on with made-up values.
 */

/** A passenger of the booking body, its name and document number the markers the log must not carry. */
const markedAdult = () =>
  adult({
    surname: PERSONAL_MARKERS.surname,
    given_names: PERSONAL_MARKERS.given_names,
    travel_document: {
      type: 'passport',
      interfaceType: 'passport',
      number: PERSONAL_MARKERS.number,
      expiryDate: '2035-01-01',
    },
  });

const AMADEUS_PNR = [
  'RP/PEK1A0980/PEK1A0980            AA/SU  10MAR26/0800Z   ABC123',
  '  1.ZHANG/SAN MR   2.LI/SI MS',
  '  3  CA 981 Y 12MAY 2 PEKJFK HK2  1300    1420   E0 77W',
].join('\n');

const LAST_MONTH = new Date(Date.now() - 31 * 86_400_000).toISOString().slice(0, 7);

const MEMBER_CARD = {
  airline: 'CA',
  number: 'CA1234567',
  surname: 'ZHANG',
  given_names: 'SAN',
  tier: 'Gold',
};

interface Solution {
  id: string;
  restrictions?: {
    documentTypes: unknown[];
    eligibleCountries: unknown[];
    minAge: number | null;
    maxAge: number | null;
  };
  legs?: {
    segments?: {
      marketingCarrier: string;
      flightNumber: string;
      departure: { airport: string; time: string };
      arrival: { airport: string };
    }[];
  }[];
}

export class Fixtures {
  readonly missing: string[] = [];
  private searchId: string | undefined;
  private solution: Solution | undefined;
  private cache = new Map<string, Promise<Record<string, string> | undefined>>();
  /** Varies the names and document numbers of the frequent passengers made. */
  private made = 0;

  constructor(
    private readonly app: FastifyInstance,
    private token: string,
  ) {}

  /** Runs one search for the whole suite (its solutions stay valid for the suite's run time). */
  async init(): Promise<void> {
    try {
      this.searchId = await startSearch(this.app, this.token, oneWay('PEK', 'SHA', travelDate()));
      const result = await awaitFinished(this.app, this.token, this.searchId);
      // One anybody may book: no document, nationality or age restriction.
      this.solution = (result.solutions as Solution[]).find(
        (s) =>
          !s.restrictions ||
          (s.restrictions.documentTypes.length === 0 &&
            s.restrictions.eligibleCountries.length === 0 &&
            s.restrictions.minAge === null &&
            s.restrictions.maxAge === null),
      );
      if (!this.solution) this.missing.push('solution: the search found none');
    } catch (error) {
      this.missing.push(`search: ${String(error)}`);
    }
  }

  /** Starts an operation's fixtures afresh (an operation may cancel or pay the ones before). */
  startOperation(token: string): void {
    this.token = token;
    this.cache.clear();
  }

  private async call(method: 'POST' | 'GET', url: string, payload?: object): Promise<LightMyRequestResponse> {
    return this.app.inject({ method, url, headers: { authorization: `Bearer ${this.token}` }, payload });
  }

  /** Makes `what` once per operation; a failure is noted and answers undefined. */
  private once(what: string, make: () => Promise<Record<string, string>>) {
    let made = this.cache.get(what);
    if (!made) {
      made = make().catch((error: unknown) => {
        const note = `${what}: ${String(error).slice(0, 300)}`;
        if (!this.missing.includes(note)) this.missing.push(note);
        return undefined;
      });
      this.cache.set(what, made);
    }
    return made;
  }

  private dataOf(res: LightMyRequestResponse, what: string): Record<string, unknown> {
    if (res.statusCode !== 200)
      throw new Error(`${what} answered ${res.statusCode} ${res.body.slice(0, 200)}`);
    return (res.json() as { data: Record<string, unknown> }).data;
  }

  private order() {
    return this.once('order', async () => {
      if (!this.solution) throw new Error('no solution to book');
      const data = this.dataOf(
        await this.call('POST', '/order/v2/flight/orders', {
          solutionId: this.solution.id,
          passengers: [adult()],
          contact: contact(),
        }),
        'booking',
      );
      return { id: String(data.id) };
    });
  }

  private pendingPayment() {
    return this.once('card payment', async () => {
      const order = await this.order();
      if (!order) throw new Error('no order to pay');
      const config = this.dataOf(await this.call('GET', '/order/v2/flight/config/payment'), 'payment config');
      const channels = config as unknown as { channel: string; flow: string }[];
      // A card channel's checkout page (the simulated gateway) takes the most input.
      const channel =
        channels.find((c) => c.flow === 'redirect') ?? channels.find((c) => c.flow !== 'balance');
      if (!channel) throw new Error('no outside payment channel');
      const data = this.dataOf(
        await this.call('POST', `/order/v2/flight/orders/${order.id}/payment`, { channel: channel.channel }),
        'card payment',
      );
      const token = new URL(String(data.redirectUrl ?? '/'), 'http://portal').searchParams.get('token');
      return { paymentId: String(data.paymentId), channel: channel.channel, token: token ?? '' };
    });
  }

  private passenger() {
    return this.once('frequent passenger', async () => {
      const data = this.dataOf(
        await this.call('POST', '/base/v2/often-used-passengers', passengerBody((this.made += 1))),
        'frequent passenger',
      );
      return { id: String(data.id) };
    });
  }

  private card() {
    return this.once('member card', async () => {
      const data = this.dataOf(await this.call('POST', '/base/v2/member-cards', MEMBER_CARD), 'member card');
      return { id: String(data.id) };
    });
  }

  /** Values of real resources for the operation's path parameters (made-up ones when absent). */
  async pathValues(op: Operation): Promise<Record<string, string>> {
    const values: Record<string, string> = {};
    const segments = op.path.split('/');
    for (const param of op.pathParams) {
      const segment = segments[segments.indexOf(`{${param.name}}`) - 1] ?? '';
      let value: string | undefined;
      if (param.name === 'paymentId' || param.name === 'channel') {
        value = (await this.pendingPayment())?.[param.name];
      } else if (segment === 'payments') value = (await this.pendingPayment())?.paymentId;
      else if (segment === 'orders') value = (await this.order())?.id;
      else if (segment === 'often-used-passengers') value = (await this.passenger())?.id;
      else if (segment === 'member-cards') value = (await this.card())?.id;
      else if (segment === 'solutions') value = this.solution?.id;
      // A sub-agency's money: /base/v2/sub/balance/{id}, bills/{id}, statements/{a: agency}/{b: month}.
      else if (segment === 'balance' || segment === 'bills' || param.name === 'a') value = '2';
      else if (param.name === 'b') value = LAST_MONTH;
      else if (segment === 'agencies') value = '2'; // the demo admin's direct sub-agency
      if (value !== undefined) values[param.name] = encodeURIComponent(value);
    }
    return values;
  }

  /** Query values the operation accepts (encoded), where the schema's examples are not enough. */
  async goodQuery(op: Operation): Promise<Record<string, string> | undefined> {
    const key = `${op.method} ${op.path}`;
    if (key === 'GET /base/v2/wallet/statements') return { from: LAST_MONTH, to: LAST_MONTH };
    if (key === 'GET /base/v2/sub/statements') return { period: LAST_MONTH };
    if (key === 'GET /base/v2/sub/look-to-book') {
      return { agencyId: '2', from: `${LAST_MONTH}-01`, to: `${LAST_MONTH}-28` };
    }
    if (key === 'GET /order/v2/flight/orders/status') return { status: 'to_be_paid' };
    if (op.path.startsWith('/order/v2/payments/sim/')) {
      const token = (await this.pendingPayment())?.token;
      return token ? { token: encodeURIComponent(token) } : undefined;
    }
    return undefined;
  }

  /** A body the operation accepts, where one is known (the schema's example is used otherwise). */
  goodBody(op: Operation): unknown {
    const segment = this.solution?.legs?.[0]?.segments?.[0];
    const bodies: Record<string, unknown> = {
      'POST /base/v2/login': { username: 'operator', password: 'demo1234' },
      'PUT /base/v2/me': { nickname: 'Fuzz' },
      'POST /base/v2/agencies/{id}/balance': {
        currency: 'CNY',
        amount: '100.00',
        exchangeRate: '1',
        referenceNumber: 'FUZZ-1',
      },
      'PUT /base/v2/agencies/{id}/credit': { credit: '100.00' },
      'POST /base/v2/wallet/statements/export': { from: LAST_MONTH, to: LAST_MONTH },
      'POST /base/v2/sub/statements': { period: LAST_MONTH },
      'POST /base/v2/often-used-passengers': passengerBody(601),
      'PUT /base/v2/often-used-passengers/{id}': passengerBody(602),
      'POST /base/v2/member-cards': MEMBER_CARD,
      'PUT /base/v2/member-cards/{id}': MEMBER_CARD,
      'POST /shopping/v2/flight/async-shopping': oneWay('PEK', 'SHA', travelDate()),
      'POST /shopping/v2/flight/async-shopping/solutions': this.searchId
        ? { searchId: this.searchId }
        : undefined,
      'POST /shopping/v2/flight/accurate-search': segment
        ? {
            segments: [
              {
                carrier: segment.marketingCarrier,
                flightNumber: segment.flightNumber,
                origin: segment.departure.airport,
                destination: segment.arrival.airport,
                date: segment.departure.time.slice(0, 10),
              },
            ],
            passengers: { adult: 1, child: 0, infant: 0 },
          }
        : undefined,
      'POST /shopping/v2/flight/analysis-pnr': { pnr: AMADEUS_PNR },
      'POST /order/v2/flight/orders': this.solution
        ? { solutionId: this.solution.id, passengers: [markedAdult()], contact: contact() }
        : undefined,
      'POST /order/v2/flight/orders/{id}/payment': { channel: 'balance' },
    };
    return bodies[`${op.method} ${op.path}`];
  }
}
