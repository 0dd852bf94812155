import { describe, expect, it } from 'vitest';
import type { ChangeRequestToSupplier, RefundRequestToSupplier } from '../../modules/shopping/index';
import { DuffelSupplier } from './duffel-supplier';
import {
  alice,
  bookedAndTicketed,
  query,
  signal,
  useDuffel,
  type DuffelContext,
} from './duffel.test-helpers';
import { orderIdOf } from './map-order';

const t = useDuffel();

/** Another adapter on the same mock: what a restarted or second API instance holds. */
const restarted = (c: DuffelContext) =>
  new DuffelSupplier({ accessToken: 'duffel_test_contract', baseUrl: c.mock.url });

const calls = (method: string, path: RegExp) =>
  t.mock.requests.filter((r) => r.method === method && path.test(r.path)).length;

async function refundRequest(): Promise<RefundRequestToSupplier> {
  const { offer, pnr } = await bookedAndTicketed(t);
  return {
    requestId: `refund-${pnr}`,
    pnr,
    offer,
    passengers: [alice],
    segmentIndexes: [0],
    paidMinor: 115_000,
    requestedAt: new Date(),
    currency: 'CNY',
    involuntary: false,
  };
}

/** A ticketed order and the change of its `segmentIndexes` to the flights of `legs`. */
async function changeRequest(
  legs = [{ origins: ['PEK'], destinations: ['SHA'], date: '2027-03-12' }],
  booked = query.legs,
  segmentIndexes = [0],
): Promise<ChangeRequestToSupplier> {
  const [offer] = await t.supplier.search({ ...query, legs: booked }, signal());
  if (!offer) throw new Error('no offer');
  const { pnr } = await t.supplier.book(offer, [alice], signal());
  await t.supplier.ticket(offer, pnr, [alice], signal());
  const [newOffer] = await t.supplier.search({ ...query, legs }, signal());
  if (!newOffer) throw new Error('no new offer');
  const request = {
    pnr,
    offer,
    newOffer,
    passengers: [alice],
    segmentIndexes,
    requestedAt: new Date(),
    involuntary: false,
  };
  return request;
}

describe('refund quotes confirmed by id (no memory between quote and confirm)', () => {
  it('confirms a refund quoted before a restart from the quote the request gives back, without quoting again', async () => {
    const request = await refundRequest();
    const quoted = await t.supplier.quoteRefund(request, signal());
    if (quoted.status !== 'approved' || !quoted.supplierQuote) throw new Error('no quote');
    await restarted(t).refund({ ...request, supplierQuote: quoted.supplierQuote }, signal());
    expect(t.mock.orders.get(orderIdOf(request.pnr))?.cancelled_at).toBeTruthy();
    expect(calls('POST', /^\/air\/order_cancellations$/)).toBe(1);
    expect(calls('GET', new RegExp(`^/air/order_cancellations/${quoted.supplierQuote.ref}$`))).toBe(1);
    // A retry after a lost answer finds the cancellation confirmed: done, nothing sent again.
    await restarted(t).refund({ ...request, supplierQuote: quoted.supplierQuote }, signal());
    expect(calls('POST', /\/actions\/confirm$/)).toBe(1);
  });

  it('refuses a refund whose Duffel quote has lapsed, or that has no quote on record; the order stays', async () => {
    const request = await refundRequest();
    t.mock.faults = { quoteExpired: true };
    const quoted = await t.supplier.quoteRefund(request, signal());
    if (quoted.status !== 'approved' || !quoted.supplierQuote) throw new Error('no quote');
    expect(Date.parse(quoted.supplierQuote.expiresAt ?? '')).toBeLessThanOrEqual(Date.now());
    await expect(
      restarted(t).refund({ ...request, supplierQuote: quoted.supplierQuote }, signal()),
    ).rejects.toThrow(/^duffel: quote_expired: the refund quote ore_\w+ lapsed at /);
    await expect(t.supplier.refund(request, signal())).rejects.toThrow(
      'duffel: no Duffel cancellation quote on record for this request; ask again for a quote',
    );
    await expect(
      t.supplier.refund({ ...request, supplierQuote: { ref: 'ore_unknown' } }, signal()),
    ).rejects.toThrow('duffel: Duffel has no order cancellation ore_unknown');
    expect(t.mock.orders.get(orderIdOf(request.pnr))?.cancelled_at).toBeNull();
    expect(calls('POST', /\/actions\/confirm$/)).toBe(0);
  });
});

describe('change offers confirmed by id (no memory between quote and reissue)', () => {
  it('reissues a change quoted before a restart from the offer the request gives back, and a retry after a lost answer neither changes nor pays twice', async () => {
    const request = await changeRequest();
    const quoted = await t.supplier.quoteChange(request, signal());
    if (quoted.status !== 'approved' || !quoted.supplierQuote) throw new Error('no quote');
    const confirming = { ...request, supplierQuote: quoted.supplierQuote };

    // The confirm's answer is lost: the order change is made but its outcome unknown.
    t.mock.faults = { timeout: ['orderChanges.confirm'] };
    await expect(restarted(t).reissue(confirming, AbortSignal.timeout(300))).rejects.toThrow();
    t.mock.faults = {};
    const reissued = await restarted(t).reissue(confirming, signal());
    expect(reissued.status).toBe('reissued');
    const again = await restarted(t).reissue(confirming, signal());
    expect(again).toEqual(reissued);
    expect(calls('POST', /^\/air\/order_change_requests$/)).toBe(1);
    expect(calls('POST', /^\/air\/order_changes$/)).toBe(1);
    expect(calls('GET', new RegExp(`^/air/order_change_offers/${quoted.supplierQuote.ref}$`))).toBe(3);
    const moved = t.mock.orders.get(orderIdOf(request.pnr))?.slices[0] as {
      segments: { departing_at: string }[];
    };
    expect(moved.segments[0]?.departing_at).toBe('2027-03-12T08:00:00');
  });

  it('refuses a change whose Duffel offer has lapsed, or that flies other flights; the order stays', async () => {
    const request = await changeRequest();
    t.mock.faults = { quoteExpired: true };
    const quoted = await t.supplier.quoteChange(request, signal());
    if (quoted.status !== 'approved' || !quoted.supplierQuote) throw new Error('no quote');
    const before = JSON.stringify(t.mock.orders.get(orderIdOf(request.pnr))?.slices);
    await expect(
      restarted(t).reissue({ ...request, supplierQuote: quoted.supplierQuote }, signal()),
    ).rejects.toThrow(/^duffel: quote_expired: the change quote oco_\w+ lapsed at /);
    const [leg] = request.newOffer.legs;
    const segment = leg?.segments[0];
    if (!segment) throw new Error('no segment');
    const elsewhere = {
      ...request,
      newOffer: { ...request.newOffer, legs: [{ segments: [{ ...segment, flightNumber: '9999' }] }] },
    };
    await expect(
      restarted(t).reissue({ ...elsewhere, supplierQuote: quoted.supplierQuote }, signal()),
    ).rejects.toThrow(/flies other flights than the change/);
    expect(JSON.stringify(t.mock.orders.get(orderIdOf(request.pnr))?.slices)).toBe(before);
    expect(calls('POST', /^\/air\/order_changes$/)).toBe(0);
  });
});

describe('changes of whole journeys', () => {
  const roundTrip = [
    { origins: ['PEK'], destinations: ['SHA'], date: '2027-03-10' },
    { origins: ['SHA'], destinations: ['PEK'], date: '2027-03-15' },
  ];

  it('changes the return journey alone of a round trip, for every passenger, keeping the outbound', async () => {
    const request = await changeRequest(
      [{ origins: ['SHA'], destinations: ['PEK'], date: '2027-03-17' }],
      roundTrip,
      [1],
    );
    const held = t.mock.orders.get(orderIdOf(request.pnr));
    const [outbound, inbound] = (held?.slices ?? []) as { id: string }[];
    const quoted = await t.supplier.quoteChange(request, signal());
    if (quoted.status !== 'approved') throw new Error(JSON.stringify(quoted));
    expect(t.mock.requests.find((r) => r.path === '/air/order_change_requests')?.body?.data).toMatchObject({
      slices: { remove: [{ slice_id: inbound?.id }], add: [{ origin: 'SHA' }] },
    });
    const reissued = await t.supplier.reissue({ ...request, supplierQuote: quoted.supplierQuote }, signal());
    expect(reissued.status).toBe('reissued');
    const slices = (t.mock.orders.get(orderIdOf(request.pnr))?.slices ?? []) as {
      id: string;
      segments: { departing_at: string }[];
    }[];
    expect(slices.map((s) => s.id)).toEqual([outbound?.id, expect.not.stringMatching(inbound?.id ?? '')]);
    expect(slices[1]?.segments[0]?.departing_at.slice(0, 10)).toBe('2027-03-17');
  });
});
