import { describe, expect, it } from 'vitest';
import type { FlightOrderRow } from '../flight-orders/index';
import { flightDocumentModel } from './flight-document.model';
import { ancillaries, segment } from '../flight-orders/order-ancillaries.fixtures';

describe('seats and bags on the itinerary', () => {
  it('adds a seats and bags column and amount to the itinerary', () => {
    const row = {
      type: 'origin',
      bookingNumber: 'F1',
      pnr: 'ABC123',
      currency: 'CNY',
      orderTotalMinor: 150_000,
      prices: {
        ticketPriceMinor: 100_000,
        taxMinor: 10_000,
        fuelSurchargeMinor: 0,
        airportTaxMinor: 0,
        ancillariesMinor: 40_000,
      },
      passengers: [{ surname: 'ZHANG', given_names: 'WEI', type: 'adult', ticketNumbers: ['7842345678901'] }],
      solution: {
        validatingCarrier: 'CA',
        legs: [{ segments: [segment] }],
        baggage: [],
        rules: {
          change: { allowed: true, fee: null, note: '' },
          refund: { allowed: true, fee: null, note: '' },
          noShow: { allowed: true, fee: null, note: '' },
        },
      },
      issuedAt: new Date('2030-04-01T00:00:00Z'),
      paidAt: null,
      afterSales: null,
    } as unknown as FlightOrderRow;
    const party = {
      agencyName: 'Agency',
      logo: null,
      now: new Date('2030-04-01T00:00:00Z'),
      timeZone: 'UTC',
    };
    const model = flightDocumentModel(row, party, 'en', 'Itinerary', ancillaries);
    expect(model.labels.columns.passenger.at(-1)).toBe('Seats and bags');
    expect(model.passengers[0]?.extras).toBe('Seat 12A (PEK-SHA); 2 × 23 kg bag (PEK-SHA)');
    expect(model.amounts).toContainEqual({
      label: 'Seats and bags',
      value: expect.stringContaining('400.00'),
    });
    expect(model.amounts.map((a) => a.label)).not.toContain('Service fee');
  });
});
