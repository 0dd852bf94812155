import { describe, expect, it } from 'vitest';
import { SupplierRefusal, type SupplierPassenger } from '../../modules/shopping/index';
import { DuffelFailure } from './client';
import { alice, bookedAndTicketed, firstOffer, query, signal, useDuffel } from './duffel.test-helpers';
import { orderIdOf } from './map-order';

const t = useDuffel();

describe('search and price check', () => {
  it('searches with offer requests, supplier_timeout from the max response time, and maps the offers in CNY', async () => {
    const offers = await t.supplier.search(query, signal());
    expect(offers).toHaveLength(2);
    const sent = t.mock.requests.find((r) => r.path.startsWith('/air/offer_requests'));
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
    await t.supplier.search(
      { ...query, legs: [{ origins: ['PEK', 'PKX'], destinations: ['SHA', 'PVG'], date: '2027-03-10' }] },
      signal(),
    );
    expect(t.mock.requests.filter((r) => r.path.startsWith('/air/offer_requests'))).toHaveLength(4);
  });

  it('refuses offers in another currency with a logged reason instead of converting', async () => {
    t.mock.faults = { currency: 'USD' };
    expect(await t.supplier.search(query, signal())).toEqual([]);
    expect(t.logged.some((l) => String(l.object.reason).includes('priced in USD'))).toBe(true);
  });

  it('confirms an unchanged offer, reports a price change, and unavailable when the offer expired', async () => {
    const offer = await firstOffer(t);
    expect((await t.supplier.verify(offer, signal())).status).toBe('confirmed');
    t.mock.faults = { priceChangePercent: 10 };
    const changed = await t.supplier.verify(offer, signal());
    expect(changed.status).toBe('price_changed');
    if (changed.status === 'price_changed') expect(changed.offer.amounts[0]?.fare).toBe(111_500);
    t.mock.faults = { offerExpired: true };
    expect(await t.supplier.verify(offer, signal())).toEqual({ status: 'unavailable' });
    expect(await t.supplier.verify({ ...offer, ref: 'off_unknown' }, signal())).toEqual({
      status: 'unavailable',
    });
  });

  it('gives up when Duffel does not answer before the caller aborts', async () => {
    t.mock.faults = { timeout: ['offerRequests.create'] };
    await expect(t.supplier.search(query, AbortSignal.timeout(200))).rejects.toThrow();
  });

  it('reads a 422 validation error as a DuffelFailure with its code', async () => {
    t.mock.faults = { validation: ['offerRequests.create'] };
    const error: unknown = await t.supplier.search(query, signal()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DuffelFailure);
    expect(error).toMatchObject({ status: 422, code: 'validation_required' });
  });
});

describe('booking and ticketing', () => {
  it('holds the order, pays it from the balance at ticketing and reads the e-tickets', async () => {
    const { pnr, tickets } = await bookedAndTicketed(t);
    expect(pnr).toMatch(/^[A-Z0-9]{6}\/ord_/);
    const order = t.mock.orders.get(orderIdOf(pnr));
    expect(order?.payment_status.awaiting_payment).toBe(false);
    const create = t.mock.requests.find((r) => r.path === '/air/orders');
    expect(create?.body?.data).toMatchObject({
      type: 'hold',
      passengers: [{ given_name: 'ALICE', gender: 'f', title: 'ms' }],
    });
    expect(t.mock.requests.find((r) => r.path === '/air/payments')?.body?.data).toMatchObject({
      payment: { type: 'balance', amount: '1150.00', currency: 'CNY' },
    });
    expect(tickets.ticketNumbers).toEqual([[expect.stringMatching(/^999\d{10}$/)]]);
  });

  it('books instantly, paid from the balance, when the offer requires instant payment', async () => {
    t.mock.faults = { instantPayment: true };
    const offer = await firstOffer(t);
    const { pnr } = await t.supplier.book(offer, [alice], signal());
    expect(t.mock.requests.find((r) => r.path === '/air/orders')?.body?.data).toMatchObject({
      type: 'instant',
      payments: [{ type: 'balance', amount: '1150.00' }],
    });
    expect((await t.supplier.ticket(offer, pnr, [alice], signal())).ticketNumbers).toHaveLength(1);
    expect(t.mock.requests.some((r) => r.path === '/air/payments')).toBe(false);
  });

  it('books a seat and a bag as services and reports them confirmed', async () => {
    const offer = await firstOffer(t);
    const maps = await t.supplier.seatMaps(offer, signal());
    const bags = await t.supplier.bagServices(offer, signal());
    expect(maps[0]).toMatchObject({
      segmentIndex: 0,
      cabin: 'economy',
      columns: ['A', 'B', 'C', '', 'D', 'E', 'F'],
    });
    const row10 = maps[0]?.rows.find((r) => r.row === 10);
    expect(row10?.seats[0]).toMatchObject({ designator: '10A', available: false, features: ['window'] });
    expect(row10?.seats[1]).toMatchObject({
      designator: '10B',
      available: true,
      priceMinor: 5_000,
      features: ['middle'],
    });
    expect(row10?.seats[2]?.features).toEqual(['aisle']);
    const exit = maps[0]?.rows.find((r) => r.row === 12)?.seats[0];
    expect(exit).toMatchObject({ features: ['window', 'exit_row'], refusedTypes: ['child', 'infant'] });
    expect(bags[0]).toMatchObject({
      segmentIndexes: [0],
      passengerTypes: ['adult'],
      weightKg: 23,
      priceMinor: 15_000,
      maxQuantity: 2,
    });
    const booked = await t.supplier.book(offer, [alice], signal(), [
      {
        passengerIndex: 0,
        seats: [{ segmentIndex: 0, designator: '10B' }],
        bags: [{ serviceId: bags[0]?.id ?? '', quantity: 1 }],
      },
    ]);
    expect(booked.ancillaries?.seats).toEqual([
      { passengerIndex: 0, segmentIndex: 0, designator: '10B', priceMinor: 5_000 },
    ]);
    expect(booked.ancillaries?.bags).toMatchObject([
      { passengerIndex: 0, quantity: 1, weightKg: 23, priceMinor: 15_000 },
    ]);
    expect(t.mock.orders.get(orderIdOf(booked.pnr))?.total_amount).toBe('1350.00');
  });

  it('refuses a taken seat before asking Duffel', async () => {
    const offer = await firstOffer(t);
    const booking = t.supplier.book(offer, [alice], signal(), [
      { passengerIndex: 0, seats: [{ segmentIndex: 0, designator: '10A' }], bags: [] },
    ]);
    await expect(booking).rejects.toBeInstanceOf(SupplierRefusal);
    expect(t.mock.requests.some((r) => r.path === '/air/orders')).toBe(false);
  });

  it('refuses to book an expired offer, a price change, a 422, and a passenger without the details Duffel needs', async () => {
    const offer = await firstOffer(t);
    t.mock.faults = { offerExpired: true };
    await expect(t.supplier.book(offer, [alice], signal())).rejects.toBeInstanceOf(SupplierRefusal);
    t.mock.faults = { priceChangePercent: 5 };
    await expect(t.supplier.book(offer, [alice], signal())).rejects.toThrow(/price_changed/);
    t.mock.faults = { validation: ['orders.create'] };
    await expect(t.supplier.book(offer, [alice], signal())).rejects.toThrow(/validation_required/);
    t.mock.faults = {};
    await expect(t.supplier.book(offer, [{ ...alice, email: undefined }], signal())).rejects.toThrow(
      /e-mail or phone missing/,
    );
    await expect(t.supplier.book(offer, [alice, alice], signal())).rejects.toThrow(/no adult passenger left/);
  });

  it('seats an infant on the lap of an adult', async () => {
    const [offer] = await t.supplier.search(
      { ...query, passengers: { adult: 1, child: 0, infant: 1 } },
      signal(),
    );
    if (!offer) throw new Error('no offer');
    expect(offer.amounts.map((a) => a.passengerType)).toEqual(['adult', 'infant']);
    const baby: SupplierPassenger = {
      ...alice,
      type: 'infant',
      givenNames: 'BABY',
      birthday: '2026-06-01',
      gender: 'male',
    };
    await t.supplier.book(offer, [alice, baby], signal());
    const sent = t.mock.requests.find((r) => r.path === '/air/orders')?.body?.data as {
      passengers: Record<string, unknown>[];
    };
    expect(sent.passengers[0]?.infant_passenger_id).toBe(sent.passengers[1]?.id);
  });

  it('does not answer tickets it cannot read: a payment timeout stays unknown, a cancelled order is refused', async () => {
    const offer = await firstOffer(t);
    const { pnr } = await t.supplier.book(offer, [alice], signal());
    t.mock.faults = { timeout: ['payments.create'] };
    const lost: unknown = await t.supplier
      .ticket(offer, pnr, [alice], AbortSignal.timeout(200))
      .catch((e: unknown) => e);
    expect(lost).not.toBeInstanceOf(SupplierRefusal);
    t.mock.faults = {};
    await t.supplier.cancel(pnr, signal());
    await expect(t.supplier.ticket(offer, pnr, [alice], signal())).rejects.toBeInstanceOf(SupplierRefusal);
  });
});
