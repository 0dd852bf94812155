import { describe, expect, it } from 'vitest';
import type { AddAncillariesRequest } from '../../modules/shopping/index';
import { purchaseMarkKey } from './add-services';
import { DuffelSupplier } from './duffel-supplier';
import { bookedAndTicketed, signal, useDuffel } from './duffel.test-helpers';
import { orderIdOf } from './map-order';

const t = useDuffel();

/** The first bag service Duffel offers on the order. */
async function firstBagService(pnr: string): Promise<string> {
  const services = await fetch(`${t.mock.url}/air/orders/${orderIdOf(pnr)}/available_services`, {
    headers: { authorization: 'Bearer duffel_test_contract' },
  }).then((r) => r.json() as Promise<{ data: { id: string }[] }>);
  return services.data[0]?.id ?? '';
}

const bagRequest = (requestId: string, pnr: string, serviceId: string, quantity: number) => ({
  requestId,
  pnr,
  selections: [{ passengerIndex: 0, seats: [], bags: [{ serviceId, quantity }] }],
});

/** A new adapter on the same mock: nothing of the first one's process survives (a restart). */
const restarted = () => new DuffelSupplier({ accessToken: 'duffel_test_contract', baseUrl: t.mock.url });

const servicePosts = () => t.mock.requests.filter((r) => r.path.endsWith('/services'));

/** How many of the service the Duffel order holds. */
const bagsHeld = (pnr: string, serviceId: string) =>
  ((t.mock.orders.get(orderIdOf(pnr))?.services ?? []) as { id: string; quantity: number }[])
    .filter((s) => s.id === serviceId)
    .reduce((sum, s) => sum + s.quantity, 0);

/** Asks for the purchase with a short deadline: the call rejects when Duffel never answers. */
const askTimingOut = (
  supplier: DuffelSupplier,
  offer: Parameters<DuffelSupplier['addAncillaries']>[0],
  request: AddAncillariesRequest,
) => supplier.addAncillaries(offer, request, AbortSignal.timeout(500));

describe('bags after booking', () => {
  it('adds a bag to a ticketed order from its available services, paid from the balance, once per request', async () => {
    const { offer, pnr } = await bookedAndTicketed(t);
    const serviceId = await firstBagService(pnr);
    const request = bagRequest(`bags-${pnr}`, pnr, serviceId, 2);
    const answer = await t.supplier.addAncillaries(offer, request, signal());
    expect(answer).toMatchObject({
      status: 'added',
      ancillaries: {
        seats: [],
        bags: [
          {
            passengerIndex: 0,
            serviceId,
            quantity: 2,
            weightKg: 23,
            priceMinor: 30_000,
            segmentIndexes: [0],
          },
        ],
      },
    });
    expect(servicePosts()[0]?.body?.data).toMatchObject({
      add_services: [{ id: serviceId, quantity: 2 }],
      payment: { type: 'balance', amount: '300.00', currency: 'CNY' },
    });
    expect(t.mock.orders.get(orderIdOf(pnr))?.total_amount).toBe('1450.00');
    expect(await t.supplier.addAncillaries(offer, request, signal())).toEqual(answer);
    expect(servicePosts()).toHaveLength(1);
  });

  it('marks the attempt on the Duffel order, before buying, with what the order held', async () => {
    const { offer, pnr } = await bookedAndTicketed(t);
    const serviceId = await firstBagService(pnr);
    const requestId = '0b6c1f4e-2f3a-4c55-9d7e-8a1b2c3d4e5f';
    await t.supplier.addAncillaries(offer, bagRequest(requestId, pnr, serviceId, 1), signal());
    const key = purchaseMarkKey(requestId);
    expect(key).toMatch(/^portal_purchase_[A-Za-z0-9_-]+$/);
    expect(key.length).toBeLessThanOrEqual(40);
    const patch = t.mock.requests.findIndex((r) => r.method === 'PATCH');
    expect(patch).toBeGreaterThanOrEqual(0);
    expect(patch).toBeLessThan(t.mock.requests.findIndex((r) => r.path.endsWith('/services')));
    const mark = (t.mock.orders.get(orderIdOf(pnr))?.metadata as Record<string, string>)[key] ?? '';
    expect(JSON.parse(mark)).toMatchObject({ request: requestId, before: [0] });
  });

  it('buys nothing more when asked again after a restart, the first purchase made but its answer lost', async () => {
    const { offer, pnr } = await bookedAndTicketed(t);
    const serviceId = await firstBagService(pnr);
    const request = bagRequest(`lost-${pnr}`, pnr, serviceId, 2);
    t.mock.faults = { lostAnswer: ['orders.addServices'] };
    await expect(askTimingOut(t.supplier, offer, request)).rejects.toThrow();
    expect(bagsHeld(pnr, serviceId)).toBe(2);
    t.mock.faults = {};
    const answer = await restarted().addAncillaries(offer, request, signal());
    expect(answer).toMatchObject({
      status: 'added',
      ancillaries: { bags: [{ passengerIndex: 0, serviceId, quantity: 2, priceMinor: 30_000 }] },
    });
    expect(servicePosts()).toHaveLength(1);
    expect(bagsHeld(pnr, serviceId)).toBe(2);
    expect(t.mock.orders.get(orderIdOf(pnr))?.total_amount).toBe('1450.00');
  });

  it('adds once when asked again after the first purchase did not happen', async () => {
    const { offer, pnr } = await bookedAndTicketed(t);
    const serviceId = await firstBagService(pnr);
    const request = bagRequest(`failed-${pnr}`, pnr, serviceId, 1);
    t.mock.faults = { timeout: ['orders.addServices'] };
    await expect(askTimingOut(t.supplier, offer, request)).rejects.toThrow();
    expect(bagsHeld(pnr, serviceId)).toBe(0);
    t.mock.faults = {};
    const answer = await restarted().addAncillaries(offer, request, signal());
    expect(answer.status).toBe('added');
    expect(servicePosts()).toHaveLength(2);
    expect(bagsHeld(pnr, serviceId)).toBe(1);
    expect(t.mock.orders.get(orderIdOf(pnr))?.total_amount).toBe('1300.00');
    expect(await restarted().addAncillaries(offer, request, signal())).toEqual(answer);
    expect(bagsHeld(pnr, serviceId)).toBe(1);
  });

  it('adds two purchases of the same bag twice: each request id is its own purchase', async () => {
    const { offer, pnr } = await bookedAndTicketed(t);
    const serviceId = await firstBagService(pnr);
    const first = await t.supplier.addAncillaries(offer, bagRequest('first', pnr, serviceId, 1), signal());
    const second = await t.supplier.addAncillaries(offer, bagRequest('second', pnr, serviceId, 1), signal());
    expect([first.status, second.status]).toEqual(['added', 'added']);
    expect(servicePosts()).toHaveLength(2);
    expect(bagsHeld(pnr, serviceId)).toBe(2);
    expect(
      await restarted().addAncillaries(offer, bagRequest('second', pnr, serviceId, 1), signal()),
    ).toEqual(second);
    expect(servicePosts()).toHaveLength(2);
  });

  it('rejects a seat after booking, a bag Duffel does not offer, and a refused purchase', async () => {
    const { offer, pnr } = await bookedAndTicketed(t);
    const ask = (requestId: string, selection: object) =>
      t.supplier.addAncillaries(
        offer,
        { requestId, pnr, selections: [{ passengerIndex: 0, seats: [], bags: [], ...selection }] },
        signal(),
      );
    expect(await ask('seat', { seats: [{ segmentIndex: 0, designator: '14C' }] })).toEqual({
      status: 'rejected',
      reason: 'Duffel sells seats with the booking only',
    });
    expect((await ask('unknown', { bags: [{ serviceId: 'ase_unknown', quantity: 1 }] })).status).toBe(
      'rejected',
    );
    const serviceId = await firstBagService(pnr);
    t.mock.faults = { validation: ['orders.addServices'] };
    expect(await ask('refused', { bags: [{ serviceId, quantity: 1 }] })).toEqual({
      status: 'rejected',
      reason: 'duffel: validation_required',
    });
    t.mock.faults = { validation: ['orders.update'] };
    expect(await ask('unmarked', { bags: [{ serviceId, quantity: 1 }] })).toEqual({
      status: 'rejected',
      reason: 'duffel: validation_required',
    });
    expect(servicePosts()).toHaveLength(1);
  });
});
