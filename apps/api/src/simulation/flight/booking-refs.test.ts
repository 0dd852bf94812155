import { describe, expect, it } from 'vitest';
import { TicketNumber } from '@portal/domain/flight-order';
import { getAirline } from '@portal/reference-data/airlines';
import { TRAVEL_DATE } from '../../modules/shopping/shopping.test-helpers';
import { createSimGds } from './sim-gds';
import type { SupplierPassenger } from '../../modules/shopping/index';

const never = () => new AbortController().signal;
const passengers: SupplierPassenger[] = [
  { type: 'adult', surname: 'ZHANG', givenNames: 'WEI', birthday: '1985-03-14', documentNumber: 'P1234567' },
  { type: 'adult', surname: 'LI', givenNames: 'NA', birthday: '1986-04-15', documentNumber: 'P2345678' },
];

/** A supplier as a fresh server process on the same `SUPPLIER_SEED` makes it. */
const freshSupplier = () => createSimGds({ latencyScale: 0, seed: 'portal', offers: 'in-thread' });

describe('simulated booking references', () => {
  it('gives the same passengers on the same offer a new PNR and new ticket numbers each time, also after a restart', async () => {
    const [offer] = freshSupplier().offersFor({
      legs: [{ origins: ['PEK'], destinations: ['SHA'], date: TRAVEL_DATE }],
      passengers: { adult: 2, child: 0, infant: 0 },
      cabin: 'economy',
    });
    if (!offer) throw new Error('no offer');
    const pnrs = new Set<string>();
    const tickets = new Set<string>();
    for (let i = 0; i < 20; i += 1) {
      const supplier = freshSupplier();
      const { pnr } = await supplier.book(offer, passengers, never());
      const answer = await supplier.ticket(offer, pnr, passengers, never());
      pnrs.add(pnr);
      expect(pnr).toMatch(/^[A-Z2-9]{6}$/);
      expect(answer.ticketNumbers).toHaveLength(2);
      for (const [number] of answer.ticketNumbers) {
        expect(TicketNumber.safeParse(number).success).toBe(true);
        expect(number?.slice(0, 3)).toBe(getAirline(offer.validatingCarrier)?.ticketPrefix || '999');
        tickets.add(number ?? '');
      }
    }
    expect(pnrs.size).toBe(20);
    expect(tickets.size).toBe(40);
  });

  it('answers ticketing one booking again with the tickets it issued, also after a restart', async () => {
    const [offer] = freshSupplier().offersFor({
      legs: [{ origins: ['PEK'], destinations: ['SHA'], date: TRAVEL_DATE }],
      passengers: { adult: 2, child: 0, infant: 0 },
      cabin: 'economy',
    });
    if (!offer) throw new Error('no offer');
    const { pnr } = await freshSupplier().book(offer, passengers, never());
    const first = await freshSupplier().ticket(offer, pnr, passengers, never());
    const again = await freshSupplier().ticket(offer, pnr, passengers, never());
    expect(again.ticketNumbers).toEqual(first.ticketNumbers);
    expect(new Set(first.ticketNumbers.flat()).size).toBe(2);
  });

  it('reissues new flights under new ticket numbers each time', async () => {
    const supplier = freshSupplier();
    const [offer] = supplier.offersFor({
      legs: [{ origins: ['PEK'], destinations: ['SHA'], date: TRAVEL_DATE }],
      passengers: { adult: 2, child: 0, infant: 0 },
      cabin: 'economy',
    });
    if (!offer) throw new Error('no offer');
    const request = {
      pnr: 'ABC234',
      offer,
      newOffer: offer,
      passengers,
      segmentIndexes: [0],
      requestedAt: new Date(),
      involuntary: false,
    };
    const first = await supplier.reissue(request, never());
    const second = await supplier.reissue(request, never());
    if (first.status !== 'reissued' || second.status !== 'reissued') throw new Error('not reissued');
    expect(first.ticketNumbers.flat()).toHaveLength(2);
    expect(new Set([...first.ticketNumbers.flat(), ...second.ticketNumbers.flat()]).size).toBe(4);
  });
});
