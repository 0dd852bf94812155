import type { FastifyInstance } from 'fastify';
import { FlightOrder } from '@portal/domain/flight-order';
import type { Solution } from '@portal/domain/shopping';
import type { LimitName, LimitRule } from '../../platform/rate-limits';
import { bearer, body } from '../../test/app';
import { oneWay, search } from '../shopping/shopping.test-helpers';
import { createRegistry, type SupplierRegistry } from '../shopping/index';
import { createSimGds } from '../../simulation/flight/sim-gds';
import { createSimLcc } from '../../simulation/flight/sim-lcc';
import { createSimNdc } from '../../simulation/flight/sim-ndc';
import type { SimulatedSupplier } from '../../simulation/flight/simulated-supplier';
import type {
  BookAnswer,
  ChangeQuoteAnswer,
  ChangeRequestToSupplier,
  FlightSupplier,
  Offer,
  RefundQuoteAnswer,
  RefundRequestToSupplier,
  ReissueAnswer,
  SupplierFaults,
  SupplierPassenger,
  SupplierQuery,
  TicketAnswer,
  VerifyAnswer,
  VoidAnswer,
  VoidRequestToSupplier,
} from '../shopping/index';

/** A booking limit no test file reaches (the limit itself has its own test). */
export const UNLIMITED_BOOKINGS: Partial<Record<LimitName, LimitRule>> = {
  booking: { perUser: 100_000, perAgency: 100_000, windowMs: 60_000 },
};

/** Booking and search limits no test file reaches: for files that book and change again and again. */
export const UNLIMITED_BOOKINGS_AND_SEARCHES: Partial<Record<LimitName, LimitRule>> = {
  ...UNLIMITED_BOOKINGS,
  search: { perUser: 100_000, perAgency: 100_000, windowMs: 60_000 },
};

/** A departure date 40 days from now (the simulated schedules fly every day). */
export const travelDate = (days = 40) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let documentSerial = 1_234_567;
/**
 * A passport number of its own for each passenger the helpers make: the same name and document on
 * the same flight twice is a possible duplicate booking (409 DUPLICATE_BOOKING), which only the
 * tests of that check ask for, with a number of their own.
 */
export const nextDocumentNumber = () => `P${documentSerial++}`;

export const adult = (extra: Record<string, unknown> = {}) => ({
  type: 'adult',
  surname: 'ZHANG',
  given_names: 'WEI',
  gender: 'male',
  birthday: '1985-03-14',
  nationality: 'CN',
  travel_document: {
    type: 'passport',
    interfaceType: 'passport',
    number: nextDocumentNumber(),
    expiryDate: '2035-01-01',
  },
  ...extra,
});

export const child = (extra: Record<string, unknown> = {}) =>
  adult({
    type: 'child',
    given_names: 'XIAO',
    birthday: new Date(Date.now() - 6 * 365 * 86_400_000).toISOString().slice(0, 10),
    travel_document: {
      type: 'passport',
      interfaceType: 'passport',
      number: nextDocumentNumber(),
      expiryDate: '2035-01-01',
    },
    ...extra,
  });

export const contact = (extra: Record<string, unknown> = {}) => ({
  name: 'Zhang Wei',
  email: 'zhang.wei@example.com',
  phone: { areaCode: '86', number: '13800138000' },
  ...extra,
});

/** A solution without passenger restrictions, from `supplier` when given. */
export async function pickSolution(
  app: FastifyInstance,
  token: string,
  options: { supplier?: string; passengers?: { adult: number; child: number; infant: number } } = {},
): Promise<Solution> {
  const extra = options.passengers ? { passengers: options.passengers } : {};
  const result = await search(app, token, oneWay('PEK', 'SHA', travelDate(), extra));
  const found = result.solutions.find(
    (s) =>
      (!options.supplier || s.supplier === options.supplier) &&
      s.restrictions.documentTypes.length === 0 &&
      s.restrictions.eligibleCountries.length === 0 &&
      s.restrictions.minAge === null &&
      s.restrictions.maxAge === null,
  );
  if (!found) throw new Error('no unrestricted solution');
  return found;
}

export function createOrder(app: FastifyInstance, token: string, payload: object, key?: string) {
  return app.inject({
    method: 'POST',
    url: '/order/v2/flight/orders',
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
}

/** Books one adult on a fresh solution and returns the order. */
export async function bookOne(app: FastifyInstance, token: string, supplier?: string): Promise<FlightOrder> {
  const solution = await pickSolution(app, token, supplier ? { supplier } : {});
  const res = await createOrder(app, token, {
    solutionId: solution.id,
    passengers: [adult()],
    contact: contact(),
  });
  if (res.statusCode !== 200) throw new Error(`booking failed: ${res.body}`);
  return FlightOrder.parse(body(res).data);
}

/**
 * A gate a supplier call waits at while it is closed, until the test lets that call go: a slow
 * supplier that is slow exactly as long as the test needs, without sleeping.
 */
export class Gate {
  closed = false;
  private readonly waiting: (() => void)[] = [];
  private readonly watchers: ((release: () => void) => void)[] = [];

  /** Called by the supplier: returns at once when open, else when the test releases this call. */
  async pass(): Promise<void> {
    if (!this.closed) return;
    await new Promise<void>((resolve) => {
      const watcher = this.watchers.shift();
      if (watcher) watcher(resolve);
      else this.waiting.push(resolve);
    });
  }

  /**
   * The release function of the next call held at the gate (resolves when one arrives); at once,
   * with nothing to release, when the gate is open.
   */
  arrival(): Promise<() => void> {
    const held = this.waiting.shift();
    if (held) return Promise.resolve(held);
    if (!this.closed) return Promise.resolve(() => undefined);
    return new Promise((resolve) => this.watchers.push(resolve));
  }

  /** Opens the gate and lets every held call go (a test still waiting for an arrival goes on too). */
  open(): void {
    this.closed = false;
    for (const release of this.waiting.splice(0)) release();
    for (const watcher of this.watchers.splice(0)) watcher(() => undefined);
  }
}

/** The gates of gated suppliers and what they booked and were asked to cancel. */
export class SupplierGates {
  readonly verifyGate = new Gate();
  readonly bookGate = new Gate();
  readonly searchGate = new Gate();
  readonly booked: string[] = [];
  readonly canceled: string[] = [];
  /** The supplier names of searches whose AbortSignal fired while held at the search gate. */
  readonly searchesAborted: string[] = [];
}

/**
 * A simulated supplier whose price check and booking wait at shared gates, whose PNRs differ from
 * one booking to the next, and which records the PNRs it was asked to cancel.
 */
export class GatedSupplier implements FlightSupplier {
  constructor(
    private readonly inner: SimulatedSupplier,
    private readonly gates: SupplierGates,
  ) {}

  get name() {
    return this.inner.name;
  }
  get contentType() {
    return this.inner.contentType;
  }
  get faults(): SupplierFaults {
    return this.inner.faults;
  }
  set faults(faults: SupplierFaults) {
    this.inner.faults = faults;
  }

  /** Waits at the search gate; an abort while held is recorded and ends the call. */
  async search(query: SupplierQuery, signal: AbortSignal): Promise<Offer[]> {
    const aborted = new Promise<never>((_, reject) => {
      signal.addEventListener(
        'abort',
        () => {
          this.gates.searchesAborted.push(this.name);
          reject(signal.reason);
        },
        { once: true },
      );
    });
    await Promise.race([this.gates.searchGate.pass(), aborted]);
    return this.inner.search(query, signal);
  }

  quoteChange(request: ChangeRequestToSupplier, signal: AbortSignal): Promise<ChangeQuoteAnswer> {
    return this.inner.quoteChange(request, signal);
  }

  reissue(request: ChangeRequestToSupplier, signal: AbortSignal): Promise<ReissueAnswer> {
    return this.inner.reissue(request, signal);
  }

  get desk() {
    return this.inner.desk;
  }

  quoteRefund(request: RefundRequestToSupplier, signal: AbortSignal): Promise<RefundQuoteAnswer> {
    return this.inner.quoteRefund(request, signal);
  }

  refund(request: RefundRequestToSupplier, signal: AbortSignal): Promise<void> {
    return this.inner.refund(request, signal);
  }

  void(request: VoidRequestToSupplier, signal: AbortSignal): Promise<VoidAnswer> {
    return this.inner.void(request, signal);
  }

  async verify(offer: Offer, signal: AbortSignal): Promise<VerifyAnswer> {
    await this.gates.verifyGate.pass();
    return this.inner.verify(offer, signal);
  }

  async book(
    offer: Offer,
    passengers: readonly SupplierPassenger[],
    signal: AbortSignal,
  ): Promise<BookAnswer> {
    await this.gates.bookGate.pass();
    const { pnr } = await this.inner.book(offer, passengers, signal);
    const booked = this.gates.booked;
    const unique = `${'ABCDEFGHJKLMNPQRSTUVWXYZ'[booked.length % 24] ?? 'Z'}${pnr.slice(1)}`;
    booked.push(unique);
    return { pnr: unique };
  }

  ticket(
    offer: Offer,
    pnr: string,
    passengers: readonly SupplierPassenger[],
    signal: AbortSignal,
  ): Promise<TicketAnswer> {
    return this.inner.ticket(offer, pnr, passengers, signal);
  }

  async cancel(pnr: string, signal: AbortSignal): Promise<void> {
    await this.inner.cancel(pnr, signal);
    this.gates.canceled.push(pnr);
  }
}

/** The three simulated suppliers without latency, all behind one set of gates. */
export function gatedRegistry(seed = 'portal'): { registry: SupplierRegistry; gates: SupplierGates } {
  const options = { latencyScale: 0, seed };
  const gates = new SupplierGates();
  const suppliers = [createSimGds(options), createSimNdc(options), createSimLcc(options)];
  return { registry: createRegistry(suppliers.map((s) => new GatedSupplier(s, gates))), gates };
}
