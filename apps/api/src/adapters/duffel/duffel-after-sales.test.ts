import { describe, expect, it } from 'vitest';
import { DuffelSupplier } from './duffel-supplier';
import { alice, bookedAndTicketed, firstOffer, query, signal, useDuffel } from './duffel.test-helpers';
import { orderIdOf } from './map-order';

const t = useDuffel();

describe('cancel, refund, void and change', () => {
  it('cancels an unticketed order by quote then confirm, and counts an already cancelled one as cancelled', async () => {
    const offer = await firstOffer(t);
    const { pnr } = await t.supplier.book(offer, [alice], signal());
    await t.supplier.cancel(pnr, signal());
    expect(t.mock.orders.get(orderIdOf(pnr))?.cancelled_at).toBeTruthy();
    await t.supplier.cancel(pnr, signal());
    t.mock.faults = { alreadyCancelled: true };
    const other = await t.supplier.book(await firstOffer(t), [alice], signal());
    await expect(t.supplier.cancel(other.pnr, signal())).resolves.toBeUndefined();
    await expect(t.supplier.cancel('ABC123/ord_missing', signal())).resolves.toBeUndefined();
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
    const { offer, pnr } = await bookedAndTicketed(t);
    const request = refundOf(pnr, offer, 115_000);
    const quoted = await t.supplier.quoteRefund(request, signal());
    expect(quoted).toEqual({
      status: 'approved',
      refundFeeMinor: 30_000,
      supplierQuote: { ref: expect.stringMatching(/^ore_/), expiresAt: expect.any(String) },
    });
    if (quoted.status !== 'approved') throw new Error('not approved');
    await t.supplier.refund({ ...request, supplierQuote: quoted.supplierQuote }, signal());
    expect(t.mock.orders.get(orderIdOf(pnr))?.cancelled_at).toBeTruthy();
    expect(await t.supplier.quoteRefund(request, signal())).toEqual({
      status: 'rejected',
      reason: 'the order is already cancelled',
    });
  });

  it('rejects a refund of part of an order, and refuses a confirm of an order already cancelled', async () => {
    const { offer, pnr } = await bookedAndTicketed(t);
    const partial = { ...refundOf(pnr, offer, 115_000), segmentIndexes: [] };
    expect((await t.supplier.quoteRefund(partial, signal())).status).toBe('rejected');
    const request = refundOf(pnr, offer, 115_000);
    const quoted = await t.supplier.quoteRefund(request, signal());
    if (quoted.status !== 'approved') throw new Error('not approved');
    t.mock.faults = { alreadyCancelled: true };
    await expect(
      t.supplier.refund({ ...request, supplierQuote: quoted.supplierQuote }, signal()),
    ).resolves.toBeUndefined();
  });

  it('voids inside the void window (everything back) and rejects outside it', async () => {
    const first = await bookedAndTicketed(t);
    const voidOf = (pnr: string, offer: typeof first.offer) => ({
      requestId: `void-${pnr}`,
      pnr,
      offer,
      passengers: [alice],
    });
    const outside = await t.supplier.void(voidOf(first.pnr, first.offer), signal());
    expect(outside.status).toBe('rejected');
    expect(t.mock.orders.get(orderIdOf(first.pnr))?.cancelled_at).toBeNull();
    t.mock.faults = { voidWindow: true };
    expect(await t.supplier.void(voidOf(first.pnr, first.offer), signal())).toEqual({ status: 'voided' });
    expect(t.mock.orders.get(orderIdOf(first.pnr))?.cancelled_at).toBeTruthy();
  });

  it('quotes a change from the change offer flying the new flights and reissues through an order change paid from the balance', async () => {
    const { offer, pnr, tickets } = await bookedAndTicketed(t);
    const [newOffer] = await t.supplier.search(
      { ...query, legs: [{ origins: ['PEK'], destinations: ['SHA'], date: '2027-03-12' }] },
      signal(),
    );
    if (!newOffer) throw new Error('no offer');
    const request = {
      pnr,
      offer,
      newOffer,
      passengers: [alice],
      segmentIndexes: [0],
      requestedAt: new Date(),
      involuntary: false,
    };
    const quoted = await t.supplier.quoteChange(request, signal());
    expect(quoted).toEqual({
      status: 'approved',
      changeFee: 20_000,
      fareMove: 10_000,
      supplierQuote: { ref: expect.stringMatching(/^oco_/), expiresAt: expect.any(String) },
    });
    if (quoted.status !== 'approved') throw new Error('not approved');
    const reissued = await t.supplier.reissue({ ...request, supplierQuote: quoted.supplierQuote }, signal());
    expect(reissued.status).toBe('reissued');
    if (reissued.status === 'reissued')
      expect(reissued.ticketNumbers[0]).not.toEqual(tickets.ticketNumbers[0]);
    expect(
      t.mock.requests.find((r) => r.path.endsWith('/actions/confirm') && r.path.includes('order_changes'))
        ?.body?.data,
    ).toMatchObject({
      payment: { type: 'balance', amount: '300.00', currency: 'CNY' },
    });
    const moved = t.mock.orders.get(orderIdOf(pnr))?.slices[0] as { segments: { departing_at: string }[] };
    expect(moved.segments[0]?.departing_at).toBe('2027-03-12T08:00:00');
  });

  it('rejects a change to flights Duffel does not offer as a change', async () => {
    const { offer, pnr } = await bookedAndTicketed(t);
    const elsewhere = {
      ...offer,
      legs: [{ segments: [{ ...(offer.legs[0]?.segments[0] ?? ({} as never)), flightNumber: '9999' }] }],
    };
    const answer = await t.supplier.quoteChange(
      {
        pnr,
        offer,
        newOffer: elsewhere,
        passengers: [alice],
        segmentIndexes: [0],
        requestedAt: new Date(),
        involuntary: false,
      },
      signal(),
    );
    expect(answer).toEqual({ status: 'rejected', reason: 'the airline offers no change to these flights' });
  });
});

describe('airline-initiated changes and logging', () => {
  it('reads the order’s airline-initiated changes as schedule time changes', async () => {
    const { offer, pnr } = await bookedAndTicketed(t);
    const change = await t.mock.airlineChange(orderIdOf(pnr), 90);
    const events = await t.supplier.scheduleEvents(offer, pnr, signal());
    expect(events).toEqual([
      {
        ref: change.id,
        type: 'change',
        segmentIndex: 0,
        segment: expect.objectContaining({
          departureLocal: '2027-03-10T09:30',
          flightNumber: offer.legs[0]?.segments[0]?.flightNumber,
        }),
      },
    ]);
  });

  it('logs requests and answers with names, birthdays, documents, e-mails and phones redacted', async () => {
    await bookedAndTicketed(t);
    const text = JSON.stringify(t.logged);
    expect(text).toContain('orders.create');
    for (const personal of ['ALICE', 'WANG', '1990-01-02', 'alice@example.com', '+8613800000000'])
      expect(text).not.toContain(personal);
    expect(text).toContain('[redacted]');
  });

  it('labels a duffel_test_ token as test mode and is opt-in per agency', () => {
    expect(t.supplier.testMode).toBe(true);
    expect(new DuffelSupplier({ accessToken: 'duffel_live_x', baseUrl: t.mock.url }).testMode).toBe(false);
    expect(t.supplier.optIn).toBe(true);
  });
});
