import { describe, expect, expectTypeOf, it } from 'vitest';
import * as readiness from './document-readiness';
import { TRAIN_ORDER_STATUSES } from './train-order-status';
import {
  FlightOrderDocuments,
  flightOrderDocuments,
  groupOrderDocuments,
  trainETicketReady,
} from './traveller-documents';

const ticketed = [{ ticketNumbers: ['999-1234567890'] }, { ticketNumbers: ['999-1234567891'] }];

describe('the traveller documents of a flight order', () => {
  it('offers the itinerary once every passenger is ticketed, and the invoice unless the fare gives none', () => {
    expect(flightOrderDocuments({ type: 'origin', passengers: ticketed, invoiceType: 'bill' })).toEqual({
      itinerary: true,
      invoice: true,
    });
    expect(flightOrderDocuments({ type: 'change', passengers: ticketed, invoiceType: 'none' })).toEqual({
      itinerary: true,
      invoice: false,
    });
    const halfIssued = [{ ticketNumbers: ['999-1234567890'] }, { ticketNumbers: [] }];
    expect(flightOrderDocuments({ type: 'origin', passengers: halfIssued, invoiceType: 'bill' })).toEqual({
      itinerary: false,
      invoice: false,
    });
  });

  it('offers nothing on a refund or void order', () => {
    for (const type of ['refund', 'void'] as const) {
      expect(flightOrderDocuments({ type, passengers: ticketed, invoiceType: 'itinerary' })).toEqual({
        itinerary: false,
        invoice: false,
      });
    }
  });
});

describe('the traveller documents of train and group orders', () => {
  it('gives a train e-ticket only while the order is ticketed', () => {
    const ready = TRAIN_ORDER_STATUSES.filter((status) => trainETicketReady({ status }));
    expect(ready).toEqual(['ticketed']);
  });

  it('gives a group quote once picked, a receipt per paid instalment, the list once confirmed', () => {
    const instalments = [
      { n: 1, state: 'paid' as const },
      { n: 2, state: 'paid' as const },
      { n: 3, state: 'unpaid' as const },
      { n: 4, state: 'missed' as const },
    ];
    expect(
      groupOrderDocuments({
        quotes: [{ state: 'withdrawn' }, { state: 'picked' }],
        instalments,
        passengerList: { state: 'confirmed' },
      }),
    ).toEqual({ quote: true, receipts: [1, 2], passengerList: true });
    expect(
      groupOrderDocuments({
        quotes: [{ state: 'open' }, { state: 'open' }],
        instalments: [],
        passengerList: { state: 'uploaded' },
      }),
    ).toEqual({ quote: false, receipts: [], passengerList: false });
  });
});

describe('the zod-free readiness module the pages import', () => {
  it('is what the schema module re-exports, and the documents schema reads what it answers', () => {
    expect(flightOrderDocuments).toBe(readiness.flightOrderDocuments);
    expect(groupOrderDocuments).toBe(readiness.groupOrderDocuments);
    expect(trainETicketReady).toBe(readiness.trainETicketReady);
    expectTypeOf<FlightOrderDocuments>().toEqualTypeOf<readiness.FlightOrderDocuments>();
    const answer = readiness.flightOrderDocuments({
      type: 'origin',
      passengers: ticketed,
      invoiceType: 'bill',
    });
    expect(FlightOrderDocuments.parse(answer)).toEqual(answer);
  });
});
