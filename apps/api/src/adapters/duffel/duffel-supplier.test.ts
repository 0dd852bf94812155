import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SupplierPassenger, type SupplierQuery, SupplierRefusal } from '../../modules/shopping/index';
import { type DuffelMock, startDuffelMock } from '../../test/mocks/duffel-mock/server';
import { DuffelFailure } from './client';
import { DuffelSupplier } from './duffel-supplier';
import { orderIdOf } from './map-order';

let mock: DuffelMock;
let supplier: DuffelSupplier;
const logged: { object: Record<string, unknown>; message: string }[] = [];
const log = {
  info: (object: Record<string, unknown>, message: string) => logged.push({ object, message }),
  warn: (object: Record<string, unknown>, message: string) => logged.push({ object, message }),
};
const signal = () => AbortSignal.timeout(5_000);

const query: SupplierQuery = {
  legs: [{ origins: ['PEK'], destinations: ['SHA'], date: '2027-03-10' }],
  passengers: { adult: 1, child: 0, infant: 0 },
  cabin: 'economy',
  maxResponseMs: 8_000,
};
const alice: SupplierPassenger = {
  type: 'adult',
  surname: 'WANG',
  givenNames: 'ALICE',
  birthday: '1990-01-02',
  documentNumber: 'E12345678',
  gender: 'female',
  nationality: 'CN',
  documentExpiry: '2030-01-01',
  email: 'alice@example.com',
  phone: '+8613800000000',
};

beforeAll(async () => {
  mock = await startDuffelMock();
  supplier = new DuffelSupplier({ accessToken: 'duffel_test_contract', baseUrl: mock.url, log });
});
afterAll(() => mock.close());
beforeEach(() => {
  mock.reset();
  logged.length = 0;
});

async function firstOffer() {
  const [offer] = await supplier.search(query, signal());
  if (!offer) throw new Error('no offer');
  return offer;
}

async function bookedAndTicketed() {
  const offer = await firstOffer();
  const { pnr } = await supplier.book(offer, [alice], signal());
  const tickets = await supplier.ticket(offer, pnr, [alice], signal());
  return { offer, pnr, tickets };
}

describe('search and price check', () => {
  it('searches with offer requests, supplier_timeout from the max response time, and maps the offers in CNY', async () => {
    const offers = await supplier.search(query, signal());
    expect(offers).toHaveLength(2);
    const sent = mock.requests.find((r) => r.path.startsWith('/air/offer_requests'));
    expect(sent?.query).toMatchObject({ return_offers: 'true', supplier_timeout: '7500' });
    expect(sent?.body?.data).toMatchObject({ passengers: [{ type: 'adult' }], cabin_class: 'economy' });
    const [offer] = offers;
    expect(offer).toMatchObject({
      supplier: 'duffel',
      currency: 'CNY',
      cabin: 'economy',
      amounts: [{ passengerType: 'adult', fare: 100_000, tax: 15_000 }],
      baggage: [{ passengerType: 'adult', carryOn: { pieces: 1 }, checked: { pieces: 1 } }],
      rules: { change: { allowed: true, fee: 20_000 }, refund: { allowed: true, fee: 30_000 } },
      ticketingTier: 'fast-standard',
    });
    expect(offer?.legs[0]?.segments[0]).toMatchObject({
      origin: 'PEK',
      destination: 'SHA',
      departureLocal: '2027-03-10T08:00',
      departureUtc: '2027-03-10T00:00:00.000Z',
      durationMinutes: 135,
    });
  });

  it('asks once per airport pair of a metro city, at most four requests', async () => {
    await supplier.search({ ...query, legs: [{ origins: ['PEK', 'PKX'], destinations: ['SHA', 'PVG'], date: '2027-03-10' }] }, signal());
    expect(mock.requests.filter((r) => r.path.startsWith('/air/offer_requests'))).toHaveLength(4);
  });

  it('refuses offers in another currency with a logged reason instead of converting', async () => {
    mock.faults = { currency: 'USD' };
    expect(await supplier.search(query, signal())).toEqual([]);
    expect(logged.some((l) => String(l.object.reason).includes('priced in USD'))).toBe(true);
  });

  it('confirms an unchanged offer, reports a price change, and unavailable when the offer expired', async () => {
    const offer = await firstOffer();
    expect((await supplier.verify(offer, signal())).status).toBe('confirmed');
    mock.faults = { priceChangePercent: 10 };
    const changed = await supplier.verify(offer, signal());
    expect(changed.status).toBe('price_changed');
    if (changed.status === 'price_changed') expect(changed.offer.amounts[0]?.fare).toBe(111_500);
    mock.faults = { offerExpired: true };
    expect(await supplier.verify(offer, signal())).toEqual({ status: 'unavailable' });
    expect(await supplier.verify({ ...offer, ref: 'off_unknown' }, signal())).toEqual({ status: 'unavailable' });
  });

  it('gives up when Duffel does not answer before the caller aborts', async () => {
    mock.faults = { timeout: ['offerRequests.create'] };
    await expect(supplier.search(query, AbortSignal.timeout(200))).rejects.toThrow();
  });

  it('reads a 422 validation error as a DuffelFailure with its code', async () => {
    mock.faults = { validation: ['offerRequests.create'] };
    const error: unknown = await supplier.search(query, signal()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DuffelFailure);
    expect(error).toMatchObject({ status: 422, code: 'validation_required' });
  });
});

describe('booking and ticketing', () => {
  it('holds the order, pays it from the balance at ticketing and reads the e-tickets', async () => {
    const { pnr, tickets } = await bookedAndTicketed();
    expect(pnr).toMatch(/^[A-Z0-9]{6}\/ord_/);
    const order = mock.orders.get(orderIdOf(pnr));
    expect(order?.payment_status.awaiting_payment).toBe(false);
    const create = mock.requests.find((r) => r.path === '/air/orders');
    expect(create?.body?.data).toMatchObject({ type: 'hold', passengers: [{ given_name: 'ALICE', gender: 'f', title: 'ms' }] });
    expect(mock.requests.find((r) => r.path === '/air/payments')?.body?.data).toMatchObject({
      payment: { type: 'balance', amount: '1150.00', currency: 'CNY' },
    });
    expect(tickets.ticketNumbers).toEqual([[expect.stringMatching(/^999\d{10}$/)]]);
  });

  it('books instantly, paid from the balance, when the offer requires instant payment', async () => {
    mock.faults = { instantPayment: true };
    const offer = await firstOffer();
    const { pnr } = await supplier.book(offer, [alice], signal());
    expect(mock.requests.find((r) => r.path === '/air/orders')?.body?.data).toMatchObject({
      type: 'instant',
      payments: [{ type: 'balance', amount: '1150.00' }],
    });
    expect((await supplier.ticket(offer, pnr, [alice], signal())).ticketNumbers).toHaveLength(1);
    expect(mock.requests.some((r) => r.path === '/air/payments')).toBe(false);
  });

  it('books a seat and a bag as services and reports them confirmed', async () => {
    const offer = await firstOffer();
    const maps = await supplier.seatMaps(offer, signal());
    const bags = await supplier.bagServices(offer, signal());
    expect(maps[0]).toMatchObject({ segmentIndex: 0, cabin: 'economy', columns: ['A', 'B', 'C', '', 'D', 'E', 'F'] });
    const row10 = maps[0]?.rows.find((r) => r.row === 10);
    expect(row10?.seats[0]).toMatchObject({ designator: '10A', available: false, features: ['window'] });
    expect(row10?.seats[1]).toMatchObject({ designator: '10B', available: true, priceMinor: 5_000, features: ['middle'] });
    expect(row10?.seats[2]?.features).toEqual(['aisle']);
    const exit = maps[0]?.rows.find((r) => r.row === 12)?.seats[0];
    expect(exit).toMatchObject({ features: ['window', 'exit_row'], refusedTypes: ['child', 'infant'] });
    expect(bags[0]).toMatchObject({ segmentIndexes: [0], passengerTypes: ['adult'], weightKg: 23, priceMinor: 15_000, maxQuantity: 2 });
    const booked = await supplier.book(offer, [alice], signal(), [
      { passengerIndex: 0, seats: [{ segmentIndex: 0, designator: '10B' }], bags: [{ serviceId: bags[0]?.id ?? '', quantity: 1 }] },
    ]);
    expect(booked.ancillaries?.seats).toEqual([{ passengerIndex: 0, segmentIndex: 0, designator: '10B', priceMinor: 5_000 }]);
    expect(booked.ancillaries?.bags).toMatchObject([{ passengerIndex: 0, quantity: 1, weightKg: 23, priceMinor: 15_000 }]);
    expect(mock.orders.get(orderIdOf(booked.pnr))?.total_amount).toBe('1350.00');
  });

  it('refuses a taken seat before asking Duffel', async () => {
    const offer = await firstOffer();
    const booking = supplier.book(offer, [alice], signal(), [{ passengerIndex: 0, seats: [{ segmentIndex: 0, designator: '10A' }], bags: [] }]);
    await expect(booking).rejects.toBeInstanceOf(SupplierRefusal);
    expect(mock.requests.some((r) => r.path === '/air/orders')).toBe(false);
  });

  it('refuses to book an expired offer, a price change, a 422, and a passenger without the details Duffel needs', async () => {
    const offer = await firstOffer();
    mock.faults = { offerExpired: true };
    await expect(supplier.book(offer, [alice], signal())).rejects.toBeInstanceOf(SupplierRefusal);
    mock.faults = { priceChangePercent: 5 };
    await expect(supplier.book(offer, [alice], signal())).rejects.toThrow(/price_changed/);
    mock.faults = { validation: ['orders.create'] };
    await expect(supplier.book(offer, [alice], signal())).rejects.toThrow(/validation_required/);
    mock.faults = {};
    await expect(supplier.book(offer, [{ ...alice, email: undefined }], signal())).rejects.toThrow(/e-mail or phone missing/);
    await expect(supplier.book(offer, [alice, alice], signal())).rejects.toThrow(/no adult passenger left/);
  });

  it('seats an infant on the lap of an adult', async () => {
    const [offer] = await supplier.search({ ...query, passengers: { adult: 1, child: 0, infant: 1 } }, signal());
    if (!offer) throw new Error('no offer');
    expect(offer.amounts.map((a) => a.passengerType)).toEqual(['adult', 'infant']);
    const baby: SupplierPassenger = { ...alice, type: 'infant', givenNames: 'BABY', birthday: '2026-06-01', gender: 'male' };
    await supplier.book(offer, [alice, baby], signal());
    const sent = mock.requests.find((r) => r.path === '/air/orders')?.body?.data as { passengers: Record<string, unknown>[] };
    expect(sent.passengers[0]?.infant_passenger_id).toBe(sent.passengers[1]?.id);
  });

  it('does not answer tickets it cannot read: a payment timeout stays unknown, a cancelled order is refused', async () => {
    const offer = await firstOffer();
    const { pnr } = await supplier.book(offer, [alice], signal());
    mock.faults = { timeout: ['payments.create'] };
    const lost: unknown = await supplier.ticket(offer, pnr, [alice], AbortSignal.timeout(200)).catch((e: unknown) => e);
    expect(lost).not.toBeInstanceOf(SupplierRefusal);
    mock.faults = {};
    await supplier.cancel(pnr, signal());
    await expect(supplier.ticket(offer, pnr, [alice], signal())).rejects.toBeInstanceOf(SupplierRefusal);
  });
});

describe('cancel, refund, void and change', () => {
  it('cancels an unticketed order by quote then confirm, and counts an already cancelled one as cancelled', async () => {
    const offer = await firstOffer();
    const { pnr } = await supplier.book(offer, [alice], signal());
    await supplier.cancel(pnr, signal());
    expect(mock.orders.get(orderIdOf(pnr))?.cancelled_at).toBeTruthy();
    await supplier.cancel(pnr, signal());
    mock.faults = { alreadyCancelled: true };
    const other = await supplier.book(await firstOffer(), [alice], signal());
    await expect(supplier.cancel(other.pnr, signal())).resolves.toBeUndefined();
    await expect(supplier.cancel('ABC123/ord_missing', signal())).resolves.toBeUndefined();
  });

  const refundOf = (pnr: string, offer: Awaited<ReturnType<typeof firstOffer>>, paidMinor: number) => ({
    requestId: `refund-${pnr}`,
    pnr,
    offer,
    passengers: [alice],
    segmentIndexes: [0],
    paidMinor,
    requestedAt: new Date(),
    currency: 'CNY',
    involuntary: false,
  });

  it('quotes a refund from the cancellation quote (paid less refund amount) and confirms it', async () => {
    const { offer, pnr } = await bookedAndTicketed();
    const request = refundOf(pnr, offer, 115_000);
    expect(await supplier.quoteRefund(request, signal())).toEqual({ status: 'approved', refundFeeMinor: 30_000 });
    await supplier.refund(request, signal());
    expect(mock.orders.get(orderIdOf(pnr))?.cancelled_at).toBeTruthy();
    expect(await supplier.quoteRefund(request, signal())).toEqual({ status: 'rejected', reason: 'the order is already cancelled' });
  });

  it('rejects a refund of part of an order, and refuses a confirm of an order already cancelled', async () => {
    const { offer, pnr } = await bookedAndTicketed();
    const partial = { ...refundOf(pnr, offer, 115_000), segmentIndexes: [] };
    expect((await supplier.quoteRefund(partial, signal())).status).toBe('rejected');
    const request = refundOf(pnr, offer, 115_000);
    await supplier.quoteRefund(request, signal());
    mock.faults = { alreadyCancelled: true };
    await expect(supplier.refund(request, signal())).resolves.toBeUndefined();
  });

  it('voids inside the void window (everything back) and rejects outside it', async () => {
    const first = await bookedAndTicketed();
    const voidOf = (pnr: string, offer: typeof first.offer) => ({ requestId: `void-${pnr}`, pnr, offer, passengers: [alice] });
    const outside = await supplier.void(voidOf(first.pnr, first.offer), signal());
    expect(outside.status).toBe('rejected');
    expect(mock.orders.get(orderIdOf(first.pnr))?.cancelled_at).toBeNull();
    mock.faults = { voidWindow: true };
    expect(await supplier.void(voidOf(first.pnr, first.offer), signal())).toEqual({ status: 'voided' });
    expect(mock.orders.get(orderIdOf(first.pnr))?.cancelled_at).toBeTruthy();
  });

  it('quotes a change from the change offer flying the new flights and reissues through an order change paid from the balance', async () => {
    const { offer, pnr, tickets } = await bookedAndTicketed();
    const [newOffer] = await supplier.search({ ...query, legs: [{ origins: ['PEK'], destinations: ['SHA'], date: '2027-03-12' }] }, signal());
    if (!newOffer) throw new Error('no offer');
    const request = { pnr, offer, newOffer, passengers: [alice], segmentIndexes: [0], requestedAt: new Date(), involuntary: false };
    expect(await supplier.quoteChange(request, signal())).toEqual({ status: 'approved', changeFee: 20_000, fareMove: 10_000 });
    const reissued = await supplier.reissue(request, signal());
    expect(reissued.status).toBe('reissued');
    if (reissued.status === 'reissued') expect(reissued.ticketNumbers[0]).not.toEqual(tickets.ticketNumbers[0]);
    expect(mock.requests.find((r) => r.path.endsWith('/actions/confirm') && r.path.includes('order_changes'))?.body?.data).toMatchObject({
      payment: { type: 'balance', amount: '300.00', currency: 'CNY' },
    });
    const moved = mock.orders.get(orderIdOf(pnr))?.slices[0] as { segments: { departing_at: string }[] };
    expect(moved.segments[0]?.departing_at).toBe('2027-03-12T08:00:00');
  });

  it('rejects a change to flights Duffel does not offer as a change', async () => {
    const { offer, pnr } = await bookedAndTicketed();
    const elsewhere = { ...offer, legs: [{ segments: [{ ...(offer.legs[0]?.segments[0] ?? ({} as never)), flightNumber: '9999' }] }] };
    const answer = await supplier.quoteChange(
      { pnr, offer, newOffer: elsewhere, passengers: [alice], segmentIndexes: [0], requestedAt: new Date(), involuntary: false },
      signal(),
    );
    expect(answer).toEqual({ status: 'rejected', reason: 'the airline offers no change to these flights' });
  });
});

describe('airline-initiated changes and logging', () => {
  it('reads the order’s airline-initiated changes as schedule time changes', async () => {
    const { offer, pnr } = await bookedAndTicketed();
    const change = await mock.airlineChange(orderIdOf(pnr), 90);
    const events = await supplier.scheduleEvents(offer, pnr, signal());
    expect(events).toEqual([
      {
        ref: change.id,
        type: 'change',
        segmentIndex: 0,
        segment: expect.objectContaining({ departureLocal: '2027-03-10T09:30', flightNumber: offer.legs[0]?.segments[0]?.flightNumber }),
      },
    ]);
  });

  it('logs requests and answers with names, birthdays, documents, e-mails and phones redacted', async () => {
    await bookedAndTicketed();
    const text = JSON.stringify(logged);
    expect(text).toContain('orders.create');
    for (const personal of ['ALICE', 'WANG', '1990-01-02', 'alice@example.com', '+8613800000000']) expect(text).not.toContain(personal);
    expect(text).toContain('[redacted]');
  });

  it('labels a duffel_test_ token as test mode and is opt-in per agency', () => {
    expect(supplier.testMode).toBe(true);
    expect(new DuffelSupplier({ accessToken: 'duffel_live_x', baseUrl: mock.url }).testMode).toBe(false);
    expect(supplier.optIn).toBe(true);
  });
});
