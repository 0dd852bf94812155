import { describe, expect, it } from 'vitest';
import { flightOrderDocuments } from './traveller-documents';

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
