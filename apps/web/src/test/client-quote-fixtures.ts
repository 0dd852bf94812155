import type { ClientQuote, PublicClientQuote } from '@portal/domain/api/client-quotes';
import { makeSolution } from './flight-fixtures';

const solution = makeSolution({ id: 's1', total: '1000.00' });

/** The traveller's view of a quote of one adult on `makeSolution`'s flight, CNY 50 of fee inside. */
export const PUBLIC_QUOTE: PublicClientQuote = {
  agencyName: 'Sunrise Travel',
  travellerName: 'Ada Lovelace',
  note: 'Window seats if possible',
  language: 'en',
  createdAt: '2030-04-01T02:00:00.000Z',
  expiresAt: '2030-04-01T02:15:00.000Z',
  validatingCarrier: 'CA',
  fareFamily: null,
  legs: solution.legs,
  baggage: solution.baggage,
  fareTerms: {
    change: { allowed: true, fee: { amount: '200.00', currency: 'CNY' } },
    refund: { allowed: false, fee: null },
    noShow: { allowed: true, fee: null },
  },
  lines: [
    {
      passengerType: 'adult',
      count: 1,
      unitPrice: { amount: '1050.00', currency: 'CNY' },
      subtotal: { amount: '1050.00', currency: 'CNY' },
    },
  ],
  total: { amount: '1050.00', currency: 'CNY' },
};

/** The agent's answer of that quote. */
export const CLIENT_QUOTE: ClientQuote = {
  token: 'tok_abcdefghijklmnopqrstuvwxyz1234',
  publicPath: '/quote/tok_abcdefghijklmnopqrstuvwxyz1234',
  pdfPath: '/public/v2/client-quotes/tok_abcdefghijklmnopqrstuvwxyz1234/pdf',
  source: { kind: 'solution', solutionId: 's1' },
  serviceFee: { mode: 'per_passenger', amount: { amount: '50.00', currency: 'CNY' } },
  effectiveServiceFee: { amount: '50.00', currency: 'CNY' },
  fareTotal: { amount: '1000.00', currency: 'CNY' },
  createdBy: 1,
  quote: PUBLIC_QUOTE,
};
